"""What ``status``, ``standings`` and ``verify`` show, as plain values: the JSON objects
tournament.md fixes, and the rows of the tables people read (rendered at the edge)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from referee.messages import Msg, join, plural_sentence, sentence
from referee.problems import Problem, RefereeError
from referee.tournament.commands import (
    decide_commands,
    in_folder,
    record_commands,
    served_pages,
    tables_said,
    tournament_command,
)
from referee.tournament.model import Round, Table, Tournament
from referee.tournament.results import LogFacts, from_decision, table_result, table_state
from referee.tournament.standings import Standings, standings
from referee.tournament.verify import Facts, results
from referee.words.rulings import problem_said
from referee.words.terms import decision_said, tiebreak_said, when_said

STANDING_COLUMNS = ("played", "won", "drawn", "lost", "byes", "game_points", "withdrawn")


def number(value: Fraction | int) -> int | float:
    """A value for JSON: whole numbers as integers, halves as x.5 (others to 4 places)."""
    f = Fraction(value)
    return int(f) if f.denominator == 1 else round(float(f), 4)


def status_json(tournament: Tournament, facts: Facts) -> dict[str, object]:
    """Every round's tables: state, match points (null without a result), log."""
    rounds = []
    for rnd in tournament.paired:
        tables = []
        for tb in rnd.tables:
            f = facts.get((rnd.number, tb.number))
            result = table_result(tournament, tb, f)
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


def state_said(state: str, facts: LogFacts | None, sides: Sequence[str] = ()) -> Msg:
    """A table's state in words (with the deals so far and the totals while playing)."""
    if state == "playing" and facts is not None:
        named = list(sides or facts.totals)
        totals = side_points(named, {s: facts.totals.get(s, 0) for s in named})
        if facts.dealt > facts.deals:  # a deal in play
            return plural_sentence(
                "playing deal {deal}: {n} deal finished, {totals}",
                "playing deal {deal}: {n} deals finished, {totals}",
                facts.deals,
                deal=facts.dealt,
                totals=totals,
            )
        return plural_sentence(
            "playing: {n} deal finished, {totals}",
            "playing: {n} deals finished, {totals}",
            facts.deals,
            totals=totals,
        )
    if state == "problem":
        return sentence(
            "problem: {problem}",
            problem=problem_said(facts.problem)
            if facts and facts.problem
            else sentence("the log is missing"),
        )
    return {
        "finished": sentence("finished"),
        "decided": sentence("decided by the director"),
        "changed": sentence("changed since it was counted"),
        "not-started": sentence("not started"),
    }.get(state, sentence("playing"))


