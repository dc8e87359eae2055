"""What a table command keeps of a long log for the next one: the checked replay of every
deal before its last, so that the next command reads, checks and writes the last deal only.

A memo is kept in the user's cache folder (``$XDG_CACHE_HOME/referee/logs``, else
``~/.cache/referee/logs``; ``REFEREE_CACHE=off`` keeps none), one file a log, and it is used
only for a log whose bytes begin with exactly the bytes it was made from, by this very
referee (its Python, and the size and time of every referee module then loaded). Anything
else (a log edited by hand before its last deal, another version, a memo cut short or
written by someone else) and the log is read and checked whole, as without one. ``verify``
never uses one: a dispute is settled from the log alone. docs/decisions.md, "Speed".
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
import sys
import zlib
from pathlib import Path
from typing import NamedTuple

from referee.log.file import dumps, parse_bytes
from referee.log.format import deal_to_dict, read_more_deals, result_to_dict
from referee.log.tomlwrite import as_tables, tables_tail
from referee.match import Replay, replay_from, rewind
from referee.record import Match
from referee.registry import GAMES

LONG = 8192  # a log of fewer bytes is read whole: a memo would cost more than it saves
MAGIC = b"referee memo 1\n"
_SIZES = struct.Struct("<III")  # the header's length, the body's length, the body's CRC-32
Fingerprint = tuple[tuple[str, int, int], ...]


class Recalled(NamedTuple):
    """A long log read through its memo: the match and its replay, as reading and
    replaying it whole would give them, and the length of its bytes before the last deal
    (canonical, as referee writes them: a write may keep them as they are)."""

    match: Match
    replayed: Replay
    head: int


def folder() -> Path | None:
    """Where memos are kept; None when the user asked for none."""
    if os.environ.get("REFEREE_CACHE", "").lower() in ("off", "0", "no"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):
        return None
    return Path(base, "referee", "logs")


def _file(real: Path) -> Path | None:
    """The memo of the log at ``real`` (a resolved path): one file a log."""
    where = folder()
    if where is None:
        return None
    name = os.fsencode(real)
    return where / f"{zlib.crc32(name):08x}{zlib.adler32(name):08x}"


def _fingerprint() -> Fingerprint:
    """The referee modules loaded now, each with its file's size and time: the code whose
    objects a memo holds (and whose replay made them)."""
    found = []
    for name, module in list(sys.modules.items()):
        if name == "referee" or name.startswith("referee."):
            path = getattr(module, "__file__", None)
            if path:
                with contextlib.suppress(OSError):
                    st = os.stat(path)
                    found.append((path, st.st_mtime_ns, st.st_size))
    return tuple(sorted(found))


def _same_code(fingerprint: Fingerprint) -> bool:
    for path, mtime, size in fingerprint:
        try:
            st = os.stat(path)
        except OSError:
            return False
        if st.st_mtime_ns != mtime or st.st_size != size:
            return False
    return True


def _key(real: Path) -> tuple[str, str, int]:
    return (str(real), sys.version, pickle.HIGHEST_PROTOCOL)


def recall(real: Path, raw: bytes) -> Recalled | None:
    """The log ``raw`` (read from ``real``) through its memo; None when there is none to
    trust for these bytes, or the last deal shows anything a whole reading must say."""
    path = _file(real)
    if path is None:
        return None
    try:
        with open(path, "rb") as memo:
            st = os.fstat(memo.fileno())
            if st.st_uid != os.getuid() or st.st_mode & 0o022:
                return None  # only a memo of the user's own, that nobody else may change
            data = memo.read()
        start = len(MAGIC) + _SIZES.size
        if not data.startswith(MAGIC) or len(data) < start:
            return None
        header_size, body_size, crc = _SIZES.unpack_from(data, len(MAGIC))
        key, fingerprint, head = pickle.loads(data[start : start + header_size])
        if key != _key(real) or not head < len(raw) or not _same_code(fingerprint):
            return None
        at = start + header_size
        if data[at : at + head] != raw[:head] or not raw.startswith(b"[[deals]]\n", head):
            return None
        body = data[at + head : at + head + body_size]
        if len(body) != body_size or zlib.crc32(body) != crc:
            return None
        match, replayed = pickle.loads(body)
    except Exception:  # a memo that cannot be read is no memo: the log is read whole
        return None
    return _with_last_part(match, replayed, raw, head)


def _with_last_part(match: Match, replayed: Replay, raw: bytes, head: int) -> Recalled | None:
    """The memo's match and replay taken back to before their last deal, then given the
    log's last part (read and replayed alone); None when that part needs a whole reading."""
    if replayed.match is not match or replayed.before_last is None:
        return None
    kept = len(match.deals) - 1
    if replayed.before_last.deals != kept:
        return None
    del match.deals[kept:]
    rewind(replayed)
    tail, problems = parse_bytes(raw[head:])
    if tail is None or problems or not read_more_deals(match, tail):
        return None
    replay_from(replayed, kept)
    if replayed.problems:
        return None  # said as a whole reading says it, in its order
    return Recalled(match, replayed, head)


def remember(real: Path, raw: bytes, match: Match, replayed: Replay, written: bool) -> None:
    """Keep a memo of the clean log ``raw`` at ``real``, just read or (``written``) just
    written: only of canonical bytes, as referee writes them (every finished deal's score
    stored, the deals written as tables). Nothing is said when it cannot be kept: a memo
    only saves time."""
    path = _file(real)
    if path is None or len(match.deals) < 2 or replayed.before_last is None:
        return
    if not written and (
        any(deal.score is None for deal in match.deals[:-1]) or dumps(match) != raw
    ):
        return
    tail = canonical_tail(match, len(match.deals) - 1)
    if tail is None or not raw.endswith(tail):
        return
    head = len(raw) - len(tail)
    try:
        body = pickle.dumps((match, replayed), pickle.HIGHEST_PROTOCOL)
    except Exception:  # a state that cannot be kept (a game's own objects): no memo
        return
    header = pickle.dumps((_key(real), _fingerprint(), head), pickle.HIGHEST_PROTOCOL)
    sizes = _SIZES.pack(len(header), len(body), zlib.crc32(body))
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(b"".join((MAGIC, sizes, header, raw[:head], body)))
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def canonical_tail(match: Match, start: int) -> bytes | None:
    """The end of the match's canonical bytes, from deal ``start``'s ``[[deals]]`` line on
    (``start`` the number of deals: the result alone); None when ``dumps`` writes its deals
    inline, or only ``dumps`` can say."""
    spec, players = GAMES[match.game], match.players
    if not as_tables(deal_to_dict(spec, deal, players) for deal in match.deals):
        return None
    deals = [deal_to_dict(spec, deal, players) for deal in match.deals[start:]]
    result = result_to_dict(match)
    text = tables_tail("deals", deals, {"result": result} if result else {})
    return None if text is None else text.encode("utf-8")
