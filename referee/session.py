"""Plain functions behind the commands: load and check a log, add one entry safely, undo.

Each takes paths and values and returns data; the CLI only parses arguments and renders.
Every change is checked against a full replay before anything is written, under a lock,
and written atomically.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

from referee.cards import Card, CardError, parse_cards
from referee.games.base import Carry, DealState, Illegal, as_bura, as_fishing
from referee.logfile import dumps, load, locked, write_atomic
from referee.match import Replay, finish_deal, illegal_problem, replay, start_deal, with_derived
from referee.params import Value
from referee.problems import Problem, RefereeError, UsageError, deal_path
from referee.record import BuraEntry, Deal, Entry, FishPlay, Match, describe_entry, new_match


def open_match(path: Path, close_last: bool = True) -> tuple[Match, Replay]:
    """Load and replay a log; any problem at all is raised (a table command needs a clean
    log to build on)."""
    match, problems = load(path)
    if match is None:
        raise RefereeError(problems)
    rep = replay(match, problems, close_last=close_last)
    if rep.problems:
        raise RefereeError(rep.problems)
    return match, rep


def check_log(path: Path) -> tuple[Match | None, Replay | None, list[Problem]]:
    """Verify one log: every problem found, never raised except for an unreadable file."""
    try:
        match, problems = load(path)
    except RefereeError as err:
        return None, None, err.problems
    if match is None:
        return None, None, problems
    rep = replay(match, problems)
    return match, rep, rep.problems


def create(path: Path, game: str, players: list[str], variant: str | None,
           overrides: dict[str, Value], event: str | None, date: dt.date | None) -> Match:
    """Start a new match file; an existing file is never overwritten."""
    match, problems = new_match(game, players, variant, overrides, event, date)
    if match is None or problems:
        raise RefereeError(problems)
    with locked(path):
        if path.exists():
            raise RefereeError([Problem("log.file", f"{path} already exists; referee never "
                                        "overwrites a match (choose another --file)")])
        write_atomic(path, dumps(match))
    return match


def modify(path: Path,
           change: Callable[[Match, Replay], Replay | None]) -> tuple[Match, Replay]:
    """Lock, load, check, apply ``change`` (which raises on a bad entry), write atomically.

    ``change`` returns the replay brought up to date, or None to have the whole match
    replayed again (for changes other than one more entry)."""
    with locked(path):
        match, rep = open_match(path, close_last=False)
        updated = change(match, rep)
        if updated is None:
            updated = replay(match)
            if updated.problems:  # a checked change cannot cause one; refuse to write it
                raise RefereeError(updated.problems)
        write_atomic(path, dumps(with_derived(match, updated)))
        return match, updated


def parse_card_list(text: str, what: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except CardError as err:
        raise RefereeError([Problem("log.card", f"{what}: {err}")]) from None


def add_deal(path: Path, dealer: str | None, floor: str | None, extra: str | None,
             trump: str | None, hands: dict[str, str]) -> tuple[Match, Replay]:
    """Record a new deal after checking its set-up."""

    def change(match: Match, rep: Replay) -> Replay | None:
        if rep.winner is not None:
            raise RefereeError([Problem(f"{match.game}.match", f"the match is decided: "
                                        f"{rep.winner} won; no deal may follow")])
        if rep.state is not None and not rep.state.finished:
            raise RefereeError([Problem("deal.conservation", f"deal {len(match.deals)} is not "
                                        "finished; finish it (or undo it) before dealing again")])
        who = dealer or rep.next_dealer
        if who is None:
            raise UsageError("give --dealer for the first deal")
        if who not in match.players:
            raise RefereeError([Problem("log.players", f"dealer {who!r} is not one of the "
                                        f"players ({', '.join(match.players)})")])
        if rep.next_dealer is not None and who != rep.next_dealer:
            raise RefereeError([Problem(f"{match.game}.deal.dealer", f"{rep.next_dealer} deals "
                                        f"next, not {who}")])
        deal = Deal(who)
        if match.game == "bura":
            if not trump:
                raise UsageError("give the turned-up trump card with --trump")
            cards = parse_card_list(trump, "--trump")
            if len(cards) != 1:
                raise UsageError("--trump takes one card")
            deal.trump = cards[0]
        else:
            if not floor:
                raise UsageError("give the opening floor with --floor \"5H 3C 9D KS\"")
            deal.floor = parse_card_list(floor, "--floor")
            if extra:
                cards = parse_card_list(extra, "--buried/--returned")
                if match.game == "basra":
                    deal.buried = cards
                else:
                    deal.returned = cards
        if hands:
            unknown = [p for p in hands if p not in match.players]
            if unknown:
                raise RefereeError([Problem("log.players", f"{unknown[0]!r} is not one of the "
                                            f"players ({', '.join(match.players)})")])
            deal.hands = {p: parse_card_list(hands[p], f"--hand {p}") for p in match.players
                          if p in hands}
        carry = rep.carry or Carry(dict(rep.totals))
        state = start_deal(match, deal, len(match.deals), carry)
        problems = state.setup_problems()
        if problems:
            raise RefereeError(problems)
        match.deals.append(deal)
        return None

    return modify(path, change)


def open_state(match: Match, rep: Replay) -> DealState:
    """The deal in progress, or a clear error when there is none."""
    if rep.state is None or rep.state.finished:
        if rep.winner is not None:
            raise RefereeError([Problem(f"{match.game}.match", f"the match is decided: "
                                        f"{rep.winner} won")])
        raise RefereeError([Problem("log.deal", "no deal is in progress; record one with "
                                    "`referee deal`")])
    return rep.state


def add_entry(path: Path, build: Callable[[Match, DealState], Entry]) -> tuple[Match, Replay]:
    """Check one entry against the deal in progress and record it; nothing is written when
    it breaks a rule."""

    def change(match: Match, rep: Replay) -> Replay:
        state = open_state(match, rep)
        entry = build(match, state)
        deal = match.deals[-1]
        try:
            state.apply(entry)
        except Illegal as err:
            raise RefereeError([illegal_problem(err, len(match.deals) - 1,
                                                len(deal.plays))]) from None
        deal.plays.append(entry)
        state.close()  # the record ends here for now: judge what is pending
        if state.finished and not finish_deal(rep, state):
            raise RefereeError(rep.problems)
        return rep

    return modify(path, change)


def fishing_play(card: Card, takes: tuple[Card, ...] | None, trail: bool,
                 by: str | None) -> Callable[[Match, DealState], Entry]:
    """Build a Basra or Pasur play; an unstated capture is filled in only when it is the
    one legal way to play the card."""

    def build(match: Match, deal_state: DealState) -> Entry:
        state = as_fishing(deal_state)
        if state is None:
            raise UsageError("this is a Bura match: play takes the cards led or followed")
        player = by or state.to_move()
        assert player is not None
        chosen: tuple[Card, ...] = ()
        if takes is not None:
            chosen = takes
        elif not trail and player == state.to_move():
            lines = state.option_lines(card)
            if len(lines) == 1:  # one kind of capture: is it one set of cards?
                lines = [str(o) for o in state.options(card)]
            if len(lines) > 1:
                rule = "basra.capture.choice" if match.game == "basra" else "pasur.capture.forced"
                raise RefereeError([Problem(rule, f"{card} can be played more than one way; "
                                            "say which with --takes or --trail: "
                                            + "; ".join(lines[:20]),
                                            deal_path(len(match.deals) - 1))])
            chosen = state.options(card)[0].taken
        return FishPlay(player, card, chosen)

    return build


def table_play(cards: tuple[Card, ...], takes: tuple[Card, ...] | None, trail: bool,
               by: str | None) -> Callable[[Match, DealState], Entry]:
    """A play as typed at the table: one fishing card (with its capture) or Bura cards."""

    def build(match: Match, state: DealState) -> Entry:
        if match.game == "bura":
            if takes is not None or trail:
                raise UsageError("--takes and --trail are for Basra and Pasur")
            return bura_entry(BuraEntry(by or "", cards))(match, state)
        if len(cards) != 1:
            raise UsageError(f"play one card at a time, not {len(cards)}")
        return fishing_play(cards[0], takes, trail, by)(match, state)

    return build


def bura_entry(entry: BuraEntry) -> Callable[[Match, DealState], Entry]:
    """Build a Bura entry, defaulting a lead or follow to the player whose turn it is."""

    def build(match: Match, deal_state: DealState) -> Entry:
        state = as_bura(deal_state)
        if state is None:
            raise UsageError(f"this is a {match.game} match: declare, claim and forfeit are Bura's")
        if not entry.by:
            if entry.kind != "cards":
                raise UsageError("say who with --by")
            entry.by = state.to_move() or ""
        if entry.by not in match.players:
            raise RefereeError([Problem("log.players", f"{entry.by!r} is not one of the players "
                                        f"({', '.join(match.players)})")])
        return entry

    return build


def claim_verdict(match: Match, rep: Replay, by: str) -> str | None:
    """The ruling on a claim just recorded, in words (None if the deal is still open)."""
    if not rep.deals or rep.deals[-1].number != len(match.deals):
        return None
    result = rep.deals[-1].result
    pts = result.breakdown[by]["card_points"]
    verdict = "upheld: wins the deal" if result.winner == by else \
        "not upheld: the pot is doubled and each opponent scores 2"
    return f"{by} claims 31 with {pts} card points: {verdict}."


def undo(path: Path) -> tuple[Match, Replay, str]:
    """Remove the last recorded entry (or the last deal, when it has no entries yet)."""
    removed = ""

    def change(match: Match, rep: Replay) -> Replay | None:
        nonlocal removed
        if not match.deals:
            raise RefereeError([Problem("log.deal", "nothing to undo: no deal is recorded")])
        deal = match.deals[-1]
        if deal.plays:
            entry = deal.plays.pop()
            said = describe_entry(entry) if entry is not None else "an unreadable entry"
            removed = f"deal {len(match.deals)}, entry {len(deal.plays) + 1}: {said}"
        else:
            match.deals.pop()
            removed = f"deal {len(match.deals) + 1} (dealt by {deal.dealer}, no plays yet)"
        return None

    match, rep = modify(path, change)
    return match, rep, removed


def capture_options(match: Match, rep: Replay, card: Card | None,
                    by: str | None) -> tuple[str, list[str]]:
    """Every legal way to play ``card`` now (fishing), or to beat the trick (Bura)."""
    deal_state = open_state(match, rep)
    fishing = as_fishing(deal_state)
    if fishing is not None:
        if card is None:
            raise UsageError("name the card: referee options 7D")
        return f"{card} on {' '.join(map(str, fishing.floor)) or 'an empty floor'}", \
            fishing.option_lines(card)
    state = as_bura(deal_state)
    assert state is not None
    player = by or state.to_move()
    assert player is not None
    if not state.trick:
        return f"{player} leads", ["any 1 card, or 2 or 3 cards of one suit"]
    if state.known_cards(player) is None:
        raise RefereeError([Problem("hand.not-held", f"{player}'s hand is not recorded, so "
                                    "the ways to beat the trick cannot be listed")])
    ways = state.options(player)
    label = f"{player} to beat {' '.join(map(str, state.holder[1] if state.holder else ()))}"
    return label, [" ".join(map(str, w)) for w in ways] or ["none: no set of their cards beats it"]


def export(path: Path) -> bytes:
    """The canonical log with every derived figure filled in."""
    match, rep = open_match(path)
    return dumps(with_derived(match, rep))
