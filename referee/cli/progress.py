"""A progress bar for long work over many files (``verify``, ``standings``, ``simulate``,
``tournament verify``, ``standings``, ``status`` and ``publish``): typer's own
``progressbar`` on standard error, drawn only when standard error is a terminal and the
work has gone on for more than a second (``REFEREE_PROGRESS_DELAY`` seconds: 0 shows it
at once); nothing at all when standard error is piped or redirected, so scripts and logs
never see it. A line written to standard output meanwhile clears the bar first."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any, TextIO

import typer

from referee.messages import localized

DELAY = 1.0  # seconds of work before the bar is drawn


def _delay() -> float:
    try:
        return max(0.0, float(os.environ.get("REFEREE_PROGRESS_DELAY", DELAY)))
    except ValueError:
        return DELAY


def _terminal(stream: TextIO | None) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """Counts the steps of the work; draws the bar once it is worth drawing."""

    def __init__(self, total: int, label: str) -> None:
        self.total, self.label = total, label
        self.done = 0
        self.began = time.monotonic()
        self.after = _delay()
        self.live = self.live_on(total)
        self.bar: Any = None

    @staticmethod
    def live_on(total: int) -> bool:
        """Is a bar possible: several steps, standard error a terminal?"""
        return total > 1 and _terminal(sys.stderr)

    def __call__(self, steps: int = 1, total: int | None = None) -> None:
        """``steps`` more of the work are done (of ``total`` in all, when it says)."""
        self.done += steps
        if total is not None and total != self.total and self.bar is None:
            self.total = total
            self.live = self.live_on(total)
        if not self.live:
            return
        if self.bar is None:
            if time.monotonic() - self.began < self.after:
                return
            self.bar = typer.progressbar(
                length=self.total,
                label=self.label,
                file=sys.stderr,
                show_pos=True,
                show_percent=True,
                update_min_steps=max(1, self.total // 500),
            )
            self.bar.__enter__()
            # the time so far counts (the bar's own clock is the wall clock)
            self.bar.start = time.time() - (time.monotonic() - self.began)
            self.bar.last_eta = self.bar.start
            self.bar.update(self.done)
            return
        self.bar.update(steps)

    def clear(self, stream: TextIO | None = None) -> None:
        """Take the bar off its line before a line is written to ``stream`` (standard
        output by default), when that is a terminal too."""
        if self.bar is None or not _terminal(sys.stdout if stream is None else stream):
            return
        try:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
        except (OSError, ValueError):
            return
        self.bar._last_line = None  # drawn again at its next step, on the line below

    def close(self) -> None:
        """The bar drawn a last time as the work ended, and its line ended."""
        if self.bar is not None:
            with suppress(OSError, ValueError):
                self.bar.pos = min(self.done, self.total)
                self.bar.finished = self.done >= self.total
                self.bar.render_progress()
                self.bar.__exit__(None, None, None)
            self.bar = None


@contextmanager
def progress(total: int, label: str) -> Iterator[Progress]:
    """A :class:`Progress` for ``total`` steps of work, the bar closed (its line ended,
    the cursor shown again) whatever happens."""
    bar = Progress(total, localized(label))
    try:
        yield bar
    finally:
        bar.close()
