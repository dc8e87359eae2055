"""A refusal as data: the object a program reads when the rules refuse an entry (``verify
--json`` writes each problem's fields so, and ``serve`` answers a refused entry so)."""

from __future__ import annotations

from referee.games.base import Illegal
from referee.problems import Problem
from referee.text import cut
from referee.words.sentences import said_text


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
    >>> from referee.games.facts import fact
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
        message, legal = refusal.message, refusal.legal or ()
    else:
        message, legal = cut(said_text(refusal.message)), refusal.legal
    return {
        "rule": refusal.rule,
        "message": str(message),
        "legal": [play.as_json() for play in legal],
        "more": refusal.more,
    }
