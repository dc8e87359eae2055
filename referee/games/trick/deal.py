"""The trick-game core shared by Bura and Kozel (rules.md §3, §3a): entries checked and
applied. ``check`` judges an entry against the state without changing it and returns a
:class:`Ruling`; ``apply`` carries that ruling out. Multi-card leads of one suit, follows
of as many cards, each later player taking over the trick by beating the cards that hold
it, the draw back to a full hand, recorded hands that may lag behind the draws, forfeits.
Each game adds its own entries and scoring through a few hooks; rule ids are the game's own
(``bura.lead``, ``kozel.lead``, …). The state is :mod:`referee.games.trick.state`, what a
person sees :mod:`referee.games.trick.view`, the cards :mod:`referee.games.trick.cards`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cards import SHORT_DECK, Card
from referee.games.base import Illegal, first_legal
from referee.games.events import Claimed, Declared, Event, Followed, Forfeited, Led, TrickTaken
from referee.games.trick.cards import card_points
from referee.games.trick.ruling import Draw, Ending, Outcome, Ruling, Standing
from referee.games.trick.state import TrickState
from referee.messages import fact
from referee.record import Entry, TrickEntry

if TYPE_CHECKING:
    import random

    from referee.games.base import MatchSoFar
    from referee.games.spec import GameSpec
    from referee.record import Match


class TrickDeal(TrickState):
    """One deal of a trick game. Subclasses give the hand size, their other entries
    (through :meth:`check_special` and :meth:`apply_special`), how a deal ends and its
    scoring."""

    @classmethod
    def simulate_deal(
        cls, spec: GameSpec, match: Match, dealer: str, carry: MatchSoFar, rng: random.Random
    ) -> None:
        """The trick core's simulated player (:mod:`referee.games.trick.sim`), with the
        game's declarations, claims and forfeits as ``spec`` lists them."""
        from referee.games.trick.sim import play_trick_deal  # only when simulating

        play_trick_deal(cls, spec, match, dealer, carry, rng)

    # --- checking: pure, raises Illegal or returns the ruling ---------------------------

    def check(self, entry: Entry) -> Ruling:
        """Judge ``entry`` in the state now without changing anything: raise Illegal if it
        breaks a rule, else return the ruling that :meth:`apply` carries out."""
        assert isinstance(entry, TrickEntry)
        standing = self.standing(entry)
        self.check_open(entry, standing.outcome)
        if entry.kind != "cards":
            return self.check_special(entry, standing)
        if self.trick:
            return self.check_follow(entry)
        return self.check_lead(entry, standing)

    def standing(self, entry: TrickEntry) -> Standing:
        """What ``entry`` meets (Bura: its pending declarations judged first)."""
        return Standing(self.outcome)

    def check_open(self, entry: TrickEntry, outcome: Outcome | None) -> None:
        """Refuse any entry after the deal has ended (``outcome``) or, in a played-out
        deal, one that may not follow its last trick."""
        if outcome is None:
            if self.played_out and not self.may_follow_last_trick(entry):
                raise Illegal(
                    self.after_last_rule(entry),
                    fact("trick.played-out", then=self.after_last_trick()),
                )
            return
        raise Illegal(
            self.closed_rule(outcome),
            fact("trick.ended", how=outcome.how),
        )

    def may_follow_last_trick(self, entry: TrickEntry) -> bool:
        """May ``entry`` follow the last trick of a played-out deal?"""
        return False

    def after_last_rule(self, entry: TrickEntry) -> str:
        """The rule refusing ``entry`` after the last trick: a play is ``hand.count``."""
        return "hand.count"

    def closed_rule(self, outcome: Outcome) -> str:
        """The rule that forbids an entry after ``outcome`` ended the deal."""
        return self.rule("forfeit")

    def check_special(self, entry: TrickEntry, standing: Standing) -> Ruling:
        """A declaration, claim or forfeit (whichever the game has)."""
        raise Illegal("log.play", fact("trick.no-such-entry", game=self.game, kind=entry.kind))

    def check_lead(self, entry: TrickEntry, standing: Standing) -> Ruling:
        """[*.lead] The leader (or the player a declaration gave the lead) plays 1 card or
        up to a hand's worth of one suit."""
        by, cards = entry.by, entry.cards
        expected = standing.must_lead or self.leader
        if by != expected:
            raise Illegal(
                "turn.order",
                fact("trick.lead.turn.declared", player=expected, by=by)
                if standing.must_lead
                else fact("trick.lead.turn", player=expected, by=by),
            )
        self.check_cards(by, cards)
        plays = self.legal_plays(by)
        if plays.ruling(cards) is None:
            k = self.hand_size
            why = (
                fact("trick.lead.suits", cards=cards)
                if 1 <= len(cards) <= k
                else fact("trick.lead.count", k=k, count=len(cards))
            )
            raise Illegal(self.rule("lead"), why, *first_legal(plays, plays.count))
        return Ruling(
            entry, (self.rule("lead"),), settle=standing.settle, lead=True, holder=(by, cards)
        )

    def check_follow(self, entry: TrickEntry) -> Ruling:
        """[*.follow] [*.beat] [*.trick] The next player plays as many cards as were led;
        cards that beat those holding the trick take it over; the last follow completes
        the trick, and the draw after it follows."""
        by, cards = entry.by, entry.cards
        expected = self.after[self.trick[-1][0]]
        if by != expected:
            raise Illegal("turn.order", fact("trick.follow.turn", player=expected, by=by))
        self.check_cards(by, cards)
        plays = self.legal_plays(by)
        play = plays.ruling(cards)
        led = len(self.trick[0][1])
        if play is None:
            raise Illegal(
                self.rule("follow"),
                fact("trick.follow.count", n=led, player=by, count=len(cards)),
                *first_legal(plays, plays.count),
            )
        holder = self.holder
        assert holder is not None
        if play.beats:
            holder = (by, cards)
        rules = (self.rule("follow"), self.rule("beat"), self.rule("trick"))
        if len(self.trick) + 1 < self.n:
            return Ruling(entry, rules, holder=holder)
        winner = holder[0]
        outcome = self.trick_outcome(winner)
        draw = None if outcome is not None else self.draw_after(winner, led)
        return Ruling(entry, rules, holder=holder, winner=winner, draw=draw, outcome=outcome)

    def trick_outcome(self, winner: str) -> Outcome | None:
        """How taking this trick ends the deal, if it does (Bura's trick of two Buras: no
        draw follows it)."""
        return None

    def check_cards(self, by: str, cards: tuple[Card, ...]) -> None:
        """The cards exist, are unplayed, and can be in ``by``'s hand (rules.md's order of
        checking: card.deck, card.duplicate, hand.not-held, hand.count)."""
        for c in cards:
            if c not in SHORT_DECK:
                raise Illegal("card.deck", fact("trick.card.deck", card=c, deck=self.deck_name))
        if len(set(cards)) != len(cards):
            raise Illegal("card.duplicate", fact("card.named-twice", cards=cards))
        for c in cards:
            if c in self.used:
                raise Illegal(
                    "card.duplicate",
                    fact("card.used", card=c, where=self.where_used(c)),
                )
        self.check_held(by, cards)
        count = len(cards)
        if count > self.held[by]:
            raise Illegal(
                "hand.count",
                fact("trick.hand.count", n=self.held[by], player=by, count=count),
            )

    def check_held(self, by: str, cards: tuple[Card, ...]) -> None:
        """[hand.not-held] Another player's shown card, the turned-up trump before it is
        drawn or after another drew it, a card not (yet) in ``by``'s recorded hand."""
        for c in cards:
            owner = self.shown.get(c)
            if owner is not None and owner != by:
                raise Illegal(
                    "hand.not-held",
                    fact("trick.held.shown", player=by, card=c, owner=owner),
                )
        if self.trump in cards:
            if self.trump_holder is None:
                raise Illegal(
                    "hand.not-held",
                    fact("trick.held.trump-under", card=self.trump),
                )
            if self.trump_holder != by:
                raise Illegal(
                    "hand.not-held",
                    fact(
                        "trick.held.trump-drawn",
                        player=by,
                        card=self.trump,
                        owner=self.trump_holder,
                    ),
                )
        listed = self.listed.get(by)
        if listed is not None:
            received = self.drawn[by]
            for c in cards:  # unplayed (checked before) and listed among the cards received
                if listed.get(c, received) >= received:
                    raise Illegal("hand.not-held", fact("hand.not-held", player=by, card=c))

    # --- applying: carries out a ruling ------------------------------------------------

    def apply(self, entry: Entry) -> list[Event]:
        """Check ``entry`` and carry out its ruling, returning what it did (a lead or a
        follow and the trick taken; a declaration, a claim, a forfeit); on Illegal nothing
        has changed."""
        ruling = self.check(entry)
        if ruling.settle:
            self.settle()
        if ruling.entry.kind == "cards":
            events = self.apply_cards(ruling)
        else:
            self.apply_special(ruling)
            events = [self.announced_event(ruling)]
        self.entries += 1
        return events

    def announced_event(self, ruling: Ruling) -> Event:
        """What a declaration, claim or forfeit did, as a value (its first event)."""
        entry = ruling.entry
        if entry.kind == "declare":
            return Declared(entry.by, entry.declares or "", entry.cards)
        if entry.kind == "claim":
            upheld = ruling.outcome is not None and ruling.outcome.kind is Ending.WIN
            return Claimed(entry.by, self.points[entry.by], upheld)
        return Forfeited(entry.by, entry.forfeit or "")

    def settle(self) -> None:
        """Judge pending declarations for good (Bura; the entry is not a declaration)."""

    def apply_special(self, ruling: Ruling) -> None:
        """A claim or forfeit ends the deal as ruled; the game applies its others."""
        self.outcome = ruling.outcome

    def apply_cards(self, ruling: Ruling) -> list[Event]:
        """A lead or a follow, and the trick it completes taken: what happened."""
        by, cards = ruling.entry.by, ruling.entry.cards
        events: list[Event]
        if ruling.lead:
            self.trick = [(by, cards)]
            events = [Led(by, cards)]
        else:
            assert self.holder is not None and ruling.holder is not None
            holds = ruling.holder[0] == by
            events = [Followed(by, cards, holds, *self.holder)]
            self.trick.append((by, cards))
        self.holder = ruling.holder
        trick = self.tricks + 1
        for c in cards:
            self.used[c] = (by, trick)
        self.held[by] -= len(cards)
        if ruling.winner is not None:
            events.append(self.take_trick(ruling.winner, ruling))
        return events

    def take_trick(self, winner: str, ruling: Ruling) -> TrickTaken:
        """[*.trick] The winner takes the trick's cards and leads next; the draw follows."""
        taken = [c for _, cards in self.trick for c in cards]
        self.points[winner] += card_points(taken)
        self.taken[winner].extend(taken)
        self.won_tricks[winner] += 1
        self.last_trick = (winner, tuple(self.trick))
        took = TrickTaken(winner, self.tricks + 1)
        self.trick = []
        self.holder = None
        self.tricks += 1
        self.leader = winner
        if ruling.outcome is not None:
            self.outcome = ruling.outcome
        if ruling.draw is not None:
            self.take_draw(ruling.draw)
        return took

    def take_draw(self, draw: Draw) -> None:
        """[*.draw] Everyone draws ``k``, or nobody ever again; the trump to its drawer."""
        if draw.stop:
            self.stopped = True
            return
        for p in self.players:
            self.held[p] += draw.k
            self.drawn[p] += draw.k
        self.stock -= draw.k * self.n
        if draw.trump_to is not None:
            self.trump_holder = draw.trump_to
        self.record_problems.extend(draw.problems)

    # --- at the table -------------------------------------------------------------------

    def table_entry(
        self, by: str | None, cards: tuple[Card, ...], takes: tuple[Card, ...] | None, trail: bool
    ) -> Entry:
        return TrickEntry(by or self.to_move() or "", cards)

    def default_author(self, kind: str) -> str | None:
        """A claim not said to be anyone's is the last trick's winner's."""
        if kind == "claim":
            return self.last_trick[0] if self.last_trick is not None and not self.trick else None
        return self.to_move() if kind == "cards" else None
