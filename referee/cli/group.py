"""The ``referee`` command group: the typer app every command module registers on, the
options they share, and the group class that gives every invocation the same edges
(``--lang`` anywhere, usage errors said by referee, a closed or full output reported in
one line, text that is not UTF-8 refused as a usage error)."""

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from typer.core import TyperGroup

from referee import __version__
from referee.cli.boundary import err, output_error, quiet_stdout, refusal
from referee.cli.language import choose_language, localized, usage_error_said
from referee.messages import help_text, join, sentence, show_suits
from referee.registry import GAMES, check_variant, parse_override
from referee.table.usage import UsageError, lift_ascii, lift_lang
from referee.text import suits_fit

F = TypeVar("F", bound=Callable[..., Any])
GAME_NAMES = ", ".join(GAMES)
HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}
SHOWN = 20  # options listed unless --all
DEFAULT_FILE = Path("match.toml")


MatchFile = Annotated[
    Path, typer.Option("--file", "-f", help=help_text("The match log."), show_default=True)
]
LogArgument = Annotated[Path, typer.Argument(help=help_text("The match log."))]
JsonFlag = Annotated[bool, typer.Option("--json", help=help_text("Print JSON for scripts."))]
OutputOption = Annotated[
    Path | None,
    typer.Option(
        "--output", "-o", help=help_text("Write here (atomically) instead of standard output.")
    ),
]
NoteOption = Annotated[
    str | None,
    typer.Option("--note", help=help_text("Free text kept with it in the log.")),
]
JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs", "-j", min=1, help=help_text("Processes to check logs on (default: every core).")
    ),
]
NamedVariant = Annotated[
    str | None, typer.Option("--variant", "-v", help=help_text("A named variant."))
]
RuleOption = Annotated[
    list[str] | None,
    typer.Option("--rule", "-r", help=help_text("Override a parameter: KEY=VALUE.")),
]
TakesOption = Annotated[
    str | None, typer.Option("--takes", "-t", help=help_text("Basra/Pasur: the floor cards taken."))
]
TrailFlag = Annotated[
    bool, typer.Option("--trail", help=help_text("Basra/Pasur: lay the card on the floor."))
]
VariantOption = Annotated[
    str | None,
    typer.Option(
        "--variant", "-v", help=help_text("A named variant (default: the game's default).")
    ),
]


_ascii_asked = [False]


def ascii_asked() -> bool:
    """Was ``--ascii`` given on this run's command line (anywhere)? A page written to a file
    (a score sheet, the tournament's site) takes the suits unless it was."""
    return _ascii_asked[0]


def invoke(run: Callable[[list[str]], Any], args: list[str]) -> int:
    """Run the parser on ``args`` (``--lang`` lifted to the front) and answer every way it
    can end in one plain line: the exit code."""
    lang, rest = lift_lang(args)
    ascii_only, rest = lift_ascii(rest)
    try:
        if sys.stdout is None:
            raise OSError(0, sentence("standard output is closed"))
        _ascii_asked[0] = ascii_only
        show_suits(not ascii_only and suits_fit(sys.stdout))  # one notation for the run
        choose_language(lang)
        code = run(rest if lang is None else ["--lang", lang, *rest])
    except (typer.Exit, SystemExit) as done:
        code = getattr(done, "exit_code", getattr(done, "code", 1))
    except typer.Abort:
        err(sentence("Aborted!"))
        code = 1
    except Exception as e:
        if isinstance(getattr(e, "exit_code", None), int) and hasattr(e, "format_message"):
            err(usage_error_said(e))  # click's usage errors, said by referee
            code = e.exit_code  # type: ignore[attr-defined]
        else:
            code = refusal(e)
    return flushed(code if isinstance(code, int) else (0 if code is None else 1))


