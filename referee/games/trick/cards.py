"""The trick games' cards (rules.md §3 ``[bura.cards]``, §3a ``[kozel.cards]``): rank
within a suit, card points, and the beat relation between cards and between sets of them."""

from __future__ import annotations

from referee.cards import Card

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
