"""``referee tournament …``: the director's commands, each a thin function that parses its
arguments, calls one function of :mod:`referee.tournament.director` and renders the result
(in the reader's language; ``--json`` and ``--csv`` as tournament.md fixes them).
A refusal or problem (``tournament.*``) exits 1, wrong usage 2."""

import csv
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from referee.cli.boundary import echo as out
from referee.cli.boundary import errors_as_lines as errors
from referee.cli.commands.tournament_new import (
    entrant_list,
    game_rules,
    named_once,
    new_tournament,
    points_set,
)
from referee.cli.group import NamedVariant, RuleOption, ascii_asked
from referee.cli.progress import progress
from referee.html.publish import publish
from referee.messages import help_text, join, plural_sentence, sentence
from referee.render.tables import table_text
from referee.table.usage import UsageError
from referee.tournament import director, report
from referee.tournament.commands import record_commands
from referee.tournament.store import facts_beside
from referee.tournament.verify import Finding, pairing_findings, verify
from referee.words.rulings import problem_message
from referee.words.terms import (
    decision_said,
    game_said,
    system_said,
    variant_said,
)

F = TypeVar("F", bound=Callable[..., Any])

app = typer.Typer(
    name="tournament",
    help=help_text("A tournament: entrants, rounds, tables, results, standings (tournament.md)."),
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

Dir = Annotated[Path, typer.Option("--dir", "-d", help=help_text("The tournament's folder."))]
Json = Annotated[bool, typer.Option("--json", help=help_text("Print JSON for scripts."))]
HERE = Path(".")


def dumps(value: object) -> str:
    """JSON for scripts."""

    return json.dumps(value, ensure_ascii=False)


TableSize = Annotated[
    int | None,
    typer.Option("--table-size", help=help_text("Players at a table (default 2; teams: 4).")),
]
SeedOption = Annotated[
    str | None,
    typer.Option("--seed", help=help_text("The draw's seed (default: chosen and recorded).")),
]
TiebreakOption = Annotated[
    list[str] | None,
    typer.Option("--tiebreak", help=help_text("A tie-break id, in order (repeat).")),
]


@app.command("new")
@errors
def new_cmd(
    name: Annotated[str, typer.Argument(help=help_text("The tournament's name."))],
    game: Annotated[
        str, typer.Option("--game", "-g", help=help_text("The game every table plays."))
    ],
    variant: NamedVariant = None,
    rule: RuleOption = None,
    player: Annotated[
        list[str] | None, typer.Option("--player", "-p", help=help_text("An entrant (repeat)."))
    ] = None,
    team: Annotated[
        list[str] | None, typer.Option("--team", help=help_text('A team of two: "A & B" (repeat).'))
    ] = None,
    entrants: Annotated[
        Path | None, typer.Option("--entrants", help=help_text("A CSV file with a name column."))
    ] = None,
    system: Annotated[
        str, typer.Option("--system", help=help_text("swiss or round-robin."))
    ] = "swiss",
    rounds: Annotated[
        int | None, typer.Option("--rounds", help=help_text("How many rounds."))
    ] = None,
    table_size: TableSize = None,
    seed: SeedOption = None,
    points: Annotated[
        str | None, typer.Option("--points", help=help_text("Match points: win=2,draw=1,bye=2."))
    ] = None,
    tiebreak: TiebreakOption = None,
    date: Annotated[
        str | None, typer.Option("--date", help=help_text("YYYY-MM-DD (default: today)."))
    ] = None,
    folder: Dir = HERE,
) -> None:
    """Create the folder's tournament.toml.

    Example: referee tournament new "Café Cup" --game basra -p Ali -p Omar -p Zaid -p Hoda
    """
    overrides = game_rules(game, variant, rule, system, tiebreak)
    t = new_tournament(name, game, variant, overrides, date, system, seed, points, tiebreak)
    t.entrants = entrant_list(player, team, entrants)
    t = director.create(folder, t, rounds, table_size)
    out(
        plural_sentence(
            "Created {file}: {name}, {game} ({variant}), {system}, {count} entrants, "
            "{n} round, seed {seed}.",
            "Created {file}: {name}, {game} ({variant}), {system}, {count} entrants, "
            "{n} rounds, seed {seed}.",
            t.rounds,
            file=str(folder / "tournament.toml"),
            name=name,
            game=game_said(game),
            variant=variant_said(t.game, t.variant),
            system=system_said(system),
            count=len(t.entrants),
            seed=t.seed,
        )
    )
    next_steps(report.next_steps(t, {}, folder))


@app.command("add")
@errors
def add_cmd(
    name: Annotated[str, typer.Argument(help=help_text('The entrant (a team: "A & B").'))],
    folder: Dir = HERE,
) -> None:
    """A late entrant: paired from the next round, with 0 match points."""

    e = director.add(folder, name)
    out(sentence("Added {name}: paired from round {round}.", name=e.name, round=e.joined))


@app.command("drop")
@errors
def drop_cmd(
    name: Annotated[str, typer.Argument(help=help_text("The entrant withdrawing."))],
    folder: Dir = HERE,
) -> None:
    """A withdrawal: not paired from the next round; earlier results stand."""
    e = director.drop(folder, name)
    out(
        sentence(
            "{name} withdraws: not paired from round {round}; results so far stand.",
            name=e.name,
            round=e.withdrawn or 0,
        )
    )


@app.command("pair")
@errors
def pair_cmd(as_json: Json = False, folder: Dir = HERE) -> None:
    """Pair the next round and start each table's log.

    Example: referee tournament pair --json
    """
    done = director.Done()
    rnd = director.pair(folder, done)
    tables = [{"table": tb.number, "sides": list(tb.sides), "log": tb.log} for tb in rnd.tables]
    if as_json:
        bye = rnd.byes[0] if len(rnd.byes) == 1 else None
        out(dumps({"round": rnd.number, "tables": tables, "bye": bye, "byes": list(rnd.byes)}))
        return
    out(sentence("Round {round}:", round=rnd.number))
    for tb in rnd.tables:
        out(
            sentence(
                "  table {table}: {sides}: {record}",
                table=tb.number,
                sides=join(tb.sides, " – "),
                record=join(record_commands(tb, folder), " | "),
            )
        )
    for s in rnd.byes:
        out(sentence("  bye: {side}", side=s))
    where = {s: tb.number for tb in rnd.tables for s in tb.sides}
    out(sentence("By name:"))
    for s in sorted([*where, *rnd.byes], key=lambda x: (x.casefold(), x)):
        out(
            sentence("  {side}: table {table}", side=s, table=where[s])
            if s in where
            else sentence("  {side}: bye", side=s)
        )
    assert done.tournament is not None
    next_steps(report.pair_steps(done.tournament, rnd, folder))


@app.command("result")
@errors
def result_cmd(
    table: Annotated[int, typer.Argument(help=help_text("The table, in the current round."))],
    forfeit: Annotated[
        list[str] | None,
        typer.Option("--forfeit", help=help_text("A side that did not play (repeat).")),
    ] = None,
    time: Annotated[
        bool, typer.Option("--time", help=help_text("Time called: the finished deals decide."))
    ] = False,
    points: Annotated[
        list[str] | None,
        typer.Option("--points", help=help_text("Match points set: SIDE=N (repeat).")),
    ] = None,
    reason: Annotated[
        str | None, typer.Option("--reason", help=help_text("Why (recorded)."))
    ] = None,
    undo: Annotated[
        bool, typer.Option("--undo", help=help_text("Take the table's last decision back."))
    ] = False,
    folder: Dir = HERE,
) -> None:
    """A director's decision for a table of the current round.

    Example: referee tournament result 3 --forfeit Omar --reason "did not arrive"
    """
    done = director.Done()
    kinds = [k for k, given in (("forfeit", forfeit), ("time", time), ("points", points)) if given]
    if undo:
        if kinds:
            raise UsageError(sentence("--undo takes no other decision"))
        director.decide(folder, table, lambda *_: None, done)
        out(sentence("Table {table}: the last decision is taken back.", table=table))
        if done.tournament is not None:
            next_steps(report.next_steps(done.tournament, done.facts, folder))
        return
    if len(kinds) != 1:
        raise UsageError(sentence("give one of --forfeit, --time, --points (or --undo)"))
    if not reason or not reason.strip():
        raise UsageError(sentence("--reason: a decision is recorded with its reason"))
    absent = named_once("--forfeit", forfeit or [])
    set_points = points_set(points or [])
    made = director.decision(kinds[0], reason.strip(), absent, set_points)
    director.decide(folder, table, made, done)
    out(
        sentence(
            "Table {table}: decided ({kind}), reason recorded.",
            table=table,
            kind=decision_said(kinds[0]),
        )
    )
    if done.tournament is not None:
        next_steps(report.next_steps(done.tournament, done.facts, folder))


@app.command("recount")
@errors
def recount_cmd(
    table: Annotated[int, typer.Argument(help=help_text("The table."))],
    reason: Annotated[
        str, typer.Option("--reason", help=help_text("Why the log changed (recorded)."))
    ],
    round_number: Annotated[
        int | None,
        typer.Option(
            "--round", help=help_text("The round (default: the one whose log of TABLE changed).")
        ),
    ] = None,
    folder: Dir = HERE,
) -> None:
    """Accept a log that changed after it was counted (a correction), with the reason."""

    done = director.Done()
    c = director.recount(folder, table, round_number, reason, done)
    assert done.tournament is not None
    rounds = [
        r.number
        for r in done.tournament.paired
        if any(x is c for x in getattr(r.table(table), "counts", []))
    ]
    out(
        sentence(
            "Recounted round {round}, table {table}: the new log ({digest}…) is counted.",
            round=rounds[0] if rounds else round_number,
            table=table,
            digest=c.digest[:12],
        )
    )
    next_steps(report.next_steps(done.tournament, done.facts, folder))


@app.command("close")
@errors
def close_cmd(folder: Dir = HERE) -> None:
    """After the last round: count its results and end the tournament."""
    t = director.close(folder)
    out(sentence("{name} is closed.", name=t.name))
    next_steps(report.next_steps(t, {}, folder))


def next_steps(lines: list[Any]) -> None:
    """The director's next step (what :mod:`referee.tournament.report` says), one a line."""
    for line in lines:
        out(line)


@app.command("status")
@errors
def status_cmd(as_json: Json = False, folder: Dir = HERE) -> None:
    """Every round's tables: finished, playing, not started, decided, a problem, changed."""
    with progress(0, sentence("Reading the tables' logs")) as step:
        t, facts = director.read_all(folder, step=step)
    if as_json:
        out(dumps(report.status_json(t, facts)))
        return
    out(
        sentence(
            "{name}: {game} ({variant}), round {round} of {rounds}",
            name=t.name,
            game=game_said(t.game),
            variant=variant_said(t.game, t.variant),
            round=t.current,
            rounds=t.rounds,
        )
    )
    for number, rows, byes, notes in report.status_rows(t, facts):
        out("")
        out(sentence("Round {round}", round=number))
        out(
            table_text(
                rows,
                [
                    sentence("table"),
                    sentence("sides"),
                    sentence("state"),
                    sentence("match points"),
                    sentence("log"),
                ],
            )
        )
        for s in byes:
            out(sentence("  bye: {side}", side=s))
        for note in notes:
            out(sentence("  {note}", note=note))
    out("")
    next_steps(report.next_steps(t, facts, folder))


@app.command("standings")
@errors
def standings_cmd(
    after_round: Annotated[
        int | None,
        typer.Option(
            "--after-round", min=1, help=help_text("Standings as they were after round N.")
        ),
    ] = None,
    as_json: Json = False,
    as_csv: Annotated[bool, typer.Option("--csv", help=help_text("Print CSV rows."))] = False,
    folder: Dir = HERE,
) -> None:
    """The ranking: match points, then the tie-breaks in their declared order.

    Example: referee tournament standings --after-round 3 --csv > standings.csv
    """
    with progress(0, sentence("Reading the tables' logs")) as step:
        t, facts = director.read_all(folder, step=step)
    s = report.standings_of(t, facts, after_round)
    if as_json:
        out(dumps(report.standings_json(t, s)))
    elif as_csv:
        csv.writer(sys.stdout, lineterminator="\n").writerows(report.standings_csv(t, s))
    else:
        out(report.standings_title(t, s, after_round))
        if s.pending:
            out(
                plural_sentence(
                    "({n} table has no result yet)", "({n} tables have no result yet)", s.pending
                )
            )
        heads, people = report.standings_for_people(t, s)
        out(table_text(people, heads))


@app.command("verify")
@errors
def verify_cmd(as_json: Json = False, folder: Dir = HERE) -> None:
    """Replay every log and check the tournament; exit 0 only when nothing is wrong."""

    t, problems = director.file_problems(folder)
    found = [
        Finding(
            "tournament.file",
            sentence("{where}: {problem}", where=p.path, problem=problem_message(p))
            if p.path
            else sentence(problem_message(p)),
        )
        for p in problems
    ]
    if t is not None and not problems:
        with progress(0, sentence("Checking the tables' logs")) as step:
            facts, pairings = facts_beside(folder, t, pairing_findings, step=step)
        found += verify(t, facts, pairings, folder)
    if as_json:
        out(dumps({"ok": not found, "problems": [f.as_json() for f in found]}))
    else:
        for f in found:
            out(f.said())
        out(
            sentence("ok: the tournament verifies")
            if not found
            else plural_sentence("{n} problem", "{n} problems", len(found))
        )
    if found:
        raise typer.Exit(1)


@app.command("publish")
@errors
def publish_cmd(
    output: Annotated[
        Path,
        typer.Option("--output", "-o", help=help_text("The folder to write the pages into.")),
    ],
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help=help_text("Replace an earlier publication even if files were added to it."),
        ),
    ] = False,
    tournament: Annotated[
        Path, typer.Argument(help=help_text("The tournament's folder."), show_default=False)
    ] = HERE,
) -> None:
    """Write the results pages: standings, crosstable, rounds, entrants, score sheets,
    and pages to print (pairings, table slips, standings); they open from disk.

    Example: referee tournament publish -o site --lang ar
    """
    with progress(0, sentence("Writing the pages")) as step:
        count = publish(tournament, output, force, ascii_asked(), step)
    out(
        plural_sentence(
            "Wrote {n} page to {dir} (open index.html).",
            "Wrote {n} pages to {dir} (open index.html).",
            count,
            dir=str(output),
        )
    )
