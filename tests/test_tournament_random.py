"""A sample of random tournaments (scripts/tournament_robustness.py runs a thousand) with
the checker of what verify promises, and ``pair`` killed at random moments: the folder
holds either the old tournament or the new round whole, and the next ``pair`` works."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from referee.tournament import director
from referee.tournament.store import log_path
from referee.tournament.verify import verify
from scripts.tournament_robustness import play, run_one

from .conftest import ROOT, run


@pytest.mark.parametrize("seed", range(12))
def test_random_tournaments_verify(seed: int) -> None:
    stats: Counter[str] = Counter()
    run_one(77_000 + seed, stats)
    assert stats["tournaments"] == 1 and stats["rounds"] >= 1


def test_the_checker_catches_a_wrong_pairing(tmp_path: Path) -> None:
    """Swap two sides between the tables of a later round: the recorded pairing is no
    longer of least cost, or no longer matches its recorded points (the check can fail)."""
    names = [x for k in range(8) for x in ("-p", f"P{k}")]
    assert (
        run(
            "tournament",
            "new",
            "C",
            "--game",
            "basra",
            *names,
            "--seed",
            "3",
            "--dir",
            str(tmp_path),
        ).exit_code
        == 0
    )
    for r in range(2):
        assert run("tournament", "pair", "--dir", str(tmp_path)).exit_code == 0
        t = director.load(tmp_path)
        for tb in t.paired[-1].tables:
            play(log_path(tmp_path, tb.log), tb.number + 7 * r)
    t, facts = director.read_all(tmp_path, jobs=1)
    assert verify(t, facts) == []
    rnd = t.paired[1]
    (a, b), (c, d) = rnd.tables[0].sides, rnd.tables[-1].sides
    rnd.tables[0].sides, rnd.tables[-1].sides = (a, d), (c, b)
    found = verify(t, facts)
    assert any(f.rule == "tournament.pairing" and f.round == 2 for f in found) or any(
        f.rule == "tournament.table" for f in found
    )
    t.paired[1].tables[0].sides = (a, a)
    assert any("twice" in str(f.message) for f in verify(t, facts))


def test_a_killed_pair_leaves_one_whole_tournament(tmp_path: Path) -> None:
    base = tmp_path / "base"
    names = [x for k in range(10) for x in ("-p", f"P{k}")]
    assert (
        run(
            "tournament", "new", "K", "--game", "basra", *names, "--seed", "9", "--dir", str(base)
        ).exit_code
        == 0
    )
    assert run("tournament", "pair", "--dir", str(base)).exit_code == 0
    for tb in director.load(base).paired[-1].tables:
        play(log_path(base, tb.log), tb.number)
    rng = random.Random(5)
    outcomes = Counter()
    env = {**os.environ, "REFEREE_LANG": "en"}
    for k in range(8):
        folder = tmp_path / f"k{k}"
        shutil.copytree(base, folder)
        proc = subprocess.Popen(
            [sys.executable, "-m", "referee", "tournament", "pair", "--dir", str(folder)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.2, 1.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        t = director.load(folder)  # the tournament file is whole whenever it was killed
        outcomes[t.current] += 1
        if t.current == 1:  # the old tournament: pairing again works, leftovers or not
            done = run("tournament", "pair", "--dir", str(folder), "--json")
            assert done.exit_code == 0, done.stderr
            assert json.loads(done.stdout)["round"] == 2
        t, facts = director.read_all(folder, jobs=1)
        assert t.current == 2 and all(facts[2, tb.number] is not None for tb in t.paired[1].tables)
        assert verify(t, facts) == []
    assert sum(outcomes.values()) == 8


def test_pair_stopped_before_the_tournament_file_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The logs of the new round written, the tournament file not: the tournament is the
    old one, and the next ``pair`` writes the same round over the leftovers."""
    names = [x for k in range(6) for x in ("-p", f"P{k}")]
    assert (
        run(
            "tournament",
            "new",
            "S",
            "--game",
            "basra",
            *names,
            "--seed",
            "2",
            "--dir",
            str(tmp_path),
        ).exit_code
        == 0
    )
    before = (tmp_path / "tournament.toml").read_bytes()

    def crash(real: Path, t: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("referee.tournament.director.save", crash)
    with pytest.raises(KeyboardInterrupt):
        director.pair(tmp_path)
    assert (tmp_path / "tournament.toml").read_bytes() == before
    assert len(list((tmp_path / "round-1").glob("*.toml"))) == 3
    monkeypatch.undo()
    assert director.pair(tmp_path).number == 1
    t, facts = director.read_all(tmp_path, jobs=1)
    assert t.current == 1 and verify(t, facts) == []
    play(log_path(tmp_path, t.paired[0].tables[0].log), 1)  # a deal recorded: not a leftover
    t.paired.clear()
    from referee.tournament.store import save

    save(tmp_path / "tournament.toml", t)
    assert "tournament.round" in run("tournament", "pair", "--dir", str(tmp_path)).stderr
