"""What a person sees of a trick-game deal: what beats the trick, the legal ways to take it,
the state in a few lines for an explanation, and ``show``'s view."""

from __future__ import annotations

from referee.cards import SHORT_DECK, format_cards, sort_key
from referee.games.base import Cards, Line, Options, View
from referee.games.trickcards import STRENGTH, beats
from referee.games.trickstate import TrickState
from referee.messages import Msg, Suit, join, m, mn


def beat_hints(state: TrickState) -> list[Msg]:
    """What beats each card now holding the trick, among the cards not yet played: for
    the referee who does not know the follower's hand."""
    if state.holder is None:
        return []
    out = []
    left = sorted(SHORT_DECK - set(state.used), key=lambda c: STRENGTH[c.rank])
    trump, top = state.suit, state.top
    for held in state.holder[1]:
        if held is top:
            out.append(m("{card}: beaten by nothing", card=held))
            continue
        higher = tuple(c for c in left if c.suit == held.suit and beats(c, held, trump, top))
        ways: list[object] = [higher] if higher else []
        if held.suit != trump:
            ways.append(m("any trump ({suit})", suit=Suit(trump)))
        if top is not None and top in left and top not in higher:
            ways.append(top)
        if ways:
            said = ways[0]
            for way in ways[1:]:
                said = m("{one} or {other}", one=said, other=way)
            out.append(m("{card}: beaten by {ways}", card=held, ways=said))
        else:
            out.append(m("{card}: beaten by nothing left", card=held))
    k = len(state.holder[1])
    if k > 1:
        out.append(m("to take the trick, {k} cards must beat these {k} one to one", k=k))
    return out


def legal_options(state: TrickState, player: str | None, limit: int | None = None) -> Options:
    """The ways ``player`` can take the trick (their hand recorded), else what beats each
    card holding it; ``total`` counts ways, 0 when the lines are only words."""
    who = player or state.to_move()
    if who is None:
        return Options(m("the deal is over"), [m("none: {why}", why=state.after_last_trick())], 0)
    if not state.trick:
        lead = m("any 1 card, or 2 to {k} cards of one suit", k=state.hand_size)
        return Options(m("{player} leads", player=who), [lead], 0)
    held = state.holder[1] if state.holder else ()
    if state.known_cards(who) is None:
        label = m(
            "{player} to beat {cards} ({player}'s hand is not recorded: what beats each card)",
            player=who,
            cards=held,
        )
        return Options(label, list(beat_hints(state)), 0)
    label = m("{player} to beat {cards}", player=who, cards=held)
    ways: list[str] = [format_cards(w) for w in state.options(who)]
    shown = ways if limit is None else ways[:limit]
    return Options(label, shown or [m("none: no set of their cards beats it")], len(ways))


def describe(state: TrickState) -> list[str]:
    """The state now in a few plain lines, for an explanation."""
    lines: list[str] = [
        m(
            "Deal {deal}, dealt by {dealer}; entry {entry}.",
            deal=state.index + 1,
            dealer=state.dealer,
            entry=state.entries + 1,
        ),
        mn(
            "Trump {card}; {n} trick played; stock {stock}.",
            "Trump {card}; {n} tricks played; stock {stock}.",
            state.tricks,
            card=state.trump,
            stock=state.stock,
        ),
    ]
    if state.trick:
        so_far = join((m("{player} {cards}", player=p, cards=cs) for p, cs in state.trick), "; ")
        lines.append(m("Trick so far: {plays}", plays=so_far))
    points = join(m("{player} {points}", player=p, points=v) for p, v in state.points.items())
    lines.append(m("Card points in tricks: {points}", points=points))
    return lines


def view(state: TrickState) -> View:
    """What ``show`` displays of the deal in progress, lines and data."""
    unseen = tuple(state.unseen())
    lines = [*head_lines(state), *turn_lines(state)]
    lines.append((m("Not yet played ({count}): ", count=len(unseen)), Cards(unseen)))
    lines.extend(state.view_notes())
    data: dict[str, object] = {
        "trump": str(state.trump),
        "trick": [{"by": p, "cards": [str(c) for c in cs]} for p, cs in state.trick],
        "tricks": state.tricks,
        "stock": state.stock,
        "hand_counts": dict(state.held),
        "unseen": [str(c) for c in unseen],
    }
    data.update(state.view_data())
    return View(tuple(lines), data)


def head_lines(state: TrickState) -> list[Line]:
    """The deal, trump, tricks and stock; the trick so far and who holds it."""
    stock = (
        m("stock {stock} (no more drawing)", stock=state.stock)
        if state.stopped
        else m("stock {stock}", stock=state.stock)
    )
    lines: list[Line] = [
        (
            m("Deal {deal}, dealt by {dealer}; trump ", deal=state.index + 1, dealer=state.dealer),
            Cards((state.trump,)),
            mn(
                "; {n} trick played; {stock}",
                "; {n} tricks played; {stock}",
                state.tricks,
                stock=stock,
            ),
        )
    ]
    if state.trick:
        parts: list[str | Cards] = [m("Trick: ")]
        for k, (p, cs) in enumerate(state.trick):
            parts.extend((("; " if k else "") + f"{p} ", Cards(cs)))
        lines.append(tuple(parts))
        if state.holder:
            lines.append((m("Holding the trick: {player}", player=state.holder[0]),))
    return lines


def turn_lines(state: TrickState) -> list[Line]:
    """Whose turn it is, the cards in each hand, and the hand of the player to move when
    it is recorded."""
    who = state.to_move()
    lines: list[Line] = []
    if who is None:
        lines.append((state.waiting(),))
    elif state.trick:
        lines.append((m("{player} to follow", player=who),))
    else:
        lines.append((m("{player} to lead", player=who),))
    counts = join(m("{player} {count}", player=p, count=n) for p, n in state.held.items())
    lines.append((m("Cards in hand: {counts}", counts=counts),))
    if who is not None:
        known = state.known_cards(who)
        if known is not None:
            lines.append(
                (m("{player} holds: ", player=who), Cards(tuple(sorted(known, key=sort_key))))
            )
    return lines
