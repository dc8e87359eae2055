"""`referee amend`: any entry replaced, inserted or deleted, a hand or the header corrected;
everything after checked again; a change that makes a later entry illegal writes nothing
and names that entry and its rule; the printed command takes a change back."""

from __future__ import annotations

import random
import shlex
from pathlib import Path

import pytest

from referee.cards import parse_cards
from referee.log.file import dumps, load
from referee.record import FishPlay, TrickEntry
from referee.table.simulate import simulate_match

from .conftest import run


def opened(tmp_path: Path) -> Path:
    log = tmp_path / "m.toml"
    steps = [
        ["new", "basra", "-p", "Ali", "-p", "Omar", "--no-date"],
        ["deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS"],
        ["play", "8S", "--takes", "5H 3C"],
        ["play", "KD", "--takes", "KS"],
        ["play", "4C", "--trail"],
    ]
    for step in steps:
        done = run(*step, "-f", str(log))
        assert done.exit_code == 0, done.output
    return log


def back(output: str) -> list[str]:
    """The command amend printed to take its change back, as arguments."""
    line = next(x for x in output.splitlines() if x.startswith("To take it back: "))
    words = shlex.split(line.removeprefix("To take it back: "))
    assert words[:2] == ["referee", "amend"]
    return words[1:]


def test_a_replaced_play_is_checked_and_can_be_taken_back(tmp_path: Path) -> None:
    log = opened(tmp_path)
    before = log.read_bytes()
    done = run("amend", "--deal", "1", "--play", "2", "QD", "--trail", "-f", str(log))
    assert done.exit_code == 0, done.output
    assert "Amended deal 1, entry 2: Omar K♦ takes K♠ → Omar Q♦ (trail)." in done.stdout
    match, problems = load(log)
    assert match is not None and not problems
    assert match.deals[0].plays[1] == FishPlay("Omar", match.deals[0].plays[1].card, ())
    assert run(*back(done.stdout), "-f", str(log)).exit_code == 0
    assert log.read_bytes() == before


def test_a_change_that_makes_a_later_entry_illegal_writes_nothing(tmp_path: Path) -> None:
    log = opened(tmp_path)
    before = log.read_bytes()
    at = ("amend", "--deal", "1", "--play", "2", "--insert", "KH", "--takes", "KS", "-f")
    done = run(*at, str(log))  # the K of hearts takes the K of spades the next play takes
    assert done.exit_code == 1
    assert "[basra.capture.group] (deal 1, play 2, deals[0].plays[1])" in done.stderr
    assert (
        "inserting before deal 1, entry 2 gives entry 2 (Omar K♦ takes K♠) to Ali, whose turn "
        "it then is, and it cannot follow: K♠ is not on the floor (9♦); legal: trail; nothing "
        "was written: amend or delete entry 2 first (referee amend --deal 1 --play 2 …), then "
        "try again"
    ) in done.stderr
    assert log.read_bytes() == before


def test_an_illegal_amendment_names_its_own_rule(tmp_path: Path) -> None:
    log = opened(tmp_path)
    before = log.read_bytes()
    done = run("amend", "--deal", "1", "--play", "1", "8S", "--takes", "9D", "-f", str(log))
    assert done.exit_code == 1 and "[basra.capture" in done.stderr
    assert log.read_bytes() == before


def test_delete_then_insert_gives_the_same_bytes(tmp_path: Path) -> None:
    log = opened(tmp_path)
    before = log.read_bytes()
    done = run("amend", "--deal", "1", "--play", "3", "--delete", "-f", str(log))
    assert done.exit_code == 0, done.output
    assert run(*back(done.stdout), "-f", str(log)).exit_code == 0
    assert log.read_bytes() == before


def test_the_header_and_a_hand_corrected(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    assert (
        run(
            "new",
            "basra",
            "-p",
            "Ali",
            "-p",
            "Omr",
            "-p",
            "Hoda",
            "-p",
            "Samir",
            "--no-date",
            "-f",
            str(log),
        ).exit_code
        == 0
    )
    assert (
        run(
            "deal",
            "--dealer",
            "Samir",
            "--floor",
            "5H 3C 9D KS",
            "--hand",
            "Omr=2C 3D 4S 5S",
            "-f",
            str(log),
        ).exit_code
        == 0
    )
    done = run("amend", "--rename", "Omr=Omar", "--date", "2026-12-01", "-f", str(log))
    assert done.exit_code == 0, done.output
    text = log.read_text()
    assert "Omr" not in text and '"Omar"' in text and "2026-12-01" in text
    done = run("amend", "--deal", "1", "--hand", "Omar=2C 3D 4S 6S", "-f", str(log))
    assert done.exit_code == 0, done.output
    match, _ = load(log)
    assert match is not None and match.deals[0].hands == {"Omar": parse_cards("2C 3D 4S 6S")}


@pytest.mark.parametrize(
    ("game", "variant", "players"),
    [
        ("basra", "egyptian", 2),
        ("pasur", "standard", 3),
        ("bura", "classic", 2),
        ("kozel", "classic", 4),
    ],
)
def test_amendments_of_simulated_matches(
    tmp_path: Path, game: str, variant: str, players: int
) -> None:
    """A random entry deleted and inserted again, or replaced by itself: the file is a
    replay of the edited record (the same bytes)."""
    rng = random.Random(f"{game}{players}")
    for seed in range(2):
        match = simulate_match(game, variant, players, seed, deals=2)
        log = tmp_path / f"{game}-{seed}.toml"
        log.write_bytes(dumps(match))
        before = log.read_bytes()
        d = rng.randrange(len(match.deals))
        plays = match.deals[d].plays
        candidates = [
            j
            for j, e in enumerate(plays)
            if e is not None
            and (isinstance(e, FishPlay) or (isinstance(e, TrickEntry) and e.kind == "cards"))
        ]
        j = rng.choice(candidates)
        entry = plays[j]
        assert entry is not None
        if isinstance(entry, FishPlay):
            how = ["--takes", " ".join(map(str, entry.takes))] if entry.takes else ["--trail"]
            cards = [str(entry.card)]
        else:
            how, cards = [], [str(c) for c in entry.cards]
        at = ["--deal", str(d + 1), "--play", str(j + 1)]
        done = run("amend", *at, *cards, *how, "--by", entry.by, "-f", str(log))
        assert done.exit_code == 0, done.output
        assert done.stdout.startswith("Nothing changed: ")
        assert log.read_bytes() == before
        done = run("amend", *at, "--delete", "-f", str(log))
        if done.exit_code == 0:  # deleting it left a legal record: put it back
            del match.deals[d].plays[j]
            again, _ = load(log)
            assert again is not None
            kept = [e._replace(by="") for e in again.deals[d].plays]  # type: ignore[union-attr]
            assert kept == [e._replace(by="") for e in match.deals[d].plays]  # type: ignore[union-attr]
            assert run(*back(done.stdout), "-f", str(log)).exit_code == 0
            assert log.read_bytes() == before
        else:  # a recorded hand does not hold a later card: nothing written, what to do said
            assert "nothing was written: " in done.stderr
            assert log.read_bytes() == before
