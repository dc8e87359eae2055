"""Playing cards: a small immutable value with a lenient parser and a canonical format.

>>> Card.parse("t♦")
Card.parse('10D')
>>> str(Card.parse("10d"))
'10D'
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.messages import sentence

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
    said = repr(text)
    if len(s) >= 2 and s[-1].upper() in _SUIT_READ:
        rank = s[:-1]
        if rank == "1":
            return sentence(
                "{text} is not a card: an ace is written A ({card})",
                text=said,
                card="A" + _SUIT_READ[s[-1].upper()],
            )
        return sentence(
            "{text} is not a card: {rank} is not a rank (A 2 3 4 5 6 7 8 9 10 J Q K, T for 10)",
            text=said,
            rank=repr(rank),
        )
    if len(s) >= 2 and s[:-1].upper() in _RANK_READ:
        return sentence(
            "{text} is not a card: {suit} is not a suit (S H D C, or ♠ ♥ ♦ ♣)",
            text=said,
            suit=repr(s[-1]),
        )
    if s.upper() in _RANK_READ or s.upper() == "1":
        return sentence(
            "{text} is not a card: it has no suit (write rank then suit, as 7D or 10H)", text=said
        )
    return sentence("{text} is not a card (expected rank then suit, as 7D or 10H)", text=said)


# How players name cards, besides the log's notation (docs/languages.md lists them all).
# Russian: ranks В Д К Т (валет, дама, король, туз), suits П Ч Б Т (пики, черви, бубны,
# трефы), so 8П, ТЧ, 10Б. Arabic (Egypt, the Levant) and Persian: the names said at the
# table, a rank then a suit, apart or together: "7 ديناري", "آس دل", "سرباز گشنیز".
# Words are compared folded (see _fold): Arabic and Persian letter forms made one.
_RANK_WORDS: dict[str, str] = {
    # Russian letters and words
    "В": "J", "Д": "Q", "К": "K", "Т": "A",
    "ВАЛЕТ": "J", "ДАМА": "Q", "КОРОЛЬ": "K", "ТУЗ": "A",
    # Arabic: ولد/شب boy, بنت girl, شايب old man, آص/آس ace; number words 2-10
    "ولد": "J", "شب": "J", "جاک": "J", "بنت": "Q", "ملکه": "Q", "شایب": "K", "ملک": "K",
    "اص": "A", "اس": "A",
    "اثنین": "2", "اتنین": "2", "ثلاثه": "3", "تلاته": "3", "اربعه": "4", "خمسه": "5",
    "سته": "6", "سبعه": "7", "ثمانیه": "8", "تمانیه": "8", "تسعه": "9", "عشره": "10",
    # Persian: سرباز soldier, بی بی lady, شاه king, آس/تک ace; number words 2-10
    "سرباز": "J", "بیبی": "Q", "شاه": "K", "تک": "A",
    "دو": "2", "سه": "3", "چهار": "4", "پنج": "5", "شش": "6", "هفت": "7", "هشت": "8",
    "نه": "9", "ده": "10",
    # Russian rank nouns: шестёрка … десятка (ё is read as е)
    "ДВОЙКА": "2", "ТРОЙКА": "3", "ЧЕТВЕРКА": "4", "ПЯТЕРКА": "5", "ШЕСТЕРКА": "6",
    "СЕМЕРКА": "7", "ВОСЬМЕРКА": "8", "ДЕВЯТКА": "9", "ДЕСЯТКА": "10",
}  # fmt: skip
_SUIT_WORDS: dict[str, str] = {
    "П": "S", "Ч": "H", "Б": "D", "Т": "C",
    "ПИКИ": "S", "ПИК": "S", "ЧЕРВИ": "H", "ЧЕРВЕЙ": "H", "БУБНЫ": "D", "БУБЕН": "D",
    "ТРЕФЫ": "C", "ТРЕФ": "C",
    # Arabic: بستوني spades, كبة/كوبة hearts, ديناري diamonds, سباتي clubs
    "بستونی": "S", "کبه": "H", "کوبه": "H", "قلب": "H", "دیناری": "D", "دینار": "D",
    "دیمان": "D", "سباتی": "C", "اسباتی": "C",
    # Persian: پیک spades, دل hearts, خشت diamonds, گشنیز (خاج) clubs
    "پیک": "S", "دل": "H", "خشت": "D", "گشنیز": "C", "خاج": "C",
    # Egyptian كاروه/كارو diamonds, سبيد spades (Levant), قلوب hearts, تريفل clubs (Beirut)
    "کاروه": "D", "کارو": "D", "سبید": "S", "اسبید": "S", "قلوب": "H", "تریفل": "C",
    "ترفل": "C",
    # Russian as said at the table: бубей, черва, крести, вини
    "БУБНА": "D", "БУБИ": "D", "БУБЕЙ": "D", "ЧЕРВА": "H", "ЧЕРВЫ": "H", "ТРЕФА": "C",
    "КРЕСТИ": "C", "КРЕСТЕЙ": "C", "ВИНИ": "S", "ВИНЫ": "S", "ПИКА": "S",
}  # fmt: skip
_LONGEST = max(map(len, (*_RANK_WORDS, *_RANK_READ))) + max(map(len, (*_SUIT_WORDS, *_SUIT_READ)))
_FOLD = str.maketrans(
    {
        **{chr(0x0660 + d): str(d) for d in range(10)},  # Arabic-Indic digits
        **{chr(0x06F0 + d): str(d) for d in range(10)},  # Persian digits
        "ي": "ی", "ى": "ی", "ك": "ک", "أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ة": "ه",
        "Ё": "Е", "ё": "Е",
        **dict.fromkeys(map(chr, (0x0640, 0x200C, 0x200D, *range(0x064B, 0x0653), 0x0670))),
    }
)  # fmt: skip


def _fold(word: str) -> str:
    """A word as the card tables spell it: Arabic and Persian letter forms made one
    (ي ی, ك ک, أ إ آ ا, ة ه), harakat, tatweel and joiners dropped, digits of any script
    made ASCII, letters upper case."""
    return word.translate(_FOLD).upper()


def _rank_of(word: str) -> str | None:
    return _RANK_READ.get(word) or _RANK_WORDS.get(word)


def _suit_of(word: str) -> str | None:
    return _SUIT_READ.get(word) or _SUIT_WORDS.get(word)


def _national(word: str) -> Card | None:
    """One folded word naming a card in a players' notation (``ТЧ``, ``10Б``, ``7دیناری``,
    ``♥10``), or None. A word longer than any rank and suit together is none: so a
    pasted 100,000-character word costs one length test, not a split at every point."""
    if len(word) > _LONGEST:
        return None
    if len(word) >= 2 and word[0] in "♠♥♦♣♤♡♢♧" and _rank_of(word[1:]):
        word = word[1:] + word[0]
    for cut in range(1, len(word)):
        rank, suit = _rank_of(word[:cut]), _suit_of(word[cut:])
        if rank is not None and suit is not None:
            return _CANONICAL[rank + suit]
    return None


def read_typed_cards(text: str) -> tuple[Card, ...]:
    """Cards as a person types them: the log's notation (:func:`parse_cards`), a rank and
    suit written apart (``10 H``) or the suit symbol first (``♥10``), and the players'
    own notations: Russian (``8П``, ``ТЧ``), Arabic and Persian card names, with digits
    of any script.

    >>> format_cards(read_typed_cards("10 h ♥10 ad ТТ 8п 7 ديناري آس دل بی بی گشنیز"))
    '10H 10H AD AC 8S 7D AH QC'
    """
    typed = text.split()
    words = [_fold(w) for w in typed]
    for k in range(len(words) - 1, 0, -1):  # بی بی, the Persian queen, is two words
        if words[k - 1] == words[k] == "بی":
            words[k - 1 : k + 1] = ["بیبی"]
            typed[k - 1 : k + 1] = [f"{typed[k - 1]} {typed[k]}"]
    out: list[Card] = []
    i = 0
    while i < len(words):
        word = words[i]
        known = _CANONICAL.get(word)
        if known is not None:
            out.append(known)
            i += 1
            continue
        if i + 1 < len(words):
            rank, suit = _rank_of(word), _suit_of(words[i + 1])
            if rank is not None and suit is not None:
                out.append(_CANONICAL[rank + suit])
                i += 2
                continue
        card = _national(word)
        out.append(card if card is not None else Card.parse(typed[i]))
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
