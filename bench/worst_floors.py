"""The worst legal floors of every fishing game and variant: the largest floor trailing
allows (each play the first card that may be laid down, the lowest first or the highest
first, whichever floor is larger: a greedy search, not a proof of the largest), Basra's
floor of the 28 lowest cards (the densest unions of groups), and the costliest floors to
list that a random search found (``COST_FLOORS``, from bench/cost_search.py). On each,
the card with the most kinds of play (on a costly floor, the card it names) is played:
`options CARD`, `options CARD --all --json`, `play CARD` without `--takes` (refused: "say
which"), `play CARD --takes …` (the strongest capture, recorded) and `explain` of it,
against `python -c "import typer"`. CPU (user + system) and peak memory (max RSS) of each
child from wait4; medians of interleaved rounds.
Target (issue 24): at most 1.3x the baseline's CPU and 100 MB.

    python bench/worst_floors.py --rounds 11
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import referee_command

from referee.cards import FULL_DECK, Card, format_cards, parse_cards
from referee.games.base import deal_rules
from referee.games.fishing.deal import FishingDeal
from referee.log.file import dumps
from referee.match import replay
from referee.record import Deal, FishPlay, Match
from referee.registry import GAMES, variant_values

Setup = Callable[[], None] | None
BASELINE = "python -c 'import typer'"


def orders(game: str) -> list[list[Card]]:
    """The orders in which cards are tried for each trail: the lowest numerals first (the
    densest unions), and the highest first (a numeral that must capture when it can trails
    onto high cards); the rest after them. Basra never trails a jack onto a floor."""
    low = sorted(FULL_DECK, key=lambda c: (c.value or 11, c.suit))
    high = sorted(FULL_DECK, key=lambda c: (-(c.value or -1), c.suit))
    return [[c for c in deck if not (game == "basra" and c.rank == "J")] for deck in (low, high)]


def trailed(game: str, variant: str, cards: list[Card], keep: Card | None) -> Match:
    """An open deal whose floor grows by every card of ``cards`` (in turn) that may be
    laid down when it is tried, ``keep`` held back; replayed clean."""
    match = Match(game, variant, ["Ali", "Omar"], variant_values(game, variant))
    cards = [c for c in cards if c != keep]
    opening = [c for c in cards if c.rank not in "JQK" and c != Card("7", "D")][:4]
    deal = Deal("Omar", {"floor": tuple(opening)})
    match.deals.append(deal)
    state = replay(match).state
    assert isinstance(state, FishingDeal)
    left = [c for c in cards if c not in opening]
    trail_on(state, deal, left, lambda s: s.entries < s.total_plays - 1)
    replayed = replay(match)
    assert not replayed.problems and replayed.state is not None and not replayed.state.finished
    return match


def trail_on(
    state: FishingDeal, deal: Deal, left: list[Card], more: Callable[[FishingDeal], bool]
) -> None:
    """While ``more(state)``, the player to move trails the first card of ``left`` that may
    be laid down (recorded in ``deal``, taken from ``left``); none: the trail stops."""
    while more(state):
        who = state.to_move()
        assert who is not None
        card = next((c for c in left if state.is_legal(FishPlay(who, c, ()))), None)
        if card is None:
            break
        state.apply(FishPlay(who, card, ()))
        deal.plays.append(FishPlay(who, card, ()))
        left.remove(card)


def worst_card(match: Match) -> tuple[Card, int]:
    """The unplayed card with the most kinds of play now, and how many."""
    state = replay(match).state
    assert isinstance(state, FishingDeal)
    counted = [(state.legal_plays(c).count(), c) for c in sorted(FULL_DECK - set(state.used))]
    n, card = max(counted, key=lambda t: (t[0], t[1].value or 0))
    return card, n


def floors() -> dict[str, tuple[Match, Card, int]]:
    """Every fishing game and variant's worst floor, and the card played on it."""
    out: dict[str, tuple[Match, Card, int]] = {}
    for game, spec in GAMES.items():
        if not issubclass(deal_rules(spec), FishingDeal):
            continue
        for variant in spec.variants:
            keep = Card("10", "S") if game == "basra" else None
            built = [trailed(game, variant, cards, keep) for cards in orders(game)]
            match = max(built, key=lambda m: len(m.deals[0].plays))  # the largest floor
            card, n = worst_card(match)
            out[f"{game} {variant}"] = (match, card, n)
    low = [c for c in sorted(FULL_DECK, key=lambda c: (c.value or 11, c.suit)) if c.is_numeral]
    match = trailed("basra", "egyptian", low[:28], Card("10", "S"))
    out["basra egyptian, 28 lowest"] = (match, *worst_card(match))
    for i, (game, variant, opening, trail, played) in enumerate(COST_FLOORS, 1):
        match = laid(game, variant, opening, trail)
        state = replay(match).state
        assert isinstance(state, FishingDeal)
        card = Card.parse(played)
        out[f"{game} {variant}, costly {i}"] = (match, card, state.legal_plays(card).count())
    return out


