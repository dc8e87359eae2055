"""Everything ``tournament verify`` promises, re-derived from the file and the logs' facts:
each table's log (there, verifying, belonging to the table, as counted), each round's
recorded match points (from the results counted before it was paired) and its pairing
(each side once, no withdrawn or not-yet-entered side, every active side paired, the
layout of tables, and a pairing of least cost, or round 1's and a round robin's draw)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from referee.messages import Msg, join, plural_sentence, sentence
from referee.tournament.commands import tournament_command
from referee.tournament.model import History, Round, Tournament
from referee.tournament.pairing import Pairing, history, pair, two_cost
from referee.tournament.results import LogFacts, Result, table_result
from referee.tournament.seats import EXACT, layout, multi_cost
from referee.tournament.standings import points_before
from referee.words.rulings import problem_said

Facts = Mapping[tuple[int, int], LogFacts | None]


@dataclass(frozen=True)
class Finding:
    """One problem: its rule id, where (round and table when it has them) and what."""

    rule: str
    message: Msg
    round: int | None = None
    table: int | None = None

    def said(self) -> Msg:
        """The problem in one line for people: its rule id, where, what."""
        where = [sentence("round {round}", round=self.round)] if self.round else []
        where += [sentence("table {table}", table=self.table)] if self.table else []
        if not where:
            return sentence("[{rule}]: {message}", rule=self.rule, message=self.message)
        return sentence(
            "[{rule}] ({where}): {message}", rule=self.rule, where=join(where), message=self.message
        )

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"rule": self.rule}
        if self.round is not None:
            out["round"] = self.round
        if self.table is not None:
            out["table"] = self.table
        out["message"] = str(self.message)
        return out


def results(
    tournament: Tournament, facts: Facts, before: int | None = None
) -> dict[tuple[int, int], Result | None]:
    """Every table's result now (None), or as counted before round ``before`` was paired."""
    out: dict[tuple[int, int], Result | None] = {}
    for rnd in tournament.paired if before is None else tournament.paired[: before - 1]:
        for tb in rnd.tables:
            out[rnd.number, tb.number] = table_result(
                tournament, tb, facts.get((rnd.number, tb.number)), before
            )
    return out


def meetings(res: Mapping[tuple[int, int], Result | None]) -> set[frozenset[str]]:
    """Every two sides that met at a played table."""
    met: set[frozenset[str]] = set()
    for r in res.values():
        if r is not None and r.met:
            sides = list(r.places)
            met.update(frozenset((a, b)) for i, a in enumerate(sides) for b in sides[i + 1 :])
    return met


def standing_for(tournament: Tournament, round_number: int) -> tuple[dict[str, int], History]:
    """The match points and the history that round ``round_number`` is paired from."""
    before = results(tournament, {}, round_number)
    return points_before(tournament, before, round_number), history(
        tournament, round_number, meetings(before)
    )


def pairing_findings(tournament: Tournament) -> dict[int, list[Finding]]:
    """Each round's pairing problems (:func:`check_pairing`): the tournament file alone
    decides them, so they can be found while the logs are read."""
    return {rnd.number: check_pairing(tournament, rnd) for rnd in tournament.paired}


def verify(
    tournament: Tournament,
    facts: Facts,
    pairings: dict[int, list[Finding]] | None = None,
    folder: object = ".",
) -> list[Finding]:
    """Every problem of the tournament and its logs, round by round, table by table
    (``pairings``: :func:`pairing_findings`, when already found; ``folder``: as the
    commands a finding names should name it)."""
    found: list[Finding] = []
    if tournament.current > tournament.rounds:
        found.append(
            Finding(
                "tournament.round",
                plural_sentence(
                    "{n} round is paired, of {rounds}",
                    "{n} rounds are paired, of {rounds}",
                    tournament.current,
                    rounds=tournament.rounds,
                ),
            )
        )
    for rnd in tournament.paired:
        found.extend(check_tables(tournament, rnd, facts, folder))
        found.extend(check_pairing(tournament, rnd) if pairings is None else pairings[rnd.number])
    if tournament.closed is not None:
        now = results(tournament, facts)
        missing = [k for k, v in now.items() if v is None]
        for r, n in missing:
            found.append(
                Finding(
                    "tournament.round",
                    sentence("the tournament is closed but this table has no result"),
                    r,
                    n,
                )
            )
    return found


