"""The match log on disk: TOML in (referee.log.tomlread for the TOML referee writes, tomllib
for the rest) and canonical TOML out (tomli-w), atomic writes and a lock so that two
referee processes never lose each other's entries.

Logs come from strangers and machines fail: only regular files are read, never more than
the size limit, never blocking; a write goes through a symlink to its target, keeps the
log's mode and owner, and either replaces the log whole or leaves it untouched; nothing is
left beside a log. Every failure is a ``log.file`` (or ``log.toml``) problem in a sentence.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.log.format import match_to_dict, read_match
from referee.log.tomlread import loads_canonical
from referee.match import Replay, with_derived
from referee.messages import Msg, sentence
from referee.problems import Problem, RefereeError
from referee.record import Match
from referee.text import visible

if TYPE_CHECKING:
    import tomllib

MAX_BYTES = 10 * 1024 * 1024
_POSITION = r"at line (\d+), column (\d+)"  # in tomllib's messages before Python 3.14
BOM = b"\xef\xbb\xbf"

# Logs this process has replaced: an interrupt is then reported truthfully.
written: list[Path] = []
# A temporary file being written now, removed if the process is interrupted meanwhile.
_pending: list[Path] = []


def abandon() -> None:
    """Remove the temporary being written (Ctrl-C is leaving the process now)."""
    for tmp in _pending:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def file_problem(path: Path | str, message: str) -> RefereeError:
    """A ``log.file`` error about ``path``."""
    return RefereeError(
        [Problem("log.file", sentence("{file}: {message}", file=shown_path(path), message=message))]
    )


def shown_path(path: Path | str) -> str:
    """A file name as text that any terminal and any JSON reader takes (undecodable
    bytes of the name are shown as U+FFFD)."""
    return visible(os.fsencode(path).decode("utf-8", "replace"))


def too_big(size: int) -> Msg:
    return sentence(
        "{size} MiB; referee reads no file of more than {limit} MiB",
        size=f"{size / 1048576:.1f}",
        limit=MAX_BYTES // 1048576,
    )


def toml_problem(text: str, err: tomllib.TOMLDecodeError) -> Problem:
    """A ``log.toml`` problem at the real line and column of ``err``: tomllib's own
    position (``.lineno`` from Python 3.14, in its message before), the last character
    for one "at end of document", and for an unclosed array or inline table the bracket
    that opened it (where the fix goes), with where it was still open."""
    msg = str(err)
    line: int | None = getattr(err, "lineno", None)
    col: int | None = getattr(err, "colno", None)
    found = re.search(_POSITION, msg)
    if found and line is None:
        line, col = int(found.group(1)), int(found.group(2))
    if line is None:  # "(at end of document)": just after the last character
        lines = text.split("\n")
        line, col = len(lines), len(lines[-1]) + 1
    plain = getattr(err, "msg", None) or re.sub(_POSITION, "", msg)
    plain = plain.replace("(at end of document)", "").strip(" ()")
    said = sentence("not valid TOML: {error}", error=plain)
    if plain.startswith(("Unclosed array", "Unclosed inline table")):
        opened = _opening(text, _offset(text, line, col or 1))
        if opened is not None:
            still = sentence(
                "{error}: opened here, still open at line {line}, column {column}",
                error=plain,
                line=line,
                column=col or 1,
            )
            said = sentence("not valid TOML: {error}", error=still)
            line, col = opened
    return Problem("log.toml", said, line=line, column=col or 1)


def _offset(text: str, line: int, col: int) -> int:
    """The index in ``text`` of a 1-based line and column."""
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1 if text.find("\n", start) >= 0 else len(text)
    return min(start + col - 1, len(text))


def _opening(text: str, end: int) -> tuple[int, int] | None:
    """The line and column of the innermost ``[`` or ``{`` still open at ``end``, reading
    past strings and comments; None when every bracket is closed."""
    stack: list[int] = []
    i = 0
    while i < end:
        c = text[i]
        if c == "#":
            i = text.find("\n", i) if "\n" in text[i:end] else end
            continue
        if c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            i += len(quote)
            while i < end and not text.startswith(quote, i):
                i += 2 if c == '"' and text[i] == "\\" else 1
            i += len(quote)
            continue
        if c in "[{":
            stack.append(i)
        elif c in "]}" and stack:
            stack.pop()
        i += 1
    if not stack:
        return None
    at = stack[-1]
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def parse_bytes(raw: bytes) -> tuple[dict[str, Any] | None, list[Problem]]:
    """TOML bytes to a mapping, or a ``log.toml`` problem with line and column."""
    if len(raw) > MAX_BYTES:
        return None, [Problem("log.toml", sentence("the file is {size}", size=too_big(len(raw))))]
    if raw.startswith(BOM):  # some editors write one; TOML itself has none
        raw = raw[len(BOM) :]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        at_line = raw[: err.start].count(b"\n") + 1
        at_col = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        return None, [
            Problem(
                "log.toml",
                sentence("the file is not UTF-8 text (TOML must be)"),
                line=at_line,
                column=at_col,
            )
        ]
    data = loads_canonical(text)  # the TOML referee writes, without importing tomllib
    if data is not None:
        return data, []
    import tomllib  # anything else: tomllib's result, or its error with line and column

    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as err:
        return None, [toml_problem(text, err)]
    except RecursionError:
        return None, [
            Problem("log.toml", sentence("not valid TOML: nested too deeply"), line=1, column=1)
        ]
    except ValueError as err:  # an integer past Python's digit limit, and the like
        return None, [
            Problem(
                "log.toml", sentence("not a value referee can read: {error}", error=str(err)[:120])
            )
        ]


def open_regular(path: Path | str, label: Path | str | None = None, log: bool = True) -> int:
    """Open a log (or, not ``log``, another file referee reads: a tournament file, an
    entrants CSV) for reading without ever blocking: a FIFO, a device or a socket is
    refused (``log.file``), and so is a folder. Messages name ``label`` (what the user
    typed) when given."""
    said = path if label is None else label
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except FileNotFoundError:
        raise file_problem(said, sentence("no such file")) from None
    except PermissionError:
        raise file_problem(said, sentence("referee may not read this file")) from None
    except OSError as err:
        raise file_problem(said, err.strerror or sentence("cannot be opened")) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode) and log:
            what = sentence("is a folder, not a match log")
        elif stat.S_ISDIR(mode):
            what = sentence("is a folder, not a file")
        elif log:
            what = sentence("is not a regular file (a FIFO, device or socket), not a match log")
        else:
            what = sentence("is not a regular file (a FIFO, device or socket)")
        raise file_problem(said, what)
    return fd


def read_fd(path: Path | str, fd: int) -> bytes:
    """At most the size limit plus one byte of an open log."""
    size = os.fstat(fd).st_size
    if size > MAX_BYTES:
        said = sentence("{file} is {size}", file=shown_path(path), size=too_big(size))
        raise RefereeError([Problem("log.toml", said)])
    chunks: list[bytes] = []
    left = MAX_BYTES + 1
    while left > 0:  # its size now and a byte first (not a buffer of 1 MiB), then on
        try:
            chunk = os.read(fd, min(left, 1 << 16 if chunks else size + 1))
        except OSError as err:
            raise file_problem(path, err.strerror or sentence("cannot be read")) from None
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_path(path: Path | str, label: Path | str | None = None, log: bool = True) -> bytes:
    """The file's bytes: only a regular file, refused past the size limit (``log``: a match
    log, said so when it is not a file)."""
    fd = open_regular(path, label, log)
    try:
        return read_fd(path if label is None else label, fd)
    finally:
        os.close(fd)


def load_bytes(raw: bytes) -> tuple[Match | None, list[Problem]]:
    """Parse and read a log; every structural problem is returned, none raised."""
    data, problems = parse_bytes(raw)
    if data is None:
        return None, problems
    return read_match(data)


def load(path: Path, label: Path | None = None) -> tuple[Match | None, list[Problem]]:
    return load_bytes(read_path(path, label))


def dumps(match: Match) -> bytes:
    """The canonical TOML bytes of a match."""
    from referee.log.tomlwrite import dumps as toml_text  # tomli-w's text, faster

    return toml_text(match_to_dict(match)).encode("utf-8")


def real_path(path: Path) -> Path:
    """Where a write to ``path`` goes: through a symlink, to its target."""
    return Path(os.path.realpath(path))


def _temporary(real: Path) -> Path:
    folder = real.parent
    return folder / f".{real.name}.{os.getpid()}.{time.monotonic_ns()}.tmp"


def _write_temporary(real: Path, data: bytes, like: os.stat_result | None) -> Path:
    """The new bytes in a temporary file beside ``real``, fsynced, with the old file's
    mode and (where allowed) owner."""
    remove_stale_temporaries(real)
    tmp = _temporary(real)
    _pending[:] = [tmp]
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
    except FileNotFoundError:
        raise file_problem(real.parent, sentence("no such folder")) from None
    except OSError as err:
        raise file_problem(
            real.parent, sentence("referee cannot write here ({error})", error=err.strerror)
        ) from None
    try:
        if like is not None:
            os.fchmod(fd, stat.S_IMODE(like.st_mode))
            with contextlib.suppress(OSError):  # only the owner or root may give a file away
                os.fchown(fd, like.st_uid, like.st_gid)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
    except BaseException as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(err, OSError):
            raise file_problem(
                real,
                sentence("could not write ({error}); the log is unchanged", error=err.strerror),
            ) from None
        raise
    return tmp


def write_atomic(path: Path, data: bytes) -> None:
    """Write through a temporary file in the same folder, fsync, then ``os.replace``; the
    folder is fsynced too, so that the rename itself survives a crash. A read-only log is
    refused, and so is a log the reader would refuse (over the size limit)."""
    if len(data) > MAX_BYTES:
        raise file_problem(
            path,
            sentence(
                "the file would be {size}: referee will not write a file it would refuse to "
                "read; the file is unchanged",
                size=too_big(len(data)),
            ),
        )
    real = real_path(path)
    try:
        like: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        like = None
    except OSError as err:
        raise file_problem(path, err.strerror or sentence("cannot be reached")) from None
    if like is not None:
        if stat.S_ISDIR(like.st_mode):
            raise file_problem(path, sentence("is a folder; give a file name"))
        if not like.st_mode & 0o222 or not os.access(real, os.W_OK):
            raise file_problem(path, sentence("is read-only; make it writable to record entries"))
    tmp = _write_temporary(real, data, like)
    replace(tmp, real)


@contextlib.contextmanager
def held_off() -> Iterator[None]:
    """Hold Ctrl-C off: a change to the log and the record of it happen together, so
    that an interrupt is reported truthfully."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def replace(tmp: Path, real: Path) -> None:
    """Rename the temporary over the log, with Ctrl-C held off until that is recorded."""
    with held_off():
        try:
            os.replace(tmp, real)
            _pending.clear()
        except OSError as err:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise file_problem(
                real,
                sentence("could not write ({error}); the log is unchanged", error=err.strerror),
            ) from None
        written.append(real)
    with contextlib.suppress(OSError):
        dir_fd = os.open(real.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def write_new(path: Path, data: bytes) -> None:
    """Create a log that must not exist yet: the temporary is linked into place, which
    fails if anything has appeared there meanwhile (nothing is ever overwritten)."""
    if len(data) > MAX_BYTES:
        raise file_problem(path, sentence("the file would be {size}", size=too_big(len(data))))
    real = real_path(path)
    if real.exists() or path.is_symlink():
        raise file_problem(
            path, sentence("already exists; referee never overwrites a match (choose another file)")
        )
    tmp = _write_temporary(real, data, None)
    try:
        with held_off():
            os.link(tmp, real)
            written.append(real)
    except FileExistsError:
        raise file_problem(
            path, sentence("already exists; referee never overwrites a match (choose another file)")
        ) from None
    except OSError as err:
        raise file_problem(
            path, sentence("could not write ({error})", error=err.strerror)
        ) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        _pending.clear()


def remove_stale_temporaries(real: Path) -> None:
    """Delete the temporary files of ``real`` that a killed writer left behind (their
    process is gone); the log itself, and a living writer's temporary, are never touched."""
    for stale in stale_entries(real.parent, f".{real.name}.", ".tmp"):
        with contextlib.suppress(OSError):
            os.unlink(stale)


def stale_entries(folder: Path, prefix: str, suffix: str) -> list[Path]:
    """The entries ``prefix + "pid.nanoseconds" + suffix`` in ``folder`` whose process is
    no longer alive: what a writer killed mid-way left (our temporaries are named so)."""
    found = []
    with contextlib.suppress(OSError):
        for name in os.listdir(folder):
            if not (name.startswith(prefix) and name.endswith(suffix)):
                continue
            pid, _, ns = name[len(prefix) : len(name) - len(suffix)].partition(".")
            if pid.isdigit() and ns.isdigit() and not alive(int(pid)):
                found.append(folder / name)
    return found


def alive(pid: int) -> bool:
    """Is process ``pid`` running (ours or another user's)?"""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but is another user's
        return True
    return True


@contextlib.contextmanager
def locked(path: Path, wait: float = 5.0) -> Iterator[Path]:
    """Hold an exclusive lock on the log for a read-modify-write; yields the real path
    (through a symlink) to read and write.

    The lock is the log file itself (``flock``): nothing is left beside it. A writer that
    waited checks that the file it locked is still the log (another writer may have
    replaced it meanwhile) and locks the new one if not. Another referee process writing
    the same log makes us wait up to ``wait`` seconds, then refuse rather than overwrite
    its work.
    """
    import fcntl

    real = real_path(path)
    deadline = time.monotonic() + wait
    while True:
        fd = open_regular(real, path)
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError as err:
                    if err.errno not in (errno.EAGAIN, errno.EACCES):
                        raise file_problem(
                            path, sentence("cannot be locked ({error})", error=err.strerror)
                        ) from None
                    if time.monotonic() > deadline:
                        raise RefereeError(
                            [
                                Problem(
                                    "log.locked",
                                    sentence(
                                        "{file} is being written by another referee process; "
                                        "try again",
                                        file=shown_path(path),
                                    ),
                                )
                            ]
                        ) from None
                    time.sleep(0.02)
            try:
                current = os.stat(real).st_ino
            except FileNotFoundError:
                current = -1
            if current == os.fstat(fd).st_ino:
                break
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # replaced while we waited: lock the log as it is now
    try:
        remove_stale_temporaries(real)
        yield real
    finally:
        os.close(fd)


def log_digest(match: Match, replayed: Replay) -> str:
    """SHA-256 of the log's canonical bytes (``referee export``'s), in hex: the same for
    every spelling of the same record."""
    import hashlib  # here: every command imports this module, and hashlib costs 2 ms

    return hashlib.sha256(dumps(with_derived(match, replayed))).hexdigest()
