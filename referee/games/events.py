"""What happened at the table, as values: each accepted entry adds events to its deal state
(``DealState.events``), in order. They hold the facts only (who, which cards, what it took,
which trick); the words layer (:mod:`referee.words`) says them in the reader's language.

The first event of an entry says the entry itself (:class:`Captured`, :class:`Led`,
:class:`Followed`, :class:`Declared`, :class:`Claimed`, :class:`Forfeited`); the others
follow from it (a sweep, a trick taken, the residue). A game without events of its own is
said back from its entry alone. Named tuples, not dataclasses: every table command imports
this module, and nine frozen dataclasses cost 3 ms to create."""

from typing import NamedTuple

from referee.cards import Card


class Captured(NamedTuple):
    """A fishing play: ``card`` took ``taken`` from the floor (nothing: a trail), and
    whether that was a sweep."""

    by: str
    card: Card
    taken: tuple[Card, ...]
    sweep: bool = False


class Swept(NamedTuple):
    """A sweep that scored for ``side``; ``word`` is the fact that names the game's sweeps
    after a count (``fishing.sweeps``: 1 sweep, 2 sweeps; a game's own: 1 basra, 2 surs)
    and ``floor`` its name for the cards in the middle."""

    by: str
    side: str
    word: str = "fishing.sweeps"
    floor: str = "floor"


class Residue(NamedTuple):
    """The cards left on the floor at the end of a deal, to ``side``, the last to capture."""

    side: str
    cards: tuple[Card, ...]
    floor: str = "floor"


class Led(NamedTuple):
    """A trick game's lead: ``cards`` of one suit."""

    by: str
    cards: tuple[Card, ...]


class Followed(NamedTuple):
    """A follow: ``cards`` either hold the trick now (they beat ``beaten``, the cards that
    held it) or not (``holder``'s cards ``held`` still hold it)."""

    by: str
    cards: tuple[Card, ...]
    holds: bool
    holder: str
    held: tuple[Card, ...]


class TrickTaken(NamedTuple):
    """``player`` took trick number ``trick`` (from 1)."""

    player: str
    trick: int


class Declared(NamedTuple):
    """A declaration recorded: its name and the cards shown (judged with any others before
    the same trick)."""

    by: str
    name: str
    cards: tuple[Card, ...]


class Claimed(NamedTuple):
    """A claim of 31 judged: the claimant's card points and whether it is upheld."""

    by: str
    points: int
    upheld: bool


class Forfeited(NamedTuple):
    """A player loses the deal for a breach; ``reason`` as recorded."""

    by: str
    reason: str


Event = Captured | Swept | Residue | Led | Followed | TrickTaken | Declared | Claimed | Forfeited
