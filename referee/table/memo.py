"""What a table command keeps of a long log for the next one: the checked replay of every
deal before its last, so that the next command reads, checks and writes the last deal only.

A memo is kept in the user's cache folder (``$XDG_CACHE_HOME/referee/logs``, else
``~/.cache/referee/logs``; ``REFEREE_CACHE=off`` keeps none), one file a log, and it is used
only for a log whose bytes begin with exactly the bytes it was made from, by this very
referee (its version, its Python, and the size and time of each module of its rules then
loaded). Anything else (a log edited by hand before its last deal, another version, a memo
cut short or not the user's own) and the log is read and checked whole, as without one.
``verify`` never uses one: a dispute is settled from the log alone. A memo holds plain
values (``marshal``: no code is run to read it): the match's deals, and each finished deal's
result and the cards each side captured in it (what a score sheet shows of the deal's final
state), not the state itself. docs/decisions.md, "Speed".
"""

from __future__ import annotations

import contextlib
import datetime as dt
import marshal
import os
import stat
import struct
import sys
import zlib
from functools import partial
from itertools import repeat
from pathlib import Path
from typing import Any, cast

from referee import __version__
from referee.cards import FULL_DECK, Card, format_cards
from referee.games.base import DealResult, MatchSoFar
from referee.log.file import dumps, parse_bytes
from referee.log.format import deal_to_dict, read_more_deals, result_to_dict
from referee.log.tomlwrite import as_tables, tables_tail
from referee.match import DealSummary, Replay, replay_from
from referee.messages import Fact
from referee.record import Deal, Entry, FishPlay, Match, TrickEntry
from referee.registry import GAMES

MAGIC = b"referee memo 2\n"
_SIZES = struct.Struct("<II")  # the payload's length and CRC-32
# the modules whose code reads a log and rules on it: a memo holds what they decided
_RULING = (
    "referee.cards",
    "referee.games.",
    "referee.log.",
    "referee.match",
    "referee.messages",
    "referee.params",
    "referee.problems",
    "referee.record",
    "referee.registry",
    "referee.table.memo",
    "referee.text",
)
Fingerprint = tuple[tuple[str, int, int], ...]


def folder() -> Path | None:
    """Where memos are kept; None when the user asked for none."""
    if os.environ.get("REFEREE_CACHE", "").lower() in ("off", "0", "no"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):
        return None
    return Path(base, "referee", "logs")


def memo_path(real: Path) -> Path | None:
    """The memo of the log at ``real`` (a resolved path): one file a log."""
    where = folder()
    if where is None:
        return None
    name = os.fsencode(real)
    return where / f"{zlib.crc32(name):08x}{zlib.adler32(name):08x}"


def _fingerprint() -> Fingerprint:
    """The modules that rule, as loaded now, each with its file's size and time: the code
    whose reading and replay a memo holds."""
    found = []
    for name, module in list(sys.modules.items()):
        if name.startswith(_RULING):
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


def _key(real: Path) -> tuple[str, str, str]:
    return (str(real), __version__, sys.version)


def recall(real: Path, raw: bytes) -> tuple[Match, Replay, int, int] | None:
    """The log ``raw`` (read from ``real``) through its memo: the match and its replay, as
    reading and replaying it whole would give them (but for the finished deals' final
    states), the length of its bytes the memo holds (canonical, as referee writes them) and
    how many deals they hold. None when there is no memo to trust for these bytes, or the
    deals after them show anything a whole reading must say."""
    path = memo_path(real)
    if path is None or not _own_folder(path.parent):
        return None
    try:
        data = _read_own(path, len(raw))
        start = len(MAGIC) + _SIZES.size
        if data is None or not data.startswith(MAGIC) or len(data) < start:
            return None
        size, crc = _SIZES.unpack_from(data, len(MAGIC))
        payload = data[start:]
        if len(payload) != size or zlib.crc32(payload) != crc:
            return None
        key, fingerprint, head, body = marshal.loads(payload)
        if key != _key(real) or not raw.startswith(head) or not _same_code(fingerprint):
            return None
        if not raw.startswith(b"[[deals]]\n", len(head)):
            return None
        match, replayed = _decode(body)
    except Exception:  # a memo that cannot be read is no memo: the log is read whole
        return None
    return _with_last_part(match, replayed, raw, len(head))


def _own_folder(where: Path) -> bool:
    """Are the memos' folder and the ``referee`` folder holding it the user's own, theirs
    alone to write, and no links? (Otherwise another account could put its own memos, or
    links, there, or lead the user's memos elsewhere: none is read or written there.)"""
    for folder in (where, where.parent):
        try:
            st = os.lstat(folder)
        except OSError:
            return False
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o022:
            return False
    return True


