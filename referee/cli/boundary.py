"""The error boundary of every command: domain errors become plain lines on stderr and exit
1, usage errors exit 2, failures of the machine (a full disk, a read-only folder, a closed
output) are ``log.file`` and exit 1, and a real internal error exits 70 (BSD's EX_SOFTWARE),
so that it is never mistaken for a ruling. Nothing here prints a traceback.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import typing
from collections.abc import Callable, Iterator
from typing import Any, TextIO, TypeVar

import typer

from referee.log.file import shown_path
from referee.messages import Msg, localized, sentence
from referee.problems import RefereeError, internal_error
from referee.table.usage import UsageError
from referee.text import not_utf8
from referee.words.rulings import problem_said

F = TypeVar("F", bound=Callable[..., Any])

INTERNAL = 70  # BSD's EX_SOFTWARE: a bug, never a ruling
MOST_PROBLEMS = 20  # problems printed one by one; the rest are counted


def _write(text: str, stream: TextIO | None) -> None:
    """One line to ``stream``; an output that is gone (closed, full) is left behind quietly:
    nothing more can be said to it, and the command's outcome is its exit code."""
    with contextlib.suppress(OSError, ValueError):
        typer.echo(text, file=stream)


def err(line: str) -> None:
    """One line on stderr, in the reader's language (a sentence) or as given (text)."""
    _write(localized(line) if isinstance(line, Msg) else line, sys.stderr)


def echo(line: str) -> None:
    """One line on stdout: a sentence in the reader's language, rendered text as it is.
    A closed or full standard output is the machine's failure (``log.file``, exit 1)."""
    text = localized(line) if isinstance(line, Msg) else line
    if sys.stdout is None:
        raise OSError(0, "standard output is closed")
    # the stream itself, not click's default, which re-wraps an ASCII stdout as UTF-8: what
    # the output's encoding cannot hold is said plainly (entry.py's error handler)
    with output():
        typer.echo(text, file=sys.stdout)


class OutputFailed(OSError):
    """Standard output could not be written (a full disk, a closed pipe's sibling errors):
    said by :func:`output_error`, with what was written before it."""


@contextlib.contextmanager
def output() -> Iterator[None]:
    """Writes to standard output: a failure of the machine there is an :class:`OutputFailed`
    (a reader that went away stays a ``BrokenPipeError``: nothing more to say to it)."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputFailed(e.errno, e.strerror or str(e)) from None


def shown(name: object) -> str:
    """A file name as a terminal and JSON can take it."""
    return shown_path(str(name))


def machine_error(error: OSError) -> Msg:
    """A failure of the machine (not the rules) in one line: ``log.file``."""
    what = error.strerror or str(error)
    if error.filename:
        return sentence(
            "referee: [log.file]: {file}: {error}; the log on disk is whole",
            file=shown(error.filename),
            error=what,
        )
    return sentence("referee: [log.file]: {error}; the log on disk is whole", error=what)


def output_error(error: OSError) -> Msg:
    """Standard output failed after the command did its work (a full disk, an output that
    cannot be written): ``log.file``, and what had been written before it, so that nobody
    enters again what is already recorded."""
    logfile = sys.modules.get("referee.log.file")
    done = getattr(logfile, "written", None) or []
    what = error.strerror or str(error)
    if done:
        return sentence(
            "referee: [log.file]: standard output: {error}; {file} was written whole before "
            "it (do not enter it again)",
            error=what,
            file=shown(done[-1]),
        )
    return sentence(
        "referee: [log.file]: standard output: {error}; nothing was written", error=what
    )


def errors_as_lines(func: F) -> F:
    """Turn domain errors into one clear line each on stderr and exit 1; usage errors, 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **as_text(func, kwargs))
        except (typer.Exit, typer.Abort):
            raise
        except BaseException as e:  # every outcome below is said in one line, no traceback
            raise typer.Exit(refusal(e)) from None

    return wrapper  # type: ignore[return-value]


