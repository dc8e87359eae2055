"""A rule parameter (rules.md §4): its type, default, allowed values and meaning. Each game's
parameters are listed in its registry entry (referee.registry)."""

from __future__ import annotations

from referee.messages import join, sentence

Value = bool | int | str


class Param:
    """One rule parameter: its type, default, allowed choices and meaning."""

    __slots__ = ("choices", "default", "kind", "meaning", "minimum", "name", "rule")

    def __init__(
        self,
        name: str,
        kind: type,
        default: Value,
        meaning: str,
        rule: str,
        choices: tuple[str, ...] = (),
        minimum: int = 0,
    ) -> None:
        self.name = name
        self.kind = kind
        self.default = default
        self.meaning = meaning
        self.rule = rule
        self.choices = choices
        self.minimum = minimum

    def check(self, value: object) -> str | None:
        """Why ``value`` is not acceptable, or None when it is."""
        if self.kind is bool:
            if not isinstance(value, bool):
                return sentence("expected true or false, found {value}", value=_show(value))
            return None
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                return sentence("expected a whole number, found {value}", value=_show(value))
            if value < self.minimum:
                return sentence(
                    "expected a whole number of at least {minimum}, found {value}",
                    minimum=self.minimum,
                    value=value,
                )
            if value > 1_000_000:
                return sentence(
                    "expected a whole number of at most 1000000, found {value}", value=value
                )
            return None
        if not isinstance(value, str):
            return sentence(
                "expected one of {choices}, found {value}",
                choices=join(self.choices),
                value=_show(value),
            )
        if value not in self.choices:
            return sentence(
                "expected one of {choices}, found {value}",
                choices=join(self.choices),
                value=repr(value),
            )
        return None


def _show(value: object) -> str:
    return f"{type(value).__name__} {value!r}"


def p(
    name: str,
    kind: type,
    default: Value,
    rule: str,
    meaning: str,
    choices: tuple[str, ...] = (),
    minimum: int = 0,
) -> Param:
    """A parameter, as the registry lists them: name, type, default, rule id, meaning."""
    return Param(name, kind, default, meaning, rule, choices, minimum)