def check_tables(
    tournament: Tournament, rnd: Round, facts: Facts, folder: object = "."
) -> list[Finding]:
    """Each table's log: there, verifying, the table's own, and as it was counted."""
    out = []
    for tb in rnd.tables:
        f = facts.get((rnd.number, tb.number))
        where = (rnd.number, tb.number)
        if f is None:
            out.append(
                Finding(
                    "tournament.table", sentence("{log}: the log is missing", log=tb.log), *where
                )
            )
            continue
        if f.problem is not None:
            out.append(
                Finding(
                    "tournament.table",
                    sentence("{log}: {problem}", log=tb.log, problem=problem_said(f.problem)),
                    *where,
                )
            )
            continue
        count = tb.count()
        if count is None or tb.decision() is not None:
            continue
        if count.digest != f.digest:
            out.append(
                Finding(
                    "tournament.changed",
                    sentence(
                        "{log} changed after it was counted; accept it with {command} or put "
                        "the counted log back",
                        log=tb.log,
                        command=recount_command(rnd.number, tb.number, folder),
                    ),
                    *where,
                )
            )
        elif count.totals != f.totals or count.winner != f.winner:
            out.append(
                Finding(
                    "tournament.changed",
                    sentence("{log}: the result counted is not the one its log gives", log=tb.log),
                    *where,
                )
            )
    return out


def check_pairing(tournament: Tournament, rnd: Round) -> list[Finding]:
    """The round's recorded match points and its pairing."""
    r = rnd.number
    mp, hist = standing_for(tournament, r)
    out: list[Finding] = []
    paired = [s for tb in rnd.tables for s in tb.sides] + list(rnd.byes)
    twice = sorted(s for s, n in Counter(paired).items() if n > 1)
    if twice:
        out.append(
            Finding("tournament.pairing", sentence("paired twice: {sides}", sides=join(twice)), r)
        )
    for s in dict.fromkeys(paired):
        e = tournament.entrant(s)
        if e is None:
            out.append(
                Finding("tournament.pairing", sentence("{side} is not an entrant", side=s), r)
            )
        elif not e.active_in(r):
            out.append(
                Finding(
                    "tournament.pairing",
                    sentence("{side} is paired but had withdrawn or not yet entered", side=s),
                    r,
                )
            )
    seated = set(paired)
    left_out = [s for s in tournament.active(r) if s not in seated]
    if left_out:
        out.append(
            Finding("tournament.pairing", sentence("not paired: {sides}", sides=join(left_out)), r)
        )
    expected = {s: mp.get(s, 0) for s in dict.fromkeys(paired)}
    if rnd.match_points != expected:
        wrong = [s for s in expected if rnd.match_points.get(s) != expected[s]] or sorted(
            rnd.match_points
        )
        out.append(
            Finding(
                "tournament.pairing",
                sentence(
                    "the match points recorded for {sides} are not those the earlier results gave",
                    sides=join(wrong),
                ),
                r,
            )
        )
    if out:
        return out
    return check_least_cost(tournament, rnd, mp, hist)


def check_least_cost(
    tournament: Tournament, rnd: Round, match_points: dict[str, int], hist: History
) -> list[Finding]:
    """The pairing is the seeded draw (round 1, round robin) or of least cost."""
    r = rnd.number
    mine = Pairing(tuple(tb.sides for tb in rnd.tables), rnd.byes)
    ours = pair(tournament, r, match_points, hist)
    two = tournament.sides_per_table == 2
    # The sizes the rules give: a Swiss round has one bye only when its sides are odd (two
    # byes to sides on 0 points would cost no more than the least pairing). A round robin
    # of two sides a table is its seeded circle instead, below: the opponent of a side
    # that withdrew has a bye there too.
    if not two or tournament.system == "swiss":
        sizes, nbyes = layout(tournament, len(tournament.active(r)))
        if sorted(len(x) for x in mine.tables) != sorted(sizes) or len(mine.byes) != nbyes:
            return [
                Finding(
                    "tournament.pairing",
                    sentence("the tables are not of the sizes the rules give"),
                    r,
                )
            ]
    if r == 1 or tournament.system == "round-robin":
        if _as_sets(mine) != _as_sets(ours):
            return [
                Finding("tournament.pairing", sentence("the pairing is not the seeded draw"), r)
            ]
        return []
    cost = two_cost if two else multi_cost
    have, least = (
        cost(mine.tables, mine.byes, match_points, hist),
        cost(ours.tables, ours.byes, match_points, hist),
    )
    exact = two or len(tournament.active(r)) <= EXACT
    if have > least if not exact else have != least:
        return [
            Finding(
                "tournament.pairing",
                sentence(
                    "the pairing costs {cost}, the least is {least}",
                    cost=str(have),
                    least=str(least),
                ),
                r,
            )
        ]
    return []


def _as_sets(pairing: Pairing) -> tuple[set[frozenset[str]], set[str]]:
    return {frozenset(x) for x in pairing.tables}, set(pairing.byes)


def recount_command(round_number: int, table: int, folder: object = ".") -> str:
    """The command that accepts a changed log of a table."""

    return tournament_command(f"recount {table} --round {round_number} --reason TEXT", folder)
