"""Basra (rules.md §1), a fishing game on the 52-card deck: its registry entry. Its
rules are :mod:`.rules`, its words :mod:`.words`; the fishing core's simulated player
plays it."""

from __future__ import annotations

from referee.cards import FULL_DECK
from referee.games.spec import FISHING, PARTNERSHIPS, GameSpec, params
from referee.messages import sentence
from referee.params import p

SPEC = GameSpec(
    name="basra",
    title=sentence("Basra"),
    players=(2, 4),
    params=params(
        p("ace_points", int, 1, "basra.score", "points per ace captured"),
        p(
            "basra_by_sum",
            bool,
            True,
            "basra.sweep",
            "a sweep by sums scores a basra (false, Lebanese: only same-rank sweeps)",
        ),
        p("basra_points", int, 10, "basra.sweep", "points per basra (sweep)"),
        p(
            "capture",
            str,
            "any",
            "basra.capture.choice",
            "any: take any union of groups; maximal: leave no group a capture could add",
            ("any", "maximal"),
        ),
        p("hand_size", int, 4, "basra.deal", "cards dealt to each player per round", (), 1),
        p(
            "jack_basra",
            str,
            "lone_card",
            "basra.sweep.jack",
            "when a jack's sweep scores a basra: lone_card, one_or_two (cards) or never",
            ("lone_card", "one_or_two", "never"),
        ),
        p("jack_points", int, 1, "basra.score", "points per jack captured"),
        p("majority_points", int, 30, "basra.score", "award for strictly the most cards"),
        p(
            "majority_tie",
            str,
            "void",
            "basra.score.tie",
            "a shared majority: void (nobody scores) or rollover (added to the next deal's)",
            ("void", "rollover"),
        ),
        p(
            "may_trail_capturer",
            bool,
            True,
            "basra.trail",
            "a card that could capture may still be trailed",
        ),
        PARTNERSHIPS,
        p(
            "seven_diamonds",
            str,
            "sweep_if_10",
            "basra.seven-diamonds",
            "the 7D: sweep_if_10 (sweeps a floor adding to 10 or less), sweep_all, or plain",
            ("sweep_if_10", "sweep_all", "plain"),
        ),
        p("target", int, 101, "basra.match", "match target in points", (), 1),
        p("ten_diamonds_points", int, 3, "basra.score", "points for the 10D"),
        p("two_clubs_points", int, 2, "basra.score", "points for the 2C"),
    ),
    variants={
        "egyptian": {},
        "classic": {
            "seven_diamonds": "sweep_all",
            "jack_basra": "never",
            "capture": "maximal",
            "may_trail_capturer": False,
        },
        "lebanese": {"seven_diamonds": "plain", "basra_by_sum": False, "hand_size": 6},
        "iraqi": {"ten_diamonds_points": 6, "basra_points": 5},
        "two-card": {"jack_basra": "one_or_two"},
    },
    engine="referee.games.basra.rules:BasraDeal",
    words=("referee.games.fishing.words", "referee.games.basra.words"),
    deck=FULL_DECK,
    family=FISHING,
    setup=("floor", "buried"),
    entries=("card", "takes"),
    partnerships=True,
    sweeps=True,
)
