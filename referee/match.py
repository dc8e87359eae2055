"""The match: replay of every deal through its game's rules, scores, totals and the winner.

Replay always checks: a log is read in rules.md's order of checking and stops trusting the
record at the first problem in a deal (later deals depend on it); structural problems
found while reading are kept and listed too, in replay order.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.games.base import Carry, DealResult, DealState, Illegal
from referee.problems import Problem, deal_path, replay_order
from referee.record import Deal, Entry, Match
from referee.registry import GAMES

MAX_LEGAL_SHOWN = 12


class DealSummary(NamedTuple):
    """A finished deal as scored."""

    number: int
    result: DealResult


class Replay:
    """Everything a replay establishes about a match."""

    __slots__ = ("balances", "carry", "deals", "halted", "match", "next_dealer",
                 "pot", "problems", "state", "totals", "winner")

    def __init__(self, match: Match, problems: list[Problem]) -> None:
        self.match = match
        self.problems = problems
        self.deals: list[DealSummary] = []
        self.totals: dict[str, int] = {}
        self.winner: str | None = None
        self.state: DealState | None = None  # the open last deal, if any
        self.next_dealer: str | None = None
        self.carry: Carry | None = None
        self.balances: dict[str, int] = {}  # Bura
        self.pot = 0  # Bura: money in the pot now
        self.halted = False

    @property
    def complete(self) -> bool:
        return self.winner is not None


def with_legal(message: str, legal: list[str]) -> str:
    """A ruling's sentence followed by the legal alternatives, shortened when many."""
    if not legal:
        return message
    shown = legal[:MAX_LEGAL_SHOWN]
    more = f" and {len(legal) - len(shown)} more" if len(legal) > len(shown) else ""
    return f"{message}; legal: {', '.join(shown)}{more}"


def illegal_problem(err: Illegal, deal_index: int, play_index: int) -> Problem:
    return Problem(err.rule, with_legal(err.message, err.legal),
                   deal_path(deal_index, None, play_index), deal_index + 1, play_index + 1,
                   stage=1)


def decided(totals: dict[str, int], target: int) -> str | None:
    """The winner once some side has reached the target alone at the top."""
    if not totals:
        return None
    top = max(totals.values())
    leaders = [s for s, v in totals.items() if v == top]
    return leaders[0] if top >= target and len(leaders) == 1 else None


def start_deal(match: Match, deal: Deal, index: int, carry: Carry) -> DealState:
    """The state of a deal about to be replayed, ruled by its game's registry entry."""
    cls = GAMES[match.game].state_class()
    return cls(match.players, match.rules, deal, index, carry)


def replay(match: Match, found: list[Problem] | None = None) -> Replay:
    """Replay the whole match. The last deal's state stays open to further entries (its
    pending Bura declarations are judged as if the record ended there, not for good)."""
    rep = Replay(match, list(found or []))
    sides = match.sides
    rep.totals = dict.fromkeys(sides, 0)
    rep.balances = dict.fromkeys(match.players, 0) if GAMES[match.game].pot else {}
    carry = Carry(dict(rep.totals))
    expected_dealer: str | None = None
    broken = {p.deal for p in rep.problems if p.deal is not None}
    for i, deal in enumerate(match.deals):
        number = i + 1
        if rep.winner is not None:
            rep.problems.append(Problem(f"{match.game}.match", f"the match was decided after "
                                        f"deal {i} ({rep.winner} won); no deal may follow",
                                        deal_path(i), number))
            rep.halted = True
            break
        if deal.broken:
            rep.halted = True
            break
        if expected_dealer is not None and deal.dealer != expected_dealer:
            rep.problems.append(Problem(f"{match.game}.deal.dealer", f"{expected_dealer} deals "
                                        f"deal {number}, not {deal.dealer}",
                                        deal_path(i, "dealer"), number))
        carry.deal_number = number
        state = start_deal(match, deal, i, carry)
        setup = state.setup_problems()
        if setup:
            rep.problems.extend(setup)
            rep.halted = True
            break
        if not replay_entries(rep, state, deal.plays, i):
            break
        last = i == len(match.deals) - 1
        if not state.finished:
            if last:
                rep.state = state
                rep.next_dealer = deal.dealer
                for p, v in state.open_payments().items():
                    rep.balances[p] += v
                rep.pot = state.open_pot()
                if deal.score is not None:
                    rep.problems.append(Problem("log.result", "a score is stored for a deal "
                                                "that is not finished", deal_path(i, "score"),
                                                number, stage=2))
                break
            rep.problems.extend(state.end_problems())
            rep.halted = True
            break
        if not finish_deal(rep, state, check=number not in broken):
            break
        carry = rep.carry or carry
        expected_dealer = rep.next_dealer
        rep.state = state if last else None
    if rep.carry is None:
        rep.carry = carry
    if not rep.halted:
        check_result(rep)
    rep.problems.sort(key=replay_order)
    return rep


def finish_deal(rep: Replay, state: DealState, check: bool = True) -> bool:
    """Score a finished deal into the match: totals, balances, the next dealer, the winner.
    False (and the replay halts) when the end of the deal shows a problem."""
    end = state.end_problems()
    if end:
        rep.problems.extend(end)
        rep.halted = True
        return False
    number = state.index + 1
    result = state.result()
    stored = state.deal.score
    if stored is not None and check:
        check_stored(rep, stored, result.score, deal_path(state.index, "score"), number)
    rep.deals.append(DealSummary(number, result))
    for s, v in result.score.items():
        rep.totals[s] += v
    for p, v in result.payments.items():
        rep.balances[p] += v
    rep.pot = result.pot_after
    rep.carry = Carry(dict(rep.totals), result.majority_carry, result.pot_after, number + 1)
    rep.next_dealer = result.next_dealer
    rep.winner = decided(rep.totals, int(rep.match.rules["target"]))
    return True


def replay_entries(rep: Replay, state: DealState, plays: list[Entry | None], i: int) -> bool:
    """Apply a deal's entries in order; False (and the replay halts) at the first problem."""
    for j, entry in enumerate(plays):
        if entry is None:
            rep.halted = True
            return False
        try:
            state.apply(entry)
        except Illegal as err:
            rep.problems.append(illegal_problem(err, i, j))
            rep.halted = True
            return False
        if state.record_problems:
            rep.problems.extend(state.record_problems)
            rep.halted = True
            return False
    return True


def check_stored(rep: Replay, stored: dict[str, int], actual: dict[str, int], path: str,
                 number: int | None) -> None:
    """[log.result] A stored figure must agree with the replay."""
    for side, value in stored.items():
        if actual.get(side) != value:
            rep.problems.append(Problem("log.result", f"stored {value} for {side}, but the replay "
                                        f"gives {actual.get(side)}", f"{path}.{side}", number,
                                        stage=2))


def check_result(rep: Replay) -> None:
    match = rep.match
    if match.result_totals is not None:
        check_stored(rep, match.result_totals, rep.totals, "result.totals", None)
    if match.result_winner is not None and match.result_winner != rep.winner:
        actual = rep.winner or "nobody yet"
        rep.problems.append(Problem("log.result", f"stored winner {match.result_winner}, but the "
                                    f"replay gives {actual}", "result.winner"))


def with_derived(match: Match, rep: Replay) -> Match:
    """The match with every derived figure (deal scores, totals, winner) filled in."""
    scored = {d.number: d.result.score for d in rep.deals}
    for number, deal in enumerate(match.deals, 1):
        deal.score = scored.get(number)
    match.result_totals = dict(rep.totals) if rep.deals else None
    match.result_winner = rep.winner
    return match