def _read_own(path: Path, log_size: int) -> bytes | None:
    """A memo's bytes: a regular file of the user's own that nobody else may change (not a
    link, a FIFO or a device: never waited on), at most a few times the log's size."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o022:
            return None
        if st.st_size > 4 * log_size + 65536:
            return None
        with os.fdopen(os.dup(fd), "rb") as memo:
            return memo.read()
    finally:
        os.close(fd)


def _with_last_part(
    match: Match, replayed: Replay, raw: bytes, head: int
) -> tuple[Match, Replay, int, int] | None:
    """The match and replay of the deals the memo holds, given the rest of the log (read
    and replayed alone: one deal or more); None when that part needs a whole reading to be
    said right."""
    kept = len(match.deals)
    tail, problems = parse_bytes(raw[head:])
    if tail is None or problems or not read_more_deals(match, tail):
        return None
    replay_from(replayed, kept)
    if replayed.problems:
        return None  # said as a whole reading says it, in its order
    return match, replayed, head, kept


def remember(real: Path, raw: bytes, match: Match, replayed: Replay, written: bool) -> None:
    """Keep a memo of the clean log ``raw`` at ``real``, just read or (``written``) just
    written: only of canonical bytes, as referee writes them (every finished deal's score
    stored, the deals written as tables). Nothing is said when it cannot be kept: a memo
    only saves time."""
    path = memo_path(real)
    snap = replayed.before_last
    if path is None or len(match.deals) < 2 or snap is None or snap.deals != len(match.deals) - 1:
        return
    if not written and (
        any(deal.score is None for deal in match.deals[:-1]) or dumps(match) != raw
    ):
        return
    # canonical bytes hold no line break but between lines (a string's is written \n): the
    # last line that is a [[deals]] header starts the last deal (none: deals written inline)
    at = raw.rfind(b"\n[[deals]]\n") + 1
    if not at:
        return
    head = raw[:at]
    try:
        payload = marshal.dumps((_key(real), _fingerprint(), head, _encode(match, replayed)))
    except ValueError:  # a value of a game's own that is not plain: no memo
        return
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        path.parent.mkdir(mode=0o700, exist_ok=True)  # each of the two: the user's alone
        if not _own_folder(path.parent):
            return
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
        fd = os.open(tmp, flags, 0o600)  # a file or link already there: no memo
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(MAGIC + _SIZES.pack(len(payload), zlib.crc32(payload)) + payload)
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


# --- the memo's values: the match before its last deal, and its replay there -------------
# A deal's entries are kept column by column (who, the cards, what they took), each list of
# cards as one string: a memo is read by every command, and this is what reads it fastest.


def _encode(match: Match, replayed: Replay) -> tuple[Any, ...]:
    """The match without its last deal, and the replay as it stood before that deal, as
    plain values (marshal refuses anything else: then no memo is kept)."""
    snap = replayed.before_last
    assert snap is not None
    carry = snap.carry
    return (
        match.game,
        match.variant,
        match.players,
        match.rules,
        match.event,
        _date(match.date),
        [_deal(deal) for deal in match.deals[:-1]],
        [(s.number, _result(s.result), s.cards_captured()) for s in replayed.deals[: snap.deals]],
        (snap.totals, snap.balances, snap.pot, snap.next_dealer),
        (carry.totals, carry.deal_number, carry.carried),
    )


def _decode(body: tuple[Any, ...]) -> tuple[Match, Replay]:
    game, variant, players, rules, event, date, deals, summaries, sums, carry = body
    match = Match(game, variant, players, rules, event, _read_date(date))
    cards = {str(card): card for card in FULL_DECK}
    match.deals = [_read_deal(deal, cards) for deal in deals]
    replayed = Replay(match, [])
    replayed.deals = [DealSummary(n, _read_result(r), None, c) for n, r, c in summaries]
    replayed.totals, replayed.balances, replayed.pot, replayed.next_dealer = sums
    replayed.carry = MatchSoFar(*carry)
    # not decided (``over`` False, no winner): a clean log holds no deal after the deciding one
    return match, replayed


def _date(date: dt.date | None) -> tuple[str, str] | None:
    """The header's date, a date or a date-time (match-log.md), as its kind and ISO text."""
    if date is None:
        return None
    return ("datetime" if isinstance(date, dt.datetime) else "date", date.isoformat())


