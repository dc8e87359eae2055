"""Bura's rules (rules.md §3): multi-card tricks, drawing, declarations, the 31 claim."""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from referee.cards import SHORT_DECK, Card, format_cards, sort_key
from referee.games.base import Carry, DealResult, DealState, Illegal
from referee.params import Value
from referee.problems import Problem
from referee.record import Deal, Entry, TrickEntry

ORDER: tuple[str, ...] = ("6", "7", "8", "9", "J", "Q", "K", "10", "A")  # low to high
POINTS: dict[str, int] = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
PRIORITY: tuple[str, ...] = ("moscow", "bura", "little-moscow", "molodka")
STRENGTH: dict[str, int] = {r: i for i, r in enumerate(ORDER)}


def card_points(cards: list[Card] | tuple[Card, ...]) -> int:
    """Bura card points: A 11, 10 10, K 4, Q 3, J 2, the rest nothing."""
    return sum(POINTS.get(c.rank, 0) for c in cards)


def beats(a: Card, b: Card, trump: str) -> bool:
    """[bura.beat] ``a`` beats ``b``: same suit and higher, or a trump on a non-trump."""
    if a.suit == b.suit:
        return STRENGTH[a.rank] > STRENGTH[b.rank]
    return a.suit == trump


def set_beats(attack: tuple[Card, ...], held: tuple[Card, ...], trump: str) -> bool:
    """Can ``attack`` be paired one to one with ``held`` so that each card beats its
    partner? A bipartite matching, found by augmenting paths (Kuhn's algorithm)."""
    if len(attack) != len(held):
        return False
    partner: dict[int, int] = {}  # held index -> attack index

    def augment(i: int, seen: set[int]) -> bool:
        for j, target in enumerate(held):
            if j in seen or not beats(attack[i], target, trump):
                continue
            seen.add(j)
            if j not in partner or augment(partner[j], seen):
                partner[j] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(attack)))


def combination_ok(name: str, cards: tuple[Card, ...], trump: Card,
                   needs_trump_ace: bool) -> str | None:
    """Why ``cards`` do not form the declaration ``name`` against ``trump``, or None."""
    t = trump.suit
    if len(cards) != 3 or len(set(cards)) != 3:
        return f"a declaration shows 3 different cards, found {format_cards(cards)}"
    if name == "bura" and not all(c.suit == t for c in cards):
        return f"a bura is three trumps ({t}); {format_cards(cards)} is not"
    if name == "moscow":
        if not all(c.rank == "A" for c in cards):
            return f"a moscow is three aces; {format_cards(cards)} is not"
        if needs_trump_ace and Card("A", t) not in cards:
            return f"with moscow_needs_trump_ace, one of the aces must be A{t}"
    if name == "little-moscow" and (not all(c.rank == "6" for c in cards)
                                    or Card("6", t) not in cards):
        return f"a little moscow is three sixes including 6{t}; {format_cards(cards)} is not"
    if name == "molodka" and (len({c.suit for c in cards}) != 1 or cards[0].suit == t):
        return (f"a molodka is three cards of one plain (non-trump) suit; "
                f"{format_cards(cards)} is not")
    return None


class Outcome(NamedTuple):
    """How a deal ended: ``win`` (winner), ``false`` (claimant lost), or ``void``."""

    kind: str
    player: str | None
    how: str


