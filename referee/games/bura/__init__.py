"""Bura (rules.md §3), a trick game on the 36-card deck: its registry entry. Its rules
are :mod:`.rules`, its words :mod:`.words`; the trick core's simulated player plays it."""

from __future__ import annotations

from referee.cards import SHORT_DECK
from referee.games.spec import TRICK, GameSpec, params
from referee.messages import sentence
from referee.params import p

SPEC = GameSpec(
    name="bura",
    title=sentence("Bura"),
    players=(2, 6),
    params=params(
        p("ante", int, 1, "bura.ante", "each player's stake into the pot every deal"),
        p(
            "moscow_needs_trump_ace",
            bool,
            False,
            "bura.declare",
            "a Moscow (three aces) must include the trump ace",
        ),
        p(
            "no_claim",
            str,
            "void",
            "bura.claim.none",
            "cards played out with no claim: void, or most_points wins (a tie is void)",
            ("void", "most_points"),
        ),
        p("target", int, 21, "bura.match", "match target in game points", (), 1),
    ),
    variants={
        "classic": {},
        "little-robber": {"target": 11},
    },
    engine="referee.games.bura.rules:BuraDeal",
    words=("referee.games.trick.words", "referee.games.bura.words"),
    deck=SHORT_DECK,
    family=TRICK,
    setup=("trump",),
    one_card=("trump",),
    entries=("cards", "declares", "claim", "forfeit"),
    pot=True,
    declarations=("bura", "moscow", "little-moscow", "molodka"),
    names=("Ivan", "Petr", "Olga", "Anna", "Boris", "Vera"),
)
