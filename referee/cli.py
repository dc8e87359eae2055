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
from referee.messages import Msg, h, m, mn, say
from referee.record import FORFEIT_REASON
from referee.registry import GAMES

GAME_NAMES = ", ".join(GAMES)

HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    name="referee",
    context_settings=HELP_OPTIONS,
    help=h(
        "Referee and scorekeeper for Basra, Pasur, Bura and Kozel played with real cards.\n\n"
        "Example: referee new basra -p Ali -p Omar && referee deal --dealer Omar "
        '--floor "5H 3C 9D KS" && referee play 8S --takes "5H 3C"'
    ),
    no_args_is_help=True,
    add_completion=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

F = TypeVar("F", bound=Callable[..., Any])

MatchFile = Annotated[
    Path, typer.Option("--file", "-f", help=h("The match log."), show_default=True)
]
JsonFlag = Annotated[bool, typer.Option("--json", help=h("Print JSON for scripts."))]
NoteOption = Annotated[
    str | None, typer.Option("--note", help=h("Free text kept with it in the log."))
]
AsciiFlag = Annotated[
    bool, typer.Option("--ascii", help=h("Plain ASCII: suits as S H D C, no symbols."))
]
DEFAULT_FILE = Path("match.toml")
SHOWN = 20  # options listed unless --all
JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs", "-j", min=1, help=h("Processes to check logs on (default: every core).")
    ),
]


INTERNAL = 70  # BSD's EX_SOFTWARE: a bug, never a ruling


def err(line: str) -> None:
    """One line on stderr, in the reader's language (a sentence) or as given (text)."""
    typer.echo(say(line) if isinstance(line, Msg) else line, err=True)


def echo(line: str) -> None:
    """One line on stdout: a sentence in the reader's language, rendered text as it is."""
    typer.echo(say(line) if isinstance(line, Msg) else line)


def shown(name: object) -> str:
    """A file name as a terminal and JSON can take it."""
    from referee.logfile import shown_path

    return shown_path(str(name))


def internal_error(e: BaseException) -> str:
    from referee.text import cut, visible

    return say(
        m(
            "referee: internal error ({error}). The log on disk is whole (every write is "
            "atomic). Please report this with the match log.",
            error=visible(f"{type(e).__name__}: {cut(str(e), 300)}"),
        )
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
                err(m("referee: {problem}", problem=p.said()))
            if len(e.problems) > 20:
                err(m("referee: … and {count} more problems", count=len(e.problems) - 20))
            raise typer.Exit(1) from None
        except UsageError as e:
            err(m("referee: usage: {error}", error=e.args[0] if e.args else ""))
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            # the entry point is loaded in a real run (importing it would install its handler)
            entry = sys.modules.get("referee.entry")
            said = entry.interrupted() if entry is not None else "referee: interrupted\n"
            err(said.rstrip("\n"))
            raise typer.Exit(130) from None
        except (typer.Exit, typer.Abort):
            raise
        except BrokenPipeError:  # the reader of our output went away (| head): stop quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise typer.Exit(0) from None
        except RecursionError:
            err(m("referee: [log.toml]: the input is nested too deeply to read"))
            raise typer.Exit(1) from None
        except OSError as e:  # the machine, not the rules: a full disk, a closed terminal
            what = e.strerror or str(e)
            err(
                m(
                    "referee: [log.file]: {file}: {error}; the log on disk is whole",
                    file=shown(e.filename),
                    error=what,
                )
                if e.filename
                else m("referee: [log.file]: {error}; the log on disk is whole", error=what)
            )
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
            "--version", callback=version_callback, is_eager=True, help=h("Show the version.")
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            help=h(
                "Language of what referee says: en, ar, fa or ru (default: REFEREE_LANG, "
                "then LANGUAGE, LC_ALL, LC_MESSAGES, LANG). JSON, CSV and logs never change."
            ),
        ),
    ] = None,
) -> None:
    """Referee and scorekeeper for card games played with real cards."""
    choose_language(lang)


def choose_language(option: str | None) -> None:
    """Say everything in the language asked for (an unknown one is a usage error)."""
    from referee.lang import choose, use

    try:
        use(choose(option))
    except ValueError as e:
        err(f"referee: usage: {e}")
        raise typer.Exit(2) from None


