"""The commands on finished or stored logs: the score sheet, verify, export, explain, the
rules of a game, the simulator and the standings of a folder of logs."""

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.boundary import (
    INTERNAL,
    echo,
    err,
    errors_as_lines,
    output,
    shown,
)
from referee.cli.group import (
    DEFAULT_FILE,
    GAME_NAMES,
    JobsOption,
    JsonFlag,
    LogArgument,
    RuleOption,
    VariantOption,
    command,
    game_and_variant,
    rule_overrides,
)
from referee.messages import help_text, plural_sentence, sentence
from referee.problems import internal_error
from referee.table.usage import UsageError
from referee.words.terms import game_said, variant_said

if TYPE_CHECKING:
    from referee.params import Value

if TYPE_CHECKING:
    from referee.table.standings import Summary


def leave(broken: bool, bad: bool) -> None:
    """End a command over many logs: 70 if one met an internal error, 1 if one had a
    problem, else go on to exit 0."""
    if broken:
        raise typer.Exit(INTERNAL)
    if bad:
        raise typer.Exit(1)


@command()
@errors_as_lines
def score(
    file: Annotated[Path, typer.Argument(help=help_text("The match log."))] = DEFAULT_FILE,
    as_json: JsonFlag = False,
) -> None:
    """The score sheet: every finished deal with its breakdown, totals and the winner.
    With --json, the side whose forfeit ended a deal (Bura, Kozel) has "forfeit": true in
    its breakdown.

    Example: referee score sample_games/basra-egyptian-2p.toml --json
    """
    from referee.render.tables import Style, score_json, score_sheet
    from referee.table.session import open_match

    match, replayed = open_match(file)
    if as_json:
        import json

        echo(json.dumps(score_json(match, replayed), ensure_ascii=False))
    else:
        echo(score_sheet(match, replayed, Style.for_terminal()))


@command()
@errors_as_lines
def verify(
    files: Annotated[
        list[Path] | None,
        typer.Argument(help=help_text("Match logs to replay and check (default: match.toml).")),
    ] = None,
    as_json: JsonFlag = False,
    jobs: JobsOption = None,
    digest: Annotated[
        str | None,
        typer.Option(
            "--digest", help=help_text("Say whether each log has a score sheet's digest.")
        ),
    ] = None,
) -> None:
    """Replay logs and report every problem, first one first; exit 1 if any has one.
    Many logs are checked on every core, and reported in the order given.

    Example: referee verify sample_games/*.toml --json
    """
    files = files or [DEFAULT_FILE]  # as every table command, the match in this folder
    if digest is not None:
        from referee.cli.sheet import verify_digest

        raise typer.Exit(verify_digest(files, digest, as_json))
    from referee.cli.progress import progress
    from referee.render.report import verdict_json, verdict_text
    from referee.table.bulk import check_all

    bad = broken = False
    with progress(len(files), sentence("Checking the logs")) as step:
        for verdict in check_all(files, jobs):
            step()
            step.clear()
            name = shown(verdict.path)
            if verdict.internal is not None:
                broken = True
                step.clear(sys.stderr)
                err(internal_error(RuntimeError(verdict.internal)))
            bad = bad or bool(verdict.problems)
            if as_json:
                import json

                echo(json.dumps(verdict_json(verdict, name), ensure_ascii=False))
            elif verdict.internal is None:
                echo(verdict_text(verdict, name))
    leave(broken, bad)


@command()
@errors_as_lines
def export(
    file: Annotated[Path, typer.Argument(help=help_text("The match log."))] = DEFAULT_FILE,
    out: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help=help_text("Write here (atomically) instead of standard output.")
        ),
    ] = None,
) -> None:
    """Write the canonical log, derived scores and result included.

    Example: referee export match.toml -o clean.toml
    """
    from referee.table.session import Table

    if out is None:
        with output():
            sys.stdout.buffer.write(Table(file).export())
            sys.stdout.flush()
    else:
        from referee.log.outputs import check_output

        check_output(out, [file], allow=file)  # onto its own log: rewritten canonically
        Table(file).export_to(out)


