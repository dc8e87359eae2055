"""What a person sees of a trick-game deal (Bura, Kozel), apart from its rules: what beats
the trick, the legal ways to take it, the ruling on an entry with its alternatives, the
state in a few lines for an explanation, and ``show``'s view. It reads the deal through its
public surface; every ruling is the deal's own (``check``, ``legal_plays``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from referee.cards import SHORT_DECK, Card, sort_key
from referee.games.base import Cards, Explanation, Illegal, Line, Options, Presenter, View, Words
from referee.games.trick.cards import STRENGTH, beats
from referee.games.trick.plays import TrickPlay
from referee.games.trick.state import TrickState
from referee.messages import Fact, fact, joined
from referee.record import Entry, TrickEntry

if TYPE_CHECKING:
    from referee.games.trick.deal import TrickDeal


class Beaten(NamedTuple):
    """What beats one card holding the trick, among the cards not yet played."""

    card: Card
    higher: tuple[Card, ...]  # the higher cards of its suit
    any_trump: bool  # any trump beats it (it is not one)
    top: Card | None  # the top card (Kozel's 6S), not yet played, beats it too
    unbeatable: bool = False  # it is the top card: nothing beats it


def beaten(state: TrickState) -> list[Beaten]:
    """What beats each card now holding the trick, among the cards not yet played."""
    if state.holder is None:
        return []
    out = []
    left = sorted(SHORT_DECK - set(state.used), key=lambda c: STRENGTH[c.rank])
    trump, top = state.suit, state.top
    for held in state.holder[1]:
        if held is top:
            out.append(Beaten(held, (), False, None, unbeatable=True))
            continue
        higher = tuple(c for c in left if c.suit == held.suit and beats(c, held, trump, top))
        also = top if top is not None and top in left and top not in higher else None
        out.append(Beaten(held, higher, held.suit != trump, also))
    return out


def beat_hints(state: TrickState) -> list[Fact]:
    """What beats each card now holding the trick, among the cards not yet played: for
    the referee who does not know the follower's hand."""
    out = []
    for hint in beaten(state):
        if hint.unbeatable:
            out.append(fact("trick.hint.top", card=hint.card))
            continue
        ways: list[object] = [hint.higher] if hint.higher else []
        if hint.any_trump:
            ways.append(fact("trick.hint.any-trump", suit=state.suit))
        if hint.top is not None:
            ways.append(hint.top)
        if ways:
            either = ways[0]
            for way in ways[1:]:
                either = fact("trick.hint.or", one=either, other=way)
            out.append(fact("trick.hint.ways", card=hint.card, ways=either))
        else:
            out.append(fact("trick.hint.nothing-left", card=hint.card))
    k = len(state.holder[1]) if state.holder else 0
    if k > 1:
        out.append(fact("trick.hint.one-to-one", k=k))
    return out


