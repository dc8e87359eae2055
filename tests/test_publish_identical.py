"""``tournament publish`` writes the same bytes, file for file, as the publications kept in
``tests/golden/publications.json`` (made by the code before publish was made faster, issue
38): random tournaments of the four games (Swiss at tables of 2 to 4, teams, round robin,
decisions, withdrawals, late entrants, corrections, a log with a problem, a missing log),
hostile names, three languages and ASCII cards; each published in this process and again
with the pools forced (forked workers writing the sheets and the pages).

The clock is fixed while the tournaments are built, so that they are the same every run.
After a change that is meant to change the pages, write the golden file again with
``REFEREE_GOLDEN=write python -m pytest tests/test_publish_identical.py`` and read its diff.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import random
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from scripts.tournament_robustness import new_tournament, play, play_rounds

from .conftest import run

GOLDEN = Path(__file__).parent / "golden" / "publications.json"
SEEDS = (1, 2, 3, 4, 5, 6, 7, 9, 24)
HOSTILE = ("<script>alert(1)</script>", '"><img src=x onerror=alert(2)>', "Zaid &amp; Hoda")


class Day(dt.date):
    @classmethod
    def today(cls) -> Day:
        return cls(2026, 12, 2)


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The tournaments, built once with the clock fixed: ``name`` to its folder."""
    from referee.tournament import director, rounds

    mp = pytest.MonkeyPatch()
    mp.setattr(rounds, "now", lambda: "2026-12-02T10:00:00Z")
    mp.setattr(director, "now", lambda: "2026-12-02T10:00:00Z")
    mp.setattr(rounds, "dt", SimpleNamespace(date=Day, datetime=dt.datetime, UTC=dt.UTC))
    root = tmp_path_factory.mktemp("publications")
    out: dict[str, Path] = {}
    try:
        for seed in SEEDS:
            folder = root / f"random-{seed}"
            folder.mkdir()
            rng = random.Random(seed)
            new_tournament(folder, rng)
            play_rounds(folder, rng, Counter())
            out[folder.name] = folder
        out["hostile"] = hostile(root / "hostile")
    finally:
        mp.undo()
    spoiled = out["random-1"]  # a log with a problem and a missing log
    t = director.load(spoiled)
    logs = [spoiled / tb.log for r in t.paired for tb in r.tables if (spoiled / tb.log).exists()]
    logs[0].write_text("not toml [", encoding="utf-8")
    logs[-1].unlink()
    return out


def hostile(folder: Path) -> Path:
    """A Swiss of 6 with names that are markup, two rounds played, the third paired with a
    forfeit and the rest unplayed."""
    from referee.tournament import director

    folder.mkdir()
    names = [x for n in (*HOSTILE, "Omar", "Leila", "N" * 40) for x in ("-p", n)]
    ok("tournament", "new", "Cup <b>x</b>", "--game", "basra", *names, "--seed", "3",
       "--rounds", "3", "--date", "2026-12-02", "--dir", str(folder))  # fmt: skip
    for r in (1, 2):
        for tb in json.loads(ok("tournament", "pair", "--json", "--dir", str(folder)))["tables"]:
            play(folder / tb["log"], r * 10 + tb["table"])
    last = json.loads(ok("tournament", "pair", "--json", "--dir", str(folder)))["tables"]
    ok("tournament", "result", "1", "--forfeit", last[0]["sides"][1], "--reason", "<i>late</i>",
       "--dir", str(folder))  # fmt: skip
    assert director.load(folder).current == 3
    return folder


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.stdout + result.stderr
    return str(result.stdout)


PUBLISHED = [(name, ()) for name in (*(f"random-{s}" for s in SEEDS), "hostile")] + [
    ("hostile", ("--lang", "ar")),
    ("random-2", ("--lang", "ru")),
    ("random-3", ("--lang", "fa", "--ascii")),
]


def tree(site: Path) -> dict[str, str]:
    """Every file of a publication: its path to the SHA-256 of its bytes."""
    return {
        p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(site.rglob("*"))
        if p.is_file()
    }


def publications(events: dict[str, Path], into: Path) -> dict[str, dict[str, str]]:
    found = {}
    for name, extra in PUBLISHED:
        key = " ".join((name, *extra))
        site = into / key.replace(" ", "_")
        ok("tournament", "publish", str(events[name]), "-o", str(site), *extra)
        found[key] = tree(site)
    return found


def test_every_file_of_every_publication_is_as_before(
    events: dict[str, Path], tmp_path: Path
) -> None:
    found = publications(events, tmp_path)
    if os.environ.get("REFEREE_GOLDEN") == "write":
        GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sum(len(files) for files in golden.values()) > 300
    for key in golden:
        assert found[key] == golden[key], key


def test_the_pools_write_the_same_files(
    events: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The forked workers (sheets and pages) write what this process writes."""
    import multiprocessing

    from referee.html import publish
    from referee.table import bulk

    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork here")
    monkeypatch.setattr(bulk, "cores", lambda: 2)
    monkeypatch.setattr(publish, "cores", lambda: 2)
    monkeypatch.setattr(bulk, "POOL_BYTES", 1)
    monkeypatch.setattr(publish, "PAGES_FOR_A_POOL", 1)
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    found = publications(events, tmp_path)
    for key in golden:
        assert found[key] == golden[key], key
