"""The console entry point (``referee``, ``python -m referee``).

It sets up what must hold before anything else is imported: Ctrl-C is answered with one
truthful line and no traceback at any moment (typer's import included), a file-size limit
(``ulimit -f``) makes a write fail with an error instead of killing the process, and text
that the terminal's encoding cannot show is escaped rather than crashing.
"""

import contextlib
import os
import signal
import sys


def _streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _leave(code: int) -> None:
    """Flush what was printed and end without the interpreter's teardown (every file a
    command writes is closed, fsynced and renamed before it returns)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing more to say
            stream.flush()
    os._exit(code)


def _interrupted() -> None:
    logfile = sys.modules.get("referee.logfile")
    done = getattr(logfile, "written", None) or []
    if done:
        where = os.fsencode(done[-1]).decode("utf-8", "replace")
        line = f"referee: interrupted after the entry was written to {where!r}\n"
    else:
        line = "referee: interrupted; nothing was written\n"
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(line)


def main() -> None:
    try:
        if hasattr(signal, "SIGXFSZ"):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        _streams()
        from referee.cli import main as run

        run()
    except KeyboardInterrupt:
        _interrupted()
        _leave(130)
    except SystemExit as done:
        code = done.code
        _leave(code if isinstance(code, int) else (0 if code is None else 1))
    _leave(0)
