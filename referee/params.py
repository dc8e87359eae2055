"""The games' rule parameters and named variants (rules.md §4), in one registry."""

from __future__ import annotations

from typing import Any

from referee.problems import Problem

GAMES: tuple[str, ...] = ("basra", "pasur", "bura")
PLAYER_COUNTS: dict[str, tuple[int, int]] = {"basra": (2, 4), "pasur": (2, 4), "bura": (2, 6)}

Value = bool | int | str


class Param:
    """One rule parameter: its type, default, allowed choices and meaning."""

    __slots__ = ("choices", "default", "kind", "meaning", "minimum", "name", "rule")

    def __init__(self, name: str, kind: type, default: Value, meaning: str, rule: str,
                 choices: tuple[str, ...] = (), minimum: int = 0) -> None:
        self.name = name
        self.kind = kind
        self.default = default
        self.meaning = meaning
        self.rule = rule
        self.choices = choices
        self.minimum = minimum

    def check(self, value: Any) -> str | None:
        """Why ``value`` is not acceptable, or None when it is."""
        if self.kind is bool:
            if not isinstance(value, bool):
                return f"expected true or false, found {_show(value)}"
            return None
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                return f"expected a whole number, found {_show(value)}"
            if value < self.minimum:
                return f"expected a whole number of at least {self.minimum}, found {value}"
            if value > 1_000_000:
                return f"expected a whole number of at most 1000000, found {value}"
            return None
        if not isinstance(value, str):
            return f"expected one of {', '.join(self.choices)}, found {_show(value)}"
        if value not in self.choices:
            return f"expected one of {', '.join(self.choices)}, found {value!r}"
        return None


def _show(value: Any) -> str:
    return f"{type(value).__name__} {value!r}"


def _p(name: str, kind: type, default: Value, rule: str, meaning: str,
       choices: tuple[str, ...] = (), minimum: int = 0) -> Param:
    return Param(name, kind, default, meaning, rule, choices, minimum)


PARAMS: dict[str, dict[str, Param]] = {
    "basra": {p.name: p for p in (
        _p("ace_points", int, 1, "basra.score", "points per ace captured"),
        _p("basra_by_sum", bool, True, "basra.sweep",
           "a sweep by sums scores a basra (false, Lebanese: only same-rank sweeps)"),
        _p("basra_points", int, 10, "basra.sweep", "points per basra (sweep)"),
        _p("capture", str, "any", "basra.capture.choice",
           "any: take any union of groups; maximal: leave no group a capture could add",
           ("any", "maximal")),
        _p("hand_size", int, 4, "basra.deal", "cards dealt to each player per round", (), 1),
        _p("jack_basra", str, "lone_card", "basra.sweep.jack",
           "when a jack's sweep scores a basra: lone_card, one_or_two (cards) or never",
           ("lone_card", "one_or_two", "never")),
        _p("jack_points", int, 1, "basra.score", "points per jack captured"),
        _p("majority_points", int, 30, "basra.score", "award for strictly the most cards"),
        _p("majority_tie", str, "void", "basra.score.tie",
           "a shared majority: void (nobody scores) or rollover (added to the next deal's)",
           ("void", "rollover")),
        _p("may_trail_capturer", bool, True, "basra.trail",
           "a card that could capture may still be trailed"),
        _p("partnerships", bool, True, "game.players",
           "four players play as two partnerships (1 and 3 against 2 and 4)"),
        _p("seven_diamonds", str, "sweep_if_10", "basra.seven-diamonds",
           "the 7D: sweep_if_10 (sweeps a floor adding to 10 or less), sweep_all, or plain",
           ("sweep_if_10", "sweep_all", "plain")),
        _p("target", int, 101, "basra.match", "match target in points", (), 1),
        _p("ten_diamonds_points", int, 3, "basra.score", "points for the 10D"),
        _p("two_clubs_points", int, 2, "basra.score", "points for the 2C"),
    )},
    "pasur": {p.name: p for p in (
        _p("club_tie", str, "third_player", "pasur.score.clubs-tie",
           "three players, two tied for most clubs: third_player scores the award, or nobody",
           ("third_player", "nobody")),
        _p("clubs", str, "majority7", "pasur.score.clubs",
           "clubs award: majority7, majority13, or per_club (1 per club, at most 7)",
           ("majority7", "majority13", "per_club")),
        _p("partnerships", bool, True, "game.players",
           "four players play as two partnerships (1 and 3 against 2 and 4)"),
        _p("qk_redeal", bool, False, "pasur.deal.pool",
           "three or more queens or kings in the opening pool force a redeal"),
        _p("sur_cancel", bool, False, "pasur.sur.cancel",
           "a sur made while an opponent holds one cancels theirs instead of scoring"),
        _p("sur_cutoff", int, 0, "pasur.sur.cutoff",
           "a side with this many match points or more scores no surs (0 = off)"),
        _p("sur_points", int, 5, "pasur.sur", "points per sur (sweep)"),
        _p("target", int, 62, "pasur.match", "match target in points", (), 1),
        _p("ten_diamonds_points", int, 3, "pasur.score", "points for the 10D"),
        _p("two_clubs_points", int, 2, "pasur.score", "points for the 2C"),
    )},
    "bura": {p.name: p for p in (
        _p("ante", int, 1, "bura.ante", "each player's stake into the pot every deal"),
        _p("moscow_needs_trump_ace", bool, False, "bura.declare",
           "a Moscow (three aces) must include the trump ace"),
        _p("no_claim", str, "void", "bura.claim.none",
           "cards played out with no claim: void, or most_points wins (a tie is void)",
           ("void", "most_points")),
        _p("target", int, 21, "bura.match", "match target in game points", (), 1),
    )},
}

