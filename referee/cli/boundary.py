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
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from referee.messages import Msg, localized, sentence

F = TypeVar("F", bound=Callable[..., Any])

INTERNAL = 70  # BSD's EX_SOFTWARE: a bug, never a ruling
MOST_PROBLEMS = 20  # problems printed one by one; the rest are counted


def _write(text: str, stream: Any) -> None:
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
    # the output's encoding cannot hold is escaped (entry.py set backslashreplace)
    typer.echo(text, file=sys.stdout)


def shown(name: object) -> str:
    """A file name as a terminal and JSON can take it."""
    from referee.logfile import shown_path

    return shown_path(str(name))


def internal_error(e: BaseException) -> str:
    """The one line a bug is reported in: what it was, and that the log is whole."""
    from referee.text import cut, visible

    return localized(
        sentence(
            "referee: internal error ({error}). The log on disk is whole (every write is "
            "atomic). Please report this with the match log.",
            error=visible(f"{type(e).__name__}: {cut(str(e), 300)}"),
        )
    )


def machine_error(e: OSError) -> Msg:
    """A failure of the machine (not the rules) in one line: ``log.file``."""
    what = e.strerror or str(e)
    if e.filename:
        return sentence(
            "referee: [log.file]: {file}: {error}; the log on disk is whole",
            file=shown(e.filename),
            error=what,
        )
    return sentence("referee: [log.file]: {error}; the log on disk is whole", error=what)


def errors_as_lines(func: F) -> F:
    """Turn domain errors into one clear line each on stderr and exit 1; usage errors, 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            not_text(func, kwargs)
            return func(*args, **kwargs)
        except (typer.Exit, typer.Abort):
            raise
        except BaseException as e:  # every outcome below is said in one line, no traceback
            raise typer.Exit(refusal(e)) from None

    return wrapper  # type: ignore[return-value]


def not_text(func: Callable[..., Any], values: dict[str, Any]) -> None:
    """Refuse, as a usage error naming the option, any text argument holding bytes that
    are not UTF-8 (Python keeps them as lone surrogates, which no log, page, terminal or
    JSON can take). File names are paths, not text, and may hold any bytes."""
    from referee.text import not_utf8
    from referee.usage import UsageError

    for name, value in values.items():
        for text in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(text, str) and (said := not_utf8(text)) is not None:
                raise UsageError(
                    sentence("{what}: {error}", what=option_name(func, name), error=said)
                )


def option_name(func: Callable[..., Any], name: str) -> str:
    """How the user typed the parameter ``name`` of a command: its first option name
    (``--reason``), or its metavar for an argument (``NAME``)."""
    import typing

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


def refusal(e: BaseException) -> int:
    """Say why a command stopped, in one line (or one line per problem), and its exit code."""
    from referee.problems import RefereeError
    from referee.usage import UsageError

    if isinstance(e, RefereeError):
        for p in e.problems[:MOST_PROBLEMS]:
            err(sentence("referee: {problem}", problem=p.said()))
        if len(e.problems) > MOST_PROBLEMS:
            more = len(e.problems) - MOST_PROBLEMS
            err(sentence("referee: … and {count} more problems", count=more))
        return 1
    if isinstance(e, UsageError):
        err(sentence("referee: usage: {error}", error=e.args[0] if e.args else ""))
        return 2
    if isinstance(e, KeyboardInterrupt):
        # the entry point is loaded in a real run (importing it would install its handler)
        entry = sys.modules.get("referee.entry")
        said = entry.interrupted() if entry is not None else "referee: interrupted\n"
        err(said.rstrip("\n"))
        return 130
    if isinstance(e, BrokenPipeError):  # the reader of our output went away (| head)
        quiet_stdout()
        return 0
    if isinstance(e, RecursionError):
        err(sentence("referee: [log.toml]: the input is nested too deeply to read"))
        return 1
    if isinstance(e, OSError):  # the machine, not the rules: a full disk, a closed output
        err(machine_error(e))
        return 1
    if isinstance(e, Exception):  # a bug must still not show a traceback to the table
        err(internal_error(e))
        return INTERNAL
    raise e  # SystemExit and the like: not ours to answer


def quiet_stdout() -> None:
    """Point standard output at the null device: what is still buffered for a reader that
    went away (or a closed output) is dropped instead of failing at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
