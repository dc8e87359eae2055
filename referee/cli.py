"""The command line: thin commands that parse arguments, call one plain function, render.

Domain errors are turned into plain lines on stderr and exit 1 in one place
(:func:`domain`), and so are failures of the machine (a full disk, a read-only folder:
``log.file``); usage errors exit 2; a real internal error exits 70 (BSD's EX_SOFTWARE), so
that it is never mistaken for a ruling.
"""

import contextlib
import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from referee import __version__
from referee.registry import GAMES

GAME_NAMES = ", ".join(GAMES)
GAME_TITLES = (
    ", ".join(g.capitalize() for g in list(GAMES)[:-1]) + f" and {list(GAMES)[-1].capitalize()}"
)
PLAYER_RANGES = ", ".join(f"{g} {s.players[0]}-{s.players[1]}" for g, s in GAMES.items())

HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    name="referee",
    context_settings=HELP_OPTIONS,
    help=f"Referee and scorekeeper for {GAME_TITLES} played with real cards.\n\n"
    "Example: referee new basra -p Ali -p Omar && referee deal --dealer Omar "
    '--floor "5H 3C 9D KS" && referee play 8S --takes "5H 3C"',
    no_args_is_help=True,
    add_completion=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

F = TypeVar("F", bound=Callable[..., Any])

MatchFile = Annotated[Path, typer.Option("--file", "-f", help="The match log.", show_default=True)]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
NoteOption = Annotated[
    str | None, typer.Option("--note", help="Free text kept with it in the log.")
]
AsciiFlag = Annotated[
    bool, typer.Option("--ascii", help="Plain ASCII: suits as S H D C, no symbols.")
]
DEFAULT_FILE = Path("match.toml")
SHOWN = 20  # options listed unless --all
JobsOption = Annotated[
    int | None,
    typer.Option("--jobs", "-j", min=1, help="Processes to check logs on (default: every core)."),
]


INTERNAL = 70  # BSD's EX_SOFTWARE: a bug, never a ruling


def err(line: str) -> None:
    typer.echo(line, err=True)


def shown(name: object) -> str:
    """A file name as a terminal and JSON can take it."""
    from referee.logfile import shown_path

    return shown_path(str(name))


def internal_error(e: BaseException) -> str:
    from referee.text import cut, visible

    return visible(
        f"referee: internal error ({type(e).__name__}: {cut(str(e), 300)}). The log on disk "
        "is whole (every write is atomic). Please report this with the match log."
    )


def domain(func: F) -> F:
    """Turn domain errors into one clear line each on stderr and exit 1; usage errors, 2."""
    from referee.problems import RefereeError
    from referee.usage import UsageError

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except RefereeError as e:
            for p in e.problems[:20]:
                err(f"referee: {p}")
            if len(e.problems) > 20:
                err(f"referee: … and {len(e.problems) - 20} more problems")
            raise typer.Exit(1) from None
        except UsageError as e:
            err(f"referee: usage: {e}")
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            from referee.entry import interrupted

            err(interrupted().rstrip("\n"))
            raise typer.Exit(130) from None
        except (typer.Exit, typer.Abort):
            raise
        except BrokenPipeError:  # the reader of our output went away (| head): stop quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise typer.Exit(0) from None
        except RecursionError:
            err("referee: [log.toml]: the input is nested too deeply to read")
            raise typer.Exit(1) from None
        except OSError as e:  # the machine, not the rules: a full disk, a closed terminal
            where = f"{shown(e.filename)}: " if e.filename else ""
            err(f"referee: [log.file]: {where}{e.strerror or e}; the log on disk is whole")
            raise typer.Exit(1) from None
        except Exception as e:  # a bug must still not show a traceback to the table
            err(internal_error(e))
            raise typer.Exit(INTERNAL) from None

    return wrapper  # type: ignore[return-value]


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=version_callback, is_eager=True, help="Show the version."
        ),
    ] = False,
) -> None:
    """Referee and scorekeeper for card games played with real cards."""


def game_and_variant(game: str, variant: str | None) -> str:
    """Check a game name and variant given on the command line; the variant to use."""
    from referee.registry import GAMES, check_variant
    from referee.usage import UsageError

    if game not in GAMES:
        raise UsageError(f"GAME is one of {', '.join(GAMES)}, not {game!r}")
    name = variant or GAMES[game].default_variant
    why = check_variant(game, name)
    if why is not None:
        raise UsageError(f"--variant: {why}")
    return name


