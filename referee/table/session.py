"""The table service: what each table command does to one match log, as one object.

A :class:`Table` stands for a log at a path. Every change is made the same way: under the
writers' lock, the log is read and replayed, the change is checked against the replay, and
only then written atomically; each method returns what it recorded. Commands that only
read never write. The CLI and ``live`` parse arguments and render what comes back.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from referee.cards import Card
from referee.games.base import DealState, Illegal, MatchSoFar, Options, present
from referee.games.events import Event
from referee.games.spec import FISHING
from referee.log.file import dumps, locked, write_atomic, write_new
from referee.log.format import MAX_DEALS, new_match
from referee.match import (
    DealSummary,
    Replay,
    add_finished,
    clear_derived,
    illegal_problem,
    open_deal,
    replay,
    replay_last,
    snapshot,
    start_deal,
    with_derived,
)
from referee.messages import Msg, join, sentence
from referee.params import Value
from referee.problems import Problem, RefereeError, deal_path
from referee.record import Deal, Entry, Match, TrickEntry, describe_entry
from referee.registry import GAMES
from referee.table.checks import deal_setup, draws_first, no_such_entry
from referee.table.reading import LONG_LOG, open_log, open_match
from referee.table.typed import parse_card_list, player_named
from referee.table.usage import UsageError
from referee.words.sentences import said_json

if TYPE_CHECKING:
    from referee.games.outcomes import Outcome

T = TypeVar("T")
Change = Callable[[Match, Replay], tuple[Replay | None, T]]


def decided_said(replayed: Replay, then: Msg | None = None) -> Msg:
    """That the match is decided, and who won it."""
    said = (
        sentence("the match is decided: {player} won", player=replayed.winner)
        if replayed.winner
        else sentence("the match is decided: nobody won")
    )
    return sentence("{said}; {then}", said=said, then=then) if then is not None else said


def open_state(match: Match, replayed: Replay) -> DealState:
    """The deal an entry goes to: the one in progress, or a finished one still open to an
    entry (a Bura claim after the last trick); otherwise a clear error."""
    state = replayed.state
    if state is not None and (not state.finished or state.can_follow()):
        return state
    if replayed.over:
        raise RefereeError([Problem(f"{match.game}.match", decided_said(replayed))])
    if match.deals:
        raise RefereeError(
            [
                Problem(
                    "log.deal",
                    sentence(
                        "deal {deal} is finished; record the next with `referee deal`",
                        deal=len(match.deals),
                    ),
                )
            ]
        )
    raise RefereeError(
        [Problem("log.deal", sentence("no deal is in progress; record one with `referee deal`"))]
    )


class Recorded(NamedTuple):
    """What a table entry did: the match and replay after it, and what happened, as values
    (:mod:`referee.games.events`; :func:`referee.words.said_back` says them)."""

    match: Match
    replayed: Replay
    events: list[Event | str]

    @property
    def entry(self) -> Entry:
        """The entry as recorded (its player's name as the log spells it)."""
        entry = self.match.deals[-1].plays[-1]
        assert entry is not None
        return entry

    @property
    def finished_deal(self) -> DealSummary | None:
        """The deal this entry finished (or decided anew), if it did."""
        deals = self.replayed.deals
        state = self.replayed.state
        if (
            deals
            and deals[-1].number == len(self.match.deals)
            and state is not None
            and state.finished
        ):
            return deals[-1]
        return None

    def outcomes(self) -> list[Outcome]:
        """What the entry did to the match when it ended a deal, as values: the deal
        scored, the totals after it and, once decided, the winner (none otherwise)."""
        from referee.games.outcomes import DealScored, MatchDecided, MatchTotals

        done = self.finished_deal
        if done is None:
            return []
        sides = tuple(self.match.sides)
        result = done.result
        out: list[Outcome] = [
            DealScored(
                self.match.game, done.number, sides, result.score, result.breakdown, result.how
            ),
            MatchTotals(
                sides,
                self.replayed.totals,
                self.match.rules["target"],
                GAMES[self.match.game].lower_wins,
            ),
        ]
        if self.replayed.over:
            out.append(MatchDecided(self.replayed.winner))
        return out


class Said(NamedTuple):
    """What a change other than an entry did: the match and replay after it, in words."""

    match: Match
    replayed: Replay
    said: str


class Table:
    """One match log at the table. Each method that changes the log holds the writers' lock
    from its read to its write, checks the change against a full replay, and returns what it
    recorded; nothing is written when a check fails."""

    def __init__(self, path: Path, label: Path | None = None) -> None:
        self.path = path
        self.label = label or path

    def open(self) -> tuple[Match, Replay]:
        """The match and its replay, refused when the log has any problem."""
        return open_match(self.path, self.label)

    def create(
        self,
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
        write_new(self.path, dumps(match))
        return match

    def change(self, change: Change[T]) -> tuple[Match, Replay, T]:
        """Lock, load, check, apply ``change``, write atomically; what ``change`` returned.

        ``change`` returns the replay brought up to date (or None to have the whole match
        replayed again, for changes other than one more entry) and what it did. A change
        brought up to date touches the last deal only: the deals that came through the
        log's memo have their bytes written again as read (table/memo.py)."""
        with locked(self.path) as real:
            opened = open_log(real, self.label, keep=False)
            match, replayed = opened.match, opened.replayed
            updated, what = change(match, replayed)
            if updated is None:
                clear_derived(match)  # recomputed from what remains, never carried over
                updated = replay(match)
                if updated.problems:  # a checked change cannot cause one; refuse to write
                    raise RefereeError(updated.problems)
            with_derived(match, updated)
            tail, kept = None, opened.kept  # the deals the memo held: a change to the last
            if kept is not None and replayed is updated and len(match.deals) > kept:
                from referee.table.memo import canonical_tail

                tail = canonical_tail(match, kept)  # those deals' bytes stand as they were
            data = dumps(match) if tail is None else opened.raw[: opened.head] + tail
            write_atomic(real, data)
            if len(data) >= LONG_LOG and (kept is None or len(match.deals) != kept + 1):
                from referee.table.memo import remember  # for a long log only

                remember(real, data, match, updated, written=True)
            return match, updated, what

    def deal(
        self,
        dealer: str | None,
        setup: dict[str, str],
        hands: dict[str, str],
        note: str | None = None,
    ) -> tuple[Match, Replay]:
        """Record a new deal after checking its set-up."""

        def change(match: Match, replayed: Replay) -> tuple[Replay | None, None]:
            deal = Deal(self._next_dealer(match, replayed, dealer), note=note or None)
            deal_setup(match, deal, setup)
            if hands:
                named = {player_named(match, p, "hand"): text for p, text in hands.items()}
                deal.hands = {
                    p: parse_card_list(named[p], sentence("{player}'s hand", player=p))
                    for p in match.players
                    if p in named
                }
            carry = replayed.carry or MatchSoFar(dict(replayed.totals))
            state = start_deal(match, deal, len(match.deals), carry)
            problems = state.setup_problems()
            if problems:
                raise RefereeError(problems)
            match.deals.append(deal)
            replayed.before_last = snapshot(replayed)
            open_deal(replayed, state)  # nothing derived changes: no need to replay it all again
            return replayed, None

        match, replayed, _ = self.change(change)
        return match, replayed

    @staticmethod
    def _next_dealer(match: Match, replayed: Replay, dealer: str | None) -> str:
        """Who deals the next deal: as named, checked against whose turn it is to deal."""
        if replayed.over:
            said = decided_said(replayed, sentence("no deal may follow"))
            raise RefereeError([Problem(f"{match.game}.match", said)])
        if replayed.state is not None and not replayed.state.finished:
            said = sentence(
                "deal {deal} is not finished; finish it (or undo it) before dealing again",
                deal=len(match.deals),
            )
            raise RefereeError([Problem("deal.conservation", said)])
        if len(match.deals) >= MAX_DEALS:
            said = sentence(
                "a match log holds at most {count} deals; referee will not write one it "
                "would refuse to read",
                count=MAX_DEALS,
            )
            raise RefereeError([Problem("log.deal", said)])
        who = player_named(match, dealer, "dealer") if dealer else replayed.next_dealer
        if who is None:
            raise UsageError(sentence("name the dealer of the first deal"))
        if replayed.next_dealer is not None and who != replayed.next_dealer:
            said = sentence(
                "{player} deals next, not {dealer}", player=replayed.next_dealer, dealer=who
            )
            raise RefereeError([Problem(f"{match.game}.deal.dealer", said)])
        return who

    def enter(
        self, build: Callable[[Match, DealState], Entry], note: str | None = None
    ) -> Recorded:
        """Check one entry (``build`` makes it from the deal in progress) and record it, with
        ``note`` (free text); nothing is written when it breaks a rule."""

        def change(match: Match, replayed: Replay) -> tuple[Replay | None, list[Event | str]]:
            state = open_state(match, replayed)
            reopened = state.finished  # already scored as it stood: replay it all again
            entry = build(match, state)
            if note:
                entry = entry._replace(note=note)
            deal = match.deals[-1]
            try:
                events = list(state.apply(entry))
            except Illegal as err:
                raise RefereeError(
                    [illegal_problem(err, len(match.deals) - 1, len(deal.plays))]
                ) from None
            if state.record_problems:
                raise RefereeError(state.record_problems)
            deal.plays.append(entry)
            if reopened:
                return None, events
            if state.finished and not add_finished(replayed, state):
                raise RefereeError(replayed.problems)
            return replayed, events

        try:
            match, replayed, events = self.change(change)
        except RefereeError as err:
            raise RefereeError([draws_first(p) for p in err.problems]) from None
        return Recorded(match, replayed, events)

    def play(
        self,
        cards: tuple[Card, ...],
        takes: tuple[Card, ...] | None,
        trail: bool,
        by: str | None,
        note: str | None = None,
    ) -> Recorded:
        """Record a play as typed at the table: one fishing card (with its capture, filled in
        when there is one legal way) or the cards of a lead or follow."""

        def build(match: Match, state: DealState) -> Entry:
            if GAMES[match.game].family == FISHING:
                if len(cards) != 1:
                    raise UsageError(
                        sentence("play one card at a time, not {count}", count=len(cards))
                    )
            elif takes is not None or trail:
                raise UsageError(
                    sentence(
                        "this is a {game} match: a play names the cards led or followed, "
                        "nothing taken",
                        game=match.game,
                    )
                )
            player = player_named(match, by, "by") if by else None
            try:
                return state.table_entry(player, cards, takes, trail)
            except Illegal as err:
                where = deal_path(len(match.deals) - 1)
                refused = Problem(err.rule, err.message, where, legal=err.legal, more=err.more)
                raise RefereeError([refused]) from None

        return self.enter(build, note)

    def announce(self, entry: TrickEntry, note: str | None = None) -> Recorded:
        """Record a declaration, a claim or a forfeit; a claim with no name is for the player
        who took the last trick."""

        def build(match: Match, state: DealState) -> Entry:
            spec = GAMES[match.game]
            if entry.declares is not None and entry.declares not in spec.declarations:
                raise UsageError(
                    sentence(
                        "NAME is one of {names}, not {name}",
                        names=join(spec.declarations),
                        name=repr(entry.declares),
                    )
                )
            by = entry.by or state.default_author(entry.kind)
            if not by:
                raise UsageError(sentence("say who"))
            return entry._replace(by=player_named(match, by, "by"))

        no_such_entry(self.open()[0].game, entry.kind)  # before any deal is looked for
        return self.enter(build, note)

    def hand(self, name: str, text: str, replace: bool = False) -> Said:
        """Append cards that ``name`` received (a later round's cards, a Bura draw) to their
        recorded hand in the current deal, or with ``replace`` put these cards in its place
        (no cards: forget it); checked by replaying the deal with them."""

        def change(match: Match, replayed: Replay) -> tuple[Replay | None, str]:
            state = open_state(match, replayed)
            player = player_named(match, name, "NAME")
            cards = parse_card_list(text, "CARDS")
            if not cards and not replace:
                raise UsageError(sentence('name the cards received: referee hand NAME "CARDS"'))
            deal = match.deals[-1]
            hands = dict(deal.hands or {})
            listed = () if replace else hands.get(player, ())
            got = len(listed) + len(cards)
            if got > state.received(player):
                said = sentence(
                    "{player} has received {count} cards so far in deal {deal}; with these "
                    "the hand would list {got}",
                    player=player,
                    count=state.received(player),
                    deal=len(match.deals),
                    got=got,
                )
                where = deal_path(len(match.deals) - 1, f"hands.{player}")
                raise RefereeError([Problem("hand.count", said, where)])
            hands[player] = (*listed, *cards)
            if not hands[player]:
                del hands[player]
            deal.hands = {p: hands[p] for p in match.players if p in hands} or None
            return last_deal_again(match, replayed), sentence(
                "{player}'s hand in deal {deal}: {cards}",
                player=player,
                deal=len(match.deals),
                cards=hands.get(player, ()) or sentence("not recorded"),
            )

        return Said(*self.change(change))

    def undo(self) -> Said:
        """Remove the last recorded entry (or the last deal, when it has no entries yet); the
        scores and result it had decided are recomputed from what remains."""
        return Said(*self.change(_undo_last))

    def options(self, card: Card | None, by: str | None, limit: int | None = None) -> Options:
        """The legal ways to play ``card`` now (fishing), or to beat the trick: strongest
        first, the first ``limit`` lines described, all counted."""
        match, replayed = self.open()
        state = open_state(match, replayed)
        _options_asked(match, card, by)
        player = player_named(match, by, "by") if by else None
        return present(state).legal_options(card, player, limit)

    def plays_json(self, card: Card | None, by: str | None) -> dict[str, object] | None:
        """The legal plays as objects for scripts, where the game gives them: those of
        ``card`` (fishing), or those of ``by`` or the player to move (trick games)."""
        match, replayed = self.open()
        state = open_state(match, replayed)
        _options_asked(match, card, by)
        plays = present(state).plays_json(card, player_named(match, by, "by") if by else None)
        if plays is None:
            return None
        return said_json(plays)

    def export(self) -> bytes:
        """The canonical log with every derived figure filled in."""
        match, replayed = self.open()
        return dumps(with_derived(match, replayed))

    def export_to(self, out: Path) -> None:
        """Write the canonical log to ``out`` atomically. Onto an existing file the writers'
        lock is held from the read to the write, so that a play recorded meanwhile is never
        written over (the source read under the lock when it is that very file)."""
        if not (out.exists() or out.is_symlink()):
            write_new(out, self.export())
            return
        with locked(out) as real:
            same = self.path.exists() and real.samefile(self.path)
            source = Table(real, self.label) if same else self
            write_atomic(real, source.export())


def _options_asked(match: Match, card: Card | None, by: str | None) -> None:
    """``options`` as a fishing game takes it: a card, and no ``--by`` (the options are
    always those of the player to move; ``--by`` names a trick game's follower)."""
    spec = GAMES[match.game]
    if spec.family != FISHING:
        return
    if card is None:
        raise UsageError(sentence("name the card: referee options 7D"))
    if by is not None:
        raise UsageError(
            sentence(
                "--by means nothing in a {game} match: the options are those of the player to move",
                game=spec.title,
            )
        )


def _undo_last(match: Match, replayed: Replay) -> tuple[Replay | None, str]:
    """Take back the last entry, or the last deal when it has none; what was removed."""
    if not match.deals:
        raise RefereeError([Problem("log.deal", sentence("nothing to undo: no deal is recorded"))])
    deal = match.deals[-1]
    if not deal.plays:
        match.deals.pop()
        return None, sentence(
            "deal {deal} (dealt by {dealer}, no plays yet)",
            deal=len(match.deals) + 1,
            dealer=deal.dealer,
        )
    entry = deal.plays.pop()
    said = describe_entry(entry) if entry is not None else sentence("an unreadable entry")
    removed = sentence(
        "deal {deal}, entry {entry}: {said}",
        deal=len(match.deals),
        entry=len(deal.plays) + 1,
        said=said,
    )
    return last_deal_again(match, replayed), removed


def last_deal_again(match: Match, replayed: Replay) -> Replay:
    """The replay after a change to the last deal alone (an entry taken back, a hand
    recorded): that deal replayed again, every earlier one standing as it was checked. A
    problem it shows refuses the change (a hand that contradicts the deal's plays)."""
    clear_derived(match)
    again = replay_last(replayed)
    if again.problems:
        raise RefereeError(again.problems)
    return again
