"""The match log on disk: TOML in (tomllib) and canonical TOML out (tomli-w), atomic writes
and a lock so that two referee processes never lose each other's entries."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from referee.logformat import match_to_dict, read_match
from referee.problems import Problem, RefereeError
from referee.record import Match

MAX_BYTES = 10 * 1024 * 1024
_POSITION = r"at line (\d+), column (\d+)"  # in tomllib's messages before Python 3.14


def parse_bytes(raw: bytes) -> tuple[dict[str, Any] | None, list[Problem]]:
    """TOML bytes to a mapping, or a ``log.toml`` problem with line and column."""
    if len(raw) > MAX_BYTES:
        return None, [
            Problem(
                "log.toml",
                f"the file is {len(raw) / 1048576:.1f} MiB; a match log "
                f"is at most {MAX_BYTES // 1048576} MiB",
            )
        ]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        at_line = raw[: err.start].count(b"\n") + 1
        at_col = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        return None, [
            Problem(
                "log.toml", "the file is not UTF-8 text (TOML must be)", line=at_line, column=at_col
            )
        ]
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as err:
        msg = str(err)
        line: int | None = getattr(err, "lineno", None)
        col: int | None = getattr(err, "colno", None)
        found = re.search(_POSITION, msg)
        if found and line is None:
            line, col = int(found.group(1)), int(found.group(2))
        plain = getattr(err, "msg", None) or re.sub(_POSITION, "", msg).strip(" ()")
        return None, [
            Problem("log.toml", f"not valid TOML: {plain}", line=line or 1, column=col or 1)
        ]
    except RecursionError:
        return None, [Problem("log.toml", "not valid TOML: nested too deeply", line=1, column=1)]


def read_path(path: Path) -> bytes:
    """The file's bytes, refusing an oversized file before reading it."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise RefereeError(
                [
                    Problem(
                        "log.toml",
                        f"{path} is {size / 1048576:.1f} MiB; a match "
                        f"log is at most {MAX_BYTES // 1048576} MiB",
                    )
                ]
            )
        return path.read_bytes()
    except FileNotFoundError:
        raise RefereeError([Problem("log.file", f"{path}: no such file")]) from None
    except IsADirectoryError:
        raise RefereeError([Problem("log.file", f"{path} is a folder, not a match log")]) from None
    except OSError as err:
        raise RefereeError([Problem("log.file", f"{path}: {err.strerror}")]) from None


def load_bytes(raw: bytes) -> tuple[Match | None, list[Problem]]:
    """Parse and read a log; every structural problem is returned, none raised."""
    data, problems = parse_bytes(raw)
    if data is None:
        return None, problems
    return read_match(data)


def load(path: Path) -> tuple[Match | None, list[Problem]]:
    return load_bytes(read_path(path))


def dumps(match: Match) -> bytes:
    """The canonical TOML bytes of a match."""
    import tomli_w

    return tomli_w.dumps(match_to_dict(match)).encode("utf-8")


def write_atomic(path: Path, data: bytes) -> None:
    """Write through a temporary file in the same folder, fsync, then ``os.replace``; the
    folder is fsynced too, so that the rename itself survives a crash."""
    folder = path.parent if str(path.parent) else Path(".")
    tmp = folder / f".{path.name}.{os.getpid()}.{time.monotonic_ns()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        with contextlib.suppress(OSError):  # keep the log's permissions
            os.fchmod(fd, os.stat(path).st_mode & 0o7777)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def remove_stale_temporaries(path: Path) -> None:
    """Delete temporary files a killed writer of ``path`` left behind. Called with the lock
    held, so no living writer owns one; the log itself is never touched."""
    folder = path.parent if str(path.parent) else Path(".")
    for leftover in folder.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            leftover.unlink()


@contextlib.contextmanager
def locked(path: Path, wait: float = 5.0) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` for a read-modify-write (a sidecar ``.lock`` file).

    Another referee process writing the same log makes us wait up to ``wait`` seconds,
    then refuse rather than overwrite its work.
    """
    import fcntl

    lock_path = path.with_name(path.name + ".lock")
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as err:
                if err.errno not in (errno.EAGAIN, errno.EACCES):
                    raise
                if time.monotonic() > deadline:
                    raise RefereeError(
                        [
                            Problem(
                                "log.locked",
                                f"{path} is being written by another referee process; try again",
                            )
                        ]
                    ) from None
                time.sleep(0.02)
        remove_stale_temporaries(path)
        yield
    finally:
        os.close(fd)
