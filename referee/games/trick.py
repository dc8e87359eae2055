"""The trick-game core shared by Bura and Kozel (rules.md §3, §3a): the 36-card deck and its
card points, multi-card leads of one suit, follows of as many cards, beats by pairing, each
later player taking over the trick by beating the cards that hold it, drawing back to a full
hand with the turned-up trump last and the short-stock rule, recorded hands that may lag
behind the draws, and forfeits. Each game adds its own entries and scoring through a few
hooks; rule ids are the game's own (``bura.lead``, ``kozel.lead``, …)."""

from __future__ import annotations

import copy
from enum import Enum
from itertools import combinations
from typing import NamedTuple

from referee.cards import SHORT_DECK, Card, format_cards, sort_key
from referee.games.base import Cards, Carry, DealState, Explanation, Illegal, Line, Options, View
from referee.messages import Msg, Suit, join, m, mn
from referee.params import Value
from referee.problems import Problem
from referee.record import Deal, Entry, TrickEntry

ORDER: tuple[str, ...] = ("6", "7", "8", "9", "J", "Q", "K", "10", "A")  # low to high
POINTS: dict[str, int] = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
STRENGTH: dict[str, int] = {r: i for i, r in enumerate(ORDER)}

Played = tuple[str, tuple[Card, ...]]  # who played which cards in a trick


def card_points(cards: list[Card] | tuple[Card, ...]) -> int:
    """Card points: A 11, 10 10, K 4, Q 3, J 2, the rest nothing.

    >>> card_points((Card("A", "S"), Card("10", "H"), Card("6", "C")))
    21
    """
    return sum(POINTS.get(c.rank, 0) for c in cards)


def beats(a: Card, b: Card, trump: str, top: Card | None = None) -> bool:
    """``a`` beats ``b``: same suit and higher, or a trump on a non-trump; ``top`` (Kozel's
    6S with ``six_spades_top``) beats every other card and is beaten by none.

    >>> beats(Card("6", "H"), Card("A", "S"), "H")
    True
    """
    if top is not None:
        if a is top:
            return True
        if b is top:
            return False
    if a.suit == b.suit:
        return STRENGTH[a.rank] > STRENGTH[b.rank]
    return a.suit == trump


def set_beats(
    attack: tuple[Card, ...], held: tuple[Card, ...], trump: str, top: Card | None = None
) -> bool:
    """Can ``attack`` be paired one to one with ``held`` so that each card beats its
    partner? A bipartite matching, found by augmenting paths (Kuhn's algorithm).

    >>> set_beats(tuple(map(Card.parse, ("AS", "KS"))), tuple(map(Card.parse, ("10S", "9S"))),
    ...           "H")
    True
    """
    if len(attack) != len(held):
        return False
    if len(attack) == 1:
        return beats(attack[0], held[0], trump, top)
    partner: dict[int, int] = {}  # held index -> attack index

    def augment(i: int, seen: set[int]) -> bool:
        for j, target in enumerate(held):
            if j in seen or not beats(attack[i], target, trump, top):
                continue
            seen.add(j)
            if j not in partner or augment(partner[j], seen):
                partner[j] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(attack)))


class Ending(Enum):
    """How a deal ended for its scoring: someone won it, someone lost it (a false claim, a
    forfeit), or nobody did."""

    WIN = "win"
    LOST = "lost"
    VOID = "void"


class Reason(Enum):
    """What ended a deal."""

    DECLARED_FIRST = m("a declaration before the first trick")
    DECLARED = m("a winning declaration")
    CLAIM = m("a claim")
    FORFEIT = m("a forfeit")
    PLAYED_OUT = m("every card played")


class Outcome(NamedTuple):
    """How a deal ended: the kind, the player concerned, why, and the ruling in words."""

    kind: Ending
    player: str | None
    reason: Reason
    how: str