def as_text(func: Callable[..., Any], values: dict[str, Any]) -> dict[str, Any]:
    """The command's text arguments as text. Bytes that are UTF-8 but reached Python
    undecoded (a terminal whose locale is ASCII: ``LC_ALL=C``) are read as the UTF-8 they
    are; bytes that are not UTF-8 (kept by Python as lone surrogates, which no log, page,
    terminal or JSON can take) are a usage error naming the option. File names are paths,
    not text, and may hold any bytes."""

    def text_of(name: str, text: object) -> object:
        if not isinstance(text, str) or (said := not_utf8(text)) is None:
            return text
        try:
            return os.fsencode(text).decode("utf-8")
        except UnicodeError:
            raise UsageError(
                sentence("{what}: {error}", what=option_name(func, name), error=said)
            ) from None

    fixed: dict[str, Any] = {}
    for name, value in values.items():
        if isinstance(value, (list, tuple)):
            fixed[name] = type(value)(text_of(name, text) for text in value)
        else:
            fixed[name] = text_of(name, value)
    return fixed


def option_name(func: Callable[..., Any], name: str) -> str:
    """How the user typed the parameter ``name`` of a command: its first option name
    (``--reason``), or its metavar for an argument (``NAME``)."""
    hints = typing.get_type_hints(func, include_extras=True)
    for info in getattr(hints.get(name), "__metadata__", ()):
        if isinstance(info, typer.models.OptionInfo):
            # in ``Annotated``, typer takes a first string argument as the option's name
            first = info.default if isinstance(info.default, str) else None
            names = [d for d in (first, *(info.param_decls or ())) if d and d.startswith("-")]
            return next(
                (d for d in names if d.startswith("--")),
                names[0] if names else "--" + name.replace("_", "-"),
            )
        if isinstance(info, typer.models.ArgumentInfo):
            return info.metavar or name.upper()
    return name.upper()


def refusal(error: BaseException) -> int:
    """Say why a command stopped, in one line (or one line per problem), and its exit code."""
    if isinstance(error, RefereeError):
        for p in error.problems[:MOST_PROBLEMS]:
            err(sentence("referee: {problem}", problem=problem_said(p)))
        if len(error.problems) > MOST_PROBLEMS:
            more = len(error.problems) - MOST_PROBLEMS
            err(sentence("referee: … and {count} more problems", count=more))
        return 1
    if isinstance(error, UsageError):
        err(sentence("referee: usage: {error}", error=error.args[0] if error.args else ""))
        return 2
    if isinstance(error, KeyboardInterrupt):
        # the entry point is loaded in a real run (importing it would install its handler)
        entry = sys.modules.get("referee.entry")
        said = entry.interrupted() if entry is not None else "referee: interrupted\n"
        err(said.rstrip("\n"))
        return 130
    if isinstance(error, BrokenPipeError):  # the reader of our output went away (| head)
        quiet_stdout()
        return 0
    if isinstance(error, RecursionError):
        err(sentence("referee: [log.toml]: the input is nested too deeply to read"))
        return 1
    if isinstance(error, OutputFailed):  # the work was done (or not): said with what was written
        err(output_error(error))
        return 1
    if isinstance(error, OSError):  # the machine, not the rules: a full disk, a closed output
        err(machine_error(error))
        return 1
    if isinstance(error, Exception):  # a bug must still not show a traceback to the table
        err(internal_error(error))
        return INTERNAL
    raise error  # SystemExit and the like: not ours to answer


def leave(broken: bool, bad: bool) -> None:
    """End a command over many logs: 70 if one met an internal error, 1 if one had a
    problem, else go on to exit 0."""
    if broken:
        raise typer.Exit(INTERNAL)
    if bad:
        raise typer.Exit(1)


def quiet_stdout() -> None:
    """Point standard output at the null device: what is still buffered for a reader that
    went away (or a closed output) is dropped instead of failing at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
