"""The console entry point (``referee``, ``python -m referee``).

It sets up what must hold before anything else is imported: Ctrl-C is answered with one
truthful line and no traceback from the moment this module is loaded (typer's import
included), a file-size limit (``ulimit -f``) makes a write fail with an error instead of
killing the process, and text that the terminal's encoding cannot show is escaped rather
than crashing.
"""

import os
import signal
import sys


def interrupted() -> str:
    """What an interrupt did, truthfully: whether a log had already been written."""
    logfile = sys.modules.get("referee.logfile")
    done = getattr(logfile, "written", None) or []
    if done:
        where = os.fsencode(done[-1]).decode("utf-8", "replace")
        return f"referee: interrupted after the entry was written to {where!r}\n"
    return "referee: interrupted; nothing was written\n"


def _on_interrupt(signum: int, frame: object) -> None:
    """Ctrl-C: say what happened and end at once. A handler that raised instead would send
    the interrupt through whatever code runs at that moment (importlib's callbacks, where
    Python reports it "ignored" and carries on; the writing of this very line); ending the
    process here is what the line promises. A temporary being written is removed; the
    rename itself holds Ctrl-C off until it is recorded, so the line is always true."""
    logfile = sys.modules.get("referee.logfile")
    abandon = getattr(logfile, "abandon", None)
    if abandon is not None:
        abandon()
    try:  # noqa: SIM105 - contextlib is not imported yet, and need not be
        os.write(2, interrupted().encode("utf-8", "backslashreplace"))
    except OSError:
        pass
    os._exit(130)  # from a signal handler: end now, as the line says, with nothing after it


def _flush() -> None:
    """Push out what was printed; a stream that is closed or gone has nothing more to say."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:  # None: the stream was closed before referee started
                stream.flush()
        except (OSError, ValueError):
            continue


def main() -> None:
    """Run ``referee`` on ``sys.argv`` and exit with its code."""
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        from referee.cli.run import main as run

        code = run()
    except KeyboardInterrupt:  # raised before the handler below was installed (tests)
        try:  # noqa: SIM105 - as above
            sys.stderr.write(interrupted())
        except (OSError, ValueError, AttributeError):
            pass
        code = 130
    _flush()
    sys.exit(code)


# Ctrl-C is answered from here on: the handler is installed as this module finishes
# loading, before ``main`` is called, so that no line of referee's runs without it.
signal.signal(signal.SIGINT, _on_interrupt)
