"""The match: replay of every deal through its game's rules, scores, totals and the winner.

Replay always checks: a log is read in rules.md's order of checking and stops trusting the
record at the first problem in a deal (later deals depend on it); structural problems
found while reading are kept and listed too, in replay order.
"""

from __future__ import annotations

import contextlib
from typing import NamedTuple, cast

from referee.games.base import (
    PAYMENTS,
    POT,
    DealResult,
    DealState,
    Illegal,
    MatchSoFar,
    deal_rules,
    present,
    sole_leader,
)
from referee.messages import sentence
from referee.problems import Problem, deal_path, replay_order
from referee.record import Deal, Match
from referee.registry import GAMES


class DealSummary(NamedTuple):
    """A finished deal as scored, and its final state (what the game counted in it); from a
    log's memo, which keeps no state, the one figure of it a score sheet shows: the cards
    each side captured, where the game counts them (table/memo.py)."""

    number: int
    result: DealResult
    state: DealState | None = None
    captured: dict[str, int] | None = None

    def cards_captured(self) -> dict[str, int] | None:
        """The cards each side captured in the deal, where the game counts them (None
        elsewhere): as its final state's view shows them, or as a log's memo kept them."""
        if self.state is None:
            return self.captured
        captured = present(self.state).view().data.get("captured")
        return cast("dict[str, int]", captured) if isinstance(captured, dict) else None


class Snapshot(NamedTuple):
    """What a replay knew before a deal: enough to replay that deal again alone."""

    deals: int
    totals: dict[str, int]
    balances: dict[str, int]
    pot: int
    carry: MatchSoFar
    next_dealer: str | None


class Replay:
    """Everything a replay establishes about a match."""

    __slots__ = (
        "balances",
        "before_last",
        "carry",
        "deals",
        "match",
        "next_dealer",
        "over",
        "pot",
        "problems",
        "state",
        "totals",
        "winner",
    )

    def __init__(self, match: Match, problems: list[Problem]) -> None:
        self.match = match
        self.problems = problems
        self.deals: list[DealSummary] = []
        self.totals: dict[str, int] = {}
        self.winner: str | None = None
        self.state: DealState | None = None  # the open last deal, if any
        self.next_dealer: str | None = None
        self.carry: MatchSoFar | None = None
        self.balances: dict[str, int] = {}  # each player's money, in a game with a pot
        self.pot = 0  # money in the pot now, in a game with a pot
        self.over = False  # the match is decided (with a winner, or a Kozel tie without)
        self.before_last: Snapshot | None = None  # the match as it stood before its last deal

    @property
    def complete(self) -> bool:
        return self.over


def illegal_problem(err: Illegal, deal_index: int, play_index: int | None) -> Problem:
    """The problem a refused entry is: where it is, its rule, its fact said, and its legal
    plays kept as values (said by ``verify`` and the table, written by ``verify --json``)."""
    return Problem(
        err.rule,
        err.message,
        deal_path(deal_index, None, play_index),
        deal_index + 1,
        None if play_index is None else play_index + 1,
        stage=1,
        legal=err.legal,
        more=err.more,
    )


def decided(match: Match, totals: dict[str, int]) -> tuple[bool, str | None]:
    """Is the match over after these totals, and who won it? Points: a side that has
    reached the target alone at the top. Penalty points (Kozel): over once a side reaches
    the target; the side with strictly the fewest wins, and with a tie nobody does."""
    if not totals:
        return False, None
    target = int(match.rules["target"])
    if GAMES[match.game].lower_wins:
        if max(totals.values()) < target:
            return False, None
        return True, sole_leader(totals, lowest=True)
    leader = sole_leader(totals)
    over = leader is not None and totals[leader] >= target
    return over, leader if over else None


def start_deal(match: Match, deal: Deal, index: int, carry: MatchSoFar) -> DealState:
    """The state of a deal about to be replayed, ruled by its game's registry entry."""
    cls = deal_rules(GAMES[match.game])
    return cls(match.players, match.rules, deal, index, carry)


class _RecordBreaks(Exception):
    """The record cannot be trusted past this point: replay stops."""


