"""Issue 37, item 1: a forgotten play inserted the way a table needs it. The plays typed
after the slip keep their cards and captures and go to the player whose turn it then is
(a fishing game's turn leaves no choice; a trick game's follows from who took each trick),
so one insert fixes the match: the log is then byte for byte the log of the same match
entered without the slip. Deleting works the same way round; where a later play cannot
follow, nothing is written and the refusal names that play and what to do."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from referee.log.file import dumps
from referee.problems import RefereeError
from referee.record import Entry, FishPlay
from referee.table.amend import Play, amend_entry
from referee.table.dealwalk import takes_turn
from referee.table.session import Table
from referee.table.simulate import simulate_match
from referee.table.usage import UsageError

from .conftest import run, sampled

BASRA_4P = (
    [
        "new",
        "basra",
        "-p",
        "Ali",
        "-p",
        "Omar",
        "-p",
        "Hoda",
        "-p",
        "Samir",
        "--variant",
        "classic",
    ],
    ["deal", "--dealer", "Samir", "--floor", "KS 3H KH 8C", "--buried", "JH"],
    [
        ["8S", "--takes", "8C"],
        ["3S", "--takes", "3H"],
        ["KD", "--takes", "KS KH"],
        ["2H", "--trail"],
        ["7S", "--trail"],
        ["JD", "--takes", "2H 7S"],
        ["10H", "--trail"],  # Hoda's, forgotten at the table
        ["5C", "--trail"],
        ["AC", "--trail"],
        ["6D", "--takes", "5C AC"],
        ["7H", "--trail"],
        ["9S", "--trail"],
    ],
)

BURA_3P = (
    ["new", "bura", "-p", "Ivan", "-p", "Petr", "-p", "Olga"],
    ["deal", "--dealer", "Olga", "--trump", "6C"],
    [
        ["QS", "7S"],
        ["10S", "KH"],
        ["AS", "9C"],
        ["10D"],  # Olga's lead of trick 2, forgotten at the table
        ["10C"],
        ["6S"],
        ["JD"],
        ["QC"],
        ["AC"],
    ],
)


def ok(*args: str) -> str:
    done = run(*args, "--no-date") if args[0] == "new" else run(*args)
    assert done.exit_code == 0, (args, done.output)
    return str(done.stdout)


def enter(log: Path, match: tuple[list[str], list[str], list[list[str]]], skip: int = 0) -> None:
    """The match typed at the table, the play numbered ``skip`` (from 1) forgotten."""
    new, deal, plays = match
    ok(*new, "-f", str(log))
    ok(*deal, "-f", str(log))
    for k, play in enumerate(plays, 1):
        if k != skip:
            ok("play", *play, "-f", str(log))


def by_of(log: Path) -> list[str]:
    """Who each entry of deal 1 is recorded for."""
    text = log.read_text()
    return [line.split('by = "')[1].split('"')[0] for line in text.splitlines() if "by = " in line]


@pytest.mark.parametrize(
    ("match", "forgotten", "player"),
    [(BASRA_4P, 7, "Hoda"), (BURA_3P, 4, "Olga")],
    ids=["basra-4p", "bura-3p"],
)
def test_the_forgotten_play_is_fixed_by_one_insert(
    tmp_path: Path, match: tuple[list[str], list[str], list[list[str]]], forgotten: int, player: str
) -> None:
    clean, slipped = tmp_path / "clean.toml", tmp_path / "slipped.toml"
    enter(clean, match)
    enter(slipped, match, skip=forgotten)
    assert by_of(slipped) != by_of(clean)[: forgotten - 1] + by_of(clean)[forgotten:]
    card = match[2][forgotten - 1]
    at = ["--deal", "1", "--play", str(forgotten), "--insert"]
    said = ok("amend", *at, *card, "-f", str(slipped)).splitlines()
    assert said[0].startswith(f"Inserted at deal 1, entry {forgotten}: {player} ")
    moved = [line for line in said if line.startswith("  entry ")]
    assert said[1] == f"{len(moved)} later plays now go to the player whose turn it is:"
    assert len(moved) >= 3
    back = next(line for line in said if line.startswith("To take it back: "))
    assert back == f"To take it back: referee amend --deal 1 --play {forgotten} --delete"
    assert slipped.read_bytes() == clean.read_bytes()
    # the command it printed takes it back: the slip as it was entered
    enter(again := tmp_path / "again.toml", match, skip=forgotten)
    ok("amend", "--deal", "1", "--play", str(forgotten), "--delete", "-f", str(slipped))
    assert slipped.read_bytes() == again.read_bytes()


def test_the_moved_plays_are_said_before_and_after(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    enter(log, BASRA_4P, skip=7)
    said = ok("amend", "--deal", "1", "--play", "7", "--insert", "10H", "--trail", "-f", str(log))
    assert said.splitlines()[:7] == [
        "Inserted at deal 1, entry 7: Hoda 10♥ (trail).",
        "5 later plays now go to the player whose turn it is:",
        "  entry 8: Hoda 5♣ (trail) → Samir 5♣ (trail)",
        "  entry 9: Samir A♣ (trail) → Ali A♣ (trail)",
        "  entry 10: Ali 6♦ takes 5♣ A♣ → Omar 6♦ takes 5♣ A♣",
        "  entry 11: Omar 7♥ (trail) → Hoda 7♥ (trail)",
        "  entry 12: Hoda 9♠ (trail) → Samir 9♠ (trail)",
    ]
    # with the 10H back on the floor, the 6D that cleared it no longer sweeps
    assert said.splitlines()[7] == "Entry 10 (Omar 6♦ takes 5♣ A♣) is no longer a basra."


def test_the_two_player_example_of_the_issue(tmp_path: Path) -> None:
    """``amend --deal 1 --play 2 KD --takes KS --insert`` after 8S, 4C and 2D."""
    log = tmp_path / "m.toml"
    ok("new", "basra", "-p", "Ali", "-p", "Omar", "-f", str(log))
    ok("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "-f", str(log))
    for play in (["8S", "--takes", "5H 3C"], ["4C", "--trail"], ["2D", "--trail"]):
        ok("play", *play, "-f", str(log))
    ok("amend", "--deal", "1", "--play", "2", "KD", "--takes", "KS", "--insert", "-f", str(log))
    assert by_of(log) == ["Ali", "Omar", "Ali", "Omar"]


def test_a_later_capture_that_no_longer_fits_writes_nothing(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    enter(log, BASRA_4P)
    before = log.read_bytes()
    # inserted before entry 6, the 2D takes the 2H that entry 6's jack takes with the 7S
    done = run(
        "amend", "--deal", "1", "--play", "6", "--insert", "2D", "--takes", "2H", "-f", str(log)
    )
    assert done.exit_code == 1
    assert done.stderr.startswith("referee: [basra.jack] ")
    assert "(deal 1, play 6, deals[0].plays[5])" in done.stderr
    assert "gives entry 6 (Omar J♦ takes 2♥ 7♠) to Hoda, whose turn it then is" in done.stderr
    assert (
        "nothing was written: amend or delete entry 6 first (referee amend --deal 1 --play 6"
        in (done.stderr)
    )
    assert log.read_bytes() == before


def test_a_recorded_hand_that_lacks_the_card_writes_nothing(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    ok("new", "basra", "-p", "Ali", "-p", "Omar", "-f", str(log))
    hands = ["--hand", "Ali=8S 4C 10C QD", "--hand", "Omar=KD 2D 6H 7C"]
    ok("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", *hands, "-f", str(log))
    for play in (["8S", "--takes", "5H 3C"], ["KD", "--takes", "KS"], ["4C", "--trail"]):
        ok("play", *play, "-f", str(log))
    before = log.read_bytes()
    done = run("amend", "--deal", "1", "--play", "2", "--insert", "2D", "--trail", "-f", str(log))
    assert done.exit_code == 1
    assert done.stderr.startswith("referee: [hand.not-held] (deal 1, play 2, deals[0].plays[1]): ")
    assert "gives entry 2 (Omar K♦ takes K♠) to Ali, whose turn it then is" in done.stderr
    assert (
        "nothing was written: correct Ali's recorded hand first (referee amend --deal 1 --hand "
        'Ali="…"), or amend entry 2'
    ) in done.stderr
    assert log.read_bytes() == before


# --- simulated matches: any forgotten play, fixed by one insert -------------------------

CASES = [
    (game, variant, players, seed)
    for game, variant, players in (
        ("basra", "egyptian", 2),
        ("basra", "classic", 4),
        ("pasur", "standard", 3),
        ("bura", "classic", 2),
        ("bura", "classic", 3),
        ("kozel", "classic", 4),
    )
    for seed in range(12)
]


def typed(table: Table, entry: Entry) -> None:
    """``entry`` typed at the table as a referee types it: a play's cards (and capture),
    whoever's turn it is; a declaration, claim or forfeit with its player."""
    if isinstance(entry, FishPlay):
        table.play((entry.card,), entry.takes or None, not entry.takes, None)
    elif entry.kind == "cards":
        table.play(entry.cards, None, False, None)
    else:
        table.announce(entry)