def flushed(code: int) -> int:
    """Push out what was printed; an output that cannot take it (a full disk, a reader
    gone) is the machine's failure, said on stderr: exit 1 unless already failing."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()
    except (OSError, ValueError) as e:
        quiet_stdout()
        if isinstance(e, OSError):
            err(output_error(e))
        return code or 1
    return code


class RefereeGroup(TyperGroup):
    """referee's command group: every invocation goes through :func:`invoke`."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)

        def run(given: list[str]) -> Any:
            localized(self)  # the help in the language just chosen
            return super(RefereeGroup, self).main(
                given, prog_name, complete_var, False, windows_expand_args, **extra
            )

        code = invoke(run, argv)
        if standalone_mode:
            sys.exit(code)
        return code


class Commands:
    """referee's commands, kept as functions with their typer settings and put on a typer
    app when one is built (typer's public ``app.command``): every one for the whole group,
    only the one named for the console's fast path, which then builds one command."""

    def __init__(self) -> None:
        self.defined: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {}

    def __call__(self, name: str | None = None, **settings: Any) -> Callable[[F], F]:
        """The decorator a command module defines a command with (as ``app.command``)."""

        def define(func: F) -> F:
            self.defined[name or func.__name__.replace("_", "-")] = (
                func,
                {"name": name, **settings},
            )
            return func

        return define

    def onto(self, typer_app: typer.Typer, names: Sequence[str]) -> None:
        """Put the commands ``names`` (those defined) on ``typer_app``, in that order."""
        for name in names:
            if name in self.defined:
                func, settings = self.defined[name]
                typer_app.command(**settings)(func)


command = Commands()


def new_app(**settings: Any) -> typer.Typer:
    """A typer app with referee's group, help options and plain (non-rich) output."""
    return typer.Typer(
        cls=RefereeGroup,
        context_settings=HELP_OPTIONS,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
        **settings,
    )


app = new_app(
    name="referee",
    help=help_text(
        "Referee and scorekeeper for Basra, Pasur, Bura and Kozel played with real cards.\n\n"
        "Example: referee new basra -p Ali -p Omar && referee deal --dealer Omar "
        '--floor "5H 3C 9D KS" && referee play 8S --takes "5H 3C"'
    ),
    no_args_is_help=True,
    add_completion=True,
)


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=version_callback,
            is_eager=True,
            help=help_text("Show the version."),
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            help=help_text(
                "Language of what referee says: en, ar, fa or ru (default: REFEREE_LANG, "
                "then LANGUAGE, LC_ALL, LC_MESSAGES, LANG). JSON, CSV and logs never change."
            ),
        ),
    ] = None,
    ascii_only: Annotated[
        bool,
        typer.Option(
            "--ascii",
            help=help_text(
                "Cards in plain ASCII (8S, not 8♠), anywhere on the line; also when the "
                "terminal cannot show the suits. JSON, CSV and logs are always ASCII."
            ),
        ),
    ] = False,
) -> None:
    """Referee and scorekeeper for card games played with real cards."""
    try:
        choose_language(lang)
    except UsageError as e:
        raise typer.Exit(refusal(e)) from None


def not_a_game(game: str) -> UsageError:
    """The usage error for a game name referee does not know."""
    return UsageError(
        sentence("GAME is one of {games}, not {game}", games=join(GAMES), game=repr(game))
    )


def game_and_variant(game: str, variant: str | None) -> str:
    """Check a game name and variant given on the command line; the variant to use."""
    if game not in GAMES:
        raise not_a_game(game)
    name = variant or GAMES[game].default_variant
    why = check_variant(game, name)
    if why is not None:
        raise UsageError(sentence("{what}: {error}", what="--variant", error=why))
    return name


def rule_overrides(game: str, rule: list[str]) -> dict[str, Any]:
    """``--rule KEY=VALUE`` options as parameter values (a bad one is a usage error)."""
    overrides = {}
    for text in rule:
        try:
            key, value = parse_override(game, text)
        except ValueError as e:
            raise UsageError(sentence("{what}: {error}", what="--rule", error=e.args[0])) from None
        overrides[key] = value
    return overrides