def replay(match: Match, found: list[Problem] | None = None) -> Replay:
    """Replay the whole match. The last deal's state stays open to further entries (its
    pending Bura declarations are judged as if the record ended there, not for good)."""
    replayed = Replay(match, list(found or []))
    replayed.totals = dict.fromkeys(match.sides, 0)
    replayed.balances = dict.fromkeys(match.players, 0) if GAMES[match.game].pot else {}
    replayed.carry = MatchSoFar(dict(replayed.totals))
    return replay_from(replayed, 0)


def replay_from(replayed: Replay, start: int) -> Replay:
    """Replay the match's deals from index ``start`` on, onto ``replayed``: the clean replay
    of the deals before it (none, for a whole replay), and check the stored result."""
    match = replayed.match
    broken = {p.deal for p in replayed.problems if p.deal is not None}
    last = len(match.deals) - 1
    try:
        for i in range(start, len(match.deals)):
            if i == last:
                replayed.before_last = snapshot(replayed)
            replay_deal(replayed, match.deals[i], i, check=i + 1 not in broken)
        check_result(replayed)
    except _RecordBreaks:
        pass
    replayed.problems.sort(key=replay_order)
    return replayed


def snapshot(replayed: Replay) -> Snapshot:
    assert replayed.carry is not None
    carry = replayed.carry
    return Snapshot(
        len(replayed.deals),
        dict(replayed.totals),
        dict(replayed.balances),
        replayed.pot,
        carry.copy(),
        replayed.next_dealer,
    )


def replay_last(replayed: Replay) -> Replay:
    """Replay the match's last deal again, alone, from the snapshot taken before it (its
    entries have changed: one was taken back); every earlier deal stands as it was."""
    rewind(replayed)
    with contextlib.suppress(_RecordBreaks):
        replay_deal(replayed, replayed.match.deals[-1], len(replayed.match.deals) - 1, check=True)
    replayed.problems.sort(key=replay_order)
    return replayed


def rewind(replayed: Replay) -> None:
    """Take the replay back to where it stood before the match's last deal (from the
    snapshot taken there), as if that deal had not been replayed."""
    snap = replayed.before_last
    assert snap is not None and replayed.match.deals  # a clean replay reached the last deal
    del replayed.deals[snap.deals :]
    replayed.totals, replayed.balances = dict(snap.totals), dict(snap.balances)
    replayed.pot, replayed.carry = snap.pot, snap.carry.copy()
    replayed.next_dealer, replayed.over = snap.next_dealer, False
    replayed.winner, replayed.state = None, None
    replayed.problems = []


def replay_added(replayed: Replay) -> Replay:
    """Replay a deal just added at the end of the match onto the clean replay of the deals
    before it, which stand as they were (the simulator: a match played deal by deal is
    replayed once, not once per deal)."""
    assert not replayed.problems and replayed.carry is not None
    return replay_from(replayed, len(replayed.match.deals) - 1)


def _after_the_end(replayed: Replay, i: int) -> Problem:
    """A deal recorded after the match was decided."""
    said = (
        sentence(
            "the match was decided after deal {deal} ({winner} won); no deal may follow",
            deal=i,
            winner=replayed.winner,
        )
        if replayed.winner
        else sentence(
            "the match was decided after deal {deal} (nobody won); no deal may follow", deal=i
        )
    )
    return Problem(f"{replayed.match.game}.match", said, deal_path(i), i + 1)


def replay_deal(replayed: Replay, deal: Deal, i: int, check: bool) -> None:
    """Replay one deal into the match; raise _RecordBreaks at a problem that stops the replay."""
    match, number = replayed.match, i + 1
    if replayed.over:
        replayed.problems.append(_after_the_end(replayed, i))
        raise _RecordBreaks
    if deal.broken:
        raise _RecordBreaks
    if i and deal.dealer != replayed.next_dealer:
        replayed.problems.append(
            Problem(
                f"{match.game}.deal.dealer",
                sentence(
                    "{player} deals deal {deal}, not {dealer}",
                    player=replayed.next_dealer,
                    deal=number,
                    dealer=deal.dealer,
                ),
                deal_path(i, "dealer"),
                number,
            )
        )
    assert replayed.carry is not None
    replayed.carry.deal_number = number
    state = start_deal(match, deal, i, replayed.carry)
    replayed.state = state
    stop(replayed, state.setup_problems())
    for j, entry in enumerate(deal.plays):
        if entry is None:
            raise _RecordBreaks
        try:
            state.apply(entry)
        except Illegal as err:
            stop(replayed, [illegal_problem(err, i, j)])
        stop(replayed, state.record_problems)
    if state.finished:
        finish_deal(replayed, state, check)
    elif i < len(match.deals) - 1:
        stop(replayed, state.end_problems())
    else:  # the deal in progress
        open_deal(replayed, state)
        if deal.score is not None:
            replayed.problems.append(
                Problem(
                    "log.result",
                    sentence("a score is stored for a deal that is not finished"),
                    deal_path(i, "score"),
                    number,
                    stage=2,
                )
            )


