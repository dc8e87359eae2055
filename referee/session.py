"""Plain functions behind the commands: load and check a log, add one entry safely, undo.

Each takes paths and values and returns data; the CLI only parses arguments and renders.
Every change is checked against a full replay before anything is written, under a lock,
and written atomically.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from referee.cards import Card, CardError, read_typed_cards
from referee.games.base import Carry, DealState, Illegal, Options
from referee.logfile import dumps, load, locked, write_atomic, write_new
from referee.logformat import MAX_DEALS, new_match
from referee.match import (
    DealSummary,
    Replay,
    add_finished,
    illegal_problem,
    open_deal,
    replay,
    replay_last,
    start_deal,
    with_derived,
)
from referee.messages import Msg, join, m
from referee.params import Value
from referee.problems import Problem, RefereeError, deal_path
from referee.record import Deal, Entry, Match, TrickEntry, describe_entry
from referee.registry import GAMES
from referee.usage import UsageError


def open_match(path: Path, label: Path | None = None) -> tuple[Match, Replay]:
    """Load and replay a log; any problem at all is raised (a table command needs a clean
    log to build on). Messages name ``label`` (the path as typed) when given."""
    match, problems = load(path, label)
    if match is None:
        raise RefereeError(problems)
    rep = replay(match, problems)
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


def create(
    path: Path,
    game: str,
    players: list[str],
    variant: str | None,
    overrides: dict[str, Value],
    event: str | None,
    date: dt.date | None,
) -> Match:
    """Start a new match file; an existing file is never overwritten."""
    match, problems = new_match(game, players, variant, overrides, event, date)
    if match is None or problems:
        raise RefereeError(problems)
    write_new(path, dumps(match))
    return match


def modify(path: Path, change: Callable[[Match, Replay], Replay | None]) -> tuple[Match, Replay]:
    """Lock, load, check, apply ``change`` (which raises on a bad entry), write atomically.

    ``change`` returns the replay brought up to date, or None to have the whole match
    replayed again (for changes other than one more entry)."""
    with locked(path) as real:
        match, rep = open_match(real, path)
        updated = change(match, rep)
        if updated is None:
            clear_derived(match)  # recomputed from what remains, never carried over
            updated = replay(match)
            if updated.problems:  # a checked change cannot cause one; refuse to write it
                raise RefereeError(updated.problems)
        write_atomic(real, dumps(with_derived(match, updated)))
        return match, updated


def clear_derived(match: Match) -> None:
    """Forget the stored deal scores and result: a replay derives them again."""
    for deal in match.deals:
        deal.score = None
    match.result_totals = None
    match.result_winner = None


def parse_card_list(text: str, what: str) -> tuple[Card, ...]:
    """Cards as typed at the table: ``10 H`` and ``♥10`` are read too; a mistake is
    explained (``1S``: an ace is A)."""
    try:
        return read_typed_cards(text)
    except CardError as err:
        raise RefereeError(
            [Problem("log.card", m("{what}: {error}", what=what, error=err.args[0]))]
        ) from None


def player_named(match: Match, name: str, what: str = "") -> str:
    """The player meant by ``name``: exact, or case-insensitively when that is unambiguous;
    otherwise a ``log.players`` problem that lists the players and suggests the nearest."""
    if name in match.players:
        return name
    folded = [p for p in match.players if p.casefold() == name.strip().casefold()]
    if len(folded) == 1:
        return folded[0]
    import difflib

    near = difflib.get_close_matches(
        name.casefold(), [p.casefold() for p in match.players], n=1, cutoff=0.6
    )
    said = m("{name} is not a player ({players})", name=name, players=join(match.players))
    if near:
        guess = next(p for p in match.players if p.casefold() == near[0])
        said = m("{problem}; did you mean {name}?", problem=said, name=guess)
    if what:
        said = m("{what}: {error}", what=what, error=said)
    raise RefereeError([Problem("log.players", said)])


def add_deal(
    path: Path,
    dealer: str | None,
    floor: str | None,
    extra: str | None,
    trump: str | None,
    hands: dict[str, str],
    note: str | None = None,
) -> tuple[Match, Replay]:
    """Record a new deal after checking its set-up."""

    def change(match: Match, rep: Replay) -> Replay | None:
        if rep.over:
            raise RefereeError(
                [
                    Problem(
                        f"{match.game}.match",
                        decided_said(rep, m("no deal may follow")),
                    )
                ]
            )
        if rep.state is not None and not rep.state.finished:
            raise RefereeError(
                [
                    Problem(
                        "deal.conservation",
                        m(
                            "deal {deal} is not finished; finish it (or undo it) before dealing "
                            "again",
                            deal=len(match.deals),
                        ),
                    )
                ]
            )
        if len(match.deals) >= MAX_DEALS:
            raise RefereeError(
                [
                    Problem(
                        "log.deal",
                        m(
                            "a match log holds at most {count} deals; referee will not write "
                            "one it would refuse to read",
                            count=MAX_DEALS,
                        ),
                    )
                ]
            )
        who = player_named(match, dealer, "dealer") if dealer else rep.next_dealer
        if who is None:
            raise UsageError(m("name the dealer of the first deal"))
        if rep.next_dealer is not None and who != rep.next_dealer:
            raise RefereeError(
                [
                    Problem(
                        f"{match.game}.deal.dealer",
                        m("{player} deals next, not {dealer}", player=rep.next_dealer, dealer=who),
                    )
                ]
            )
        deal = Deal(who, note=note or None)
        setup = GAMES[match.game].setup
        if "trump" in setup:
            if not trump:
                raise UsageError(m("name the turned-up trump card"))
            cards = parse_card_list(trump, "trump")
            if len(cards) != 1:
                raise UsageError(m("the trump is one card, not {count}", count=len(cards)))
            deal.trump = cards[0]
        else:
            if not floor:
                raise UsageError(m("name the opening floor (or pool), as 5H 3C 9D KS"))
            deal.floor = parse_card_list(floor, "floor")
            if extra:
                key = setup[-1]  # buried (Basra) or returned (Pasur)
                setattr(deal, key, parse_card_list(extra, key))
        if hands:
            named = {player_named(match, p, "hand"): text for p, text in hands.items()}
            deal.hands = {
                p: parse_card_list(named[p], m("{player}'s hand", player=p))
                for p in match.players
                if p in named
            }
        carry = rep.carry or Carry(dict(rep.totals))
        state = start_deal(match, deal, len(match.deals), carry)
        problems = state.setup_problems()
        if problems:
            raise RefereeError(problems)
        match.deals.append(deal)
        open_deal(rep, state)  # nothing derived changes: no need to replay it all again
        return rep

    return modify(path, change)


def decided_said(rep: Replay, then: Msg | None = None) -> Msg:
    """That the match is decided, and who won it."""
    said = (
        m("the match is decided: {player} won", player=rep.winner)
        if rep.winner
        else m("the match is decided: nobody won")
    )
    return m("{said}; {then}", said=said, then=then) if then is not None else said


def open_state(match: Match, rep: Replay) -> DealState:
    """The deal an entry goes to: the one in progress, or a finished one still open to an
    entry (a Bura claim after the last trick); otherwise a clear error."""
    state = rep.state
    if state is not None and (not state.finished or state.can_follow()):
        return state
    if rep.over:
        raise RefereeError([Problem(f"{match.game}.match", decided_said(rep))])
    if match.deals:
        raise RefereeError(
            [
                Problem(
                    "log.deal",
                    m(
                        "deal {deal} is finished; record the next with `referee deal`",
                        deal=len(match.deals),
                    ),
                )
            ]
        )
    raise RefereeError(
        [Problem("log.deal", m("no deal is in progress; record one with `referee deal`"))]
    )


class Recorded(NamedTuple):
    """What a table entry did: the match and replay after it, and what happened in words."""

    match: Match
    rep: Replay
    events: list[str]

    @property
    def entry(self) -> Entry:
        """The entry as recorded (its player's name as the log spells it)."""
        entry = self.match.deals[-1].plays[-1]
        assert entry is not None
        return entry

    @property
    def finished_deal(self) -> DealSummary | None:
        """The deal this entry finished (or decided anew), if it did."""
        deals = self.rep.deals
        state = self.rep.state
        if (
            deals
            and deals[-1].number == len(self.match.deals)
            and state is not None
            and state.finished
        ):
            return deals[-1]
        return None


def add_entry(
    path: Path, build: Callable[[Match, DealState], Entry], note: str | None = None
) -> Recorded:
    """Check one entry against the deal in progress and record it (with ``note``, free
    text); nothing is written when it breaks a rule."""
    events: list[str] = []

    def change(match: Match, rep: Replay) -> Replay | None:
        state = open_state(match, rep)
        reopened = state.finished  # already scored as it stood: replay it all again
        entry = build(match, state)
        if note:
            entry = entry._replace(note=note)
        deal = match.deals[-1]
        said = len(state.events)
        try:
            state.apply(entry)
        except Illegal as err:
            raise RefereeError(
                [illegal_problem(err, len(match.deals) - 1, len(deal.plays))]
            ) from None
        if state.record_problems:
            raise RefereeError(state.record_problems)
        deal.plays.append(entry)
        events.extend(state.events[said:])
        if reopened:
            return None
        if state.finished and not add_finished(rep, state):
            raise RefereeError(rep.problems)
        return rep

    match, rep = modify(path, change)
    return Recorded(match, rep, events)


def add_hand(path: Path, name: str, text: str, replace: bool = False) -> tuple[Match, Replay, str]:
    """Append cards that ``name`` received (a later round's cards, a Bura draw) to their
    recorded hand in the current deal, or with ``replace`` put these cards in its place (no
    cards: forget it); checked by replaying the deal with them."""
    said = ""

    def change(match: Match, rep: Replay) -> Replay | None:
        nonlocal said
        state = open_state(match, rep)
        player = player_named(match, name, "NAME")
        cards = parse_card_list(text, "CARDS")
        if not cards and not replace:
            raise UsageError(m('name the cards received: referee hand NAME "CARDS"'))
        deal = match.deals[-1]
        hands = dict(deal.hands or {})
        listed = () if replace else hands.get(player, ())
        got = len(listed) + len(cards)
        if got > state.received(player):
            raise RefereeError(
                [
                    Problem(
                        "hand.count",
                        m(
                            "{player} has received {count} cards so far in deal {deal}; with "
                            "these the hand would list {got}",
                            player=player,
                            count=state.received(player),
                            deal=len(match.deals),
                            got=got,
                        ),
                        deal_path(len(match.deals) - 1, f"hands.{player}"),
                    )
                ]
            )
        hands[player] = (*listed, *cards)
        if not hands[player]:
            del hands[player]
        deal.hands = {p: hands[p] for p in match.players if p in hands} or None
        said = m(
            "{player}'s hand in deal {deal}: {cards}",
            player=player,
            deal=len(match.deals),
            cards=hands.get(player, ()) or m("not recorded"),
        )
        return None

    match, rep = modify(path, change)
    return match, rep, said


def table_play(
    cards: tuple[Card, ...], takes: tuple[Card, ...] | None, trail: bool, by: str | None
) -> Callable[[Match, DealState], Entry]:
    """A play as typed at the table: one fishing card (with its capture, filled in when
    there is one legal way) or the cards of a lead or follow."""

    def build(match: Match, state: DealState) -> Entry:
        if "card" in GAMES[match.game].entries:
            if len(cards) != 1:
                raise UsageError(m("play one card at a time, not {count}", count=len(cards)))
        elif takes is not None or trail:
            raise UsageError(
                m(
                    "this is a {game} match: a play names the cards led or followed, nothing taken",
                    game=match.game,
                )
            )
        player = player_named(match, by, "by") if by else None
        try:
            return state.table_entry(player, cards, takes, trail)
        except Illegal as err:
            raise RefereeError(
                [Problem(err.rule, err.message, deal_path(len(match.deals) - 1))]
            ) from None

    return build


def trick_entry(entry: TrickEntry) -> Callable[[Match, DealState], Entry]:
    """Build a declaration, claim or forfeit; a claim with no name is for the player who
    took the last trick."""

    def build(match: Match, state: DealState) -> Entry:
        spec = GAMES[match.game]
        key = {"declare": "declares"}.get(entry.kind, entry.kind)
        if key not in spec.entries:
            said = {
                "declare": m("{game} has no declarations", game=match.game),
                "claim": m("{game} has no claims", game=match.game),
                "forfeit": m("{game} has no forfeits", game=match.game),
            }
            raise UsageError(said[entry.kind])
        if entry.declares is not None and entry.declares not in spec.declarations:
            raise UsageError(
                m(
                    "NAME is one of {names}, not {name}",
                    names=join(spec.declarations),
                    name=repr(entry.declares),
                )
            )
        by = entry.by or state.who(entry.kind)
        if not by:
            raise UsageError(m("say who"))
        return entry._replace(by=player_named(match, by, "by"))

    return build


def claim_verdict(recorded: Recorded) -> str | None:
    """The ruling on a claim just recorded, in words (None if the deal is still open)."""
    by = recorded.entry.by
    done = recorded.finished_deal
    if done is None:
        return None
    result = done.result
    pts = result.breakdown[by]["card_points"]
    if result.winner == by:
        return m(
            "{player} claims 31 with {points} card points: upheld: wins the deal.",
            player=by,
            points=pts,
        )
    return m(
        "{player} claims 31 with {points} card points: not upheld: the pot is doubled and each "
        "opponent scores 2.",
        player=by,
        points=pts,
    )


def undo(path: Path) -> tuple[Match, Replay, str]:
    """Remove the last recorded entry (or the last deal, when it has no entries yet); the
    scores and result it had decided are recomputed from what remains."""
    removed = ""

    def change(match: Match, rep: Replay) -> Replay | None:
        nonlocal removed
        if not match.deals:
            raise RefereeError([Problem("log.deal", m("nothing to undo: no deal is recorded"))])
        deal = match.deals[-1]
        if not deal.plays:
            match.deals.pop()
            removed = m(
                "deal {deal} (dealt by {dealer}, no plays yet)",
                deal=len(match.deals) + 1,
                dealer=deal.dealer,
            )
            return None
        entry = deal.plays.pop()
        said = describe_entry(entry) if entry is not None else m("an unreadable entry")
        removed = m(
            "deal {deal}, entry {entry}: {said}",
            deal=len(match.deals),
            entry=len(deal.plays) + 1,
            said=said,
        )
        clear_derived(match)
        again = replay_last(rep)  # only the last deal changed: replay it alone
        if again.problems:  # a prefix of a clean deal cannot have one; refuse to write
            raise RefereeError(again.problems)
        return again

    match, rep = modify(path, change)
    return match, rep, removed


def capture_options(
    match: Match, rep: Replay, card: Card | None, by: str | None, limit: int | None = None
) -> Options:
    """The legal ways to play ``card`` now (fishing), or to beat the trick: strongest
    first, the first ``limit`` lines described, all counted."""
    state = open_state(match, rep)
    if card is None and "card" in GAMES[match.game].entries:
        raise UsageError(m("name the card: referee options 7D"))
    return state.legal_options(card, player_named(match, by, "by") if by else None, limit)


def export(path: Path) -> bytes:
    """The canonical log with every derived figure filled in."""
    match, rep = open_match(path)
    return dumps(with_derived(match, rep))
