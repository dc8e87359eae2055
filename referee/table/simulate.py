"""Simulated matches: each deal played by the game's own simulated player
(``DealState.simulate_deal``: a shuffled deck, random and greedy legal plays through the
same rules engines, every hand recorded). Used for sample games, property tests and
benchmarks; knows no game.

Deterministic: the same seed gives the same match, and so the same bytes once written.
"""

from __future__ import annotations

import random

from referee.games.base import MatchSoFar, deal_rules
from referee.log.format import MAX_DEALS, new_match
from referee.match import replay, replay_added, with_derived
from referee.params import Value
from referee.problems import RefereeError
from referee.record import Match
from referee.registry import GAMES


def players_for(game: str, n: int) -> list[str]:
    return list(GAMES[game].names[:n])


def simulate_match(
    game: str,
    variant: str,
    n: int,
    seed: int,
    overrides: dict[str, Value] | None = None,
    deals: int | None = None,
) -> Match:
    """One complete match played by random-and-greedy players (or its first ``deals``).
    A match that no side has won when the log is full (``MAX_DEALS``: a target beyond
    reach, a game whose parameters score nothing) stops there, undecided."""
    rng = random.Random(f"{game}/{variant}/{n}/{seed}")
    match, problems = new_match(
        game, players_for(game, n), variant, overrides, event=f"simulated by referee, seed {seed}"
    )
    if match is None or problems:
        raise RefereeError(problems)
    dealer = match.players[-1]
    replayed = replay(match)
    limit = MAX_DEALS if deals is None else deals
    while not replayed.over and len(match.deals) < limit:
        carry = (replayed.carry or MatchSoFar(dict(replayed.totals))).copy()
        spec = GAMES[game]
        deal_rules(spec).simulate_deal(spec, match, dealer, carry, rng)
        replayed = replay_added(replayed)  # each deal replayed once, as it is added
        if replayed.problems:
            raise RefereeError(replayed.problems)
        dealer = replayed.next_dealer or dealer
    replayed = replay(match)  # the whole match once more, as verify will see it
    if replayed.problems:
        raise RefereeError(replayed.problems)
    return with_derived(match, replayed)
