"""Kozel (rules.md §5), a trick game on the 36-card deck: its registry entry. Its rules
are :mod:`.rules`, its words :mod:`.words`; the trick core's simulated player plays it."""

from __future__ import annotations

from referee.cards import SHORT_DECK
from referee.games.spec import PARTNERSHIPS, TRICK, GameSpec, params
from referee.messages import sentence
from referee.params import p

SPEC = GameSpec(
    name="kozel",
    title=sentence("Kozel"),
    players=(2, 4),
    params=params(
        PARTNERSHIPS,
        p(
            "penalty_31",
            int,
            2,
            "kozel.score",
            "penalty for a side with 31 card points or more (not the most)",
        ),
        p(
            "penalty_low",
            int,
            4,
            "kozel.score",
            "penalty for a side with 0 to 30 card points and at least one trick",
        ),
        p(
            "penalty_none",
            int,
            6,
            "kozel.score",
            "penalty for a side with no trick (and for a forfeit)",
        ),
        p(
            "six_spades_top",
            bool,
            False,
            "kozel.cards",
            "the 6S beats every other card, trumps included, and is beaten by none",
        ),
        p(
            "target",
            int,
            12,
            "kozel.match",
            "the match ends when a side reaches this many penalty points",
            (),
            1,
        ),
    ),
    variants={
        "classic": {},
        "short": {"target": 8},
        "six-spades": {"six_spades_top": True},
    },
    engine="referee.games.kozel.rules:KozelDeal",
    words=("referee.games.trick.words", "referee.games.kozel.words"),
    deck=SHORT_DECK,
    family=TRICK,
    setup=("trump",),
    one_card=("trump",),
    entries=("cards", "forfeit"),
    partnerships=True,
    lower_wins=True,
    names=("Misha", "Katya", "Sasha", "Lena"),
)
