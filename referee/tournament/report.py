"""What ``status``, ``standings`` and ``verify`` show, as plain values: the JSON objects
tournament.md fixes, and the rows of the tables people read (rendered at the edge)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from referee.messages import Msg, join, plural_sentence, sentence
from referee.tournament.model import Tournament
from referee.tournament.results import LogFacts, table_result, table_state
from referee.tournament.standings import Standings, standings
from referee.tournament.verify import Facts, results
from referee.words.terms import decision_said, when_said

STANDING_COLUMNS = ("played", "won", "drawn", "lost", "byes", "game_points", "withdrawn")


def number(value: Fraction | int) -> int | float:
    """A value for JSON: whole numbers as integers, halves as x.5 (others to 4 places)."""
    f = Fraction(value)
    return int(f) if f.denominator == 1 else round(float(f), 4)


def status_json(t: Tournament, facts: Facts) -> dict[str, object]:
    """Every round's tables: state, match points (null without a result), log."""
    rounds = []
    for rnd in t.paired:
        tables = []
        for tb in rnd.tables:
            f = facts.get((rnd.number, tb.number))
            result = table_result(t, tb, f)
            tables.append(
                {
                    "table": tb.number,
                    "sides": list(tb.sides),
                    "state": table_state(tb, f),
                    "match_points": None if result is None else dict(result.match_points),
                    "log": tb.log,
                }
            )
        rounds.append({"round": rnd.number, "tables": tables})
    return {"rounds": rounds}


def side_points(sides: Sequence[str], points: Mapping[str, object]) -> Msg:
    """Each side with its points («Ali 2, Omar 0»): in a right-to-left line each name and
    each number in an isolate of its own, so a number never binds to a Latin name."""
    return join(sentence("{side} {points}", side=s, points=points[s]) for s in sides)


def state_said(state: str, f: LogFacts | None) -> Msg:
    """A table's state in words (with deals so far and totals while playing)."""
    if state == "playing" and f is not None:
        return plural_sentence(
            "playing: {n} deal, {totals}",
            "playing: {n} deals, {totals}",
            f.deals,
            totals=side_points(list(f.totals), f.totals),
        )
    if state == "problem":
        return sentence(
            "problem: {problem}",
            problem=f.problem if f and f.problem else sentence("the log is missing"),
        )
    return {
        "finished": sentence("finished"),
        "decided": sentence("decided by the director"),
        "changed": sentence("changed since it was counted"),
        "not-started": sentence("not started"),
    }.get(state, sentence("playing"))


def status_rows(
    t: Tournament, facts: Facts
) -> list[tuple[int, list[list[object]], list[str], list[Msg]]]:
    """Per round: the rows of its table, its byes, and the notes (decisions, recounts)."""
    out = []
    for rnd in t.paired:
        rows: list[list[object]] = []
        notes: list[Msg] = []
        for tb in rnd.tables:
            f = facts.get((rnd.number, tb.number))
            result = table_result(t, tb, f)
            mp = "" if result is None else side_points(tb.sides, result.match_points)
            rows.append(
                [tb.number, join(tb.sides, " – "), state_said(table_state(tb, f), f), mp, tb.log]
            )
            for d in tb.decisions:
                said = sentence(
                    "table {table}: {kind} at {time}: {reason}",
                    table=tb.number,
                    kind=decision_said(d.kind),
                    time=when_said(d.at),
                    reason=d.reason,
                )
                notes.append(
                    sentence("{note} (taken back at {time})", note=said, time=when_said(d.undone))
                    if d.undone
                    else said
                )
            for c in tb.counts:
                if c.reason is not None:
                    notes.append(
                        sentence(
                            "table {table}: recounted at {time}: {reason}",
                            table=tb.number,
                            time=when_said(c.at),
                            reason=c.reason,
                        )
                    )
        out.append((rnd.number, rows, list(rnd.byes), notes))
    return out


def standings_of(t: Tournament, facts: Facts, after_round: int | None) -> Standings:
    """The standings now, or after round ``after_round`` (a round not yet paired refused)."""
    if after_round is not None and after_round > t.current:
        from referee.problems import Problem, RefereeError

        said = sentence(
            "round {round} has not been paired ({count} so far)", round=after_round, count=t.current
        )
        raise RefereeError([Problem("tournament.round", said)])
    return standings(t, results(t, facts), after_round)


def standings_title(t: Tournament, s: Standings, asked: int | None = None) -> Msg:
    """What the standings count: after a round whose every table has a result (or the
    round ``asked`` for), during the next one while some of its tables have none, or
    before the first."""
    if s.pending and asked is None:
        return sentence(
            "{name}: standings during round {round}", name=t.name, round=s.after_round + 1
        )
    if s.after_round == 0:
        return sentence("{name}: standings before the first round", name=t.name)
    return sentence("{name}: standings after round {round}", name=t.name, round=s.after_round)


def standings_json(t: Tournament, s: Standings) -> dict[str, object]:
    rows = []
    for row in s.rows:
        r = row.record
        rows.append(
            {
                "rank": row.rank,
                "name": r.name,
                "match_points": r.match_points,
                "tiebreaks": {tb: number(row.tiebreaks[tb]) for tb in t.tiebreaks},
                "played": r.played,
                "won": r.won,
                "drawn": r.drawn,
                "lost": r.lost,
                "byes": r.byes,
                "game_points": r.game_points,
                "withdrawn": r.withdrawn,
            }
        )
    return {
        "tournament": t.name,
        "game": t.game,
        "after_round": s.after_round,
        "pending": s.pending,
        "rows": rows,
    }


def standings_rows(t: Tournament, s: Standings) -> list[list[object]]:
    """One list per row: rank, name, match points, the tie-breaks, then the counts."""
    out: list[list[object]] = []
    for row in s.rows:
        r = row.record
        values = [number(row.tiebreaks[tb]) for tb in t.tiebreaks]
        out.append(
            [
                row.rank,
                r.name,
                r.match_points,
                *values,
                r.played,
                r.won,
                r.drawn,
                r.lost,
                r.byes,
                r.game_points,
                r.withdrawn,
            ]
        )
    return out
