"""Fante, a toy trick game on the 36-card deck: two players, three cards each and a
turned-up trump; the trick core's leads, follows and draws; each player scores the card
points of the tricks they took. Its registry entry is this ``SPEC``."""

from __future__ import annotations

from referee.cards import SHORT_DECK
from referee.games.spec import TRICK, GameSpec, params
from referee.messages import sentence
from referee.params import p

SPEC = GameSpec(
    name="fante",
    title=sentence("Fante"),
    players=(2, 2),
    params=params(p("target", int, 60, "fante.match", "match target in card points", (), 1)),
    variants={"plain": {}},
    engine="tests.toygames.fante.rules:FanteDeal",
    words=("referee.games.trick.words", "tests.toygames.fante.words"),
    deck=SHORT_DECK,
    family=TRICK,
    setup=("trump",),
    one_card=("trump",),
    entries=("cards",),
    names=("Nina", "Ugo"),
)
