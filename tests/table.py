"""The table path: a match log turned back into the commands a referee types at the table
(new, deal, hand, play, declare, claim, forfeit), and a runner that enters them one by one
through the CLI, taking back and re-entering entries as a referee who mistyped would."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import typer

from referee.cards import format_cards
from referee.games.base import MatchSoFar, deal_rules
from referee.log.file import dumps
from referee.match import replay, start_deal, with_derived
from referee.record import Deal, FishPlay, Match, TrickEntry
from referee.registry import GAMES, variant_values


class Command(NamedTuple):
    """One command line (without ``-f``): whether it records an entry (which `undo` takes
    back), and whether that entry ends its deal (or the match)."""

    argv: list[str]
    entry: bool = False
    ends_deal: bool = False


def without_hands(match: Match) -> Match:
    """The same match with no recorded hands (the referee did not see them)."""
    bare = copy.deepcopy(match)
    for deal in bare.deals:
        deal.hands = None
    return bare


def expected_bytes(match: Match) -> bytes:
    """What `referee export` gives for this match: the canonical log, derived included."""
    bare = copy.deepcopy(match)
    replayed = replay(bare)
    assert not replayed.problems, replayed.problems
    return dumps(with_derived(bare, replayed))


def commands(match: Match) -> list[Command]:
    """The commands that record ``match`` at the table, hands included where it has them."""
    out = [Command(new_command(match))]
    for i, deal in enumerate(match.deals):
        out.append(Command(deal_command(match, deal)))
        entries = list(deal_entries(match, deal, i))
        last_play = max((k for k, c in enumerate(entries) if c[1]), default=-1)
        for k, (argv, is_entry) in enumerate(entries):
            out.append(Command(argv, is_entry, is_entry and k == last_play))
    return out


def new_command(match: Match) -> list[str]:
    argv = ["new", match.game, "--variant", match.variant]
    for p in match.players:
        argv += ["-p", p]
    defaults = variant_values(match.game, match.variant)
    for key, value in sorted(match.rules.items()):
        if value != defaults[key]:
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            argv += ["--rule", f"{key}={shown}"]
    if match.event is not None:
        argv += ["--event", match.event]
    argv += ["--date", str(match.date)] if match.date is not None else ["--no-date"]
    return argv


def deal_command(match: Match, deal: Deal) -> list[str]:
    argv = ["deal", "--dealer", deal.dealer]
    for key in GAMES[match.game].setup:
        if deal.cards(key):
            argv += [f"--{key}", format_cards(deal.cards(key))]
    if deal.card("trump") is not None:
        first = deal_rules(GAMES[match.game]).hand_size  # type: ignore[attr-defined]
    else:
        first = fishing_rounds(match, deal)[0]
    for p, cards in (deal.hands or {}).items():
        argv += ["--hand", f"{p}={format_cards(cards[:first])}"]
    if deal.note is not None:
        argv += ["--note", deal.note]
    return argv


def fishing_rounds(match: Match, deal: Deal) -> list[int]:
    state: Any = start_deal(
        match, Deal(deal.dealer, {"floor": deal.cards("floor")}), 0, MatchSoFar({})
    )
    return list(state.rounds)


def deal_entries(match: Match, deal: Deal, index: int) -> list[tuple[list[str], bool]]:
    """The deal's entries as commands, each with True; the `hand` commands that record
    cards as they are received come between them, with False."""
    out: list[tuple[list[str], bool]] = []
    hands = deal.hands or {}
    if deal.card("trump") is None:
        rounds = fishing_rounds(match, deal)
        starts = {len(match.players) * sum(rounds[:r]): r for r in range(1, len(rounds))}
        for k, entry in enumerate(deal.plays):
            if k in starts:
                r = starts[k]
                lo, hi = sum(rounds[:r]), sum(rounds[: r + 1])
                out.extend(
                    (["hand", p, *map(str, cards[lo:hi])], False) for p, cards in hands.items()
                )
            assert isinstance(entry, FishPlay)
            out.append((entry_command(entry), True))
        return out
    # Bura: replay the deal to see who has drawn what after each entry
    state: Any = start_deal(match, copy.deepcopy(deal), index, MatchSoFar({}))
    listed = dict.fromkeys(hands, state.hand_size)
    for entry in deal.plays:
        assert isinstance(entry, TrickEntry)
        state.apply(entry)
        out.append((entry_command(entry), True))
        for p in hands:
            if state.drawn[p] > listed[p]:
                out.append((["hand", p, *map(str, hands[p][listed[p] : state.drawn[p]])], False))
                listed[p] = state.drawn[p]
    return out


def entry_command(entry: FishPlay | TrickEntry) -> list[str]:
    if isinstance(entry, FishPlay):
        argv = ["play", str(entry.card), "--by", entry.by]
        argv += ["--takes", format_cards(entry.takes)] if entry.takes else ["--trail"]
    elif entry.declares is not None:
        argv = ["declare", entry.declares, *map(str, entry.cards), "--by", entry.by]
    elif entry.claim:
        argv = ["claim", "--by", entry.by]
    elif entry.forfeit is not None:
        argv = ["forfeit", "--by", entry.by, "--reason", entry.forfeit]
    else:
        argv = ["play", *map(str, entry.cards), "--by", entry.by]
    if entry.note is not None:
        argv += ["--note", entry.note]
    return argv


Runner = Callable[..., Any]
_SINGLE: dict[str, typer.Typer] = {}


def run_command(*args: str) -> Any:
    """Invoke one command in-process as ``referee.cli.main`` does: only that command is
    built for typer (building all of them on every call is most of an in-process run);
    a leading ``--lang X`` is the group's, as at the prompt. A name the app does not
    register at its top level goes to the whole app."""
    from referee.cli import app
    from referee.cli.group import command, new_app, root

    k = 0
    while k < len(args) - 1 and args[k] == "--lang":
        k += 2
    name = args[k] if k < len(args) else ""
    single = _SINGLE.get(name)
    if single is None:
        assert app  # every command module loaded: every command defined
        if name not in command.defined:
            from .conftest import run

            return run(*args)
        single = new_app(add_completion=False)  # the group run.py builds: --lang, --ascii
        single.callback()(root)
        command.onto(single, [name])
        _SINGLE[name] = single
    from .conftest import invoke, no_internal_error

    return no_internal_error(invoke(single, args))


def so_far(match: Match, deals: int) -> bytes:
    """What `referee export` gives for the match as it stood after its first ``deals``."""
    part = copy.deepcopy(match)
    part.deals = part.deals[:deals]
    part.result_totals = part.result_winner = None  # the whole match's: derived again
    return expected_bytes(part)


def enter(
    match: Match,
    path: Path,
    run: Runner,
    rng: random.Random,
    undo_rate: float = 0.05,
    skip: range = range(0),
) -> int:
    """Enter ``match`` at ``path`` command by command. After every entry that ends a deal
    or the match, and after a random sample of the others, `undo` and the same command
    again must give back the file byte for byte; at every deal's end the file must be the
    export of the match so far. The deals in ``skip`` (a run of them, not the first) are
    not typed: the file is set to the export of the match before the next one, as a
    referee who typed them would have left it. Returns the number of undos."""
    undos = 0
    deal = -1
    for cmd in commands(match):
        deal += cmd.argv[0] == "deal"
        if deal in skip:
            if cmd.argv[0] == "deal" and deal == skip[-1]:
                path.write_bytes(so_far(match, deal + 1))
            continue
        argv = [*cmd.argv, "-f", str(path)]
        done = run(*argv)
        assert done.exit_code == 0, (argv, done.stdout, done.stderr)
        if cmd.entry and (cmd.ends_deal or rng.random() < undo_rate):
            before = path.read_bytes()
            took_back = run("undo", "-f", str(path))
            assert took_back.exit_code == 0, (argv, took_back.stderr)
            again = run(*argv)
            assert again.exit_code == 0, (argv, again.stderr)
            assert path.read_bytes() == before, argv
            undos += 1
        if cmd.ends_deal:
            assert path.read_bytes() == so_far(match, deal + 1), ("deal", deal + 1)
    return undos
