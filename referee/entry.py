"""The console entry point (``referee``, ``python -m referee``).

It sets up what must hold before anything else is imported: Ctrl-C is answered with one
truthful line and no traceback from referee's first line on (typer's import included), a
file-size limit (``ulimit -f``) makes a write fail with an error instead of killing the
process, and text that the terminal's encoding cannot show is escaped rather than crashing.
Nothing is imported at module level but ``sys``, loaded with the interpreter, and the C
module ``_signal`` its last lines use.
"""

import sys

# A table command is a short-lived process on one log: the cyclic garbage collector is
# switched off for it before anything is imported (typer's import allocates a great deal).
TABLE_COMMANDS = frozenset(
    (
        "new",
        "deal",
        "hand",
        "play",
        "declare",
        "claim",
        "forfeit",
        "show",
        "options",
        "undo",
        "score",
        "verify",
    )
)


def _leave(code: int) -> None:
    """Flush what was printed and end without the interpreter's teardown (every file a
    command writes is closed, fsynced and renamed before it returns)."""
    import os

    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:  # None: the stream was closed before we started
                stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more to say
            continue
    os._exit(code)


def interrupted() -> str:
    """What an interrupt did, truthfully: whether a log had already been written."""
    import os

    logfile = sys.modules.get("referee.logfile")
    done = getattr(logfile, "written", None) or []
    if done:
        where = os.fsencode(done[-1]).decode("utf-8", "replace")
        return f"referee: interrupted after the entry was written to {where!r}\n"
    return "referee: interrupted; nothing was written\n"


def _on_interrupt(signum: int, frame: object) -> None:
    """Ctrl-C: say what happened and leave at once. Runs between two instructions of the
    main thread, so it never travels through other code as an exception would (through
    importlib's callbacks, where Python reports it "ignored" and carries on, or through the
    writing of this very line). A temporary being written is removed; the rename itself
    holds Ctrl-C off until it is recorded, so the line is always true."""
    import os

    logfile = sys.modules.get("referee.logfile")
    abandon = getattr(logfile, "abandon", None)
    if abandon is not None:
        abandon()
    try:  # noqa: SIM105 - contextlib is not imported yet, and need not be
        os.write(2, interrupted().encode("utf-8", "backslashreplace"))
    except OSError:
        pass
    os._exit(130)


def main() -> None:
    try:
        import signal

        from referee.usage import lift_lang

        if (lift_lang(sys.argv[1:])[1] or [""])[0] in TABLE_COMMANDS:
            import gc

            gc.disable()
        if hasattr(signal, "SIGXFSZ"):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        for stream in (sys.stdout, sys.stderr):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="backslashreplace")
        from referee.cli.run import main as run

        run()
    except KeyboardInterrupt:
        try:  # noqa: SIM105 - contextlib is not imported yet, and need not be
            sys.stderr.write(interrupted())
        except (KeyboardInterrupt, OSError, ValueError):
            pass
        _leave(130)
    except SystemExit as done:
        code = done.code
        _leave(code if isinstance(code, int) else (0 if code is None else 1))
    _leave(0)


# Ctrl-C is answered from here on: the handler is installed as this module finishes loading,
# before ``main`` is called, so that no line of referee's runs without it. The C module
# ``_signal``: the ``signal`` module builds enums first, a window an interrupt could fall in.
import _signal  # type: ignore[import-not-found]  # noqa: E402

_signal.signal(_signal.SIGINT, _on_interrupt)