class TrickView(Presenter):
    """A trick deal shown: the trump, the trick and who holds it, whose turn, the cards
    unseen; a game adds its own lines (:meth:`notes`, :meth:`data`, :meth:`waiting`,
    :meth:`special`)."""

    state: TrickDeal

    # --- what a game adds ------------------------------------------------------------------

    def notes(self) -> list[Line]:
        """The game's own lines at the end of ``show`` (never card points during a deal)."""
        return []

    def data(self) -> dict[str, object]:
        """The game's own fields for ``show --json``."""
        return {}

    def waiting(self) -> Fact:
        """What the table waits for when nobody is to play."""
        return fact("trick.waiting.over")

    def special(self, entry: TrickEntry) -> tuple[list[Words], Words | None]:
        """The ruling on a legal declaration, claim or forfeit, as facts, and the question
        it raised answered where "legal" says too little (a claim: was it true?)."""
        return [], None

    # --- the ruling on an entry ------------------------------------------------------------

    def explain(self, entry: Entry) -> Explanation:
        assert isinstance(entry, TrickEntry)
        state = self.state
        ways: list[TrickPlay] = []  # a follow's ways to take the trick, its hand recorded
        note = None
        if entry.kind == "cards" and state.trick and state.known_cards(entry.by) is not None:
            ways = [p for p in state.legal_plays(entry.by) if p.beats]
            note = None if ways else fact("trick.beats.none")
        try:
            ruling = state.check(entry)
        except Illegal as err:
            if err.legal:
                return Explanation([err.rule], [err.message], err.legal, False, err.more)
            return Explanation([err.rule], [err.message], ways, False, note=note)
        lines: list[Words] = []
        answer = None
        if ruling.lead:
            lines.append(fact("trick.explain.lead", n=len(entry.cards), player=entry.by))
        elif entry.kind == "cards":
            assert state.holder is not None and ruling.holder is not None
            holder, held = state.holder
            n = len(entry.cards)
            lines.append(
                fact("trick.explain.beats", n=n, cards=entry.cards, held=held, player=holder)
                if ruling.holder[0] == entry.by
                else fact(
                    "trick.explain.beats-not", n=n, cards=entry.cards, held=held, player=holder
                )
            )
        else:
            said, answer = self.special(entry)
            lines.extend(said)
        if ruling.outcome is not None:
            lines.append(fact("trick.explain.ends", how=ruling.outcome.how))
        return Explanation(list(ruling.rules), lines, ways, True, note=note, answer=answer)

    # --- the legal plays ---------------------------------------------------------------------

    def legal_options(
        self, card: Card | None, player: str | None, limit: int | None = None
    ) -> Options:
        """The ways ``player`` can take the trick (their hand recorded), else what beats each
        card holding it; ``total`` counts ways, 0 when the lines are only words."""
        state = self.state
        who = player or state.to_move()
        if who is None:
            none = fact("trick.options.none", why=state.after_last_trick())
            return Options(fact("trick.options.over"), [none], 0)
        if not state.trick:
            lead = fact("trick.options.lead", k=state.hand_size)
            return Options(fact("trick.options.leads", player=who), [lead], 0)
        held = state.holder[1] if state.holder else ()
        if state.known_cards(who) is None:
            label = fact("trick.options.beat-unknown", player=who, cards=held)
            return Options(label, list(beat_hints(state)), 0)
        label = fact("trick.options.beat", player=who, cards=held)
        ways: list[Words] = [fact("trick.option", cards=w) for w in state.options(who)]
        shown = ways if limit is None else ways[:limit]
        return Options(label, shown or [fact("trick.options.beats-none")], len(ways))

    def plays_json(self, card: Card | None, player: str | None = None) -> dict[str, object]:
        """``options --json``: every legal play of ``player`` (default: whoever is to play) as
        an object, those that take the trick over first (README, "options --json")."""
        state = self.state
        who = player or state.to_move()
        hand = None if who is None else state.known_cards(who)
        holder = state.holder if state.trick else None
        target: dict[str, object] = {
            "player": who,
            "lead": who is not None and not state.trick,
            "beat": [str(c) for c in holder[1]] if holder else [],
            "holder": holder[0] if holder else None,
            "hand": None if hand is None else [str(c) for c in hand],
            "count": len(state.trick[0][1]) if state.trick else state.hand_size,
        }
        plays: list[dict[str, object]] = []
        if who is not None and hand is not None:
            plays = [p.as_json() for p in state.legal_plays(who)]
        out: dict[str, object] = {"for": target, "plays": plays, "total": len(plays), "more": 0}
        if who is not None and hand is None and holder:
            out["beaten_by"] = [
                {
                    "card": str(b.card),
                    "higher": [str(c) for c in b.higher],
                    "any_trump": b.any_trump,
                    "top": None if b.top is None else str(b.top),
                    "unbeatable": b.unbeatable,
                }
                for b in beaten(state)
            ]
        return out

    def describe(self) -> list[Words]:
        """The state now in a few plain lines, for an explanation."""
        state = self.state
        lines: list[Words] = [
            fact("state.deal", deal=state.index + 1, dealer=state.dealer, entry=state.entries + 1),
            fact("trick.state.trump", n=state.tricks, card=state.trump, stock=state.stock),
        ]
        if state.trick:
            plays = (fact("trick.state.play", player=p, cards=cs) for p, cs in state.trick)
            lines.append(fact("trick.state.so-far", plays=joined(plays, "; ")))
        points = (
            fact("trick.state.points-of", player=p, points=v) for p, v in state.points.items()
        )
        lines.append(fact("trick.state.points", points=joined(points)))
        return lines

    def view(self) -> View:
        """What ``show`` displays of the deal in progress, lines and data."""
        state = self.state
        unseen = tuple(state.unseen())
        head, turn = self.head_lines(), self.turn_lines()
        lines = [*head, *turn]
        lines.append((fact("trick.view.unseen", count=len(unseen)), Cards(unseen)))
        lines.extend(self.notes())
        data: dict[str, object] = {
            "trump": str(state.trump),
            "trick": [{"by": p, "cards": [str(c) for c in cs]} for p, cs in state.trick],
            "tricks": state.tricks,
            "stock": state.stock,
            "hand_counts": dict(state.held),
            "unseen": [str(c) for c in unseen],
        }
        data.update(self.data())
        brief = (head[1] if state.trick else head[0], turn[0])  # the trick (or the deal), the turn
        return View(tuple(lines), data, brief)

    def head_lines(self) -> list[Line]:
        """The deal, trump, tricks and stock; the trick so far and who holds it."""
        state = self.state
        stock = (
            fact("trick.view.stock-stopped", stock=state.stock)
            if state.stopped
            else fact("trick.view.stock", stock=state.stock)
        )
        lines: list[Line] = [
            (
                fact("trick.view.deal", deal=state.index + 1, dealer=state.dealer),
                Cards((state.trump,)),
                fact("trick.view.tricks", n=state.tricks, stock=stock),
            )
        ]
        if state.trick:
            parts: list[str | Fact | Cards] = [fact("trick.view.trick")]
            for k, (p, cs) in enumerate(state.trick):  # the name isolated, the separator said
                if k:
                    parts.append(fact("trick.view.then"))
                parts.extend((fact("trick.view.by", player=p), Cards(cs)))
            lines.append(tuple(parts))
            if state.holder:
                lines.append((fact("trick.view.holding", player=state.holder[0]),))
        return lines

    def turn_lines(self) -> list[Line]:
        """Whose turn it is, the cards in each hand, and the hand of the player to move when
        it is recorded."""
        state = self.state
        who = state.to_move()
        lines: list[Line] = []
        if who is None:
            lines.append((self.waiting(),))
        elif state.trick:
            lines.append((fact("trick.view.to-follow", player=who),))
        else:
            lines.append((fact("trick.view.to-lead", player=who),))
        counts = (fact("trick.view.count-of", player=p, count=n) for p, n in state.held.items())
        lines.append((fact("trick.view.counts", counts=joined(counts)),))
        if who is not None:
            known = state.known_cards(who)
            if known is not None:
                lines.append(
                    (
                        fact("view.holds", player=who),
                        Cards(tuple(sorted(known, key=sort_key))),
                    )
                )
        return lines