def localized(command: Any) -> Any:
    """The click command with its help, and click's own words, in the chosen language."""
    from referee.lang import current, gettext

    if current() == "en":
        return command
    import typer.core
    from typer._click import core as click_core
    from typer._click import exceptions as click_exceptions
    from typer._click.formatting import HelpFormatter

    typer.core._ = gettext  # type: ignore[attr-defined,assignment]  # "Options", "default: {default}"

    class Formatter(HelpFormatter):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, prefix or gettext("Usage: "))

        def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
            super().write_dl([(a, gettext(b)) for a, b in rows], col_max, col_spacing)

    click_core.Context.formatter_class = Formatter

    def show(self: Any, file: Any = None) -> None:
        from referee.lang import click_error

        hint = ""
        if self.ctx is not None and self.ctx.command.get_help_option(self.ctx) is not None:
            hint = gettext("Try '{command} {option}' for help.").format(
                command=self.ctx.command_path, option=self.ctx.help_option_names[0]
            )
        if self.ctx is not None:
            typer.echo(self.ctx.get_usage() + ("\n" + hint + "\n" if hint else ""), err=True)
        typer.echo(click_error(self.format_message()), err=True)

    click_exceptions.UsageError.show = show  # type: ignore[method-assign]

    def walk(cmd: Any) -> None:
        if cmd.help:
            cmd.help = gettext(cmd.help)
        for param in cmd.params:
            if getattr(param, "help", None):
                param.help = gettext(param.help)
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    walk(command)
    return command


def not_a_game(game: str) -> Msg:
    from referee.messages import join

    return m("GAME is one of {games}, not {game}", games=join(GAMES), game=repr(game))


def game_and_variant(game: str, variant: str | None) -> str:
    """Check a game name and variant given on the command line; the variant to use."""
    from referee.registry import GAMES, check_variant
    from referee.usage import UsageError

    if game not in GAMES:
        raise UsageError(not_a_game(game))
    name = variant or GAMES[game].default_variant
    why = check_variant(game, name)
    if why is not None:
        raise UsageError(m("{what}: {error}", what="--variant", error=why))
    return name


def _status(match: Any, rep: Any, ascii_only: bool = False) -> None:
    from referee.render import Style, show

    echo(show(match, rep, Style.for_terminal(ascii_only)))


def _recorded(recorded: Any, ascii_only: bool, confirm: str = "") -> None:
    """What an accepted entry did, as a referee announces it, then the table now."""
    from referee.render import Style, announce

    style = Style.for_terminal(ascii_only)
    for line in announce(recorded, style, confirm):
        echo(line)
    _status(recorded.match, recorded.rep, ascii_only)


