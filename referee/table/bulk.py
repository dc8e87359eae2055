"""Many logs at once (``verify``, ``standings``): every file checked on its own, in worker
processes on every core, and the verdicts given back in the order the files were named,
so that the output is the same bytes whatever the number of jobs. Memory stays flat: each
worker holds one log at a time, and only small verdicts travel back."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from referee.problems import Problem
from referee.table.reading import check_log

if TYPE_CHECKING:
    from referee.match import Replay
    from referee.table.standings import Summary

Summarize = Callable[["Replay"], "Summary"]  # a clean log's summary (the standings')

# Less log than this (in bytes, over all the files) is checked in this process: starting
# workers costs more than it saves (about 2 ms a simulated 8 kB log against 50 ms or more
# for a pool; bench/README.md). The attack of issue 34 saw a pool started for 12 logs.
POOL_BYTES = 1 << 20


class Verdict(NamedTuple):
    """One file's verdict: its problems (in replay order), how much of the match there
    is, its standings summary when it has no problem, or the internal error it met."""

    path: Path
    problems: list[Problem]
    deals: int
    complete: bool
    summary: Summary | None
    internal: str | None = None


def check(path: Path, summarize: Summarize | None = None) -> Verdict:
    """Verify one log: never raises (an internal error is part of the verdict); with
    ``summarize``, a clean log's summary comes with it."""
    try:
        _, replayed, problems = check_log(path)
    except Exception as e:  # a bug: this file's verdict says so, the others go on
        return Verdict(path, [], 0, False, None, f"{type(e).__name__}: {e}")
    if replayed is None:
        return Verdict(path, problems, 0, False, None)
    summed = None
    if summarize is not None and not problems:
        summed = summarize(replayed)
    return Verdict(path, problems, len(replayed.match.deals), replayed.complete, summed)


def file_key(path: Path) -> tuple[int, int] | str:
    """What makes two names one file: its device and inode (a hard link, a second name, a
    symbolic link are all the same file), else its resolved path when it cannot be read."""
    try:
        st = os.stat(path)
    except OSError:
        return os.path.realpath(path)
    return (st.st_dev, st.st_ino)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def jobs_for(paths: list[str] | list[Path], jobs: int | None = None) -> int:
    """How many processes to check ``paths`` on: the ``jobs`` asked for (default: every
    core), but one when the work is too small for a pool to pay (``--jobs`` given: as asked)."""
    asked = jobs
    jobs = min(cores() if jobs is None else jobs, cores(), len(paths))  # no idle workers
    if jobs <= 1 or asked is not None:
        return max(1, jobs)
    total = 0
    for path in paths:
        try:
            total += os.stat(path).st_size
        except OSError:
            continue
        if total >= POOL_BYTES:
            return jobs
    return 1


def check_all(
    paths: list[Path], jobs: int | None = None, summarize: Summarize | None = None
) -> Iterator[Verdict]:
    """Every file's verdict, in order, on ``jobs`` processes (default: every core); with
    ``summarize`` (a module's function, which a worker can be given), each clean log's
    summary too."""
    one = partial(check, summarize=summarize)
    jobs = jobs_for(paths, jobs)
    if jobs <= 1:
        yield from map(one, paths)
        return
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    context = multiprocessing.get_context(method)
    chunk = max(1, min(32, len(paths) // (jobs * 8)))
    with context.Pool(jobs) as pool:
        yield from pool.imap(one, paths, chunksize=chunk)
