"""Pesca, a toy fishing game: 40 cards (no 8, 9 or 10), two players, three cards a round,
four on the opening floor; a card takes one floor card of its own rank and must when it
can; taking the last card of the floor is a pesca (a sweep, a point), except in the last
round; the most cards score a point. Its registry entry is this ``SPEC``; its words are
added to the built-in sentences with ``register`` as the package loads (Fante names its
words module in its spec instead: both ways a game defined outside referee may take)."""

from __future__ import annotations

from referee.cards import FULL_DECK
from referee.games.spec import FISHING, GameSpec, params
from referee.messages import sentence
from referee.params import p
from referee.words.sentences import register

from .words import SENTENCES

SPEC = GameSpec(
    name="pesca",
    title=sentence("Pesca"),
    players=(2, 2),
    params=params(p("target", int, 5, "pesca.match", "match target in points", (), 1)),
    variants={"plain": {}},
    engine="tests.toygames.pesca.rules:PescaDeal",
    words=("referee.games.fishing.words",),  # the family's; its own are registered below
    deck=frozenset(c for c in FULL_DECK if c.rank not in ("8", "9", "10")),
    family=FISHING,
    setup=("floor",),
    entries=("card", "takes"),
    sweeps=True,
    names=("Gina", "Tito"),
)

register(SENTENCES)
