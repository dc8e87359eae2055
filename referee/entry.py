"""The console entry point (``referee``, ``python -m referee``).

It sets up what must hold before anything else is imported: Ctrl-C is answered with one
truthful line and no traceback from the moment this module is loaded (typer's import
included), a file-size limit (``ulimit -f``) makes a write fail with an error instead of
killing the process, and text that the terminal's encoding cannot show is said in plain
ASCII or escaped rather than crashing.
"""

import codecs
import os
import signal
import sys


def interrupted() -> str:
    """What an interrupt did, truthfully: the last file written whole (a table command's
    entry in its log, a round's log, a folder made), or that nothing was written."""
    logfile = sys.modules.get("referee.log.file")
    done = getattr(logfile, "written", None) or []
    if done:
        where = os.fsencode(done[-1]).decode("utf-8", "replace")
        return f"referee: interrupted after {where!r} was written; nothing after it was\n"
    return "referee: interrupted; nothing was written\n"


def _on_interrupt(signum: int, frame: object) -> None:
    """Ctrl-C: say what happened and end at once. A handler that raised instead would send
    the interrupt through whatever code runs at that moment (importlib's callbacks, where
    Python reports it "ignored" and carries on; the writing of this very line); ending the
    process here is what the line promises. A temporary being written is removed; the
    rename itself holds Ctrl-C off until it is recorded, so the line is always true."""
    logfile = sys.modules.get("referee.log.file")
    abandon = getattr(logfile, "abandon", None)
    if abandon is not None:
        abandon()
    try:  # noqa: SIM105 - contextlib is not imported yet, and need not be
        os.write(2, interrupted().encode("utf-8", "backslashreplace"))
    except OSError:
        pass
    os._exit(130)  # from a signal handler: end now, as the line says, with nothing after it


# What an output that cannot hold a character shows instead: the ASCII a person would type
# (a dash, quotes, the suits' letters as the log writes them), nothing for the invisible
# direction marks, and a backslash escape for anything else (a name in another script).
PLAIN = {
    **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2212", "-"),
    **dict.fromkeys("\u2018\u2019", "'"),
    **dict.fromkeys("\u201c\u201d\u00ab\u00bb", '"'),
    **dict.fromkeys("\u200e\u200f\u2066\u2067\u2068\u2069\u061c", ""),
    "\u2026": "...",
    "\u00b7": "*",
    "\u00d7": "x",
    "\u00bd": "1/2",
    "\u00a0": " ",
    "\u2192": "->",
    "\u2190": "<-",
    "\u2264": "<=",
    "\u2265": ">=",
    "\u2660": "S",
    "\u2665": "H",
    "\u2666": "D",
    "\u2663": "C",
}


def plain(error: UnicodeError) -> tuple[str, int]:
    """The ``referee.plain`` error handler: what an ASCII (or other narrow) output shows for
    the characters it cannot encode (:data:`PLAIN`, else ``\\uXXXX``)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(
        PLAIN.get(ch, ch.encode("ascii", "backslashreplace").decode()) for ch in text
    ), error.end


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
    codecs.register_error("referee.plain", plain)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="referee.plain")
    try:
        from referee.cli import main as run

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
