"""Bura's rules (rules.md §3) on the trick core: 3-card hands, the ante and the pot,
declarations, the 31 claim, forfeits as false claims, and game points."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from referee.cards import Card, sort_key
from referee.games.base import (
    FORFEITS,
    DealResult,
    Illegal,
    Line,
    MatchSoFar,
    Words,
    sole_leader,
)
from referee.games.trick.cards import POINTS
from referee.games.trick.deal import TrickDeal
from referee.games.trick.ruling import Ending, Outcome, Reason, Ruling, Standing, forfeit_outcome
from referee.games.trick.view import TrickView
from referee.messages import Fact, fact, joined
from referee.params import Value
from referee.record import Deal, TrickEntry

PRIORITY: tuple[str, ...] = ("moscow", "bura", "little-moscow", "molodka")

Declaration = tuple[str, str, tuple[Card, ...]]  # who, which, the cards shown

if TYPE_CHECKING:
    pass


def combination_ok(
    name: str, cards: tuple[Card, ...], trump: Card, needs_trump_ace: bool
) -> Fact | None:
    """Why ``cards`` do not form the declaration ``name`` against ``trump``, or None."""
    t = trump.suit
    if len(cards) != 3 or len(set(cards)) != 3:
        return fact("bura.declaration.three", cards=cards)
    if name == "bura" and not all(c.suit == t for c in cards):
        return fact("bura.declaration.bura", suit=t, cards=cards)
    if name == "moscow":
        if not all(c.rank == "A" for c in cards):
            return fact("bura.declaration.moscow", cards=cards)
        if needs_trump_ace and Card("A", t) not in cards:
            return fact("bura.declaration.moscow-ace", card=Card("A", t))
    if name == "little-moscow" and (
        not all(c.rank == "6" for c in cards) or Card("6", t) not in cards
    ):
        return fact("bura.declaration.little-moscow", card=Card("6", t), cards=cards)
    if name == "molodka" and (len({c.suit for c in cards}) != 1 or cards[0].suit == t):
        return fact("bura.declaration.molodka", cards=cards)
    return None


class BuraView(TrickView):
    """A Bura deal shown: the trick core's view, the pot, and the rulings on declarations,
    claims and forfeits."""

    state: BuraDeal

    def notes(self) -> list[Line]:
        return [(fact("bura.view.pot", pot=self.state.pot),)]

    def data(self) -> dict[str, object]:
        return {"pot": self.state.pot}

    def waiting(self) -> Fact:
        return fact("bura.waiting")

    def special(self, entry: TrickEntry) -> tuple[list[Words], Words | None]:
        """A claim's ruling and whether it was true, with the cards that counted; a
        declaration's; a forfeit's."""
        if entry.kind == "claim":
            pts = self.state.points[entry.by]
            counted = sorted(
                (c for c in self.state.taken[entry.by] if POINTS.get(c.rank)),
                key=lambda c: (-POINTS[c.rank], sort_key(c)),
            )
            cards = (
                joined(fact("bura.explain.card", card=c, points=POINTS[c.rank]) for c in counted)
                if counted
                else fact("bura.explain.no-cards")
            )
            answer = fact(
                "bura.explain.claim-was-true" if pts >= 31 else "bura.explain.claim-was-false",
                points=pts,
                cards=cards,
                needed=31,
            )
            won = "bura.explain.claim-won" if pts >= 31 else "bura.explain.claim-lost"
            return [fact(won, player=entry.by)], answer
        if entry.kind == "declare":
            declared = fact("bura.explain.declare", name=entry.declares, card=self.state.trump)
            return [declared], None
        return [fact("bura.explain.forfeit", player=entry.by)], None


class BuraDeal(TrickDeal):
    game = "bura"
    presenter = BuraView
    deck_name = fact("bura.deck")

    def __init__(
        self, players: list[str], rules: dict[str, Value], deal: Deal, index: int, carry: MatchSoFar
    ) -> None:
        super().__init__(players, rules, deal, index, carry)
        self.pending: list[Declaration] = []
        self.duel = False  # the trick being led is a duel of Buras: its winner wins the deal
        ante = int(rules["ante"])
        self.pot = carry.carried.get("pot", 0) + ante * self.n
        self.payments = {p: -ante for p in players}

    # --- state -------------------------------------------------------------------------

    @property
    def ended(self) -> Outcome | None:
        """How the deal ended if the record stopped here: pending declarations are judged
        without being resolved, so that another declaration before the same trick may
        still follow."""
        if self.pending:
            return self.judged()[0]
        return self.outcome

    def can_follow(self) -> bool:
        """A finished deal still open to an entry: another declaration before the same
        trick, or a claim after the last trick ([bura.claim.none])."""
        return self.outcome is None and (bool(self.pending) or self.played_out)

    def may_follow(self) -> Fact | None:
        """A played-out deal may still be decided by a claim; a declaration may still be
        met by another before the same trick."""
        if not self.can_follow():
            return None
        return fact("bura.may-follow.declare" if self.pending else "bura.may-follow.claim")

    def lead_override(self) -> str | None:
        return self.judged()[1] if self.pending else None

    def open_payments(self) -> dict[str, int]:
        return dict(self.payments)

    def open_pot(self) -> int:
        return self.pot

    # --- entries -----------------------------------------------------------------------

    def standing(self, entry: TrickEntry) -> Standing:
        """An entry that is not a declaration meets the declarations before it judged."""
        if self.pending and entry.kind != "declare":
            outcome, lead, duel = self.judged()
            return Standing(outcome, lead, duel, settle=True)
        return Standing(self.outcome)

    def settle(self) -> None:
        """Judge the pending declarations for good (the next entry is not one)."""
        self.outcome, _, self.duel = self.judged()
        self.pending = []

    def check_special(self, entry: TrickEntry, standing: Standing) -> Ruling:
        if entry.kind == "declare":
            return self.check_declare(entry)
        if entry.kind == "claim":
            return self.check_claim(entry, standing)
        forfeit = forfeit_outcome(entry.by, entry.forfeit)
        return Ruling(entry, ("bura.misdraw",), settle=standing.settle, outcome=forfeit)

    def apply_special(self, ruling: Ruling) -> None:
        entry = ruling.entry
        if entry.kind != "declare":
            super().apply_special(ruling)
            return
        assert entry.declares is not None
        self.pending = [*self.pending, (entry.by, entry.declares, entry.cards)]
        for c in entry.cards:
            self.shown.setdefault(c, entry.by)

    def may_follow_last_trick(self, entry: TrickEntry) -> bool:
        return entry.kind == "claim"

    def after_last_trick(self) -> Fact:
        return fact("bura.after-last.claim")

    def after_last_rule(self, entry: TrickEntry) -> str:
        """[bura.claim.none] Only a claim follows the last trick: a declaration there is
        ``bura.declare``, a forfeit ``bura.misdraw`` (the deal is no longer open)."""
        return {"declare": "bura.declare", "forfeit": "bura.misdraw"}.get(entry.kind, "hand.count")

    def closed_rule(self, outcome: Outcome) -> str:
        if outcome.reason is Reason.DECLARED_FIRST:
            return "bura.declare.first"
        if outcome.reason is Reason.DECLARED:
            return "bura.declare.priority"
        return "bura.claim"

    def check_open(self, entry: TrickEntry, outcome: Outcome | None) -> None:
        if outcome is not None and outcome.reason is Reason.DECLARED_FIRST:
            raise Illegal("bura.declare.first", fact("bura.closed.first"))
        if outcome is not None and outcome.reason is Reason.DECLARED:
            raise Illegal(
                "bura.declare.priority",
                fact("bura.closed.declared", player=outcome.player),
            )
        super().check_open(entry, outcome)

    def trick_outcome(self, winner: str) -> Outcome | None:
        if self.duel:  # the trick of two Buras ends the deal: no draw follows it
            return Outcome(Ending.WIN, winner, Reason.DECLARED, fact("bura.how.duel"))
        return None

    def check_declare(self, entry: TrickEntry) -> Ruling:
        """[bura.declare.cards] Checked in rules.md's order: the common card checks
        first, then the declaration's moment (bura.declare), then its cards. The ruling's
        outcome is the declarations before this trick judged with it."""
        self.check_cards(entry.by, entry.cards)
        if self.trick:
            raise Illegal("bura.declare", fact("bura.declare.mid-trick"))
        if any(p == entry.by for p, _, _ in self.pending):
            raise Illegal("bura.declare", fact("bura.declare.again", player=entry.by))
        name = entry.declares
        assert name is not None
        why = combination_ok(
            name, entry.cards, self.trump, bool(self.rules["moscow_needs_trump_ace"])
        )
        if why is not None:
            raise Illegal("bura.declare.cards", why)
        judged = self.judged([*self.pending, (entry.by, name, entry.cards)])
        rules = ("bura.declare", "bura.declare.cards", "bura.declare.priority")
        return Ruling(entry, rules, outcome=judged[0])

    def declaration_in(self, cards: tuple[Card, ...]) -> tuple[str, tuple[Card, ...]] | None:
        for name in PRIORITY:
            for trio in combinations(cards, 3):
                if (
                    combination_ok(
                        name, trio, self.trump, bool(self.rules["moscow_needs_trump_ace"])
                    )
                    is None
                ):
                    return name, trio
        return None

    def judged(
        self, pending: list[Declaration] | None = None
    ) -> tuple[Outcome | None, str | None, bool]:
        """[bura.declare.priority] The ruling on the declarations made before this trick
        (``pending``, those recorded by default), changing nothing: how the deal ends (if
        it does), who must lead, a duel of Buras."""
        pending = self.pending if pending is None else pending
        if not pending:
            return self.outcome, None, False
        if self.tricks == 0:
            return (
                Outcome(
                    Ending.VOID,
                    pending[0][0],
                    Reason.DECLARED_FIRST,
                    fact("bura.how.declared-first"),
                ),
                None,
                False,
            )
        start = self.players.index(self.leader)

        def rank(item: Declaration) -> tuple[int, int]:
            return (PRIORITY.index(item[1]), (self.players.index(item[0]) - start) % self.n)

        who, name, _ = min(pending, key=rank)
        if name == "moscow":
            return Outcome(Ending.WIN, who, Reason.DECLARED, fact("bura.how.moscow")), None, False
        if name == "bura":
            if sum(1 for _, n, _ in pending if n == "bura") == 1:
                return Outcome(Ending.WIN, who, Reason.DECLARED, fact("bura.how.bura")), None, False
            return None, who, True
        return None, who, False

    def check_claim(self, entry: TrickEntry, standing: Standing) -> Ruling:
        """[bura.claim] Between tricks, after at least one: true with 31 card points."""
        if self.trick:
            raise Illegal("bura.claim", fact("bura.claim.mid-trick"))
        if self.tricks == 0:
            raise Illegal("bura.claim", fact("bura.claim.early"))
        pts = self.points[entry.by]
        if pts >= 31:
            how = fact("bura.how.claim", points=pts)
            outcome = Outcome(Ending.WIN, entry.by, Reason.CLAIM, how)
        else:
            how = fact("bura.how.false-claim", points=pts)
            outcome = Outcome(Ending.LOST, entry.by, Reason.CLAIM, how)
        return Ruling(entry, ("bura.claim",), settle=standing.settle, outcome=outcome)

    # --- the end of the deal ----------------------------------------------------------

    def unfinished(self) -> Fact:
        return fact("bura.unfinished")

    def final_outcome(self) -> Outcome:
        ended = self.ended
        if ended is not None:
            return ended
        if self.rules["no_claim"] == "most_points":
            leader = sole_leader(self.points)
            if leader is not None:
                return Outcome(
                    Ending.WIN,
                    leader,
                    Reason.PLAYED_OUT,
                    fact("bura.how.most-points", points=self.points[leader]),
                )
        return Outcome(Ending.VOID, None, Reason.PLAYED_OUT, fact("bura.how.played-out"))

    def result(self) -> DealResult:
        o = self.final_outcome()
        score = dict.fromkeys(self.players, 0)
        payments = dict(self.payments)
        pot = self.pot
        winner = None
        next_dealer = self.dealer
        if o.kind is Ending.WIN:
            assert o.player is not None
            winner = o.player
            score[winner] = 1
            payments[winner] += pot
            pot = 0
            next_dealer = winner
        elif o.kind is Ending.LOST:
            assert o.player is not None
            for p in self.players:
                if p != o.player:
                    score[p] = 2
            payments[o.player] -= pot
            pot *= 2
        breakdown = {p: {"card_points": self.points[p]} for p in self.players}
        how = o.how if o.player is None else fact("trick.how.by", player=o.player, how=o.how)
        if o.kind is Ending.VOID and o.player is not None:
            how = fact("bura.how.void", player=o.player, how=o.how)
        tallies = {"payments": payments}
        if o.reason is Reason.FORFEIT and o.player is not None:
            tallies[FORFEITS] = {o.player: 1}
        return DealResult(score, breakdown, next_dealer, winner, how, {"pot": pot}, tallies)