def _status(match: Any, rep: Any, ascii_only: bool = False) -> None:
    from referee.render import Style, show

    typer.echo(show(match, rep, Style.for_terminal(ascii_only)))


def _recorded(recorded: Any, ascii_only: bool, confirm: str = "") -> None:
    """What an accepted entry did, as a referee announces it, then the table now."""
    from referee.render import Style, announce

    style = Style.for_terminal(ascii_only)
    for line in announce(recorded, style, confirm):
        typer.echo(line)
    _status(recorded.match, recorded.rep, ascii_only)


@app.command()
@domain
def new(
    game: Annotated[str, typer.Argument(help=GAME_NAMES)],
    player: Annotated[
        list[str], typer.Option("--player", "-p", help="A player, in playing order (repeat).")
    ],
    variant: Annotated[str | None, typer.Option("--variant", "-v", help="A named variant.")] = None,
    rule: Annotated[
        list[str] | None, typer.Option("--rule", "-r", help="Override a parameter: KEY=VALUE.")
    ] = None,
    event: Annotated[str | None, typer.Option(help="Where, which tournament, which table.")] = None,
    date: Annotated[str | None, typer.Option(help="YYYY-MM-DD (default: today).")] = None,
    no_date: Annotated[bool, typer.Option("--no-date", help="Record no date.")] = False,
    file: MatchFile = DEFAULT_FILE,
) -> None:
    """Start a match file.

    Example: referee new pasur -p Dariush -p Shirin -p Kaveh --variant pagat
    """
    import datetime as dt

    from referee.registry import GAMES, parse_override
    from referee.session import create
    from referee.usage import UsageError

    if game not in GAMES:
        raise UsageError(f"GAME is one of {', '.join(GAMES)}, not {game!r}")
    overrides = {}
    for text in rule or []:
        try:
            key, value = parse_override(game, text)
        except ValueError as e:
            raise UsageError(f"--rule: {e}") from None
        overrides[key] = value
    if no_date and date:
        raise UsageError("give --date or --no-date, not both")
    when: dt.date | None
    try:
        when = dt.date.fromisoformat(date) if date else dt.date.today()
    except ValueError:
        raise UsageError(f"--date: expected YYYY-MM-DD, found {date!r}") from None
    if no_date:
        when = None
    match = create(file, game, player, variant, overrides, event, when)
    typer.echo(
        f"Started {file}: {game} ({match.variant}), {', '.join(match.players)}. "
        f"Next: referee deal --dealer NAME …"
    )


@app.command()
@domain
def deal(
    dealer: Annotated[
        str | None, typer.Option(help="Who deals (default: whose turn it is to deal).")
    ] = None,
    floor: Annotated[
        str | None, typer.Option(help='Basra/Pasur: the opening floor, e.g. "5H 3C 9D KS".')
    ] = None,
    buried: Annotated[
        str | None, typer.Option(help="Basra: jacks/7D buried from the floor.")
    ] = None,
    returned: Annotated[
        str | None, typer.Option(help="Pasur: the jack returned from the pool.")
    ] = None,
    trump: Annotated[str | None, typer.Option(help="Bura: the turned-up trump card.")] = None,
    hand: Annotated[
        list[str] | None, typer.Option(help='NAME="CARDS": a player\'s cards, when known (repeat).')
    ] = None,
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    ascii_only: AsciiFlag = False,
) -> None:
    """Record a new deal: dealer, the opening floor (or Bura's trump), optional hands.

    Example: referee deal --dealer Omar --floor "5H 3C 9D KS" --buried JD
    """
    from referee.session import add_deal
    from referee.usage import UsageError

    hands: dict[str, str] = {}
    for text in hand or []:
        if "=" not in text:
            raise UsageError(f'--hand takes NAME="CARDS", found {text!r}')
        name, cards = text.split("=", 1)
        hands[name.strip()] = cards
    if buried and returned:
        raise UsageError("--buried is Basra's, --returned is Pasur's; give one")
    match, rep = add_deal(file, dealer, floor, buried or returned, trump, hands, note)
    _status(match, rep, ascii_only)