def open_deal(replayed: Replay, state: DealState) -> None:
    """The match now has ``state`` as its deal in progress: its dealer deals again if it
    is left unfinished, and the antes it took are in the pot."""
    replayed.state = state
    replayed.next_dealer = state.dealer
    for p, v in state.open_payments().items():
        replayed.balances[p] += v
    replayed.pot = state.open_pot()


def stop(replayed: Replay, problems: list[Problem]) -> None:
    """Record ``problems``; if there are any, the replay stops here."""
    if problems:
        replayed.problems.extend(problems)
        raise _RecordBreaks


def finish_deal(replayed: Replay, state: DealState, check: bool = True) -> None:
    """Score a finished deal into the match: totals, balances, the next dealer, the winner.
    Raises _RecordBreaks when the end of the deal shows a problem."""
    stop(replayed, state.end_problems())
    number = state.index + 1
    result = state.result()
    stored = state.deal.score
    if stored is not None and check:
        check_stored(replayed, stored, result.score, deal_path(state.index, "score"), number)
    replayed.deals.append(DealSummary(number, result, state))
    for s, v in result.score.items():
        replayed.totals[s] += v
    for p, v in result.tally(PAYMENTS).items():
        replayed.balances[p] += v
    replayed.pot = result.carried.get(POT, 0)
    replayed.carry = MatchSoFar(dict(replayed.totals), number + 1, dict(result.carried))
    replayed.next_dealer = result.next_dealer
    replayed.over, replayed.winner = decided(replayed.match, replayed.totals)


def add_finished(replayed: Replay, state: DealState) -> bool:
    """Score the deal a table entry just finished; False (problems in ``replayed.problems``)
    when its end shows a problem."""
    try:
        finish_deal(replayed, state)
    except _RecordBreaks:
        return False
    return True


def check_stored(
    replayed: Replay, stored: dict[str, int], actual: dict[str, int], path: str, number: int | None
) -> None:
    """[log.result] A stored figure must agree with the replay."""
    for side, value in stored.items():
        if actual.get(side) != value:
            replayed.problems.append(
                Problem(
                    "log.result",
                    sentence(
                        "stored {value} for {side}, but the replay gives {actual}",
                        value=value,
                        side=side,
                        actual=str(actual.get(side)),
                    ),
                    f"{path}.{side}",
                    number,
                    stage=2,
                )
            )


def check_result(replayed: Replay) -> None:
    match = replayed.match
    if match.result_totals is not None:
        check_stored(replayed, match.result_totals, replayed.totals, "result.totals", None)
    if match.result_winner is not None and match.result_winner != replayed.winner:
        actual = replayed.winner or sentence("nobody yet")
        replayed.problems.append(
            Problem(
                "log.result",
                sentence(
                    "stored winner {stored}, but the replay gives {actual}",
                    stored=match.result_winner,
                    actual=actual,
                ),
                "result.winner",
            )
        )


def clear_derived(match: Match) -> None:
    """Forget the stored deal scores and result: a replay derives them again."""
    for deal in match.deals:
        deal.score = None
    match.result_totals = None
    match.result_winner = None


def with_derived(match: Match, replayed: Replay) -> Match:
    """The match with every derived figure (deal scores, totals, winner) filled in."""
    scored = {d.number: d.result.score for d in replayed.deals}
    for number, deal in enumerate(match.deals, 1):
        deal.score = scored.get(number)
    match.result_totals = dict(replayed.totals) if replayed.deals else None
    match.result_winner = replayed.winner
    return match
