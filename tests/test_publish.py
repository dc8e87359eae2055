"""``referee tournament publish``: a sample tournament (built with the tournament
commands, its tables played by simulated matches) published to a folder: every page is
there, linked relatively and inside the folder, the standings page holds the figures of
``tournament standings --json``, hostile names render as text on every page, and the
destination is refused unless it is empty or an earlier publication (``--force``)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

import pytest

from scripts.tournament_robustness import play

from .conftest import ok, run

HOSTILE = (
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(2)>',
    "javascript:alert(3)",
    "Zaid &amp; Hoda",
    "N" * 40,  # the longest name an entrant may have
    "Omar",
)
# Markup in free text is shown as text; bidi controls are refused where it is typed
# (tests/test_nothing_lost.py), so the pages never meet them.
EVENT = "Cup <script>alert(4)</script> evil"
REASON = "late <b onclick=x>override</b> " + "R" * 1000


def build(folder: Path, monkeypatch: pytest.MonkeyPatch, rounds_played: int = 2) -> None:
    """A 6-entrant Swiss of 3 rounds: ``rounds_played`` rounds played, the next paired."""
    monkeypatch.chdir(folder)
    names = [x for n in HOSTILE for x in ("-p", n)]
    ok("tournament", "new", EVENT, "--game", "basra", *names, "--seed", "3", "--rounds", "3",
       "--date", "2026-12-02")  # fmt: skip
    for r in range(1, rounds_played + 1):
        paired = json.loads(ok("tournament", "pair", "--json"))
        for t in paired["tables"]:
            play(folder / t["log"], r * 10 + t["table"])
    last = json.loads(ok("tournament", "pair", "--json"))
    absent = last["tables"][0]["sides"][1]
    ok("tournament", "result", "1", "--forfeit", absent, "--reason", REASON)


class Page(HTMLParser):
    """A page's links, texts and elements, as the browser would parse them."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    event = tmp_path / "event"
    event.mkdir()
    build(event, monkeypatch)
    said = ok("tournament", "publish", "-o", str(tmp_path / "site"))
    assert "pages to" in said
    return tmp_path / "site"


def html_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_page_is_written_and_linked_inside_the_folder(site: Path) -> None:
    names = {p.relative_to(site).as_posix() for p in html_pages(site)}
    expected = {"index.html", "crosstable.html", "print/standings.html"}
    expected |= {f"rounds/{r}.html" for r in (1, 2, 3)}
    expected |= {f"print/round-{r}-{k}.html" for r in (1, 2, 3) for k in ("pairings", "slips")}
    expected |= {f"entrants/{i}.html" for i in range(1, 7)}
    expected |= {f"sheets/round-{r}-table-{t}.html" for r in (1, 2, 3) for t in (1, 2, 3)}
    expected -= {"sheets/round-3-table-1.html"}  # a forfeit before any deal: no sheet
    assert names == expected
    manifest = json.loads((site / "referee-publication.json").read_text())
    assert manifest["files"] == sorted([*expected, "style.css"])
    for page in html_pages(site):
        parsed = Page(page.read_text(encoding="utf-8"))
        for tag, attrs in parsed.tags:
            assert tag not in ("script", "img", "iframe", "object", "embed", "base"), page
            assert not any(k.startswith("on") for k in attrs), (page, tag, attrs)
            for key in ("href", "src"):
                link = attrs.get(key)
                if link is None or tag == "svg":
                    continue
                assert not re.match(r"[a-z]+:|//", link), (page, link)
                target = (page.parent / PurePosixPath(link)).resolve()
                assert target.is_relative_to(site.resolve()) and target.exists(), (page, link)


def test_hostile_names_render_as_text_on_every_page(site: Path) -> None:
    for page in html_pages(site):
        raw = page.read_text(encoding="utf-8")
        assert "<script" not in raw and "<img" not in raw, page
        assert 'href="javascript' not in raw, page
        text = "".join(Page(raw).text)
        if page.name in ("index.html", "standings.html", "crosstable.html"):
            for name in (*HOSTILE[:3], HOSTILE[4]):
                assert name in text, (page, name[:20])
    index = "".join(Page((site / "index.html").read_text(encoding="utf-8")).text)
    assert "Cup <script>alert(4)</script> " in index
    assert "\u202e" not in index  # a bidi override is shown, not obeyed
    round3 = "".join(Page((site / "rounds/3.html").read_text(encoding="utf-8")).text)
    assert "late <b onclick=x>" in round3 and "\u202e" not in round3
    assert "R" * 1000 in round3


def figures(page: str) -> dict[str, dict[str, str]]:
    """Each standings row's named figures: {entrant number: {figure: text}}."""
    rows: dict[str, dict[str, str]] = {}
    for row in re.findall(r'<tr data-entrant="(\d+)">(.*?)</tr>', page, re.S):
        cells = re.findall(r'data-f="([^"]+)">([^<]*)<', row[1])
        rows[row[0]] = dict(cells)
    return rows