@app.command()
@domain
def play(
    cards: Annotated[list[str], typer.Argument(help="The card played (Bura: 1 to 3 cards).")],
    takes: Annotated[
        str | None, typer.Option("--takes", "-t", help="Basra/Pasur: the floor cards taken.")
    ] = None,
    trail: Annotated[
        bool, typer.Option("--trail", help="Basra/Pasur: lay the card on the floor.")
    ] = False,
    by: Annotated[str | None, typer.Option(help="Who played (default: whose turn it is).")] = None,
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    ascii_only: AsciiFlag = False,
) -> None:
    """Record one play, checked before anything is written (a trail is always --trail).

    Examples: referee play 8S --takes "5H 3C"   ·   referee play 4C --trail   ·
    referee play AS KS  (a Bura lead of two spades)
    """
    from referee.session import add_entry, parse_card_list, table_play
    from referee.usage import UsageError

    parsed = parse_card_list(" ".join(cards), "CARDS")
    if takes is not None and trail:
        raise UsageError("give --takes or --trail, not both")
    if takes is not None and not takes.strip():
        raise UsageError("--takes needs the cards taken; a card laid on the floor is --trail")
    taken = parse_card_list(takes, "--takes") if takes is not None else None
    _recorded(add_entry(file, table_play(parsed, taken, trail, by), note), ascii_only)


@app.command()
@domain
def declare(
    name: Annotated[str, typer.Argument(help="bura, moscow, little-moscow or molodka")],
    cards: Annotated[list[str], typer.Argument(help="The 3 cards shown.")],
    by: Annotated[str, typer.Option(help="Who declares.")],
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    ascii_only: AsciiFlag = False,
) -> None:
    """Bura: record a declaration before a trick (judged with any others before it).

    Example: referee declare molodka AC 10C KC --by Ivan
    """
    from referee.record import TrickEntry, describe_entry
    from referee.session import add_entry, parse_card_list, trick_entry

    entry = TrickEntry(by, parse_card_list(" ".join(cards), "CARDS"), declares=name)
    recorded = add_entry(file, trick_entry(entry), note)
    _recorded(recorded, ascii_only, f"Recorded: {describe_entry(recorded.entry)}.")


@app.command()
@domain
def claim(
    by: Annotated[
        str | None,
        typer.Option(help="Who claims 31 (default: the player who took the last trick)."),
    ] = None,
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    ascii_only: AsciiFlag = False,
) -> None:
    """Bura: record a claim of 31 and judge it at once from the claimant's tricks.

    Example: referee claim --by Ivan
    """
    from referee.record import TrickEntry
    from referee.session import add_entry, claim_verdict, trick_entry

    entry = TrickEntry(by or "", claim=True)
    recorded = add_entry(file, trick_entry(entry), note)
    _recorded(recorded, ascii_only, claim_verdict(recorded) or "")


@app.command()
@domain
def forfeit(
    by: Annotated[str, typer.Option(help="Who loses the deal.")],
    reason: Annotated[str, typer.Option(help="What happened.")] = "drew out of turn",
    note: NoteOption = None,
    file: MatchFile = DEFAULT_FILE,
    ascii_only: AsciiFlag = False,
) -> None:
    """Bura and Kozel: a player loses the deal for a breach (a misdraw): in Bura as for a
    false claim, in Kozel their side scores the penalty for no trick.

    Example: referee forfeit --by Petr --reason "drew out of turn"
    """
    from referee.record import TrickEntry, describe_entry
    from referee.session import add_entry, trick_entry

    entry = TrickEntry(by, forfeit=reason)
    recorded = add_entry(file, trick_entry(entry), note)
    _recorded(
        recorded,
        ascii_only,
        f"Recorded: {describe_entry(recorded.entry)}; {recorded.entry.by} loses the deal.",
    )


@app.command("show")
@domain
def show_cmd(
    file: MatchFile = DEFAULT_FILE,
    as_json: JsonFlag = False,
    ascii_only: AsciiFlag = False,
) -> None:
    """The state now: floor or trick, whose turn, known and unseen cards, the score.

    Example: referee show -f match.toml
    """
    from referee.render import state_json
    from referee.session import open_match

    match, rep = open_match(file)
    if as_json:
        import json

        typer.echo(json.dumps(state_json(match, rep), ensure_ascii=False))
    else:
        _status(match, rep, ascii_only)


