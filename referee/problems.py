"""Problems found in a match log or a play: the rule id, where, and what was wrong."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.messages import Msg, join, localized, sentence
from referee.text import cut, visible

if TYPE_CHECKING:
    from referee.games.facts import Fact, LegalPlay

LEGAL_SAID = 12  # the legal plays a problem says (a refusal carries no more than these)


class Problem:
    """One finding. ``deal`` and ``play`` count from 1; ``path`` indexes from 0 like TOML.

    ``stage`` orders problems within a deal: 0 set-up, 1 an entry, 2 the end of the deal.
    A ruling on an entry also carries the legal plays it shows, as values (``legal``; None
    for a problem that is not a refusal), and how many more there are (``more``): said
    after the message (``; legal: …``), written as objects by ``verify --json``.
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
        if not isinstance(message, str):  # a game's fact: said here, once
            from referee.words.sentences import said_text

            message = said_text(message)
        self.message = cut(message)
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
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Problem({self.rule!r}, {self.message!r}, path={self.path!r})"

    def as_json(self) -> dict[str, object]:
        """The problem as cli.md's JSON object (absent keys left out)."""
        out: dict[str, object] = {}
        if self.deal is not None:
            out["deal"] = self.deal
        if self.play is not None:
            out["play"] = self.play
        if self.path is not None:
            out["path"] = self.path
        if self.line is not None:
            out["line"] = self.line
            out["column"] = self.column
        out["rule"] = self.rule
        out["message"] = self.message
        if self.legal is not None:
            out["legal"] = [play.as_json() for play in self.legal]
            out["more"] = self.more
        return out

    def __str__(self) -> str:
        """The problem as a person reads it, in their language, unsafe characters escaped."""
        return localized(self.said())

    def said(self) -> Msg:
        """The problem as a sentence: the rule id, where, and the message."""
        where: list[object] = []
        if self.line is not None:
            where.append(
                sentence("line {line}, column {column}", line=self.line, column=self.column)
            )
        if self.deal is not None:
            where.append(sentence("deal {deal}", deal=self.deal))
        if self.play is not None:
            where.append(sentence("play {play}", play=self.play))
        if self.path is not None:
            where.append(self.path)
        rule = f"[{self.rule}]"
        message = self.with_legal()
        if where:
            return sentence(
                "{rule} ({where}): {message}", rule=rule, where=join(where), message=message
            )
        return sentence("{rule}: {message}", rule=rule, message=message)

    def with_legal(self) -> str:
        """The message followed by the legal plays, shortened when many (the words layer
        says each play's fact)."""
        if not self.legal:
            return self.message
        from referee.words.sentences import said

        shown = [said(play.as_fact()) for play in self.legal[:LEGAL_SAID]]
        rest = len(self.legal) - len(shown) + self.more
        if rest:
            return cut(
                sentence(
                    "{message}; legal: {options} and {rest} more",
                    message=self.message,
                    options=join(shown),
                    rest=rest,
                )
            )
        return cut(
            sentence("{message}; legal: {options}", message=self.message, options=join(shown))
        )


class RefereeError(Exception):
    """A domain error: the log or the entry breaks a rule or is not a valid log (exit 1)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


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