VARIANTS: dict[str, dict[str, dict[str, Value]]] = {
    "basra": {
        "egyptian": {},
        "classic": {"seven_diamonds": "sweep_all", "jack_basra": "never",
                    "capture": "maximal", "may_trail_capturer": False},
        "lebanese": {"seven_diamonds": "plain", "basra_by_sum": False, "hand_size": 6},
        "iraqi": {"ten_diamonds_points": 6, "basra_points": 5},
        "two-card": {"jack_basra": "one_or_two"},
    },
    "pasur": {
        "standard": {},
        "pagat": {"qk_redeal": True, "sur_cancel": True, "sur_cutoff": 50},
        "thirteen": {"clubs": "majority13"},
        "ten-point-sur": {"sur_points": 10},
    },
    "bura": {
        "classic": {},
        "little-robber": {"target": 11},
    },
}

DEFAULT_VARIANT: dict[str, str] = {"basra": "egyptian", "pasur": "standard", "bura": "classic"}


def variant_values(game: str, variant: str) -> dict[str, Value]:
    """Every parameter of a known game and variant, in alphabetical order."""
    values = {name: p.default for name, p in PARAMS[game].items()}
    values.update(VARIANTS[game][variant])
    return dict(sorted(values.items()))


def resolve_rules(game: str, variant: str, given: dict[str, Any],
                  path: str = "rules") -> tuple[dict[str, Value], list[Problem]]:
    """The variant's values overridden by ``given``; unknown keys and bad values are problems."""
    values = variant_values(game, variant)
    problems: list[Problem] = []
    for key, value in given.items():
        param = PARAMS[game].get(key)
        if param is None:
            problems.append(Problem(
                "log.rules", f"unknown parameter {key!r} for {game}; expected one of "
                f"{', '.join(sorted(PARAMS[game]))}", f"{path}.{key}"))
            continue
        why = param.check(value)
        if why is not None:
            problems.append(Problem("log.rules", why, f"{path}.{key}"))
            continue
        values[key] = value
    return values, problems


def check_game(game: Any) -> str | None:
    """Why ``game`` is not a known game name, or None."""
    if isinstance(game, str) and game in GAMES:
        return None
    return f"expected one of {', '.join(GAMES)}, found {game!r}"


def check_variant(game: str, variant: Any) -> str | None:
    """Why ``variant`` is not a named variant of ``game``, or None."""
    if isinstance(variant, str) and variant in VARIANTS[game]:
        return None
    return f"expected a {game} variant, one of {', '.join(VARIANTS[game])}; found {variant!r}"


def parse_override(game: str, text: str) -> tuple[str, Value]:
    """Read a ``key=value`` rule override from the command line into a typed value."""
    if "=" not in text:
        raise ValueError(f"expected KEY=VALUE, found {text!r}")
    key, raw = (part.strip() for part in text.split("=", 1))
    param = PARAMS[game].get(key)
    if param is None:
        raise ValueError(f"unknown parameter {key!r} for {game}; expected one of "
                         f"{', '.join(sorted(PARAMS[game]))}")
    value: Value
    if param.kind is bool:
        if raw.lower() not in ("true", "false"):
            raise ValueError(f"{key}: expected true or false, found {raw!r}")
        value = raw.lower() == "true"
    elif param.kind is int:
        try:
            value = int(raw)
        except ValueError:
            raise ValueError(f"{key}: expected a whole number, found {raw!r}") from None
    else:
        value = raw
    why = param.check(value)
    if why is not None:
        raise ValueError(f"{key}: {why}")
    return key, value
