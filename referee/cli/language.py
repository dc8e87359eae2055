"""The command line in the reader's language, through typer's and click's public API only:
the language chosen from ``--lang`` (anywhere before ``--``) or the environment, the help
of every command and option translated on the click objects, click's headings and usage
line through a formatter subclass, and its usage errors said by referee itself (in every
language, with anything the user typed escaped before it reaches the terminal).
"""

from __future__ import annotations

from typing import Any

import typer

from referee.table.usage import UsageError
from referee.words.lang import choose, click_error, current, gettext, use


def choose_language(option: str | None) -> None:
    """Say everything in the language asked for; an unknown one is a :class:`UsageError`."""
    try:
        use(choose(option))
    except ValueError as e:
        raise UsageError(str(e)) from None


def _translated_extras(help_text: str) -> str:
    """An option's help with typer's ``[default: x; required]`` said in the language."""
    body, sep, extras = help_text.rpartition("  [")
    if not sep or not extras.endswith("]"):
        return gettext(help_text)
    said = []
    for part in extras[:-1].split("; "):
        key, colon, value = part.partition(": ")
        if colon and key in ("default", "env var"):
            said.append(
                gettext(key + ": {" + key.replace(" ", "_") + "}").format(
                    **{key.replace(" ", "_"): value}
                )
            )
        else:
            said.append(gettext(part))
    return f"{gettext(body)}  [{'; '.join(said)}]"


def _context_class() -> type[typer.Context]:
    """A context whose help formatter says click's words in the chosen language."""
    base: Any = typer.Context.formatter_class

    class Formatter(base):  # type: ignore[misc]
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, prefix or gettext("Usage: "))

        def write_heading(self, heading: str) -> None:
            super().write_heading(gettext(heading))

        def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
            super().write_dl([(a, _translated_extras(b)) for a, b in rows], col_max, col_spacing)

    class Context(typer.Context):
        formatter_class = Formatter

    return Context


def localized(command: Any) -> Any:
    """The click command (from ``typer.main.get_command``) with its help, its options' help
    and click's headings in the chosen language. Each text is translated from its English,
    kept on the object, so that a command built once may be said in another language later
    (``live``, the tests)."""
    language = current()
    if getattr(command, "referee_language", "en") == language:
        return command  # already said in it
    context = _context_class() if language != "en" else None

    def said(obj: Any) -> None:
        english = obj.__dict__.setdefault("referee_english", obj.help)
        obj.help = gettext(english) if english and language != "en" else english

    def walk(cmd: Any) -> None:
        cmd.__dict__.setdefault("referee_context", cmd.context_class)
        cmd.referee_language = language
        cmd.context_class = context or cmd.referee_context
        said(cmd)
        for param in cmd.params:
            if getattr(param, "help", None) is not None:
                said(param)
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    walk(command)
    return command


def usage_error_said(error: Any) -> str:
    """A usage error of the parser as referee says it: the usage line, the hint, and the
    error in the reader's language with what was typed escaped (click would echo it raw)."""
    ctx = getattr(error, "ctx", None)
    if type(error).__name__ == "NoArgsIsHelpError":  # bare `referee`: the help, as click shows it
        return str(error.format_message())
    lines = []
    if ctx is not None:
        lines.append(ctx.get_usage())
        if ctx.command.get_help_option(ctx) is not None:
            hint = gettext("Try '{command} {option}' for help.")
            lines.append(hint.format(command=ctx.command_path, option=ctx.help_option_names[0]))
        lines.append("")
    lines.append(click_error(error.format_message()))
    return "\n".join(lines)
