"""Problems found in a match log or a play: the rule id, where, and what was wrong."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.messages import Fact, localized, sentence
from referee.text import cut, visible

if TYPE_CHECKING:
    from referee.messages import LegalPlay


class Problem:
    """One finding. ``deal`` and ``play`` count from 1; ``path`` indexes from 0 like TOML.

    ``message`` is what was wrong: a sentence (the log's reader, the checks of a table),
    or the rules' fact as a value (a refusal), which the words layer says at the edge
    (:mod:`referee.words.rulings`: the problem as a line, its message, its JSON object).
    ``stage`` orders problems within a deal: 0 set-up, 1 an entry, 2 the end of the deal.
    A ruling on an entry also carries the legal plays it shows, as values (``legal``; None
    for a problem that is not a refusal), and how many more there are (``more``).
    """

    __slots__ = (
        "column",
        "deal",
        "legal",
        "line",
        "message",
        "more",
        "path",
        "play",
        "rule",
        "stage",
    )

    def __init__(
        self,
        rule: str,
        message: str | Fact,
        path: str | None = None,
        deal: int | None = None,
        play: int | None = None,
        line: int | None = None,
        column: int | None = None,
        stage: int = 0,
        legal: Sequence[LegalPlay] | None = None,
        more: int = 0,
    ) -> None:
        self.rule = rule
        self.message: str | Fact = cut(message) if isinstance(message, str) else message
        self.path = path
        self.deal = deal
        self.play = play
        self.line = line
        self.column = column
        self.stage = stage
        self.legal: tuple[LegalPlay, ...] | None = None if legal is None else tuple(legal)
        self.more = more

    def _key(self) -> tuple[object, ...]:
        return (
            self.rule,
            self.message,
            self.path,
            self.deal,
            self.play,
            self.line,
            self.column,
            self.stage,
            self.legal,
            self.more,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Problem) and self._key() == other._key()

    def __hash__(self) -> int:
        # a fact holds its values in a dict: hashed by its repr, which equal facts share
        return hash(repr(self._key()))

    def __repr__(self) -> str:
        return f"Problem({self.rule!r}, {self.message!r}, path={self.path!r})"


class RefereeError(Exception):
    """A domain error: the log or the entry breaks a rule or is not a valid log (exit 1)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"[{p.rule}] {p.message}" for p in problems))


def replay_order(problem: Problem) -> tuple[int, int, int, int]:
    """Sort key putting problems in rules.md's order of checking."""
    path = problem.path or ""
    if path.startswith("result"):
        return (2, 0, 0, 0)
    if problem.deal is None:
        return (0, 0, 0, 0)
    return (1, problem.deal, problem.stage, problem.play or 0)


def deal_path(deal_index: int, key: str | None = None, play_index: int | None = None) -> str:
    """The TOML key path of a deal (and a play within it), indices from 0."""
    path = f"deals[{deal_index}]"
    if play_index is not None:
        path += f".plays[{play_index}]"
    if key:
        path += f".{key}"
    return path


def internal_error(error: BaseException) -> str:
    """The one line a bug is reported in: what it was, and that the log is whole."""
    return localized(
        sentence(
            "referee: internal error ({error}). The log on disk is whole (every write is "
            "atomic). Please report this with the match log.",
            error=visible(f"{type(error).__name__}: {cut(str(error), 300)}"),
        )
    )
