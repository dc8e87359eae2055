"""Playing cards: a small immutable value with a lenient parser and a canonical format.

>>> Card.parse("t♦")
Card.parse('10D')
>>> str(Card.parse("10d"))
'10D'
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

_SUIT_READ: dict[str, str] = {
    "S": "S",
    "H": "H",
    "D": "D",
    "C": "C",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}
_RANK_READ: dict[str, str] = {r: r for r in RANKS} | {"T": "10"}


class CardError(ValueError):
    """A string that is not a card in the match-log notation."""


class Card:
    """One card: rank (``A 2 … 10 J Q K``) and suit (``S H D C``).

    Cards are interned: ``Card("7", "D") is Card.parse("7d")``, so equality and hashing
    are by identity, which keeps replay's many set operations cheap.
    """

    __slots__ = ("rank", "suit")
    rank: str
    suit: str

    def __new__(cls, rank: str, suit: str) -> Card:
        known = _CANONICAL.get(rank + suit) if _CANONICAL else None
        if known is not None:
            return known
        if rank not in RANKS or suit not in SUITS:
            raise CardError(f"{rank + suit!r} is not a card")
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __lt__(self, other: Card) -> bool:
        """Display order: by suit (S H D C), then rank (A 2 … 10 J Q K)."""
        return _ORDER[self] < _ORDER[other]

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank, self.suit))

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card leniently: case-insensitive, ``T`` for ten, suit symbols allowed."""
        known = _CANONICAL.get(text)
        if known is not None:
            return known
        s = text.strip()
        rank = _RANK_READ.get(s[:-1].upper()) if len(s) >= 2 else None
        suit = _SUIT_READ.get(s[-1].upper()) if s else None
        if rank is None or suit is None:
            raise CardError(why_not_a_card(text))
        return _CANONICAL[rank + suit]

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def pretty(self, ascii_only: bool = False) -> str:
        """The card with its suit symbol (``10♦``), or ASCII when asked."""
        return str(self) if ascii_only else self.rank + SUIT_SYMBOLS[self.suit]

    @property
    def value(self) -> int | None:
        """Face value for the fishing games' sums: A=1 … 10=10; None for J, Q, K."""
        return _VALUES.get(self.rank)

    @property
    def is_numeral(self) -> bool:
        return self.rank in _VALUES


_VALUES: dict[str, int] = {r: i + 1 for i, r in enumerate(RANKS[:10])}
_CANONICAL: dict[str, Card] = {}
_CANONICAL.update({r + s: Card(r, s) for r in RANKS for s in SUITS})
_ORDER: dict[Card, int] = {
    _CANONICAL[r + s]: i * 13 + j for i, s in enumerate(SUITS) for j, r in enumerate(RANKS)
}

FULL_DECK: frozenset[Card] = frozenset(_CANONICAL.values())
SHORT_DECK: frozenset[Card] = frozenset(
    c for c in FULL_DECK if c.rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
)


def why_not_a_card(text: str) -> str:
    """A plain explanation of why ``text`` is not a card (``1S``: an ace is ``A``)."""
    s = text.strip()
    base = f"{text!r} is not a card"
    if len(s) >= 2 and s[-1].upper() in _SUIT_READ:
        rank = s[:-1]
        if rank == "1":
            return f"{base}: an ace is written A ({'A' + _SUIT_READ[s[-1].upper()]})"
        return f"{base}: {rank!r} is not a rank (A 2 3 4 5 6 7 8 9 10 J Q K, T for 10)"
    if len(s) >= 2 and s[:-1].upper() in _RANK_READ:
        return f"{base}: {s[-1]!r} is not a suit (S H D C, or ♠ ♥ ♦ ♣)"
    if s.upper() in _RANK_READ or s.upper() == "1":
        return f"{base}: it has no suit (write rank then suit, as 7D or 10H)"
    return f"{base} (expected rank then suit, as 7D or 10H)"


def read_typed_cards(text: str) -> tuple[Card, ...]:
    """Cards as a person types them: as :func:`parse_cards`, and also a rank and suit
    written apart (``10 H``) or the suit symbol first (``♥10``).

    >>> format_cards(read_typed_cards("10 h ♥10 ad"))
    '10H 10H AD'
    """
    words = text.split()
    out: list[Card] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word.upper() in _RANK_READ and i + 1 < len(words) and words[i + 1].upper() in _SUIT_READ:
            word += words[i + 1]
            i += 1
        elif len(word) >= 2 and word[0] in "♠♥♦♣♤♡♢♧" and word[1:].upper() in _RANK_READ:
            word = word[1:] + word[0]
        out.append(Card.parse(word))
        i += 1
    return tuple(out)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a space-separated card list; an empty string is no cards."""
    return tuple([Card.parse(t) for t in text.split()])


def lookup_card(text: str) -> Card | None:
    """A card already written in canonical form, or None (use :meth:`Card.parse`)."""
    return _CANONICAL.get(text)


def lookup_cards(text: str) -> tuple[Card, ...] | None:
    """A canonical card list read quickly, or None when any card needs the lenient parser."""
    try:
        return tuple([_CANONICAL[t] for t in text.split()])
    except KeyError:
        return None


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in canonical form, separated by single spaces."""
    return " ".join(str(c) for c in cards)


def sort_key(card: Card) -> int:
    """Display order: by suit, then rank (as ``sorted`` orders cards)."""
    return _ORDER[card]
