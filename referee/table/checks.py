"""What the table service checks beyond the rules, before a deal or an entry is written:
the set-up options a game's deals take, a claim made while the recorded hands lag behind
the draws, and an entry of a kind the game does not have."""

from __future__ import annotations

from referee.messages import join, sentence
from referee.problems import Problem
from referee.record import Deal, Match
from referee.registry import GAMES
from referee.table.typed import parse_card_list
from referee.table.usage import UsageError
from referee.words.rulings import problem_message


def deal_setup(match: Match, deal: Deal, setup: dict[str, str]) -> None:
    """Fill in a deal's set-up from the table (``floor``, ``buried``, ``trump``…): only the
    keys of this match's game, the first of them required, each read as cards."""
    spec = GAMES[match.game]
    for key in setup:
        if key not in spec.setup:
            raise UsageError(
                sentence(
                    "--{option} means nothing in a {game} match (its deals take {options})",
                    option=key,
                    game=spec.title,
                    options=join(f"--{k}" for k in spec.setup),
                )
            )
    first = spec.setup[0]
    if not setup.get(first):
        raise UsageError(NEEDED.get(first) or sentence("name the {what}", what=f"--{first}"))
    for key, text in setup.items():
        cards = parse_card_list(text, key)
        if key in spec.one_card:
            if len(cards) != 1:
                raise UsageError(sentence("the trump is one card, not {count}", count=len(cards)))
            deal.setup[key] = cards[0]
        else:
            deal.setup[key] = cards


NEEDED = {  # what to say when a deal's first set-up key is missing
    "trump": sentence("name the turned-up trump card"),
    "floor": sentence("name the opening floor (or pool), as 5H 3C 9D KS"),
}


def draws_first(problem: Problem) -> Problem:
    """[deal.conservation] An entry that ends a deal whose recorded hands lag behind the
    draws: the problem, and what to do about it (record the draws with ``referee hand``)."""
    if problem.rule != "deal.conservation" or ".hands." not in (problem.path or ""):
        return problem
    args = getattr(problem.message, "args", {})
    player = str(args.get("player", "NAME"))
    said = sentence(
        "{problem}; record the draws first: referee hand {player} CARDS",
        problem=problem_message(problem),
        player=player,
    )
    return Problem(
        problem.rule, said, problem.path, problem.deal, problem.play, stage=problem.stage
    )


def no_such_entry(game: str, kind: str) -> None:
    """[log.play] A declaration, claim or forfeit in a game that has none: a usage error
    that names the rule, whether or not a deal is in progress."""
    key = {"declare": "declares"}.get(kind, kind)
    if key in GAMES[game].entries:
        return
    said = {
        "declare": sentence("{game} has no declarations", game=game),
        "claim": sentence("{game} has no claims", game=game),
        "forfeit": sentence("{game} has no forfeits", game=game),
    }
    raise UsageError(sentence("[{rule}] {said}", rule="log.play", said=said[kind]))
