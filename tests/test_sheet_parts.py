"""The score sheet's parts of issue 23 item 6: the chart's legend holds every side's
whole name (partnerships included) with a key that keeps its size, so that a long name
wraps instead of being cut; the header always has the event and the date (a blank line
to fill in when the log has none)."""

from __future__ import annotations

import re
from pathlib import Path

from .conftest import ROOT, run

LONG_A, LONG_B = "AleksandraKonstantinovnaPetrova", "HodaAbdelrahmanMahmoudElSayed"


def sheet(tmp_path: Path, event: bool) -> str:
    text = (ROOT / "sample_games" / "kozel-classic-4p.toml").read_text(encoding="utf-8")
    text = re.sub(r"\bMisha\b", LONG_A, text)
    text = re.sub(r"\bSasha\b", LONG_B, text)
    text = re.sub(r"^(event|date) = .*\n", "", text, flags=re.M)
    if event:
        text = text.replace(
            'variant = "classic"\n',
            'variant = "classic"\nevent = "Café Cup <b>"\ndate = 2026-12-02\n',
            1,
        )
    log = tmp_path / "k.toml"
    log.write_text(text, encoding="utf-8")
    result = run("sheet", str(log))
    assert result.exit_code == 0, result.output
    return str(result.stdout)


def test_the_legend_holds_each_partnership_whole(tmp_path: Path) -> None:
    page = sheet(tmp_path, True)
    legend = page[
        page.index('<ul class="legend">') : page.index("</ul>", page.index('<ul class="legend">'))
    ]
    names = re.findall(r'<bdi class="name">([^<]*)</bdi>', legend)
    assert names[0] == f"{LONG_A} &amp; {LONG_B}", names
    css = (ROOT / "referee/html/templates/sheet.css").read_text()
    assert ".chart > svg { width: 100%" in css  # the plot fills the figure, not the keys
    assert ".legend li svg { flex: none; width: 26px" in css


def test_the_header_shows_the_event_and_the_date(tmp_path: Path) -> None:
    page = sheet(tmp_path, True)
    assert "<bdi data-event>Café Cup &lt;b&gt;</bdi>" in page
    # the day as the reader writes it, the machine's form in the attribute
    assert '<bdi data-date><time datetime="2026-12-02">2 December 2026</time></bdi>' in page
    blank = sheet(tmp_path, False)
    assert blank.count('<span class="blank"></span>') == 2
    assert "data-event" not in blank and "data-date" not in blank


def test_the_terminal_chart_names_a_partnership_in_full() -> None:
    """Issue 37: `score`'s chart says "Ali & Hoda" whole, not "Ali & H…" with a legend."""
    result = run("score", str(ROOT / "sample_games" / "basra-classic-4p.toml"))
    assert result.exit_code == 0
    chart = result.stdout.split("Running totals:", 1)[1].splitlines()
    bars = [line for line in chart if line.startswith("deal")]
    assert bars and all("Ali & Hoda #" in line and "Omar & Samir #" in line for line in bars)
    assert all("…" not in line for line in chart)


def test_the_terminal_chart_shortens_only_a_long_name_with_an_ellipsis_and_a_legend() -> None:
    """A name longer than the chart's label is never cut silently: the label ends in an
    ellipsis and a legend line under the chart gives the whole name."""
    from referee.render.scoresheet import build
    from referee.render.textchart import LABEL, sheet_chart

    from .conftest import replay_text

    long = "Alexandra Konstantinopolskaya"
    text = (
        (ROOT / "sample_games" / "basra-egyptian-2p.toml").read_text().replace('"Ali"', f'"{long}"')
    )
    chart = sheet_chart(build(replay_text(text))).splitlines()
    label = long[: LABEL - 1] + "…"
    assert all(f"{label} #" in line for line in chart if line.startswith("deal"))
    assert f"{label}: {long}" in chart
