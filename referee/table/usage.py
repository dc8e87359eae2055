"""The command line's own matters: wrong use of a command (exit 2), raised by the table
commands and the CLI, never by the rules core; and the global ``--lang`` and ``--ascii``,
read wherever they are given (the entry point needs the command's name before anything
else is imported)."""


class UsageError(Exception):
    """The command was used wrongly (exit 2)."""


def lift_lang(args: list[str]) -> tuple[str | None, list[str]]:
    """The ``--lang`` given anywhere before ``--`` (the last one wins), and the arguments
    without it: ``referee show --lang ru`` means ``referee --lang ru show``."""
    lang: str | None = None
    rest: list[str] = []
    k = 0
    while k < len(args):
        arg = args[k]
        if arg == "--":
            rest.extend(args[k:])
            break
        if arg == "--lang" and k + 1 < len(args):
            lang = args[k + 1]
            k += 2
            continue
        if arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        k += 1
    return lang, rest


def lift_ascii(args: list[str]) -> tuple[bool, list[str]]:
    """Whether ``--ascii`` is given anywhere before ``--``, and the arguments without it:
    like ``--lang``, it is for the whole run (``referee show --ascii``)."""
    cut = args.index("--") if "--" in args else len(args)
    head = [a for a in args[:cut] if a != "--ascii"]
    return len(head) < cut, head + args[cut:]