@app.command()
@domain
def options(
    card: Annotated[str | None, typer.Argument(help="Basra/Pasur: the card to play.")] = None,
    by: Annotated[
        str | None,
        typer.Option(help="Bura/Kozel: the follower (default: whose turn it is)."),
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help=f"List every option, not the strongest {SHOWN}.")
    ] = False,
    file: MatchFile = DEFAULT_FILE,
    as_json: JsonFlag = False,
    ascii_only: AsciiFlag = False,
) -> None:
    """The legal captures for a card now, strongest first: sweeps, then the most cards
    (Bura and Kozel: the ways to beat the trick). --all or --json lists every one.

    Example: referee options 7D
    """
    from referee.render import Style
    from referee.session import capture_options, open_match, parse_card_list
    from referee.usage import UsageError

    match, rep = open_match(file)
    parsed = parse_card_list(card, "CARD") if card else ()
    if len(parsed) > 1:
        raise UsageError(f"name one card, not {len(parsed)}")
    limit = None if show_all or as_json else SHOWN
    found = capture_options(match, rep, parsed[0] if parsed else None, by, limit)
    if as_json:
        import json

        typer.echo(json.dumps({"for": found.label, "options": found.lines}, ensure_ascii=False))
        return
    style = Style.for_terminal(ascii_only)
    count = f" {found.total} option{'s' if found.total != 1 else ''}" if found.total else ""
    lines = [f"{found.label}:{count}", *(f"  {w}" for w in found.lines)]
    if found.total > len(found.lines):
        lines.append(f"  … and {found.total - len(found.lines)} more (--all lists every one)")
    typer.echo("\n".join(style.text(line) for line in lines))


@app.command()
@domain
def undo(file: MatchFile = DEFAULT_FILE, ascii_only: AsciiFlag = False) -> None:
    """Remove the last recorded entry (or an empty last deal), whatever it decided: the
    deal's score and the match result are worked out again from what remains.

    Example: referee undo
    """
    from referee.session import undo as undo_last

    match, rep, removed = undo_last(file)
    typer.echo(f"Removed {removed}.")
    _status(match, rep, ascii_only)


@app.command()
@domain
def hand(
    name: Annotated[str, typer.Argument(help="The player who received the cards.")],
    cards: Annotated[list[str] | None, typer.Argument(help="The cards received, in order.")] = None,
    replace: Annotated[
        bool,
        typer.Option(
            "--set",
            help="Correct a mistyped hand: these cards "
            "replace the whole recorded hand (none: forget "
            "it).",
        ),
    ] = False,
    file: MatchFile = DEFAULT_FILE,
    ascii_only: AsciiFlag = False,
) -> None:
    """Add cards a player received to their recorded hand in this deal: a later round's
    cards (Basra, Pasur) or a card drawn (Bura), appended in the order given.

    Example: referee hand Ali 7D 2C KS 9H   ·   referee hand Petr 10S   ·
    referee hand Petr --set 6S 9C AD 10S
    """
    from referee.session import add_hand

    match, rep, said = add_hand(file, name, " ".join(cards or []), replace)
    typer.echo(f"Recorded {said}.")
    _status(match, rep, ascii_only)


@app.command()
@domain
def score(
    file: Annotated[Path, typer.Argument(help="The match log.")] = DEFAULT_FILE,
    as_json: JsonFlag = False,
    ascii_only: AsciiFlag = False,
) -> None:
    """The score sheet: every finished deal with its breakdown, totals and the winner.

    Example: referee score sample_games/basra-egyptian-2p.toml --json
    """
    from referee.render import Style, score_json, score_sheet
    from referee.session import open_match

    match, rep = open_match(file)
    if as_json:
        import json

        typer.echo(json.dumps(score_json(match, rep), ensure_ascii=False))
    else:
        typer.echo(score_sheet(match, rep, Style.for_terminal(ascii_only)))


@app.command()
@domain
def verify(
    files: Annotated[list[Path], typer.Argument(help="Match logs to replay and check.")],
    as_json: JsonFlag = False,
    jobs: JobsOption = None,
) -> None:
    """Replay logs and report every problem, first one first; exit 1 if any has one.
    Many logs are checked on every core, and reported in the order given.

    Example: referee verify sample_games/*.toml --json
    """
    from referee.bulk import check_all
    from referee.render import problem_lines

    bad = False
    broken = False
    for verdict in check_all(files, jobs):
        name, problems = shown(verdict.path), verdict.problems
        if verdict.internal is not None:
            broken = True
            err(internal_error(RuntimeError(verdict.internal)))
        bad = bad or bool(problems)
        if as_json:
            import json

            line: dict[str, object] = {
                "file": name,
                "ok": not problems and not verdict.internal,
                "problems": [p.as_json() for p in problems],
            }
            if verdict.internal is not None:
                line["internal_error"] = True
            typer.echo(json.dumps(line, ensure_ascii=False))
        elif verdict.internal is not None:
            continue
        elif problems:
            typer.echo("\n".join(problem_lines(problems, name)))
        else:
            state = "complete" if verdict.complete else "in progress"
            typer.echo(f"{name}: ok ({verdict.deals} deals, {state})")
    if broken:
        raise typer.Exit(INTERNAL)
    if bad:
        raise typer.Exit(1)


