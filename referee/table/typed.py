"""What the table types, read as referee means it: cards written as players write them,
and a player's name as the log spells it (a slip of case forgiven, a near miss suggested).
A mistake is a problem with its rule id, never an exception of the parser's."""

from __future__ import annotations

import difflib

from referee.cards import Card, CardError, read_typed_cards
from referee.messages import join, sentence
from referee.problems import Problem, RefereeError
from referee.record import Match
from referee.table.usage import UsageError


def parse_card_list(text: str, what: str) -> tuple[Card, ...]:
    """Cards as typed at the table: ``10 H`` and ``♥10`` are read too; a mistake is
    explained (``1S``: an ace is A)."""
    try:
        return read_typed_cards(text)
    except CardError as err:
        raise RefereeError(
            [Problem("log.card", sentence("{what}: {error}", what=what, error=err.args[0]))]
        ) from None


def player_named(match: Match, name: str, what: str = "") -> str:
    """The player meant by ``name``: exact, or case-insensitively when that is unambiguous;
    otherwise a ``log.players`` problem that lists the players and suggests the nearest."""
    if name in match.players:
        return name
    folded = [p for p in match.players if p.casefold() == name.strip().casefold()]
    if len(folded) == 1:
        return folded[0]
    near = difflib.get_close_matches(
        name.casefold(), [p.casefold() for p in match.players], n=1, cutoff=0.6
    )
    said = sentence("{name} is not a player ({players})", name=name, players=join(match.players))
    if near:
        guess = next(p for p in match.players if p.casefold() == near[0])
        said = sentence("{problem}; did you mean {name}?", problem=said, name=guess)
    if what:
        said = sentence("{what}: {error}", what=what, error=said)
    raise RefereeError([Problem("log.players", said)])


def typed_play(
    cards: list[str], takes: str | None, trail: bool
) -> tuple[tuple[Card, ...], tuple[Card, ...] | None]:
    """The cards of a play as typed, and what it takes (None: not said); ``--takes`` with
    ``--trail``, or an empty ``--takes``, is a usage error."""
    parsed = parse_card_list(" ".join(cards), "CARDS")
    if takes is not None and trail:
        raise UsageError(sentence("give --takes or --trail, not both"))
    if takes is not None and not takes.strip():
        raise UsageError(
            sentence("--takes needs the cards taken; a card laid on the floor is --trail")
        )
    return parsed, parse_card_list(takes, "--takes") if takes is not None else None