class BuraDeal(DealState):
    game = "bura"

    def __init__(self, players: list[str], rules: dict[str, Value], deal: Deal, index: int,
                 carry: Carry) -> None:
        super().__init__(players, rules, deal, index, carry)
        assert deal.trump is not None
        self.trump = deal.trump
        self.suit = deal.trump.suit
        self.hands = deal.hands
        self.held = dict.fromkeys(players, 3)
        self.drawn = dict.fromkeys(players, 3)
        self.stock = 36 - 3 * self.n  # the turned-up trump included, drawn last
        self.stopped = False
        self.trump_holder: str | None = None
        self.used: dict[Card, str] = {}
        self.leader = self.next_player(deal.dealer) if deal.dealer in players else players[0]
        self.trick: list[tuple[str, tuple[Card, ...]]] = []
        self.holder: tuple[str, tuple[Card, ...]] | None = None
        self.tricks = 0
        self.points = dict.fromkeys(players, 0)
        self.pending: list[tuple[str, str, tuple[Card, ...]]] = []
        self.must_lead: str | None = None
        self.duel = False
        self.outcome: Outcome | None = None
        ante = int(rules["ante"])
        self.pot = carry.pot + ante * self.n
        self.payments = {p: -ante for p in players}
        self.shown: dict[Card, str] = {}  # cards shown in declarations: card -> declarer
        self.last_trick: tuple[str, tuple[tuple[str, tuple[Card, ...]], ...]] | None = None

    # --- state -------------------------------------------------------------------------

    @property
    def played_out(self) -> bool:
        return (self.stopped or self.stock == 0) and all(v == 0 for v in self.held.values()) \
            and not self.trick

    @property
    def ended(self) -> Outcome | None:
        """How the deal ended if the record stopped here: pending declarations are judged
        without being resolved, so that another declaration before the same trick may
        still follow."""
        if self.pending:
            return self.judged()[0]
        return self.outcome

    @property
    def finished(self) -> bool:
        return self.ended is not None or self.played_out

    def can_follow(self) -> bool:
        """A finished deal still open to an entry: another declaration before the same
        trick, or a claim after the last trick ([bura.claim.none])."""
        return self.outcome is None and (bool(self.pending) or self.played_out)

    def received(self, player: str) -> int:
        return self.drawn[player]

    def open_payments(self) -> dict[str, int]:
        return dict(self.payments)

    def open_pot(self) -> int:
        return self.pot

    def to_move(self) -> str | None:
        if self.finished:
            return None
        if self.trick:
            return self.next_player(self.trick[-1][0])
        must_lead = self.judged()[1] if self.pending else self.must_lead
        return must_lead or self.leader

    def known_cards(self, player: str) -> tuple[Card, ...] | None:
        """The player's cards in hand now, when the record gives hands."""
        if self.hands is None or player not in self.hands:
            return None
        got = self.hands[player][:self.drawn[player]]
        return tuple(c for c in got if c not in self.used)

    def unseen(self) -> list[Card]:
        """Cards not yet played in a trick, the turned-up trump and the cards known to be
        held (recorded hands, cards shown in declarations) left out; by suit then rank."""
        held = set(self.shown)
        for p in self.players:
            held.update(self.known_cards(p) or ())
        return sorted(SHORT_DECK - set(self.used) - {self.trump} - held, key=sort_key)

    # --- set-up ------------------------------------------------------------------------

    def setup_problems(self) -> list[Problem]:
        out: list[Problem] = []
        if self.trump not in SHORT_DECK:
            out.append(self.problem("card.deck", f"{self.trump} is not in Bura's 36-card deck "
                                    "(6 to A)", "trump"))
        if self.hands is not None:
            owner: dict[Card, str] = {}
            for player, cards in self.hands.items():
                key = f"hands.{player}"
                if len(cards) < 3:
                    out.append(self.problem("hand.count", f"{player}'s hand lists {len(cards)} "
                                            "cards; every player is dealt 3", key))
                for pos, c in enumerate(cards):
                    if c not in SHORT_DECK:
                        out.append(self.problem("card.deck", f"{c} in {player}'s hand is not in "
                                                "Bura's 36-card deck (6 to A)", key))
                    elif c in owner:
                        out.append(self.problem("card.duplicate", f"{c} is dealt to both "
                                                f"{owner[c]} and {player}", key))
                    elif c == self.trump and pos < 3:
                        out.append(self.problem("bura.deal", f"the trump {c} is turned up, "
                                                f"not dealt to {player}", key))
                    owner[c] = player
        return out

    # --- entries -----------------------------------------------------------------------

    def apply(self, entry: Entry) -> None:
        assert isinstance(entry, TrickEntry)
        saved = (self.pending, self.outcome, self.must_lead, self.duel)
        try:
            self._apply(entry)
        except Illegal:
            self.pending, self.outcome, self.must_lead, self.duel = saved
            raise

    def _apply(self, entry: TrickEntry) -> None:
        if entry.kind != "declare" and self.pending:
            self.resolve()
        self.check_open(entry)
        kind = entry.kind
        if kind == "declare":
            self.declare(entry)
        elif kind == "claim":
            self.claim(entry)
        elif kind == "forfeit":
            self.outcome = Outcome("false", entry.by, f"forfeit: {entry.forfeit}")
        else:
            self.play_cards(entry)
        self.entries += 1

    def check_open(self, entry: TrickEntry) -> None:
        """Refuse any entry after the deal has ended."""
        o = self.outcome
        if o is None:
            if self.played_out and entry.kind != "claim" and entry.kind != "forfeit":
                raise Illegal("hand.count", "every card of this deal has been played; only a "
                              "claim may follow")
            return
        if o.how == "declared before the first trick":
            raise Illegal("bura.declare.first", "a declaration before the first trick voided "
                          "this deal; it is redealt and nothing more is recorded in it")
        if o.how.startswith("declared"):
            raise Illegal("bura.declare.priority", f"{o.player}'s declaration won the deal; "
                          "nothing may follow in it")
        raise Illegal("bura.claim", f"the deal ended ({o.how}); nothing may follow in it")

    def check_cards(self, by: str, cards: tuple[Card, ...]) -> None:
        """The cards exist, are unplayed, and can be in ``by``'s hand."""
        for c in cards:
            if c not in SHORT_DECK:
                raise Illegal("card.deck", f"{c} is not in Bura's 36-card deck (6 to A)")
        if len(set(cards)) != len(cards):
            raise Illegal("card.duplicate", f"{format_cards(cards)} names a card twice")
        for c in cards:
            if c in self.used:
                raise Illegal("card.duplicate", f"{c} was already {self.used[c]}")
        for c in cards:
            owner = self.shown.get(c)
            if owner is not None and owner != by:
                raise Illegal("hand.not-held", f"{by} does not hold {c}: {owner} showed it in "
                              "a declaration, and it stays in their hand")
        if self.trump in cards:
            if self.trump_holder is None:
                raise Illegal("hand.not-held", f"the turned-up trump {self.trump} lies under the "
                              "stock until it is drawn last")
            if self.trump_holder != by:
                raise Illegal("hand.not-held", f"{by} does not hold {self.trump}: "
                              f"{self.trump_holder} drew it")
        count = len(cards)
        if count > self.held[by]:
            raise Illegal("hand.count", f"{by} holds {self.held[by]} card"
                          f"{'' if self.held[by] == 1 else 's'}, not {count}")
        known = self.known_cards(by)
        if known is not None:
            for c in cards:
                if c not in known:
                    raise Illegal("hand.not-held", f"{by} does not hold {c}")

    def play_cards(self, entry: TrickEntry) -> None:
        by, cards = entry.by, entry.cards
        expected = self.to_move()
        if not self.trick:
            if by != expected:
                why = " (a declaration gave them the lead)" if self.must_lead else ""
                raise Illegal("turn.order", f"{expected} leads this trick{why}, not {by}")
            self.check_cards(by, cards)
            if not 1 <= len(cards) <= 3:
                raise Illegal("bura.lead", f"a lead is 1 to 3 cards, found {len(cards)}")
            if len({c.suit for c in cards}) != 1:
                raise Illegal("bura.lead", f"cards led together must be of one suit; "
                              f"{format_cards(cards)} is not")
            self.trick = [(by, cards)]
            self.holder = (by, cards)
            self.mark_used(by, cards)
            return
        if by != expected:
            raise Illegal("turn.order", f"it is {expected}'s turn to follow, not {by}'s")
        self.check_cards(by, cards)
        led = len(self.trick[0][1])
        if len(cards) != led:
            raise Illegal("bura.follow", f"{led} card{'s were' if led > 1 else ' was'} led, so "
                          f"{by} plays {led}, not {len(cards)}")
        self.mark_used(by, cards)
        self.trick.append((by, cards))
        assert self.holder is not None
        if set_beats(cards, self.holder[1], self.suit):
            self.holder = (by, cards)
        if len(self.trick) == self.n:
            self.finish_trick()

    def mark_used(self, by: str, cards: tuple[Card, ...]) -> None:
        for c in cards:
            self.used[c] = f"played by {by} in trick {self.tricks + 1}"
        self.held[by] -= len(cards)

    def finish_trick(self) -> None:
        assert self.holder is not None
        winner = self.holder[0]
        taken = [c for _, cards in self.trick for c in cards]
        self.points[winner] += card_points(taken)
        k = len(self.trick[0][1])
        self.last_trick = (winner, tuple(self.trick))
        self.events.append(f"{winner} takes trick {self.tricks + 1}.")
        self.trick = []
        self.holder = None
        self.tricks += 1
        self.leader = winner
        self.must_lead = None
        if self.duel:  # the trick of two Buras ends the deal: no draw follows it
            self.outcome = Outcome("win", winner, "declared bura: won the deciding trick")
            return
        self.draw(winner, k)

    def draw(self, winner: str, k: int) -> None:
        """[bura.draw] Everyone draws back to 3 from the winner on, or nobody ever again."""
        if self.stopped or self.stock == 0:
            return
        need = k * self.n
        if self.stock < need:
            self.stopped = True
            return
        for p in self.players:
            self.held[p] += k
            self.drawn[p] += k
        self.stock -= need
        if self.stock == 0:
            last = self.next_player(winner, self.n - 1)
            self.trump_holder = last
            self.check_trump_draw(last)

    def check_trump_draw(self, last: str) -> None:
        """[bura.draw] The turned-up trump goes to ``last``: recorded hands that list it
        elsewhere contradict the draw (found now, even if the record ends here)."""
        if self.hands is None:
            return
        for player, got in self.hands.items():
            if player == last:
                pos = self.drawn[last] - 1
                if pos < len(got) and got[pos] != self.trump:
                    self.record_problems.append(self.problem(
                        "bura.draw", f"{last} draws the last card, the turned-up trump "
                        f"{self.trump}, but the hand lists {got[pos]} there",
                        f"hands.{last}", self.entries, 1))
            elif self.trump in got:
                self.record_problems.append(self.problem(
                    "bura.draw", f"{player}'s hand lists the turned-up trump {self.trump}, "
                    f"but {last} draws it (the last card of the stock)", f"hands.{player}",
                    self.entries, 1))

    def declare(self, entry: TrickEntry) -> None:
        if self.trick:
            raise Illegal("bura.declare", "a declaration is made at the start of a trick, before "
                          "the lead, not in the middle of one")
        name = entry.declares
        assert name is not None
        why = combination_ok(name, entry.cards, self.trump,
                             bool(self.rules["moscow_needs_trump_ace"]))
        if why is not None:
            raise Illegal("bura.declare.cards", why)
        for c in entry.cards:
            if c in self.used:
                raise Illegal("bura.declare.cards", f"{c} was already {self.used[c]}")
        self.check_cards(entry.by, entry.cards)
        if any(p == entry.by for p, _, _ in self.pending):
            raise Illegal("bura.declare", f"{entry.by} has already declared before this trick")
        self.pending = [*self.pending, (entry.by, name, entry.cards)]
        for c in entry.cards:
            self.shown.setdefault(c, entry.by)

    def judged(self) -> tuple[Outcome | None, str | None, bool]:
        """[bura.declare.priority] The ruling on the declarations made before this trick,
        changing nothing: how the deal ends (if it does), who must lead, a duel of Buras."""
        pending = self.pending
        if not pending:
            return self.outcome, self.must_lead, self.duel
        if self.tricks == 0:
            return Outcome("void", pending[0][0], "declared before the first trick"), None, False
        lead = self.must_lead or self.leader
        start = self.players.index(lead)

        def rank(item: tuple[str, str, tuple[Card, ...]]) -> tuple[int, int]:
            return (PRIORITY.index(item[1]),
                    (self.players.index(item[0]) - start) % self.n)

        who, name, _ = min(pending, key=rank)
        if name == "moscow":
            return Outcome("win", who, "declared moscow"), None, False
        if name == "bura":
            if sum(1 for _, n, _ in pending if n == "bura") == 1:
                return Outcome("win", who, "declared bura"), None, False
            return None, who, True
        return None, who, False

    def resolve(self) -> None:
        """Judge the pending declarations for good (the next entry is not one)."""
        self.outcome, self.must_lead, self.duel = self.judged()
        self.pending = []

    def claim(self, entry: TrickEntry) -> None:
        if self.trick:
            raise Illegal("bura.claim", "a claim is made between tricks, never in the middle "
                          "of one")
        if self.tricks == 0:
            raise Illegal("bura.claim", "a claim needs at least one complete trick")
        pts = self.points[entry.by]
        if pts >= 31:
            self.outcome = Outcome("win", entry.by, f"claimed 31 with {pts}")
        else:
            self.outcome = Outcome("false", entry.by, f"false claim: {pts} points")

    def beat_hints(self) -> list[str]:
        """What beats each card now holding the trick, among the cards not yet played:
        for the referee who does not know the follower's hand."""
        if self.holder is None:
            return []
        out = []
        for held in self.holder[1]:
            higher = [c for c in sorted(SHORT_DECK - set(self.used), key=lambda c: STRENGTH[c.rank])
                      if c.suit == held.suit and beats(c, held, self.suit)]
            text = " ".join(map(str, higher))
            if held.suit != self.suit:
                text = f"{text} or any trump ({self.suit})" if text else f"any trump ({self.suit})"
            out.append(f"{held}: beaten by {text or 'nothing left'}")
        k = len(self.holder[1])
        if k > 1:
            out.append(f"to take the trick, {k} cards must beat these {k} one to one")
        return out

    def options(self, player: str) -> list[tuple[Card, ...]]:
        """The legal ways for ``player`` to take the trick now (their hand must be known)."""
        known = self.known_cards(player)
        if known is None or not self.trick or self.holder is None:
            return []
        k = len(self.trick[0][1])
        return [c for c in combinations(known, k) if set_beats(c, self.holder[1], self.suit)]

    # --- the end of the deal ----------------------------------------------------------

    def end_problems(self) -> list[Problem]:
        out: list[Problem] = []
        if not self.finished:
            out.append(self.problem("deal.conservation", "the deal is unfinished: no claim, "
                                    "winning declaration or forfeit ended it, and cards remain",
                                    stage=2))
            return out
        if self.hands is not None:
            for player, cards in self.hands.items():
                if len(cards) != self.drawn[player]:
                    out.append(self.problem("deal.conservation", f"{player}'s hand lists "
                                            f"{len(cards)} cards; they received "
                                            f"{self.drawn[player]} in this deal",
                                            f"hands.{player}", stage=2))
        return out

    def final_outcome(self) -> Outcome:
        ended = self.ended
        if ended is not None:
            return ended
        if self.rules["no_claim"] == "most_points":
            top = max(self.points.values())
            leaders = [p for p, v in self.points.items() if v == top]
            if len(leaders) == 1:
                return Outcome("win", leaders[0], f"most card points ({top})")
        return Outcome("void", None, "played out with no claim")

    def result(self) -> DealResult:
        o = self.final_outcome()
        score = dict.fromkeys(self.players, 0)
        payments = dict(self.payments)
        pot = self.pot
        winner = None
        next_dealer = self.dealer
        if o.kind == "win":
            assert o.player is not None
            winner = o.player
            score[winner] = 1
            payments[winner] += pot
            pot = 0
            next_dealer = winner
        elif o.kind == "false":
            assert o.player is not None
            for p in self.players:
                if p != o.player:
                    score[p] = 2
            payments[o.player] -= pot
            pot *= 2
        breakdown = {p: {"card_points": self.points[p]} for p in self.players}
        how = o.how if o.player is None else f"{o.player}: {o.how}"
        if o.kind == "void" and o.player is not None:
            how = f"void: {o.player} {o.how}"
        return DealResult(score, breakdown, next_dealer, winner=winner, pot_after=pot,
                          payments=payments, how=how)