@app.command()
@domain
def export(
    file: Annotated[Path, typer.Argument(help="The match log.")] = DEFAULT_FILE,
    out: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write here (atomically) instead of standard output."),
    ] = None,
) -> None:
    """Write the canonical log, derived scores and result included.

    Example: referee export match.toml -o clean.toml
    """
    from referee.logfile import locked, write_atomic, write_new
    from referee.session import export as export_bytes

    data = export_bytes(file)
    if out is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        if out.exists() or out.is_symlink():
            with locked(out) as real:
                write_atomic(real, data)
        else:
            write_new(out, data)


@app.command()
@domain
def rules(
    game: Annotated[str, typer.Argument(help=GAME_NAMES)],
    variant: Annotated[
        str | None,
        typer.Option("--variant", "-v", help="A named variant (default: the game's default)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Every parameter of a game and variant: its value and meaning.

    Example: referee rules basra --variant classic
    """
    from referee.registry import variant_values
    from referee.render import rules_text

    name = game_and_variant(game, variant)
    values = variant_values(game, name)
    if as_json:
        import json

        typer.echo(json.dumps({"game": game, "variant": name, "rules": values}))
    else:
        typer.echo(rules_text(game, name, values))


@app.command()
@domain
def simulate(
    game: Annotated[str, typer.Argument(help=GAME_NAMES)],
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the logs.")],
    variant: Annotated[
        str | None,
        typer.Option("--variant", "-v", help="A named variant (default: the game's default)."),
    ] = None,
    players: Annotated[
        int, typer.Option("--players", "-n", help=f"How many play: {PLAYER_RANGES}.")
    ] = 2,
    seed: Annotated[int, typer.Option(help="Same seed, same bytes.")] = 1,
    matches: Annotated[
        int, typer.Option("--matches", "-k", min=1, max=100_000, help="How many matches to write.")
    ] = 1,
) -> None:
    """Play complete matches with random and greedy legal plays; write canonical logs.

    Example: referee simulate basra --variant classic --players 4 --seed 7 --matches 10 --out sim/
    """
    from referee.logfile import dumps, write_atomic
    from referee.registry import GAMES
    from referee.simulate import simulate_match
    from referee.usage import UsageError

    name = game_and_variant(game, variant)
    low, high = GAMES[game].player_range(name)
    if not low <= players <= high:
        raise UsageError(f"--players: {game} is played by {low} to {high} players, not {players}")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        from referee.logfile import file_problem

        raise file_problem(out, f"cannot be used as a folder for the logs ({e.strerror})") from None
    for k in range(matches):
        match = simulate_match(game, name, players, seed * 100_003 + k)
        target = out / f"{game}-{name}-{players}p-s{seed}-{k + 1:04d}.toml"
        write_atomic(target, dumps(match))
    typer.echo(
        f"Wrote {matches} {game} ({name}, {players} players) match"
        f"{'es' if matches != 1 else ''} to {out}"
    )


@app.command()
@domain
def live(
    file: MatchFile = DEFAULT_FILE,
    ascii_only: AsciiFlag = False,
) -> None:
    """An interactive session at the table: type just the cards; each entry is saved at once.

    Example: referee live -f match.toml   (then: 8S 5H 3C · KD · 4C - · undo · score · help)
    """
    from referee.live import run
    from referee.session import open_match

    open_match(file)  # a clear error now if the file is not a valid log
    run(file, ascii_only)


def csv_cell(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (OWASP: a leading =, +, -, @, tab or
    carriage return is escaped with a single quote)."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@app.command()
@domain
def standings(
    paths: Annotated[list[Path], typer.Argument(help="Match logs, or folders of them.")],
    as_json: JsonFlag = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV rows.")] = False,
    jobs: JobsOption = None,
) -> None:
    """A tournament tally across matches, one table per game: played, won, points for and
    against, sweeps; matches still in progress are counted as unfinished.

    Example: referee standings results/ --csv > standings.csv
    """
    from referee.bulk import check_all
    from referee.render import standings_table
    from referee.standings import tally
    from referee.usage import UsageError

    files: list[Path] = []
    seen: set[str] = set()
    for path in paths:
        for one in sorted(path.glob("*.toml")) if path.is_dir() else [path]:
            key = os.path.realpath(one)  # a file named twice (dir and dir/x.toml) counts once
            if key not in seen:
                seen.add(key)
                files.append(one)
    if not files:
        raise UsageError("no match logs found (give files or folders of *.toml)")
    summaries = []
    bad = False
    broken = False
    for verdict in check_all(files, jobs, summary=True):
        if verdict.internal is not None:  # a bug: this file is left out, the others counted
            broken = True
            err(
                f"referee: {shown(verdict.path)}: left out: "
                f"{internal_error(RuntimeError(verdict.internal))}"
            )
        elif verdict.summary is None:
            bad = True
            first = verdict.problems[0] if verdict.problems else "unreadable"
            err(f"referee: {shown(verdict.path)}: left out: {first}")
        else:
            summaries.append(verdict.summary)
    rows = tally(summaries)
    if as_json:
        import json

        typer.echo(
            json.dumps(
                {"matches": len(summaries), "sides": [r.as_dict() for r in rows]},
                ensure_ascii=False,
            )
        )
    elif as_csv:
        import csv

        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(
            [
                "name",
                "played",
                "won",
                "points_for",
                "points_against",
                "sweeps",
                "win_pct",
                "unfinished",
                "game",
            ]
        )
        for r in rows:
            out.writerow(
                [
                    csv_cell(r.name),
                    r.played,
                    r.won,
                    r.points_for,
                    r.points_against,
                    r.sweeps,
                    r.win_pct,
                    r.unfinished,
                    r.game,
                ]
            )
    else:
        typer.echo(standings_table(rows, len(summaries)))
    if broken:
        raise typer.Exit(INTERNAL)
    if bad:
        raise typer.Exit(1)


@app.command()
@domain
def explain(
    file: Annotated[Path, typer.Argument(help="The match log.")],
    deal_number: Annotated[int, typer.Option("--deal", "-d", min=1, help="Deal, from 1.")],
    play_number: Annotated[
        int, typer.Option("--play", "-p", min=1, help="Entry in the deal, from 1.")
    ],
    ascii_only: AsciiFlag = False,
) -> None:
    """Explain one recorded entry: the state before it, the rule, the alternatives.

    Example: referee explain match.toml --deal 2 --play 14
    """
    from referee.explain import explain as explain_entry
    from referee.logfile import load
    from referee.problems import RefereeError

    match, problems = load(file)
    if match is None:
        raise RefereeError(problems)
    from referee.text import visible

    result = explain_entry(match, deal_number, play_number)
    lines = ["Before: " + "\n        ".join(result.before), f"Entry:  {result.entry}"]
    verdict = "legal" if result.ok else "ILLEGAL"
    lines.append(f"Ruling: {verdict} — " + " ".join(result.lines))
    lines.append("Rules:  " + ", ".join(f"[{r}]" for r in result.rules))
    if result.legal:
        lines.append("Legal here:")
        lines.extend(f"  {line}" for line in result.legal[:40])
        rest = len(result.legal[40:]) + result.more
        if rest:
            lines.append(f"  … and {rest} more")
    from referee.render import Style

    style = Style.for_terminal(ascii_only)
    for line in lines:  # the ruling may quote the log's own text (a forfeit's reason)
        typer.echo("\n".join(style.text(visible(part)) for part in line.split("\n")))
    if not result.ok:
        raise typer.Exit(1)


def main() -> None:
    """The console entry point.

    When the command is named, only that command is built for typer
    to parse, instead of all of them, and the process ends without the interpreter's
    module-by-module teardown once its output is flushed (every file it wrote is already
    closed, fsynced and renamed). Help and errors use the full app.
    """
    name = sys.argv[1] if len(sys.argv) > 1 else ""
    chosen = [
        c
        for c in app.registered_commands
        if (c.name or (c.callback.__name__ if c.callback else "")) == name
    ]
    completing = any(key.endswith("_COMPLETE") for key in os.environ)
    helping = "--help" in sys.argv or "-h" in sys.argv
    if len(chosen) == 1 and not helping and not completing:
        single = typer.Typer(
            add_completion=False,
            rich_markup_mode=None,
            pretty_exceptions_enable=False,
            context_settings=HELP_OPTIONS,
        )
        single.registered_commands = chosen
        single.registered_callback = app.registered_callback  # still a group: same usage
        try:
            single()
        except SystemExit as done:
            # A table command has written and closed everything it touched: flush what it
            # printed and leave without tearing down the interpreter's modules one by one.
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing to say
                    stream.flush()
            os._exit(code)
        return
    app()
