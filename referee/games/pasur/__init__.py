"""Pasur (rules.md §2), a fishing game on the 52-card deck: its registry entry. Its
rules are :mod:`.rules`, its words :mod:`.words`; the fishing core's simulated player
plays it."""

from __future__ import annotations

from referee.cards import FULL_DECK
from referee.games.spec import FISHING, PARTNERSHIPS, GameSpec, params
from referee.messages import sentence
from referee.params import p

SPEC = GameSpec(
    name="pasur",
    title=sentence("Pasur"),
    players=(2, 4),
    params=params(
        p(
            "club_tie",
            str,
            "third_player",
            "pasur.score.clubs-tie",
            "three players, two tied for most clubs: third_player scores the award, or nobody",
            ("third_player", "nobody"),
        ),
        p(
            "clubs",
            str,
            "majority7",
            "pasur.score.clubs",
            "clubs award: majority7, majority13, or per_club (1 per club, at most 7)",
            ("majority7", "majority13", "per_club"),
        ),
        PARTNERSHIPS,
        p(
            "qk_redeal",
            bool,
            False,
            "pasur.deal.pool",
            "three or more queens or kings in the opening pool force a redeal",
        ),
        p(
            "sur_cancel",
            bool,
            False,
            "pasur.sur.cancel",
            "a sur made while an opponent holds one cancels theirs instead of scoring",
        ),
        p(
            "sur_cutoff",
            int,
            0,
            "pasur.sur.cutoff",
            "a side with this many match points or more scores no surs (0 = off)",
        ),
        p("sur_points", int, 5, "pasur.sur", "points per sur (sweep)"),
        p("target", int, 62, "pasur.match", "match target in points", (), 1),
        p("ten_diamonds_points", int, 3, "pasur.score", "points for the 10D"),
        p("two_clubs_points", int, 2, "pasur.score", "points for the 2C"),
    ),
    variants={
        "standard": {},
        "pagat": {"qk_redeal": True, "sur_cancel": True, "sur_cutoff": 50},
        "thirteen": {"clubs": "majority13"},
        "ten-point-sur": {"sur_points": 10},
        "ru-baaz": {},
    },
    engine="referee.games.pasur.rules:PasurDeal",
    words=("referee.games.fishing.words", "referee.games.pasur.words"),
    deck=FULL_DECK,
    family=FISHING,
    setup=("floor", "returned"),
    entries=("card", "takes"),
    partnerships=True,
    sweeps=True,
    names=("Dariush", "Shirin", "Kaveh", "Roya"),
    variant_players=(("ru-baaz", (2, 2)),),  # "open Pasur": the rulings of standard
)