def _read_date(raw: tuple[str, str] | None) -> dt.date | None:
    if raw is None:
        return None
    kind, text = raw
    return dt.datetime.fromisoformat(text) if kind == "datetime" else dt.date.fromisoformat(text)


def _deal(deal: Deal) -> tuple[Any, ...]:
    if deal.broken:
        raise ValueError("a deal that could not be read")  # a clean log has none
    setup = {
        key: str(value) if isinstance(value, Card) else (format_cards(value),)
        for key, value in deal.setup.items()
    }
    hands = None if deal.hands is None else {p: format_cards(h) for p, h in deal.hands.items()}
    unread = deal.unread()  # entries this memo kept and nobody asked for: kept as they are
    if isinstance(unread, partial) and unread.func is _read_plays:
        plays = unread.args[0]
    else:
        plays = _plays(deal.plays)
    return (deal.dealer, setup, hands, plays, deal.note, deal.score)


def _read_deal(raw: tuple[Any, ...], cards: dict[str, Card]) -> Deal:
    dealer, setup, hands, plays, note, score = raw
    return Deal.kept(
        dealer,
        {k: cards[v] if isinstance(v, str) else _read(v[0], cards) for k, v in setup.items()},
        None if hands is None else {p: _read(h, cards) for p, h in hands.items()},
        partial(_read_plays, plays, cards),
        note,
        score,
    )


def _read(text: str, cards: dict[str, Card]) -> tuple[Card, ...]:
    """Cards written as one string, each looked up (an unknown one: KeyError, no memo)."""
    return tuple(map(cards.__getitem__, text.split()))


def _plays(plays: list[Entry | None]) -> tuple[Any, ...]:
    """A deal's entries, column by column; the columns most entries leave empty by place."""
    if all(isinstance(e, FishPlay) for e in plays):
        fished = cast("list[FishPlay]", plays)
        return (
            "FishPlay",
            [e.by for e in fished],
            format_cards(e.card for e in fished),
            [format_cards(e.takes) for e in fished],
            {i: e.note for i, e in enumerate(fished) if e.note is not None},
        )
    if all(isinstance(e, TrickEntry) for e in plays):
        tricks = cast("list[TrickEntry]", plays)
        return (
            "TrickEntry",
            [e.by for e in tricks],
            [format_cards(e.cards) for e in tricks],
            {i: e.declares for i, e in enumerate(tricks) if e.declares is not None},
            [i for i, e in enumerate(tricks) if e.claim],
            {i: e.forfeit for i, e in enumerate(tricks) if e.forfeit is not None},
            {i: e.note for i, e in enumerate(tricks) if e.note is not None},
        )
    raise ValueError("an entry that could not be read")  # a clean log has none


def _read_plays(raw: tuple[Any, ...], cards: dict[str, Card]) -> list[Entry | None]:
    if raw[0] == "FishPlay":
        _, bys, played, takes, notes = raw
        noted = [notes.get(i) for i in range(len(bys))] if notes else [None] * len(bys)
        taken = [_read(t, cards) for t in takes]
        rows = zip(bys, _read(played, cards), taken, noted, strict=True)
        # each entry built as FishPlay._make builds it (every field given), in one C loop
        return cast("list[Entry | None]", list(map(tuple.__new__, repeat(FishPlay), rows)))
    _, bys, led, declares, claims, forfeits, notes = raw
    claimed = set(claims)
    rows = zip(
        bys,
        [_read(c, cards) for c in led],
        [declares.get(i) for i in range(len(bys))],
        [i in claimed for i in range(len(bys))],
        [forfeits.get(i) for i in range(len(bys))],
        [notes.get(i) for i in range(len(bys))],
        strict=True,
    )
    return cast("list[Entry | None]", list(map(tuple.__new__, repeat(TrickEntry), rows)))


def _result(r: DealResult) -> tuple[Any, ...]:
    return (r.score, r.breakdown, r.next_dealer, r.winner, _how(r.how), r.carried, r.tallies)


def _read_result(raw: tuple[Any, ...]) -> DealResult:
    score, breakdown, next_dealer, winner, how, carried, tallies = raw
    return DealResult(score, breakdown, next_dealer, winner, _read_how(how), carried, tallies)


def _how(how: object) -> object:
    """How a deal ended: words, or a fact naming words, players and other such facts."""
    if isinstance(how, Fact):
        return [how.code, {k: _how(v) for k, v in how.args.items()}]
    return how


def _read_how(raw: Any) -> Any:
    if isinstance(raw, list):
        code, args = raw
        return Fact(code, {k: _read_how(v) for k, v in args.items()})
    return raw