@pytest.mark.parametrize(("game", "variant", "players", "seed"), sampled(CASES, 4, "insert"))
def test_a_forgotten_play_of_a_simulated_match(
    tmp_path: Path, game: str, variant: str, players: int, seed: int
) -> None:
    """A random play of a simulated deal (hands not recorded) is forgotten; the plays after
    it are typed until the table refuses one (or the deal's end); one insert, then the rest
    typed: the log is the log of the deal typed without the slip, byte for byte."""
    rng = random.Random(f"{game}{players}{seed}")
    match = simulate_match(game, variant, players, seed, deals=2)
    for deal in match.deals:
        deal.hands = None
    d = rng.randrange(len(match.deals))
    plays = [e for e in match.deals[d].plays if e is not None]
    turns = [j for j, e in enumerate(plays) if takes_turn(e)]
    k = rng.choice(turns[:-1] or turns)
    clean, slipped = Table(tmp_path / "clean.toml"), Table(tmp_path / "slipped.toml")
    for table in (clean, slipped):
        table.path.write_bytes(dumps(match.prefix(d, 0)))
    for entry in plays:
        typed(clean, entry)
    for entry in plays[:k]:
        typed(slipped, entry)
    later = plays[k + 1 :]
    accepted = 0
    for entry in later:
        try:
            typed(slipped, entry)
        except (RefereeError, UsageError):  # the slip noticed here
            break
        accepted += 1
    forgotten = plays[k]
    if isinstance(forgotten, FishPlay):
        play = Play((forgotten.card,), forgotten.takes or None, not forgotten.takes)
    else:
        play = Play(forgotten.cards)
    done = amend_entry(slipped, d + 1, k + 1, play, "insert")
    assert done.back == f"referee amend --deal {d + 1} --play {k + 1} --delete"
    for entry in later[accepted:]:
        typed(slipped, entry)
    assert slipped.path.read_bytes() == clean.path.read_bytes()