@app.command()
@domain
def new(
    game: Annotated[str, typer.Argument(help=GAME_NAMES)],
    player: Annotated[
        list[str], typer.Option("--player", "-p", help=h("A player, in playing order (repeat)."))
    ],
    variant: Annotated[
        str | None, typer.Option("--variant", "-v", help=h("A named variant."))
    ] = None,
    rule: Annotated[
        list[str] | None, typer.Option("--rule", "-r", help=h("Override a parameter: KEY=VALUE."))
    ] = None,
    event: Annotated[
        str | None, typer.Option(help=h("Where, which tournament, which table."))
    ] = None,
    date: Annotated[str | None, typer.Option(help=h("YYYY-MM-DD (default: today)."))] = None,
    no_date: Annotated[bool, typer.Option("--no-date", help=h("Record no date."))] = False,
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
        raise UsageError(not_a_game(game))
    overrides = {}
    for text in rule or []:
        try:
            key, value = parse_override(game, text)
        except ValueError as e:
            raise UsageError(m("{what}: {error}", what="--rule", error=e.args[0])) from None
        overrides[key] = value
    if no_date and date:
        raise UsageError(m("give --date or --no-date, not both"))
    when: dt.date | None
    try:
        when = dt.date.fromisoformat(date) if date else dt.date.today()
    except ValueError:
        raise UsageError(
            m(
                "{what}: {error}",
                what="--date",
                error=m("expected YYYY-MM-DD, found {value}", value=repr(date)),
            )
        ) from None
    if no_date:
        when = None
    match = create(file, game, player, variant, overrides, event, when)
    from referee.messages import join

    echo(
        m(
            "Started {file}: {game} ({variant}), {players}. Next: referee deal --dealer NAME …",
            file=str(file),
            game=game,
            variant=match.variant,
            players=join(match.players),
        )
    )


@app.command()
@domain
def deal(
    dealer: Annotated[
        str | None, typer.Option(help=h("Who deals (default: whose turn it is to deal)."))
    ] = None,
    floor: Annotated[
        str | None, typer.Option(help='Basra/Pasur: the opening floor, e.g. "5H 3C 9D KS".')
    ] = None,
    buried: Annotated[
        str | None, typer.Option(help=h("Basra: jacks/7D buried from the floor."))
    ] = None,
    returned: Annotated[
        str | None, typer.Option(help=h("Pasur: the jack returned from the pool."))
    ] = None,
    trump: Annotated[str | None, typer.Option(help=h("Bura: the turned-up trump card."))] = None,
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
            raise UsageError(m('--hand takes NAME="CARDS", found {value}', value=repr(text)))
        name, cards = text.split("=", 1)
        hands[name.strip()] = cards
    if buried and returned:
        raise UsageError(m("--buried is Basra's, --returned is Pasur's; give one"))
    match, rep = add_deal(file, dealer, floor, buried or returned, trump, hands, note)
    _status(match, rep, ascii_only)


@app.command()
@domain
def play(
    cards: Annotated[list[str], typer.Argument(help=h("The card played (Bura: 1 to 3 cards)."))],
    takes: Annotated[
        str | None, typer.Option("--takes", "-t", help=h("Basra/Pasur: the floor cards taken."))
    ] = None,
    trail: Annotated[
        bool, typer.Option("--trail", help=h("Basra/Pasur: lay the card on the floor."))
    ] = False,
    by: Annotated[
        str | None, typer.Option(help=h("Who played (default: whose turn it is)."))
    ] = None,
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
        raise UsageError(m("give --takes or --trail, not both"))
    if takes is not None and not takes.strip():
        raise UsageError(m("--takes needs the cards taken; a card laid on the floor is --trail"))
    taken = parse_card_list(takes, "--takes") if takes is not None else None
    _recorded(add_entry(file, table_play(parsed, taken, trail, by), note), ascii_only)


@app.command()
@domain
def declare(
    name: Annotated[str, typer.Argument(help=h("bura, moscow, little-moscow or molodka"))],
    cards: Annotated[list[str], typer.Argument(help=h("The 3 cards shown."))],
    by: Annotated[str, typer.Option(help=h("Who declares."))],
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
    _recorded(recorded, ascii_only, m("Recorded: {entry}.", entry=describe_entry(recorded.entry)))


@app.command()
@domain
def claim(
    by: Annotated[
        str | None,
        typer.Option(help=h("Who claims 31 (default: the player who took the last trick).")),
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
    by: Annotated[str, typer.Option(help=h("Who loses the deal."))],
    reason: Annotated[str, typer.Option(help=h("What happened."))] = FORFEIT_REASON,
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
        m(
            "Recorded: {entry}; {player} loses the deal.",
            entry=describe_entry(recorded.entry),
            player=recorded.entry.by,
        ),
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

        echo(json.dumps(state_json(match, rep), ensure_ascii=False))
    else:
        _status(match, rep, ascii_only)


@app.command()
@domain
def options(
    card: Annotated[str | None, typer.Argument(help=h("Basra/Pasur: the card to play."))] = None,
    by: Annotated[
        str | None,
        typer.Option(help=h("Bura/Kozel: the follower (default: whose turn it is).")),
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help=h("List up to 200 options, not the strongest 20."))
    ] = False,
    file: MatchFile = DEFAULT_FILE,
    as_json: JsonFlag = False,
    ascii_only: AsciiFlag = False,
) -> None:
    """The legal captures for a card now, strongest first: sweeps, then the most cards
    (Bura and Kozel: the ways to beat the trick). --all or --json list up to 200.

    Example: referee options 7D
    """
    from referee.render import Style
    from referee.session import capture_options, open_match, parse_card_list
    from referee.usage import UsageError

    match, rep = open_match(file)
    parsed = parse_card_list(card, "CARD") if card else ()
    if len(parsed) > 1:
        raise UsageError(m("name one card, not {count}", count=len(parsed)))
    limit = None if show_all or as_json else SHOWN
    chosen = parsed[0] if parsed else None
    if as_json:
        import json

        from referee.games.fishing import plays_json

        shape = plays_json(rep.state, chosen) if by is None else None  # fishing: objects
        if shape is not None:
            echo(json.dumps(shape, ensure_ascii=False))
            return
    found = capture_options(match, rep, chosen, by, limit)
    if as_json:
        echo(json.dumps({"for": found.label, "options": found.lines}, ensure_ascii=False))
        return
    style = Style.for_terminal(ascii_only)
    head = (
        mn("{label}: {n} option", "{label}: {n} options", found.total, label=found.label)
        if found.total
        else m("{label}:", label=found.label)
    )
    lines = [say(head), *("  " + say(w) for w in found.lines)]
    if found.total > len(found.lines):
        more = found.total - len(found.lines)
        rest = (
            m(
                "… and {count} more (only the strongest {shown} are listed)",
                count=more,
                shown=len(found.lines),
            )
            if show_all
            else m("… and {count} more (--all lists every one)", count=more)
        )
        lines.append("  " + say(rest))
    echo("\n".join(style.text(line) for line in lines))


@app.command()
@domain
def undo(file: MatchFile = DEFAULT_FILE, ascii_only: AsciiFlag = False) -> None:
    """Remove the last recorded entry (or an empty last deal), whatever it decided: the
    deal's score and the match result are worked out again from what remains.

    Example: referee undo
    """
    from referee.session import undo as undo_last

    match, rep, removed = undo_last(file)
    echo(m("Removed {what}.", what=removed))
    _status(match, rep, ascii_only)


@app.command()
@domain
def hand(
    name: Annotated[str, typer.Argument(help=h("The player who received the cards."))],
    cards: Annotated[
        list[str] | None, typer.Argument(help=h("The cards received, in order."))
    ] = None,
    replace: Annotated[
        bool,
        typer.Option(
            "--set",
            help=h(
                "Correct a mistyped hand: these cards "
                "replace the whole recorded hand (none: forget "
                "it)."
            ),
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
    echo(m("Recorded {what}.", what=said))
    _status(match, rep, ascii_only)


@app.command()
@domain
def score(
    file: Annotated[Path, typer.Argument(help=h("The match log."))] = DEFAULT_FILE,
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

        echo(json.dumps(score_json(match, rep), ensure_ascii=False))
    else:
        echo(score_sheet(match, rep, Style.for_terminal(ascii_only)))


@app.command()
@domain
def verify(
    files: Annotated[list[Path], typer.Argument(help=h("Match logs to replay and check."))],
    as_json: JsonFlag = False,
    jobs: JobsOption = None,
) -> None:
    """Replay logs and report every problem, first one first; exit 1 if any has one.
    Many logs are checked on every core, and reported in the order given.

    Example: referee verify sample_games/*.toml --json
    """
    from referee.bulk import check_all
    from referee.render import problem_json, problem_lines

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
                "problems": [problem_json(p) for p in problems],
            }
            if verdict.internal is not None:
                line["internal_error"] = True
            echo(json.dumps(line, ensure_ascii=False))
        elif verdict.internal is not None:
            continue
        elif problems:
            echo("\n".join(problem_lines(problems, name)))
        elif verdict.complete:
            echo(m("{file}: ok ({count} deals, complete)", file=name, count=verdict.deals))
        else:
            echo(m("{file}: ok ({count} deals, in progress)", file=name, count=verdict.deals))
    if broken:
        raise typer.Exit(INTERNAL)
    if bad:
        raise typer.Exit(1)


@app.command()
@domain
def export(
    file: Annotated[Path, typer.Argument(help=h("The match log."))] = DEFAULT_FILE,
    out: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help=h("Write here (atomically) instead of standard output.")
        ),
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
        typer.Option("--variant", "-v", help=h("A named variant (default: the game's default).")),
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

        echo(json.dumps({"game": game, "variant": name, "rules": values}))
    else:
        echo(rules_text(game, name, values))


@app.command()
@domain
def simulate(
    game: Annotated[str, typer.Argument(help=GAME_NAMES)],
    out: Annotated[Path, typer.Option("--out", "-o", help=h("Folder for the logs."))],
    variant: Annotated[
        str | None,
        typer.Option("--variant", "-v", help=h("A named variant (default: the game's default).")),
    ] = None,
    players: Annotated[
        int,
        typer.Option(
            "--players", "-n", help=h("How many play: basra 2-4, pasur 2-4, bura 2-6, kozel 2-4.")
        ),
    ] = 2,
    seed: Annotated[int, typer.Option(help=h("Same seed, same bytes."))] = 1,
    matches: Annotated[
        int,
        typer.Option("--matches", "-k", min=1, max=100_000, help=h("How many matches to write.")),
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
        raise UsageError(
            m(
                "--players: {game} is played by {low} to {high} players, not {count}",
                game=game,
                low=low,
                high=high,
                count=players,
            )
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        from referee.logfile import file_problem

        raise file_problem(
            out, m("cannot be used as a folder for the logs ({error})", error=e.strerror)
        ) from None
    for k in range(matches):
        match = simulate_match(game, name, players, seed * 100_003 + k)
        target = out / f"{game}-{name}-{players}p-s{seed}-{k + 1:04d}.toml"
        write_atomic(target, dumps(match))
    echo(
        mn(
            "Wrote {n} {game} ({variant}, {players} players) match to {folder}",
            "Wrote {n} {game} ({variant}, {players} players) matches to {folder}",
            matches,
            game=game,
            variant=name,
            players=players,
            folder=str(out),
        )
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
    paths: Annotated[list[Path], typer.Argument(help=h("Match logs, or folders of them."))],
    as_json: JsonFlag = False,
    as_csv: Annotated[bool, typer.Option("--csv", help=h("Print CSV rows."))] = False,
    jobs: JobsOption = None,
) -> None:
    """A tournament tally across matches, one table per game: played, won, points for and
    against, sweeps; matches still in progress are counted as unfinished.

    Example: referee standings results/ --csv > standings.csv
    """
    from referee.bulk import check_all, file_key
    from referee.render import standings_table
    from referee.standings import tally
    from referee.usage import UsageError

    files: list[Path] = []
    seen: set[object] = set()
    for path in paths:
        for one in sorted(path.glob("*.toml")) if path.is_dir() else [path]:
            key = file_key(one)  # a file named twice (dir and dir/x.toml, a link) counts once
            if key not in seen:
                seen.add(key)
                files.append(one)
    if not files:
        raise UsageError(m("no match logs found (give files or folders of *.toml)"))
    summaries = []
    bad = False
    broken = False
    for verdict in check_all(files, jobs, summary=True):
        if verdict.internal is not None:  # a bug: this file is left out, the others counted
            broken = True
            err(
                m(
                    "referee: {file}: left out: {why}",
                    file=shown(verdict.path),
                    why=internal_error(RuntimeError(verdict.internal)),
                )
            )
        elif verdict.summary is None:
            bad = True
            first = verdict.problems[0].said() if verdict.problems else m("unreadable")
            err(m("referee: {file}: left out: {why}", file=shown(verdict.path), why=first))
        else:
            summaries.append(verdict.summary)
    rows = tally(summaries)
    if as_json:
        import json

        echo(
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
        echo(standings_table(rows, len(summaries)))
    if broken:
        raise typer.Exit(INTERNAL)
    if bad:
        raise typer.Exit(1)


@app.command()
@domain
def explain(
    file: Annotated[Path, typer.Argument(help=h("The match log."))],
    deal_number: Annotated[int, typer.Option("--deal", "-d", min=1, help=h("Deal, from 1."))],
    play_number: Annotated[
        int, typer.Option("--play", "-p", min=1, help=h("Entry in the deal, from 1."))
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
    from referee.messages import join

    result = explain_entry(match, deal_number, play_number)
    pad = "\n" + " " * len(say(m("Before: ")))
    lines = [
        say(m("Before: ")) + pad.join(say(line) for line in result.before),
        say(m("Entry:  {entry}", entry=result.entry)),
    ]
    ruling = join(result.lines, " ")
    lines.append(
        say(
            m("Ruling: legal — {ruling}", ruling=ruling)
            if result.ok
            else m("Ruling: ILLEGAL — {ruling}", ruling=ruling)
        )
    )
    lines.append(say(m("Rules:  {rules}", rules=", ".join(f"[{r}]" for r in result.rules))))
    if result.legal:
        lines.append(say(m("Legal here:")))
        lines.extend("  " + say(line) for line in result.legal[:40])
        rest = len(result.legal[40:]) + result.more
        if rest:
            lines.append("  " + say(m("… and {count} more", count=rest)))
    from referee.render import Style

    style = Style.for_terminal(ascii_only)
    for line in lines:  # every part from the log (a forfeit's reason) is escaped by say()
        echo(style.text(line))
    if not result.ok:
        raise typer.Exit(1)


def main() -> None:
    """The console entry point.

    When the command is named, only that command is built for typer
    to parse, instead of all of them, and the process ends without the interpreter's
    module-by-module teardown once its output is flushed (every file it wrote is already
    closed, fsynced and renamed). Help and errors use the full app.
    """
    from referee.usage import leading_lang

    lang, name = leading_lang(sys.argv[1:])
    choose_language(lang)
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
            localized(typer.main.get_command(single))()
        except SystemExit as done:
            # A table command has written and closed everything it touched: flush what it
            # printed and leave without tearing down the interpreter's modules one by one.
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing to say
                    stream.flush()
            os._exit(code)
        return
    localized(typer.main.get_command(app))()
