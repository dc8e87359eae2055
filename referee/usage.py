"""The command line's own matters: wrong use of a command (exit 2), raised by the table
commands and the CLI, never by the rules core; and the global ``--lang`` read before the
command (the entry point needs the command's name before anything else is imported)."""


class UsageError(Exception):
    """The command was used wrongly (exit 2)."""


def leading_lang(argv: list[str]) -> tuple[str | None, str]:
    """The ``--lang`` given before the command, and the command's name."""
    lang: str | None = None
    k = 0
    while k < len(argv):
        arg = argv[k]
        if arg == "--lang" and k + 1 < len(argv):
            lang = argv[k + 1]
            k += 2
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
            k += 1
        else:
            return lang, arg
    return lang, ""