class TrickDeal(DealState):
    """One deal of a trick game. Subclasses give the hand size, their other entries
    (through :meth:`special`), how a deal ends and its scoring."""

    hand_size = 3
    deck_name = m("the 36-card deck (6 to A)")

    def __init__(
        self, players: list[str], rules: dict[str, Value], deal: Deal, index: int, carry: Carry
    ) -> None:
        super().__init__(players, rules, deal, index, carry)
        assert deal.trump is not None
        self.trump = deal.trump
        self.suit = deal.trump.suit
        self.top: Card | None = None  # a card that beats every other (Kozel's 6S)
        k = self.hand_size
        self.held = dict.fromkeys(players, k)
        self.drawn = dict.fromkeys(players, k)
        self.stock = 36 - k * self.n  # the turned-up trump included, drawn last
        self.stopped = False
        self.trump_holder: str | None = None
        self.used: dict[Card, tuple[str, int]] = {}  # card -> (who played it, in which trick)
        self.shown: dict[Card, str] = {}  # cards shown (Bura's declarations): card -> player
        self.leader = self.next_player(deal.dealer) if deal.dealer in players else players[0]
        self.trick: list[Played] = []
        self.holder: Played | None = None
        self.tricks = 0
        self.points = dict.fromkeys(players, 0)
        self.won_tricks = dict.fromkeys(players, 0)
        self.outcome: Outcome | None = None
        self.last_trick: tuple[str, tuple[Played, ...]] | None = None

    def rule(self, name: str) -> str:
        """This game's rule id: ``rule("lead")`` is ``bura.lead`` or ``kozel.lead``."""
        return f"{self.game}.{name}"

    # --- state -------------------------------------------------------------------------

    @property
    def played_out(self) -> bool:
        """Every card that will be played has been: the stock is empty or stopped, the
        hands are empty and no trick is open."""
        return (
            (self.stopped or self.stock == 0)
            and all(v == 0 for v in self.held.values())
            and not self.trick
        )

    @property
    def ended(self) -> Outcome | None:
        """How the deal ended if the record stopped here (None: it goes on)."""
        return self.outcome

    @property
    def finished(self) -> bool:
        return self.ended is not None or self.played_out

    def received(self, player: str) -> int:
        return self.drawn[player]

    def lead_override(self) -> str | None:
        """A player who must lead the next trick instead of the last trick's winner."""
        return None

    def to_move(self) -> str | None:
        if self.finished:
            return None
        if self.trick:
            return self.next_player(self.trick[-1][0])
        return self.lead_override() or self.leader

    def where_used(self, card: Card) -> str:
        by, trick = self.used[card]
        return m("played by {player} in trick {trick}", player=by, trick=trick)

    def known_cards(self, player: str) -> tuple[Card, ...] | None:
        """The player's cards in hand now, when the record gives hands."""
        if self.hands is None or player not in self.hands:
            return None
        got = self.hands[player][: self.drawn[player]]
        return tuple(c for c in got if c not in self.used)

    def unseen(self) -> list[Card]:
        """Cards not yet played in a trick, the turned-up trump and the cards known to be
        held (recorded hands, cards shown) left out; by suit then rank."""
        held = set(self.shown)
        for p in self.players:
            held.update(self.known_cards(p) or ())
        return sorted(SHORT_DECK - set(self.used) - {self.trump} - held, key=sort_key)

    # --- set-up ------------------------------------------------------------------------

    def setup_problems(self) -> list[Problem]:
        out: list[Problem] = []
        k = self.hand_size
        if self.trump not in SHORT_DECK:
            out.append(
                self.problem(
                    "card.deck",
                    m("{card} is not in {deck}", card=self.trump, deck=self.deck_name),
                    "trump",
                )
            )
        if self.hands is not None:
            owner: dict[Card, str] = {}
            for player, cards in self.hands.items():
                key = f"hands.{player}"
                if len(cards) < k:
                    out.append(
                        self.problem(
                            "hand.count",
                            mn(
                                "{player}'s hand lists {n} card; every player is dealt {k}",
                                "{player}'s hand lists {n} cards; every player is dealt {k}",
                                len(cards),
                                player=player,
                                k=k,
                            ),
                            key,
                        )
                    )
                for pos, c in enumerate(cards):
                    if c not in SHORT_DECK:
                        out.append(
                            self.problem(
                                "card.deck",
                                m(
                                    "{card} in {player}'s hand is not in {deck}",
                                    card=c,
                                    player=player,
                                    deck=self.deck_name,
                                ),
                                key,
                            )
                        )
                    elif c in owner:
                        out.append(self.dealt_twice(c, owner[c], player, key))
                    elif c == self.trump and pos < k:
                        out.append(
                            self.problem(
                                self.rule("deal"),
                                m(
                                    "the trump {card} is turned up, not dealt to {player}",
                                    card=c,
                                    player=player,
                                ),
                                key,
                            )
                        )
                    owner[c] = player
        return out

    # --- entries -----------------------------------------------------------------------

    def apply(self, entry: Entry) -> None:
        assert isinstance(entry, TrickEntry)
        saved = self.save()
        try:
            self.take(entry)
        except Illegal:
            self.restore(saved)
            raise
        self.entries += 1

    def save(self) -> tuple[object, ...]:
        """What :meth:`take` may change before it finds an entry illegal."""
        return (self.outcome,)

    def restore(self, saved: tuple[object, ...]) -> None:
        (self.outcome,) = saved  # type: ignore[assignment]

    def take(self, entry: TrickEntry) -> None:
        """Check and apply one entry: cards here, the game's other entries in
        :meth:`special`."""
        self.check_open(entry)
        if entry.kind == "cards":
            self.play_cards(entry)
        else:
            self.special(entry)

    def special(self, entry: TrickEntry) -> None:
        """A declaration, claim or forfeit (whichever the game has)."""
        raise Illegal(
            "log.play", m("{game} has no {kind} entries", game=self.game, kind=entry.kind)
        )

    def check_open(self, entry: TrickEntry) -> None:
        """Refuse any entry after the deal has ended."""
        o = self.outcome
        if o is None:
            if self.played_out and not self.may_follow_last_trick(entry):
                raise Illegal(
                    "hand.count",
                    m(
                        "every card of this deal has been played; {then}",
                        then=self.after_last_trick(),
                    ),
                )
            return
        raise Illegal(
            self.closed_rule(o), m("the deal ended ({how}); nothing may follow in it", how=o.how)
        )

    def may_follow_last_trick(self, entry: TrickEntry) -> bool:
        """May ``entry`` follow the last trick of a played-out deal?"""
        return False

    def after_last_trick(self) -> str:
        return m("nothing may follow")

    def closed_rule(self, outcome: Outcome) -> str:
        """The rule that forbids an entry after ``outcome`` ended the deal."""
        return self.rule("forfeit")

    def check_cards(self, by: str, cards: tuple[Card, ...]) -> None:
        """The cards exist, are unplayed, and can be in ``by``'s hand (rules.md's order of
        checking: card.deck, card.duplicate, hand.not-held, hand.count)."""
        for c in cards:
            if c not in SHORT_DECK:
                raise Illegal(
                    "card.deck", m("{card} is not in {deck}", card=c, deck=self.deck_name)
                )
        if len(set(cards)) != len(cards):
            raise Illegal("card.duplicate", m("{cards} names a card twice", cards=cards))
        for c in cards:
            if c in self.used:
                raise Illegal(
                    "card.duplicate",
                    m("{card} was already {where}", card=c, where=self.where_used(c)),
                )
        for c in cards:
            owner = self.shown.get(c)
            if owner is not None and owner != by:
                raise Illegal(
                    "hand.not-held",
                    m(
                        "{player} does not hold {card}: {owner} showed it in "
                        "a declaration, and it stays in their hand",
                        player=by,
                        card=c,
                        owner=owner,
                    ),
                )
        if self.trump in cards:
            if self.trump_holder is None:
                raise Illegal(
                    "hand.not-held",
                    m(
                        "the turned-up trump {card} lies under the stock until it is drawn last",
                        card=self.trump,
                    ),
                )
            if self.trump_holder != by:
                raise Illegal(
                    "hand.not-held",
                    m(
                        "{player} does not hold {card}: {owner} drew it",
                        player=by,
                        card=self.trump,
                        owner=self.trump_holder,
                    ),
                )
        listed = self.listed.get(by)
        if listed is not None:
            received = self.drawn[by]
            for c in cards:  # unplayed (checked above) and listed among the cards received
                if listed.get(c, received) >= received:
                    raise Illegal(
                        "hand.not-held", m("{player} does not hold {card}", player=by, card=c)
                    )
        count = len(cards)
        if count > self.held[by]:
            raise Illegal(
                "hand.count",
                mn(
                    "{player} holds {n} card, not {count}",
                    "{player} holds {n} cards, not {count}",
                    self.held[by],
                    player=by,
                    count=count,
                ),
            )

    def play_cards(self, entry: TrickEntry) -> None:
        by, cards = entry.by, entry.cards
        # the deal is open (check_open): whose turn it is follows from the trick alone
        expected = (
            self.after[self.trick[-1][0]] if self.trick else (self.lead_override() or self.leader)
        )
        if not self.trick:
            if by != expected:
                raise Illegal(
                    "turn.order",
                    m(
                        "{player} leads this trick (a declaration gave them the lead), not {by}"
                        if self.lead_override()
                        else "{player} leads this trick, not {by}",
                        player=expected,
                        by=by,
                    ),
                )
            self.check_cards(by, cards)
            k = self.hand_size
            if not 1 <= len(cards) <= k:
                raise Illegal(
                    self.rule("lead"),
                    m("a lead is 1 to {k} cards, found {count}", k=k, count=len(cards)),
                )
            if len({c.suit for c in cards}) != 1:
                raise Illegal(
                    self.rule("lead"),
                    m("cards led together must be of one suit; {cards} is not", cards=cards),
                )
            self.before_lead()
            self.trick = [(by, cards)]
            self.holder = (by, cards)
            self.mark_used(by, cards)
            return
        if by != expected:
            raise Illegal(
                "turn.order",
                m("it is {player}'s turn to follow, not {by}'s", player=expected, by=by),
            )
        self.check_cards(by, cards)
        led = len(self.trick[0][1])
        if len(cards) != led:
            raise Illegal(
                self.rule("follow"),
                mn(
                    "{n} card was led, so {player} plays {n}, not {count}",
                    "{n} cards were led, so {player} plays {n}, not {count}",
                    led,
                    player=by,
                    count=len(cards),
                ),
            )
        self.mark_used(by, cards)
        self.trick.append((by, cards))
        assert self.holder is not None
        if set_beats(cards, self.holder[1], self.suit, self.top):
            self.holder = (by, cards)
        if len(self.trick) == self.n:
            self.finish_trick()

    def before_lead(self) -> None:
        """A lead is about to be recorded (Bura: declarations made before it are settled)."""

    def mark_used(self, by: str, cards: tuple[Card, ...]) -> None:
        trick = self.tricks + 1
        for c in cards:
            self.used[c] = (by, trick)
        self.held[by] -= len(cards)

    def finish_trick(self) -> None:
        assert self.holder is not None
        winner = self.holder[0]
        taken = [c for _, cards in self.trick for c in cards]
        self.points[winner] += card_points(taken)
        self.won_tricks[winner] += 1
        k = len(self.trick[0][1])
        self.last_trick = (winner, tuple(self.trick))
        self.events.append(m("{player} takes trick {trick}.", player=winner, trick=self.tricks + 1))
        self.trick = []
        self.holder = None
        self.tricks += 1
        self.leader = winner
        if not self.trick_ends_deal(winner):
            self.draw(winner, k)

    def trick_ends_deal(self, winner: str) -> bool:
        """Does this trick end the deal (no draw follows)? Bura's trick of two Buras."""
        return False

    def draw(self, winner: str, k: int) -> None:
        """[*.draw] Everyone draws back to a full hand from the winner on, or nobody ever
        again when the stock cannot go round."""
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
        """[*.draw] The turned-up trump goes to ``last``: recorded hands that list it
        elsewhere contradict the draw (found now, even if the record ends here)."""
        if self.hands is None:
            return
        for player, got in self.hands.items():
            if player == last:
                pos = self.drawn[last] - 1
                if pos < len(got) and got[pos] != self.trump:
                    self.record_problems.append(
                        self.problem(
                            self.rule("draw"),
                            m(
                                "{player} draws the last card, the turned-up trump "
                                "{card}, but the hand lists {listed} there",
                                player=last,
                                card=self.trump,
                                listed=got[pos],
                            ),
                            f"hands.{last}",
                            self.entries,
                            1,
                        )
                    )
            elif self.trump in got:
                self.record_problems.append(
                    self.problem(
                        self.rule("draw"),
                        m(
                            "{player}'s hand lists the turned-up trump "
                            "{card}, but {last} draws it (the last card of the stock)",
                            player=player,
                            card=self.trump,
                            last=last,
                        ),
                        f"hands.{player}",
                        self.entries,
                        1,
                    )
                )

    def declaration_in(self, cards: tuple[Card, ...]) -> tuple[str, tuple[Card, ...]] | None:
        """The strongest declaration these cards make (games with declarations)."""
        return None

    # --- what beats the trick ------------------------------------------------------------

    def options(self, player: str) -> list[tuple[Card, ...]]:
        """The legal ways for ``player`` to take the trick now (their hand must be known)."""
        known = self.known_cards(player)
        if known is None or not self.trick or self.holder is None:
            return []
        k = len(self.trick[0][1])
        return [
            c for c in combinations(known, k) if set_beats(c, self.holder[1], self.suit, self.top)
        ]

    def beat_hints(self) -> list[Msg]:
        """What beats each card now holding the trick, among the cards not yet played:
        for the referee who does not know the follower's hand."""
        if self.holder is None:
            return []
        out = []
        left = sorted(SHORT_DECK - set(self.used), key=lambda c: STRENGTH[c.rank])
        for held in self.holder[1]:
            if held is self.top:
                out.append(m("{card}: beaten by nothing", card=held))
                continue
            higher = tuple(
                c for c in left if c.suit == held.suit and beats(c, held, self.suit, self.top)
            )
            ways: list[object] = [higher] if higher else []
            if held.suit != self.suit:
                ways.append(m("any trump ({suit})", suit=Suit(self.suit)))
            if self.top is not None and self.top in left and self.top not in higher:
                ways.append(self.top)
            if ways:
                said = ways[0]
                for way in ways[1:]:
                    said = m("{one} or {other}", one=said, other=way)
                out.append(m("{card}: beaten by {ways}", card=held, ways=said))
            else:
                out.append(m("{card}: beaten by nothing left", card=held))
        k = len(self.holder[1])
        if k > 1:
            out.append(m("to take the trick, {k} cards must beat these {k} one to one", k=k))
        return out

    def table_entry(
        self, by: str | None, cards: tuple[Card, ...], takes: tuple[Card, ...] | None, trail: bool
    ) -> Entry:
        return TrickEntry(by or self.to_move() or "", cards)

    def who(self, kind: str) -> str | None:
        """A claim not said to be anyone's is the last trick's winner's."""
        if kind == "claim":
            return self.last_trick[0] if self.last_trick is not None and not self.trick else None
        return self.to_move() if kind == "cards" else None

    def legal_options(
        self, card: Card | None, player: str | None, limit: int | None = None
    ) -> Options:
        """The ways ``player`` can take the trick (their hand recorded), else what beats
        each card holding it; ``total`` counts ways, 0 when the lines are only words."""
        who = player or self.to_move()
        if who is None:
            return Options(
                m("the deal is over"), [m("none: {why}", why=self.after_last_trick())], 0
            )
        if not self.trick:
            lead = m("any 1 card, or 2 to {k} cards of one suit", k=self.hand_size)
            return Options(m("{player} leads", player=who), [lead], 0)
        held = self.holder[1] if self.holder else ()
        if self.known_cards(who) is None:
            label = m(
                "{player} to beat {cards} ({player}'s hand is not recorded: what beats each card)",
                player=who,
                cards=held,
            )
            return Options(label, list(self.beat_hints()), 0)
        label = m("{player} to beat {cards}", player=who, cards=held)
        ways: list[str] = [format_cards(w) for w in self.options(who)]
        shown = ways if limit is None else ways[:limit]
        return Options(label, shown or [m("none: no set of their cards beats it")], len(ways))

    # --- explaining and showing -----------------------------------------------------------

    def tried(self, entry: Entry) -> TrickDeal:
        """A copy of this state with ``entry`` applied (raises Illegal); this one unchanged."""
        trial = copy.deepcopy(
            self,
            {id(self.deal): self.deal, id(self.rules): self.rules, id(self.players): self.players},
        )
        trial.apply(entry)
        return trial

    def check(self, entry: Entry) -> object:
        """Judge an entry without changing anything: raise Illegal if it breaks a rule."""
        self.tried(entry)
        return None

    def explain(self, entry: Entry) -> Explanation:
        assert isinstance(entry, TrickEntry)
        out = Explanation([], [], [], True)
        if entry.kind == "cards" and self.trick and self.known_cards(entry.by) is not None:
            out.legal.extend(format_cards(w) for w in self.options(entry.by))
            if not out.legal:
                out.legal.append(m("no set of their cards beats it"))
        try:
            trial = self.tried(entry)
        except Illegal as err:
            return Explanation([err.rule], [err.message], err.legal or out.legal, False)
        if entry.kind == "cards" and not self.trick:
            out.rules.append(self.rule("lead"))
            out.lines.append(
                mn(
                    "{player} leads {n} card(s) of one suit.",
                    "{player} leads {n} cards of one suit.",
                    len(entry.cards),
                    player=entry.by,
                )
            )
        elif entry.kind == "cards":
            assert self.holder is not None
            holder, held = self.holder
            beaten = set_beats(entry.cards, held, self.suit, self.top)
            out.rules.extend([self.rule("follow"), self.rule("beat"), self.rule("trick")])
            out.lines.append(
                m(
                    "{cards} beats {held} ({player}'s cards now holding the trick)."
                    if beaten
                    else "{cards} does not beat {held} ({player}'s cards now holding the trick).",
                    cards=entry.cards,
                    held=held,
                    player=holder,
                )
            )
        else:
            self.explain_special(entry, out)
        ended = trial.ended
        if ended is not None:
            out.lines.append(m("The deal ends: {how}.", how=ended.how))
        return out

    def explain_special(self, entry: TrickEntry, out: Explanation) -> None:
        """The ruling on a declaration, claim or forfeit, in words."""

    def describe(self) -> list[str]:
        lines: list[str] = [
            m(
                "Deal {deal}, dealt by {dealer}; entry {entry}.",
                deal=self.index + 1,
                dealer=self.dealer,
                entry=self.entries + 1,
            ),
            mn(
                "Trump {card}; {n} trick played; stock {stock}.",
                "Trump {card}; {n} tricks played; stock {stock}.",
                self.tricks,
                card=self.trump,
                stock=self.stock,
            ),
        ]
        if self.trick:
            so_far = join((m("{player} {cards}", player=p, cards=cs) for p, cs in self.trick), "; ")
            lines.append(m("Trick so far: {plays}", plays=so_far))
        points = join(m("{player} {points}", player=p, points=v) for p, v in self.points.items())
        lines.append(m("Card points in tricks: {points}", points=points))
        return lines

    def view(self) -> View:
        stock = (
            m("stock {stock} (no more drawing)", stock=self.stock)
            if self.stopped
            else m("stock {stock}", stock=self.stock)
        )
        lines: list[Line] = [
            (
                m(
                    "Deal {deal}, dealt by {dealer}; trump ",
                    deal=self.index + 1,
                    dealer=self.dealer,
                ),
                Cards((self.trump,)),
                mn(
                    "; {n} trick played; {stock}",
                    "; {n} tricks played; {stock}",
                    self.tricks,
                    stock=stock,
                ),
            )
        ]
        if self.trick:
            parts: list[str | Cards] = [m("Trick: ")]
            for k, (p, cs) in enumerate(self.trick):
                parts.extend((("; " if k else "") + f"{p} ", Cards(cs)))
            lines.append(tuple(parts))
            if self.holder:
                lines.append((m("Holding the trick: {player}", player=self.holder[0]),))
        who = self.to_move()
        if who is None:
            lines.append((self.waiting(),))
        elif self.trick:
            lines.append((m("{player} to follow", player=who),))
        else:
            lines.append((m("{player} to lead", player=who),))
        counts = join(m("{player} {count}", player=p, count=n) for p, n in self.held.items())
        lines.append((m("Cards in hand: {counts}", counts=counts),))
        if who is not None:
            known = self.known_cards(who)
            if known is not None:
                lines.append(
                    (m("{player} holds: ", player=who), Cards(tuple(sorted(known, key=sort_key))))
                )
        unseen = tuple(self.unseen())
        lines.append((m("Not yet played ({count}): ", count=len(unseen)), Cards(unseen)))
        lines.extend(self.view_notes())
        data: dict[str, object] = {
            "trump": str(self.trump),
            "trick": [{"by": p, "cards": [str(c) for c in cs]} for p, cs in self.trick],
            "tricks": self.tricks,
            "stock": self.stock,
            "hand_counts": dict(self.held),
            "unseen": [str(c) for c in unseen],
        }
        data.update(self.view_data())
        return View(tuple(lines), data)

    def view_data(self) -> dict[str, object]:
        """The game's own fields for ``show --json``."""
        return {}

    def waiting(self) -> str:
        """What the table waits for when nobody is to play."""
        return m("The deal is over")

    def view_notes(self) -> list[Line]:
        """The game's own lines at the end of ``show`` (never card points during a deal)."""
        return []

    # --- the end of the deal ----------------------------------------------------------

    def unfinished(self) -> str:
        """Why an unfinished deal is not over, for its ``deal.conservation`` problem."""
        return m("cards remain to be played")

    def end_problems(self) -> list[Problem]:
        out: list[Problem] = []
        if not self.finished:
            out.append(
                self.problem(
                    "deal.conservation",
                    m("the deal is unfinished: {why}", why=self.unfinished()),
                    stage=2,
                )
            )
            return out
        if self.hands is not None:
            for player, cards in self.hands.items():
                if len(cards) != self.drawn[player]:
                    out.append(
                        self.problem(
                            "deal.conservation",
                            mn(
                                "{player}'s hand lists {n} card; they received "
                                "{received} in this deal",
                                "{player}'s hand lists {n} cards; they received "
                                "{received} in this deal",
                                len(cards),
                                player=player,
                                received=self.drawn[player],
                            ),
                            f"hands.{player}",
                            stage=2,
                        )
                    )
        return out
