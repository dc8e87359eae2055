"""Problems and refusals said: a :class:`~referee.problems.Problem` carries the rules' fact
and legal plays as values from the core to the edge, and is said here, once, by whoever
shows it: as a line (:func:`problem_said`), its message alone (:func:`problem_message`),
with its legal plays (:func:`with_legal`), or as the object a program reads
(:func:`problem_json`, :func:`refusal_json`: ``verify --json`` writes each problem so, and
``serve`` answers a refused entry so)."""

from __future__ import annotations

from referee.games.base import Illegal
from referee.messages import Msg, join, localized, sentence
from referee.problems import Problem
from referee.text import cut
from referee.words.sentences import said, said_text

LEGAL_SAID = 12  # the legal plays a problem says (a refusal carries no more than these)


def problem_message(problem: Problem) -> str:
    """What was wrong, in English (a fact said; cut when long): without the legal plays."""
    message = problem.message
    return message if isinstance(message, str) else cut(said_text(message))


def with_legal(problem: Problem) -> str:
    """The message followed by the legal plays, shortened when many."""
    message = problem_message(problem)
    if not problem.legal:
        return message
    shown = [said(play.as_fact()) for play in problem.legal[:LEGAL_SAID]]
    rest = len(problem.legal) - len(shown) + problem.more
    if rest:
        return cut(
            sentence(
                "{message}; legal: {options} and {rest} more",
                message=message,
                options=join(shown),
                rest=rest,
            )
        )
    return cut(sentence("{message}; legal: {options}", message=message, options=join(shown)))


def problem_said(problem: Problem) -> Msg:
    """The problem as a sentence: the rule id, where, and the message with its legal plays."""
    where: list[object] = []
    if problem.line is not None:
        where.append(
            sentence("line {line}, column {column}", line=problem.line, column=problem.column)
        )
    if problem.deal is not None:
        where.append(sentence("deal {deal}", deal=problem.deal))
    if problem.play is not None:
        where.append(sentence("play {play}", play=problem.play))
    if problem.path is not None:
        where.append(problem.path)
    rule = f"[{problem.rule}]"
    message = with_legal(problem)
    if where:
        return sentence(
            "{rule} ({where}): {message}", rule=rule, where=join(where), message=message
        )
    return sentence("{rule}: {message}", rule=rule, message=message)


def problem_line(problem: Problem) -> str:
    """The problem as a person reads it, in their language, unsafe characters escaped."""
    return localized(problem_said(problem))


def problem_json(problem: Problem) -> dict[str, object]:
    """The problem as cli.md's JSON object (absent keys left out)."""
    out: dict[str, object] = {}
    if problem.deal is not None:
        out["deal"] = problem.deal
    if problem.play is not None:
        out["play"] = problem.play
    if problem.path is not None:
        out["path"] = problem.path
    if problem.line is not None:
        out["line"] = problem.line
        out["column"] = problem.column
    out["rule"] = problem.rule
    out["message"] = problem_message(problem)
    if problem.legal is not None:
        out["legal"] = [play.as_json() for play in problem.legal]
        out["more"] = problem.more
    return out


def refusal_json(refusal: Illegal | Problem) -> dict[str, object]:
    """A refused entry (the rules' :class:`~referee.games.base.Illegal`, or the
    :class:`~referee.problems.Problem` the table service raises for it) as the JSON object
    ``{"rule", "message", "legal", "more"}``:

    - ``rule``: the rule id (docs/rule-ids.md);
    - ``message``: the ruling's fact said in English (JSON never changes with the
      language), without the legal plays;
    - ``legal``: the legal plays the refusal shows, strongest first, at most 12, each the
      object ``options --json`` prints for one (a fishing game's kind of play: ``card``,
      ``takes``, ``choose``, ``ways``, ``sweep``, ``trail``; a trick game's play:
      ``cards``, ``beats``); empty when the refusal is not about the play's cards (the
      turn, a card already played);
    - ``more``: how many legal plays were not listed.

    ``serve`` answers a refused ``POST /t/KEY/entry`` with this object and ``"ok": false``.

    >>> from referee.cards import Card
    >>> from referee.messages import fact
    >>> from referee.games.fishing.plays import Capture
    >>> nine, taken = Card.parse("9H"), (Card.parse("9D"),)
    >>> refused = Illegal("basra.trail", fact("card.used", card=nine, where="played"),
    ...                   [Capture(nine, taken)], more=2)
    >>> refusal_json(refused)  # doctest: +NORMALIZE_WHITESPACE
    {'rule': 'basra.trail', 'message': '9H was already played',
     'legal': [{'card': '9H', 'takes': ['9D'], 'choose': [], 'ways': 1, 'sweep': False,
                'trail': False}], 'more': 2}
    """
    if isinstance(refusal, Problem):
        message, legal = problem_message(refusal), refusal.legal or ()
    else:
        message, legal = cut(said_text(refusal.message)), refusal.legal
    return {
        "rule": refusal.rule,
        "message": str(message),
        "legal": [play.as_json() for play in legal],
        "more": refusal.more,
    }
