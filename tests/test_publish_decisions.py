"""The published pages of a tournament with the director's decisions and a late entrant
(issue 38): a decided table's score sheet says the decision (a table decided before any
deal has none), a late entrant's chart numbers its rounds, every column of every page
is headed in one case, and the standings show each meaning once."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.log.file import dumps, load, write_atomic
from scripts.tournament_robustness import play

from .conftest import run


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.stdout + result.stderr
    return str(result.stdout)


def one_deal_then_time(path: Path) -> None:
    """One finished deal and the second half played (time is called during it)."""
    play(path, 3, deals=2)
    match, _ = load(path)
    assert match is not None
    last = match.deals[-1]
    last.plays = last.plays[: len(last.plays) // 2]
    last.score = None
    match.result_totals = match.result_winner = None
    write_atomic(path, dumps(match))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from referee.words.lang import use

    use("en")  # built once for the module, before the per-test fixture sets English
    tmp_path = tmp_path_factory.mktemp("decided")
    event = tmp_path / "event"
    ok("tournament", "new", "Cup", "--game", "basra", "-p", "Ali", "-p", "Omar", "-p", "Zaid",
       "-p", "Hoda", "--seed", "5", "--rounds", "3", "--dir", str(event))  # fmt: skip
    first = json.loads(ok("tournament", "pair", "--json", "--dir", str(event)))["tables"]
    one_deal_then_time(event / first[0]["log"])
    ok("tournament", "result", "1", "--time", "--reason", "clock", "--dir", str(event))
    absent = first[1]["sides"][1]
    ok("tournament", "result", "2", "--forfeit", absent, "--reason", "away", "--dir", str(event))
    ok("tournament", "add", "Leila", "--dir", str(event))
    second = json.loads(ok("tournament", "pair", "--json", "--dir", str(event)))
    for t in second["tables"]:
        play(event / t["log"], 20 + t["table"])
    ok("tournament", "publish", str(event), "-o", str(tmp_path / "site"))
    return tmp_path / "site"


def test_a_decided_table_shows_the_decision_or_has_no_sheet(site: Path) -> None:
    timed = (site / "sheets/round-1-table-1.html").read_text(encoding="utf-8")
    assert "Decided by the director: time called, the finished deals decide" in timed
    assert "not decided yet" not in timed and 'data-decided="true"' in timed
    assert not (site / "sheets/round-1-table-2.html").exists()  # forfeit before any deal
    round1 = (site / "rounds/1.html").read_text(encoding="utf-8")
    row = re.search(r'<tr data-table="2">(.*?)</tr>', round1, re.S)
    assert row is not None and "no score sheet" in row.group(1) and "forfeit" in row.group(1)
    assert "sheets/round-1-table-2.html" not in "".join(
        p.read_text(encoding="utf-8") for p in site.rglob("*.html")
    )


def test_a_late_entrants_chart_numbers_its_own_rounds(site: Path) -> None:
    page = (site / "entrants/5.html").read_text(encoding="utf-8")  # Leila, from round 2
    labels = re.findall(r'text-anchor="middle">(\d+)</text>', page)
    assert labels == ["1", "2"]
    first = (site / "entrants/1.html").read_text(encoding="utf-8")
    assert re.findall(r'text-anchor="middle">(\d+)</text>', first) == ["0", "1", "2"]


def test_every_column_is_headed_in_one_case(site: Path) -> None:
    for page in site.rglob("*.html"):
        if page.parent.name == "sheets":
            continue
        text = page.read_text(encoding="utf-8")
        for attrs, head in re.findall(r"<th([^>]*)>(.*?)</th>", text, re.S):
            shown = re.sub(r"<[^>]+>", "", head).strip()
            assert shown, (page.name, head)  # no column without a heading
            if "data-tiebreak" in attrs:  # a tie-break's name: Buchholz, Sonneborn–Berger
                continue
            assert not shown[0].isupper(), (page.relative_to(site).as_posix(), shown)


def test_the_standings_page_shows_each_meaning_once(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    heads = [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<th[^>]*>(.*?)</th>", index)]
    assert 'data-tiebreak="game-points"' in index and 'data-column="game_points"' not in index
    assert heads.count("game points") == 1  # the tie-break's column, said once
    assert heads[-1] == "withdrawn" and len(heads) == len(set(heads))


def test_the_workers_write_the_same_pages(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large tournament's pages are written by workers (the sheets as their logs are
    read, the rest on every core): the same bytes as written here, page for page."""
    import referee.table.bulk
    from referee.html import publish

    event = site.parent / "event"
    here = tmp_path / "here"
    monkeypatch.setattr(referee.table.bulk, "jobs_for", lambda paths, jobs=None: 1)
    publish.publish(event, here)
    monkeypatch.setattr(referee.table.bulk, "jobs_for", lambda paths, jobs=None: 2)
    monkeypatch.setattr(referee.table.bulk, "cores", lambda: 2)
    monkeypatch.setattr(publish, "PAGES_FOR_A_POOL", 1)
    steps: list[tuple[int, int]] = []
    pooled = tmp_path / "pooled"
    publish.publish(event, pooled, step=lambda n, total: steps.append((n, total)))
    files = sorted(p.relative_to(here).as_posix() for p in here.rglob("*") if p.is_file())
    assert files == sorted(
        p.relative_to(pooled).as_posix() for p in pooled.rglob("*") if p.is_file()
    )
    for name in files:
        assert (here / name).read_bytes() == (pooled / name).read_bytes(), name
    assert len(steps) == steps[0][1] and {total for _, total in steps} == {len(steps)}