def status_rows(
    tournament: Tournament, facts: Facts
) -> list[tuple[int, list[list[object]], list[str], list[Msg]]]:
    """Per round: the rows of its table, its byes, and the notes (decisions, recounts)."""
    out = []
    for rnd in tournament.paired:
        rows: list[list[object]] = []
        notes: list[Msg] = []
        for tb in rnd.tables:
            f = facts.get((rnd.number, tb.number))
            result = table_result(tournament, tb, f)
            mp = "" if result is None else side_points(tb.sides, result.match_points)
            rows.append(
                [
                    tb.number,
                    join(tb.sides, " – "),
                    state_said(table_state(tb, f), f, tb.sides),
                    mp,
                    tb.log,
                ]
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


def standings_of(tournament: Tournament, facts: Facts, after_round: int | None) -> Standings:
    """The standings now, or after round ``after_round`` (a round not yet paired refused)."""
    if after_round is not None and after_round > tournament.current:
        said = sentence(
            "round {round} has not been paired ({count} so far)",
            round=after_round,
            count=tournament.current,
        )
        raise RefereeError([Problem("tournament.round", said)])
    return standings(tournament, results(tournament, facts), after_round)


def standings_title(tournament: Tournament, ranking: Standings, asked: int | None = None) -> Msg:
    """What the standings count: after a round whose every table has a result (or the
    round ``asked`` for), during the next one while some of its tables have none, or
    before the first."""
    if ranking.pending and asked is None:
        return sentence(
            "{name}: standings during round {round}",
            name=tournament.name,
            round=ranking.after_round + 1,
        )
    if ranking.after_round == 0:
        return sentence("{name}: standings before the first round", name=tournament.name)
    return sentence(
        "{name}: standings after round {round}", name=tournament.name, round=ranking.after_round
    )


def standings_json(tournament: Tournament, ranking: Standings) -> dict[str, object]:
    rows = []
    for row in ranking.rows:
        r = row.record
        rows.append(
            {
                "rank": row.rank,
                "name": r.name,
                "match_points": r.match_points,
                "tiebreaks": {tb: number(row.tiebreaks[tb]) for tb in tournament.tiebreaks},
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
        "tournament": tournament.name,
        "game": tournament.game,
        "after_round": ranking.after_round,
        "pending": ranking.pending,
        "rows": rows,
    }


def cell(text: str) -> str:
    """A CSV cell a spreadsheet will not run as a formula (OWASP)."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_csv(tournament: Tournament, ranking: Standings) -> list[list[object]]:
    """``standings --csv``: the spec's header row and columns, names that a spreadsheet
    would run escaped, ``withdrawn`` as true or false."""
    rows: list[list[object]] = [
        ["rank", "name", "match_points", *tournament.tiebreaks, *STANDING_COLUMNS]
    ]
    for row in standings_rows(tournament, ranking):
        rows.append(
            [
                cell(str(v)) if i == 1 else str(v).lower() if isinstance(v, bool) else v
                for i, v in enumerate(row)
            ]
        )
    return rows


def standings_rows(tournament: Tournament, ranking: Standings) -> list[list[object]]:
    """One list per row: rank, name, match points, the tie-breaks, then the counts."""
    out: list[list[object]] = []
    for row in ranking.rows:
        r = row.record
        values = [number(row.tiebreaks[tb]) for tb in tournament.tiebreaks]
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


def shown_columns(tournament: Tournament) -> tuple[str, ...]:
    """The counts a standings table for people shows after the tie-breaks: one column per
    meaning, so the ``game_points`` count is left out when ``game-points`` is a tie-break
    (the same figures; JSON and CSV keep both, as tournament.md fixes them)."""
    return tuple(
        c
        for c in STANDING_COLUMNS
        if not (c == "game_points" and "game-points" in tournament.tiebreaks)
    )


COLUMN_WORDS = {
    "played": sentence("played"),
    "won": sentence("won"),
    "drawn": sentence("drawn"),
    "lost": sentence("lost"),
    "byes": sentence("byes"),
    "game_points": sentence("game points"),
    "withdrawn": sentence("withdrawn"),
}


def standings_for_people(
    tournament: Tournament, ranking: Standings
) -> tuple[list[str], list[list[object]]]:
    """The headers and rows of the standings as the terminal shows them: every column
    headed, each meaning once (:func:`shown_columns`), ``withdrawn`` said as yes or blank."""
    columns = shown_columns(tournament)
    heads: list[str] = [
        "#",
        sentence("name"),
        sentence("match points"),
        *map(tiebreak_said, tournament.tiebreaks),
        *(COLUMN_WORDS[c] for c in columns),
    ]
    rows: list[list[object]] = []
    for row in ranking.rows:
        r = row.record
        counts = {c: getattr(r, c) for c in columns}
        counts["withdrawn"] = sentence("yes") if r.withdrawn else ""
        rows.append(
            [
                row.rank,
                r.name,
                r.match_points,
                *(number(row.tiebreaks[tb]) for tb in tournament.tiebreaks),
                *(counts[c] for c in columns),
            ]
        )
    return heads, rows


def decision_line(tournament: Tournament, table: Table) -> Msg | None:
    """The standing decision of a table in one sentence with the match points it gives
    (a score sheet of a decided table says it instead of the log's outcome), or None."""
    d = table.decision()
    if d is None:
        return None
    points = side_points(table.sides, from_decision(tournament, table, d).match_points)
    if d.kind == "forfeit":
        return sentence(
            "Decided by the director: {sides} did not play (forfeit); match points {points}.",
            sides=join(d.absent),
            points=points,
        )
    if d.kind == "time":
        return sentence(
            "Decided by the director: time called, the finished deals decide; "
            "match points {points}.",
            points=points,
        )
    return sentence("Decided by the director: match points set, {points}.", points=points)


def next_steps(tournament: Tournament, facts: Facts, folder: object = ".") -> list[Msg]:
    """What the director does next, with the exact commands: recount a changed log, let
    the tables of the round finish or decide them, pair the next round, close, publish.
    Only the tables whose facts are given are looked at for changed logs."""
    out: list[Msg] = []
    for rnd in tournament.paired:
        for tb in rnd.tables:
            key = (rnd.number, tb.number)
            if key in facts and table_state(tb, facts[key]) == "changed":
                command = f"recount {tb.number} --round {rnd.number} --reason TEXT"
                out.append(
                    sentence(
                        "Round {round}, table {table}: its log changed after it was counted; "
                        "accept it with {command} (or put the counted log back)",
                        round=rnd.number,
                        table=tb.number,
                        command=tournament_command(command, folder),
                    )
                )
    if tournament.closed is not None:
        out.append(
            sentence(
                "Next: the tournament is closed; the final standings: {standings}; "
                "the results pages: {publish}",
                standings=tournament_command("standings", folder),
                publish=tournament_command("publish -o site", folder),
            )
        )
        return out
    if not tournament.paired:
        return [
            sentence("Next: pair round 1: {command}", command=tournament_command("pair", folder))
        ]
    return out + _round_steps(tournament, facts, folder)


def _round_steps(tournament: Tournament, facts: Facts, folder: object) -> list[Msg]:
    """The next step of the current round: its tables without a result, or what follows."""
    rnd = tournament.paired[-1]
    waiting = [
        tb
        for tb in rnd.tables
        if table_result(tournament, tb, facts.get((rnd.number, tb.number))) is None
    ]
    if not waiting:
        if tournament.current < tournament.rounds:
            return [
                sentence(
                    "Next: every table of round {round} has a result; pair round {next}: {command}",
                    round=rnd.number,
                    next=rnd.number + 1,
                    command=tournament_command("pair", folder),
                )
            ]
        return [
            sentence(
                "Next: every table of the last round has a result; close the tournament: {command}",
                command=tournament_command("close", folder),
            )
        ]
    first = waiting[0]
    out = [
        plural_sentence(
            "Next: round {round} is in play; {n} table has no result yet: {tables}.",
            "Next: round {round} is in play; {n} tables have no result yet: {tables}.",
            len(waiting),
            round=rnd.number,
            tables=tables_said([tb.number for tb in waiting]),
        ),
        sentence(
            "Each table records its match ({command}); for a table that cannot finish, "
            "the director decides: {decide}",
            command=record_commands(first, folder)[0],
            decide=decide_commands(first.number, folder),
        ),
        served_pages(folder),
    ]
    for tb in waiting:
        f = facts.get((rnd.number, tb.number))
        if f is None or f.problem is not None:
            out.append(
                sentence(
                    "Table {table}: {problem}; correct the log ({command}) or decide the table",
                    table=tb.number,
                    problem=problem_said(f.problem)
                    if f and f.problem
                    else sentence("the log is missing"),
                    command=f"referee verify {in_folder(folder, tb.log)}",
                )
            )
    return out


def pair_steps(tournament: Tournament, rnd: Round, folder: object = ".") -> list[Msg]:
    """What follows a round just paired: its tables play, a table that cannot finish is
    decided, then the next round is paired (or, after the last, the tournament closed)."""
    after = "pair" if rnd.number < tournament.rounds else "close"
    out = [
        sentence(
            "Next: the tables play round {round}; when every table has a result: {command}",
            round=rnd.number,
            command=tournament_command(after, folder),
        )
    ]
    if rnd.tables:
        out.append(served_pages(folder))
        out.append(
            sentence(
                "For a table that cannot finish, the director decides: {decide}",
                decide=decide_commands(rnd.tables[0].number, folder),
            )
        )
    return out