@command()
@errors_as_lines
def rules(
    game: Annotated[str, typer.Argument(help=GAME_NAMES, metavar="GAME")],
    variant: VariantOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Every parameter of a game and variant: its value and meaning.

    Example: referee rules basra --variant classic
    """
    from referee.registry import variant_values
    from referee.render.tables import rules_text

    name = game_and_variant(game, variant)
    values = variant_values(game, name)
    if as_json:
        import json

        echo(json.dumps({"game": game, "variant": name, "rules": values}))
    else:
        echo(rules_text(game, name, values))


def _output_folder(out: Path) -> None:
    """Make the folder logs are written to, or say why it cannot be one."""
    from referee.log.file import written

    try:
        if not out.is_dir():
            out.mkdir(parents=True, exist_ok=True)
            written.append(out)  # an interrupt from here on says the folder was made
    except OSError as e:
        from referee.log.file import file_problem

        said = sentence("cannot be used as a folder for the logs ({error})", error=e.strerror)
        raise file_problem(out, said) from None


@command()
@errors_as_lines
def simulate(
    game: Annotated[str, typer.Argument(help=GAME_NAMES, metavar="GAME")],
    out: Annotated[Path, typer.Option("--out", "-o", help=help_text("Folder for the logs."))],
    variant: VariantOption = None,
    players: Annotated[
        int,
        typer.Option(
            "--players",
            "-n",
            help=help_text("How many play: basra 2-4, pasur 2-4, bura 2-6, kozel 2-4."),
        ),
    ] = 2,
    seed: Annotated[int, typer.Option(help=help_text("Same seed, same bytes."))] = 1,
    matches: Annotated[
        int,
        typer.Option(
            "--matches", "-k", min=1, max=100_000, help=help_text("How many matches to write.")
        ),
    ] = 1,
    rule: RuleOption = None,
) -> None:
    """Play complete matches with random and greedy legal plays; write canonical logs
    (with the --rule overrides in [rules], as new takes them).

    Example: referee simulate basra --variant classic --players 4 --seed 7 --matches 10 --out sim/
    --rule target=51
    """
    from referee.log.format import MAX_DEALS

    name = game_and_variant(game, variant)
    overrides = rule_overrides(game, rule or [])
    _check_players(game, name, players)
    _output_folder(out)
    undecided = _write_simulated(out, game, name, players, seed, matches, overrides)
    echo(
        plural_sentence(
            "Wrote {n} {game} ({variant}, {players} players) match to {folder}",
            "Wrote {n} {game} ({variant}, {players} players) matches to {folder}",
            matches,
            game=game_said(game),
            variant=variant_said(name),
            players=players,
            folder=str(out),
        )
    )
    if undecided:  # a target out of reach, or parameters that score nothing
        echo(
            plural_sentence(
                "{n} match is undecided: no side won in {deals} deals, the most a log holds",
                "{n} matches are undecided: no side won in {deals} deals, the most a log holds",
                undecided,
                deals=MAX_DEALS,
            )
        )


def _check_players(game: str, variant: str, players: int) -> None:
    """``--players`` within the game's (and variant's) range, else a usage error."""
    from referee.registry import GAMES

    low, high = GAMES[game].player_range(variant)
    if not low <= players <= high:
        said = sentence(
            "--players: {game} is played by {low} to {high} players, not {count}",
            game=game,
            low=low,
            high=high,
            count=players,
        )
        raise UsageError(said)


def _write_simulated(
    out: Path,
    game: str,
    variant: str,
    players: int,
    seed: int,
    matches: int,
    overrides: "dict[str, Value]",
) -> int:
    """Simulate and write ``matches`` logs into ``out``; how many are left undecided."""
    from referee.cli.progress import progress
    from referee.log.file import dumps, write_atomic
    from referee.match import decided
    from referee.table.simulate import simulate_match

    undecided = 0
    with progress(matches, sentence("Playing the matches")) as step:
        for k in range(matches):
            match = simulate_match(game, variant, players, seed * 100_003 + k, overrides)
            undecided += not decided(match, match.result_totals or {})[0]
            target = out / f"{game}-{variant}-{players}p-s{seed}-{k + 1:04d}.toml"
            write_atomic(target, dumps(match))
            step()
    return undecided


def _logs_in(paths: list[Path]) -> list[Path]:
    """The match logs named, and those in the folders named; a file named twice (or linked
    twice) counts once."""
    from referee.table.bulk import file_key

    files: list[Path] = []
    seen: set[object] = set()
    for path in paths:
        for one in sorted(path.glob("*.toml")) if path.is_dir() else [path]:
            key = file_key(one)  # a file named twice (dir and dir/x.toml, a link) counts once
            if key not in seen:
                seen.add(key)
                files.append(one)
    if not files:
        raise UsageError(sentence("no match logs found (give files or folders of *.toml)"))
    return files


def _summaries(files: list[Path], jobs: int | None) -> tuple[list["Summary"], bool, bool]:
    """The standings summary of every clean log (a progress bar on a terminal), and
    whether a log had a problem or met an internal error (each said on stderr)."""
    from referee.cli.progress import progress
    from referee.table.bulk import check_all

    summaries = []
    bad = broken = False
    with progress(len(files), sentence("Reading the logs")) as step:
        for verdict in check_all(files, jobs, summary=True):
            step()
            if verdict.summary is None:
                step.clear(sys.stderr)
            if verdict.internal is not None:  # a bug: this file is left out, the others too
                broken = True
                why = internal_error(RuntimeError(verdict.internal))
                err(sentence("referee: {file}: left out: {why}", file=shown(verdict.path), why=why))
            elif verdict.summary is None:
                bad = True
                first = verdict.problems[0].said() if verdict.problems else sentence("unreadable")
                err(
                    sentence(
                        "referee: {file}: left out: {why}", file=shown(verdict.path), why=first
                    )
                )
            else:
                summaries.append(verdict.summary)
    return summaries, bad, broken


@command()
@errors_as_lines
def standings(
    paths: Annotated[list[Path], typer.Argument(help=help_text("Match logs, or folders of them."))],
    as_json: JsonFlag = False,
    as_csv: Annotated[bool, typer.Option("--csv", help=help_text("Print CSV rows."))] = False,
    jobs: JobsOption = None,
    by_player: Annotated[
        bool,
        typer.Option(
            "--by-player",
            help=help_text("One row per player, over every side they played in."),
        ),
    ] = False,
) -> None:
    """A tournament tally across matches, one table per game: played, won, points for and
    against, sweeps (in games that score them); matches still in progress are counted as
    unfinished. With --by-player, each player's record across every side they played in.

    Example: referee standings results/ --csv > standings.csv
    """
    from referee.render.tables import standings_table
    from referee.table.standings import tally

    summaries, bad, broken = _summaries(_logs_in(paths), jobs)
    rows = tally(summaries, by_player)
    if as_json:
        import json

        listed = [r.as_dict() for r in rows]
        key = "players" if by_player else "sides"
        echo(json.dumps({"matches": len(summaries), key: listed}, ensure_ascii=False))
    elif as_csv:
        import csv

        from referee.render.report import standings_rows

        csv.writer(sys.stdout, lineterminator="\n").writerows(standings_rows(rows))
    else:
        echo(standings_table(rows, len(summaries), by_player))
    leave(broken, bad)


@command()
@errors_as_lines
def explain(
    file: LogArgument,
    deal_number: Annotated[
        int, typer.Option("--deal", "-d", min=1, help=help_text("Deal, from 1."))
    ],
    play_number: Annotated[
        int | None,
        typer.Option(
            "--play",
            "-p",
            min=1,
            help=help_text("Entry in the deal, from 1 (without it: the deal's entries, numbered)."),
        ),
    ] = None,
) -> None:
    """Explain one recorded entry: the state before it, the rule, the alternatives. Without
    --play, list the deal's entries with their numbers, who, what and what each did.

    Example: referee explain match.toml --deal 2   ·   referee explain match.toml --deal 2 --play 14
    """
    from referee.log.file import load
    from referee.problems import RefereeError
    from referee.render.report import entries_lines, explanation_lines
    from referee.render.tables import Style
    from referee.table.explain import explain as explain_entry

    match, problems = load(file)
    if match is None:
        raise RefereeError(problems)
    style = Style.for_terminal()
    if play_number is None:
        for line in entries_lines(match, deal_number, style):
            echo(line)
        return
    result = explain_entry(match, deal_number, play_number)
    for line in explanation_lines(result):  # every part from the log is escaped by say()
        echo(style.text(line))
    if not result.ok:
        raise typer.Exit(1)