# The costliest floors to list that bench/cost_search.py found (random trails, ranked by
# the work of ``options --all --json``): floors lacking a few cards of many values, where
# neither the largest floor's nor the densest's shortcuts apply. (game, variant, the
# opening floor, the cards trailed in turn, the card played.)
COST_FLOORS: list[tuple[str, str, str, str, str]] = [
    (
        "basra",
        "lebanese",
        "9C 2S 5C 6H",
        "5H QS KD 7D 3S 7S 6S 4D AC 9D KH 4H 7C 2C 3H 10H 3C QH 8H 8C 8S AD 6D QD",
        "10S",
    ),
    (
        "basra",
        "two-card",
        "5H 9C 3H 6S",
        "QS QH 8S 10S 4D 7D 9D 7H AS 4S AH 4H 7S 6C 7C AC 8H 6D 5D 8D KD 9S KS KH KC QC 6H 3S",
        "10H",
    ),
    (
        "basra",
        "two-card",
        "4S 8H 9S 2C",
        "3S 2D AD AC 4D 3H 4C AS 5H 5S AH 6H 6S 6C 5D 3C 7D 4H 7H 9C 10C 5C "
        "8D 7C 7S 8S QD QS 10H KH 8C 10D",
        "10S",
    ),
    (
        "basra",
        "egyptian",
        "8D 5S 3S 5H",
        "QH 2H 7D 2D AS 4D 3C KD 6D 2S 5C 3H 10C KH 5D 7H 8S 2C 9D 4S KC AD "
        "10D 9H QD 6H 10H 9C QC AC AH 4H 6S 6C 7C 4C 8H",
        "10S",
    ),
    (
        "basra",
        "lebanese",
        "10C 5H 8D 2S",
        "KD 8S 3H KC 7D 6H QD 3C 4S 10D 10S QH 2C AD 9D AH 4D 2D KS 9H",
        "10H",
    ),
    (
        "basra",
        "iraqi",
        "3C 4S 5C AH",
        "AS AD 3S 3D 2S 4D 3H AC 2C 5H 2H 4C 7D 6C 7C 7H",
        "10D",
    ),
    (
        "basra",
        "iraqi",
        "3S 10H 2S 7H",
        "AD AS AH 2C 2D 2H 3D 3H 4H 3C 5C 5H 6H 6S 6C 6D 4S 5D 7S 8D 8S 8H AC 4D 5S 9H QD KH KC",
        "9D",
    ),
]


def laid(game: str, variant: str, opening: str, trail: str) -> Match:
    """An open deal dealt ``opening`` whose players trail ``trail`` in turn; replayed clean."""
    match = Match(game, variant, ["Ali", "Omar"], variant_values(game, variant))
    deal = Deal("Omar", {"floor": parse_cards(opening)})
    match.deals.append(deal)
    state = replay(match).state
    assert isinstance(state, FishingDeal)
    for card in parse_cards(trail):
        play = FishPlay(state.to_move() or "", card, ())
        state.apply(play)
        deal.plays.append(play)
    replayed = replay(match)
    assert not replayed.problems and replayed.state is not None and not replayed.state.finished
    return match