def test_the_standings_page_holds_the_figures_of_standings_json(site: Path) -> None:
    from html import unescape

    data = json.loads(ok("tournament", "standings", "--json"))
    shown = figures((site / "index.html").read_text(encoding="utf-8"))
    order = list(HOSTILE)
    assert len(shown) == len(data["rows"]) == 6
    for row in data["rows"]:
        got = shown[str(order.index(row["name"]) + 1)]
        assert unescape(got["name"]) == row["name"]
        assert int(got["rank"]) == row["rank"]
        assert int(got["match_points"]) == row["match_points"]
        for tb, value in row["tiebreaks"].items():
            assert float(got[f"tiebreak.{tb}"]) == value, tb
        for key in ("played", "won", "drawn", "lost", "byes"):
            assert int(got[key]) == row[key], key
        # one column per meaning: the game-points tie-break stands for the statistic
        assert "game_points" not in got and got["tiebreak.game-points"] == str(row["game_points"])


def test_force_replaces_an_earlier_publication_and_nothing_else(site: Path) -> None:
    """A publication is replaced; one to which files were added only with --force; a
    folder that is no publication never, --force or not (issue 34: --force replaced
    whatever the folder held)."""
    before = (site / "index.html").read_bytes()
    ok("tournament", "publish", "-o", str(site))  # an earlier publication: replaced
    assert (site / "index.html").read_bytes() == before
    (site / "notes.txt").write_text("mine")
    result = run("tournament", "publish", "-o", str(site))
    assert result.exit_code == 1
    assert "publish.output" in result.stderr and "'notes.txt'" in result.stderr
    assert (site / "notes.txt").read_text() == "mine"
    ok("tournament", "publish", "-o", str(site), "--force")
    assert not (site / "notes.txt").exists() and (site / "index.html").exists()
    other = site.parent / "other"
    other.mkdir()
    (other / "photo.jpg").write_text("x")
    for force in ([], ["--force"]):
        result = run("tournament", "publish", "-o", str(other), *force)
        assert result.exit_code == 1 and "'photo.jpg'" in result.stderr
        assert "publish.output" in result.stderr and "not an earlier publication" in result.stderr
        assert (other / "photo.jpg").read_text() == "x" and not (other / "index.html").exists()
    result = run("tournament", "publish", "-o", ".", "--force")
    assert result.exit_code == 1 and "[output.input]" in result.stderr
    assert "tournament.toml" in result.stderr
    assert Path("tournament.toml").exists()
    assert not [p for p in site.parent.iterdir() if p.name.startswith(".")]


def test_the_one_pass_over_the_logs_reads_what_status_reads(site: Path) -> None:
    """publish reads each log once for its facts and its sheet: the facts are those of
    the tournament's own reader, table for table (a log with a problem included)."""
    from referee.html.publish import read_tables
    from referee.tournament.store import all_facts, load

    folder = Path.cwd()
    (folder / "round-2/table-2.toml").write_text("not toml [")
    (folder / "round-3/table-2.toml").unlink()
    t = load(folder)
    facts, sheets = read_tables(folder, t, False)
    assert facts == all_facts(folder, t, None, 1)
    assert facts[2, 2] is not None and facts[2, 2].problem and (2, 2) not in sheets
    assert facts[3, 2] is None and (3, 2) not in sheets
    assert (1, 1) in sheets and 'data-digest="' in sheets[1, 1]


def test_ascii_cards_and_the_output_option_is_required(site: Path) -> None:
    from referee.html.publish import sheet_body
    from referee.log.file import load
    from referee.match import replay

    from .conftest import SAMPLES

    match, problems = load(SAMPLES / "bura-classic-2p.toml")
    assert match is not None
    replayed = replay(match, problems)
    assert re.search("[♠♥♦♣]", sheet_body(match, replayed, False))
    assert not re.search("[♠♥♦♣]", sheet_body(match, replayed, True))
    ok("tournament", "publish", ".", "-o", str(site), "--ascii")
    result = run("tournament", "publish")
    assert result.exit_code == 2 and "--output" in result.stderr


def test_each_entrant_page_adds_up_to_its_standing_with_a_chart(site: Path) -> None:
    data = json.loads(ok("tournament", "standings", "--json"))
    for row in data["rows"]:
        k = HOSTILE.index(row["name"]) + 1
        page = (site / f"entrants/{k}.html").read_text(encoding="utf-8")
        totals = [int(v) for v in re.findall(r'data-f="round\.\d\.total">(\d+)<', page)]
        assert len(totals) == 3 and totals[-1] == row["match_points"], (row["name"][:9], totals)
        points = re.search(r'<polyline points="([^"]+)"', page)
        assert points is not None and len(points.group(1).split()) == 4  # 0, then 3 rounds