def strongest(match: Match, card: Card) -> tuple[Card, ...]:
    state = replay(match).state
    assert isinstance(state, FishingDeal)
    kinds, _ = state.legal_plays(card).first(1)
    return kinds[0].first(state.floor).takes


def run_once(cmd: list[str], before: Setup) -> tuple[float, int]:
    """(CPU seconds, peak RSS in kB) of one run of ``cmd``."""
    if before is not None:
        before()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{cmd} exited {os.waitstatus_to_exitcode(status)}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def commands(
    folder: Path, name: str, match: Match, card: Card
) -> dict[str, tuple[list[str], Setup]]:
    """The commands measured on one floor."""
    ref = referee_command()
    log = folder / f"{name.replace(' ', '_').replace(',', '')}.toml"
    log.write_bytes(dumps(match))
    work = folder / "work.toml"
    takes = strongest(match, card)
    after = Match(match.game, match.variant, match.players, match.rules)
    after.deals = [Deal(match.deals[0].dealer, {"floor": match.deals[0].cards("floor")})]
    after.deals[0].plays = [
        *match.deals[0].plays,
        FishPlay(replay(match).state.to_move() or "", card, takes),
    ]
    done = folder / f"{log.stem}-after.toml"
    done.write_bytes(dumps(after))
    play_at = len(after.deals[0].plays)

    def fresh() -> None:
        shutil.copyfile(log, work)

    c = str(card)
    took = ["--takes", format_cards(takes)] if takes else ["--trail"]
    return {
        "options": ([*ref, "options", c, "-f", str(log)], None),
        "options --all --json": ([*ref, "options", c, "--all", "--json", "-f", str(log)], None),
        "play (say which)": ([*ref, "play", c, "-f", str(work)], fresh),
        "play --takes": ([*ref, "play", c, *took, "-f", str(work)], fresh),
        "explain": ([*ref, "explain", str(done), "--deal", "1", "--play", str(play_at)], None),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument(
        "--keep", type=Path, help="write the logs into this folder, print the commands, stop"
    )
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="referee-worst-"))
    folder.mkdir(parents=True, exist_ok=True)
    measured: dict[str, tuple[list[str], Setup]] = {
        BASELINE: ([sys.executable, "-c", "import typer"], None)
    }
    shown: list[tuple[str, str]] = []
    for name, (match, card, n) in floors().items():
        state = replay(match).state
        assert state is not None and isinstance(state, FishingDeal)
        shown.append((name, f"{len(state.floor)} cards, {card} has {n:,} kinds of play"))
        for what, run in commands(folder, name, match, card).items():
            measured[f"{name}: {what}"] = run
    if args.keep:
        for key, (cmd, _) in measured.items():
            print(f"{key}\t{shlex.join(cmd)}")
        return 0
    cpu: dict[str, list[float]] = {k: [] for k in measured}
    rss: dict[str, list[int]] = {k: [] for k in measured}
    for cmd, before in measured.values():  # warm the caches once
        run_once(cmd, before)
    for _ in range(args.rounds):
        for key, (cmd, before) in measured.items():
            c, r = run_once(cmd, before)
            cpu[key].append(c)
            rss[key].append(r)
    base = statistics.median(cpu[BASELINE])
    print(f"{args.rounds} interleaved rounds, medians; peak memory: the largest max RSS")
    for name, what in shown:
        print(f"  {name}: {what}")
    print(f"{'command':52s} {'CPU ms':>7s} {'ratio':>6s} {'peak MB':>8s}")
    for key in measured:
        c = statistics.median(cpu[key])
        print(f"{key:52s} {c * 1000:7.1f} {c / base:5.2f}x {max(rss[key]) / 1024:8.1f}")
    shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
