"""A long log's memo (referee/table/memo.py): what a table command reads through it is what
reading the log whole gives, command by command and byte for byte; and each of its guards
sends the command back to the whole log (a hand edit, other code, a damaged or foreign
memo), so that nothing is ruled on bytes the memo was not made from."""

from __future__ import annotations

import datetime as dt
import marshal
import os
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest

from referee.games.base import MatchSoFar, present
from referee.log.file import dumps, load
from referee.match import Replay
from referee.problems import RefereeError
from referee.record import Deal, Match
from referee.registry import GAMES
from referee.table import memo
from referee.table.reading import LONG_LOG, open_log
from referee.table.simulate import simulate_match

from .conftest import SAMPLES
from .table import commands, run_command, so_far

LONG_SAMPLES = sorted(  # the longest last
    (p for p in SAMPLES.glob("*.toml") if p.stat().st_size >= LONG_LOG),
    key=lambda p: p.stat().st_size,
)


def replay_facts(replayed: Replay) -> dict[str, Any]:
    """Everything a replay says but each finished deal's final state (a memo keeps none)."""
    snap = replayed.before_last
    carry = replayed.carry
    return {
        "deals": [(s.number, vars_of(s.result)) for s in replayed.deals],
        "sums": (replayed.totals, replayed.balances, replayed.pot, replayed.next_dealer),
        "end": (replayed.over, replayed.winner, replayed.problems),
        "carry": None if carry is None else (carry.totals, carry.deal_number, carry.carried),
        "before_last": None if snap is None else snap._replace(carry=vars_of(snap.carry)),
        "open": None if replayed.state is None else vars_of(replayed.state),
    }


def vars_of(obj: object) -> dict[str, Any]:
    """An object's attributes (slots or dict), for comparing two states field by field."""
    names = [n for cls in type(obj).__mro__ for n in getattr(cls, "__slots__", ())]
    found = {n: getattr(obj, n) for n in names if hasattr(obj, n)}
    found.update({k: v for k, v in getattr(obj, "__dict__", {}).items() if k != "deal"})
    return {
        k: vars_of(v) if isinstance(v, MatchSoFar) else v
        for k, v in found.items()
        if not k.startswith("_")
    }


def same_reading(path: Path) -> None:
    """The log read through its memo is the log read whole: the match (every deal, every
    entry, of its own type) and the replay."""
    through = open_log(path)
    whole = open_log(path, memo=False)
    assert through.head is not None, "no memo was used"
    assert through.match.deals == whole.match.deals
    for mine, theirs in zip(through.match.deals, whole.match.deals, strict=True):
        assert [type(e) for e in mine.plays] == [type(e) for e in theirs.plays]
    assert dumps(through.match) == dumps(whole.match)
    assert replay_facts(through.replayed) == replay_facts(whole.replayed)
    pairs = zip(through.replayed.deals, whole.replayed.deals, strict=True)
    for k, (kept, read) in enumerate(pairs):
        assert read.state is not None and (kept.state is None) == (k < (through.kept or 0))
        if kept.state is None:  # a deal the memo kept: the figure of its state the sheet shows
            captured = present(read.state).view().data.get("captured")
            assert kept.captured == (captured if isinstance(captured, dict) else None)


def cut(match: Match, deals: int, entries: int) -> Match:
    """The match as it stood with ``deals`` deals, the last of them cut after ``entries``."""
    part = Match(match.game, match.variant, match.players, match.rules, match.event, match.date)
    part.deals = [*match.deals[: deals - 1], match.deals[deals - 1].prefix(entries)]
    return part


@pytest.mark.parametrize("sample", LONG_SAMPLES, ids=lambda p: p.stem)
def test_a_log_read_through_its_memo_is_the_log_read_whole(sample: Path, tmp_path: Path) -> None:
    match, problems = load(sample)
    assert match is not None and not problems
    path = tmp_path / "log.toml"
    for deals in sorted({2, len(match.deals) // 2, len(match.deals)}):
        plays = len(match.deals[deals - 1].plays)
        for entries in sorted({0, plays // 2, plays}):
            path.write_bytes(so_far(cut(match, deals, entries), deals))
            if path.stat().st_size < LONG_LOG:
                continue
            memo_file = memo.memo_path(Path(os.path.realpath(path)))
            assert memo_file is not None
            memo_file.unlink(missing_ok=True)
            assert open_log(path).head is None  # read whole, and its memo kept
            assert memo_file.exists()
            same_reading(path)


@pytest.mark.parametrize("game", ["basra", "pasur", "bura", "kozel"])
def test_a_simulated_long_match_reads_the_same(game: str, tmp_path: Path) -> None:
    variant = GAMES[game].default_variant
    match = simulate_match(game, variant, 2, 7, overrides={"target": 100_000}, deals=12)
    for deal in match.deals:  # a note now and then, on a deal and on entries
        deal.note = deal.note or f"dealt by {deal.dealer}"
        for k in range(0, len(deal.plays), 7):
            entry = deal.plays[k]
            assert entry is not None
            deal.plays[k] = entry._replace(note=f"entry {k + 1}")
    path = tmp_path / "log.toml"
    path.write_bytes(dumps(match))
    assert path.stat().st_size >= LONG_LOG
    open_log(path)
    same_reading(path)


def two_tables(tmp_path: Path, sample: Path, typed: int) -> tuple[Path, Path, list[list[str]]]:
    """The same log twice, its last ``typed`` deals still to be entered, and their commands."""
    match, _ = load(sample)
    assert match is not None
    start = len(match.deals) - typed
    with_memo, whole = tmp_path / "memo.toml", tmp_path / "whole.toml"
    for path in (with_memo, whole):
        path.write_bytes(so_far(match, start))
    argvs, deal = [], -1
    for cmd in commands(match):
        deal += cmd.argv[0] == "deal"
        if deal >= start:
            argvs.append(cmd.argv)
    return with_memo, whole, argvs


@pytest.mark.parametrize("sample", LONG_SAMPLES[-3:], ids=lambda p: p.stem)
def test_every_table_command_says_and_writes_the_same_with_a_memo(
    sample: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The path a referee walks: the last deals entered command by command on two copies,
    one with memos and one read whole every time; after each command (an undo and the same
    command again after a third of them), ``show``, ``options`` and ``score`` too, the two
    say the same and hold the same bytes."""
    with_memo, whole, argvs = two_tables(tmp_path, sample, 2)

    def both(*argv: str) -> None:
        said = []
        for path, cache in ((with_memo, ""), (whole, "off")):
            monkeypatch.setenv("REFEREE_CACHE", cache)
            done = run_command(*argv, "-f", str(path))
            said.append((done.exit_code, done.stdout, done.stderr))
        assert said[0] == said[1], argv
        assert with_memo.read_bytes() == whole.read_bytes(), argv

    for k, argv in enumerate(argvs):
        both(*argv)
        if k % 3 == 0:
            both("undo")
            both(*argv)
            both("show")
            both("options", *(["7D"] if "basra" in sample.stem else []))
    monkeypatch.setenv("REFEREE_CACHE", "")
    assert run_command("score", str(with_memo)).stdout == run_command("score", str(whole)).stdout
    same_reading(with_memo)


# --- the guards: each sends the command back to the whole log --------------------------


@pytest.fixture
def long_log(tmp_path: Path) -> Path:
    """A copy of the longest sample, its memo made by a first reading."""
    path = tmp_path / "long.toml"
    path.write_bytes(LONG_SAMPLES[-1].read_bytes())
    assert open_log(path).head is None
    assert open_log(path).head is not None
    return path


def memo_of(path: Path) -> Path:
    found = memo.memo_path(Path(os.path.realpath(path)))
    assert found is not None
    return found


def test_an_earlier_deal_edited_by_hand_is_read_whole_and_refused(long_log: Path) -> None:
    """[turn.order] An entry of a finished deal changed by hand: the bytes before the last
    deal are not the memo's, so the log is read and checked whole, and refused."""
    text = long_log.read_text()
    first = text.index('{ by = "', text.index("[[deals]]"))
    by = text[first + 8 : text.index('"', first + 8)]
    other = next(p for p in ("Ivan", "Petr", "Olga") if p != by and f'"{p}"' in text)
    long_log.write_text(text[:first] + text[first:].replace(f'by = "{by}"', f'by = "{other}"', 1))
    done = run_command("show", "-f", str(long_log))
    assert done.exit_code == 1
    assert "[turn.order] (deal 1, play 1" in done.stderr, done.stderr
    with pytest.raises(RefereeError):
        open_log(long_log)


def test_the_last_deal_edited_into_a_problem_is_said_as_a_whole_reading_says_it(
    long_log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = long_log.read_text()
    last = text.rindex("[[deals]]")
    broken = text[:last] + text[last:].replace('dealer = "', 'dealer = "Nobody', 1)
    long_log.write_text(broken)
    through = run_command("show", "-f", str(long_log))
    monkeypatch.setenv("REFEREE_CACHE", "off")
    whole = run_command("show", "-f", str(long_log))
    assert through.exit_code == whole.exit_code == 1
    assert through.stderr == whole.stderr and "Nobody" in whole.stderr


def test_a_memo_of_other_code_is_not_used(long_log: Path) -> None:
    """Each module of the rules is held to its size and time: one touched, no memo."""
    payload = memo_of(long_log).read_bytes()[len(memo.MAGIC) + memo._SIZES.size :]
    _, fingerprint, _, _ = marshal.loads(payload)
    module = fingerprint[0][0]
    os.utime(module, ns=(fingerprint[0][1] + 10**9, fingerprint[0][1] + 10**9))
    try:
        assert open_log(long_log).head is None
    finally:
        os.utime(module, ns=(fingerprint[0][1], fingerprint[0][1]))


def rewritten(path: Path, change: Any) -> None:
    """The memo of ``path`` with its values changed by ``change`` and sealed again."""
    payload = path.read_bytes()[len(memo.MAGIC) + memo._SIZES.size :]
    payload = marshal.dumps(change(marshal.loads(payload)))
    path.write_bytes(memo.MAGIC + memo._SIZES.pack(len(payload), zlib.crc32(payload)) + payload)


def test_a_memo_of_another_file_or_version_is_not_used(long_log: Path) -> None:
    kept = memo_of(long_log)
    rewritten(kept, lambda v: (("elsewhere.toml", *v[0][1:]), *v[1:]))
    assert open_log(long_log).head is None
    rewritten(kept, lambda v: ((v[0][0], "0.0.0", v[0][2]), *v[1:]))
    assert open_log(long_log).head is None


@pytest.mark.parametrize("damage", ["flip", "cut", "empty", "magic"])
def test_a_damaged_memo_is_not_used(long_log: Path, damage: str) -> None:
    kept = memo_of(long_log)
    data = bytearray(kept.read_bytes())
    if damage == "flip":
        data[len(data) // 2] ^= 0xFF
    elif damage == "cut":
        del data[len(data) // 2 :]
    elif damage == "empty":
        data.clear()
    else:
        data[:5] = b"XXXXX"
    kept.write_bytes(bytes(data))
    assert open_log(long_log).head is None
    assert run_command("show", "-f", str(long_log)).exit_code == 0


def test_a_memo_others_may_change_is_not_used(long_log: Path) -> None:
    kept = memo_of(long_log)
    kept.chmod(0o666)
    assert open_log(long_log, keep=False).head is None
    kept.chmod(0o600)
    assert open_log(long_log).head is not None


def test_a_memo_that_lies_is_caught_by_the_stored_result(long_log: Path) -> None:
    """A memo forged to say other totals: the last deal replayed onto them disagrees with
    the log's stored ``[result.totals]`` ([log.result]), so the log is read whole and
    ``show`` says the true totals; ``verify`` reads no memo at all."""

    def other_totals(v: Any) -> Any:
        body = list(v[3])
        totals, balances, pot, dealer = body[8]
        body[8] = ({side: 999 for side in totals}, balances, pot, dealer)
        return (*v[:3], tuple(body))

    rewritten(memo_of(long_log), other_totals)
    assert open_log(long_log, keep=False).head is None
    shown = run_command("show", "-f", str(long_log))
    assert shown.exit_code == 0 and "999" not in shown.stdout
    done = run_command("verify", str(long_log))
    assert done.exit_code == 0, done.stdout + done.stderr


def test_no_memo_when_asked_for_none_or_the_folder_cannot_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "long.toml"
    path.write_bytes(LONG_SAMPLES[-1].read_bytes())
    monkeypatch.setenv("REFEREE_CACHE", "off")
    assert memo.memo_path(path) is None
    assert run_command("show", "-f", str(path)).exit_code == 0
    monkeypatch.setenv("REFEREE_CACHE", "")
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert run_command("show", "-f", str(path)).exit_code == 0
    assert run_command("play", "AS", "-f", str(path)).exit_code in (0, 1)
    assert open_log(path).head is None


def test_a_short_log_keeps_no_memo(tmp_path: Path) -> None:
    short = min(SAMPLES.glob("*.toml"), key=lambda p: p.stat().st_size)
    path = tmp_path / "short.toml"
    path.write_bytes(short.read_bytes())
    assert path.stat().st_size < LONG_LOG
    open_log(path)
    assert not memo_of(path).exists()


def test_a_deal_is_recorded_onto_a_memo_made_before_it(tmp_path: Path) -> None:
    """`deal` moves the memo on: the next command reads only the new deal."""
    match, _ = load(LONG_SAMPLES[-1])
    assert match is not None
    path = tmp_path / "log.toml"
    path.write_bytes(so_far(match, len(match.deals) - 1))
    assert open_log(path).head is None
    dealt = [c.argv for c in commands(match) if c.argv[0] == "deal"][-1]
    assert run_command(*dealt, "-f", str(path)).exit_code == 0
    opened = open_log(path)
    assert opened.head is not None and len(opened.match.deals) == len(match.deals)
    assert path.read_bytes() == dumps(opened.match)
    same_reading(path)


def test_a_deal_from_a_memo_is_a_deal(long_log: Path) -> None:
    opened = open_log(long_log)
    assert all(type(d) is Deal for d in opened.match.deals)


def test_a_memo_damaged_where_its_values_still_read_is_not_used(tmp_path: Path) -> None:
    """A byte changed inside a note of an earlier deal: the memo still reads, its CRC-32
    does not hold, and the log is read whole."""
    sample = SAMPLES / "basra-egyptian-2p.toml"
    path = tmp_path / "long.toml"
    path.write_bytes(sample.read_bytes())
    open_log(path)
    kept = memo_of(path)
    data = kept.read_bytes()
    head = len(memo.MAGIC) + memo._SIZES.size
    note = b"recounted by tests/test_samples.py"
    at = data.index(note, data.index(note, head) + 1)  # in the values, after the log's bytes
    kept.write_bytes(data[:at] + note.upper() + data[at + len(note) :])
    assert open_log(path).head is None


def test_a_last_part_the_whole_reading_puts_inside_the_deal_before_is_refused(
    long_log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last deal written as ``deals = [...]`` without its ``[[deals]]`` line: read whole,
    the key falls into the table before it (the previous deal's score) and the log is
    refused; alone it would read as a deal. The memo is only for a last part that starts
    with its ``[[deals]]`` line."""
    text = long_log.read_text()
    last = text.rindex("[[deals]]\n")
    dealer = text[last:].split('dealer = "')[1].split('"')[0]
    trump = text[last:].split('trump = "')[1].split('"')[0]
    deal = f'{{ dealer = "{dealer}", trump = "{trump}", plays = [] }}'
    long_log.write_text(text[:last] + f"deals = [{deal}]\n")
    through = run_command("show", "-f", str(long_log))
    monkeypatch.setenv("REFEREE_CACHE", "off")
    whole = run_command("show", "-f", str(long_log))
    assert whole.exit_code == 1 and "deals[" in whole.stderr
    assert (through.exit_code, through.stderr) == (whole.exit_code, whole.stderr)


def undone_both_ways(tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``show`` (which may keep a memo), then ``undo``, on two copies of ``text``: one with
    memos, one read whole; both must write the same bytes, the canonical ones."""
    copies = []
    for name, cache in (("memo.toml", ""), ("whole.toml", "off")):
        path = tmp_path / name
        path.write_text(text)
        monkeypatch.setenv("REFEREE_CACHE", cache)
        assert run_command("show", "-f", str(path)).exit_code == 0
        assert run_command("undo", "-f", str(path)).exit_code == 0
        copies.append(path.read_bytes())
    assert copies[0] == copies[1]


def test_a_log_written_by_hand_keeps_no_memo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A comment in an earlier deal: the bytes are not canonical, so no memo is kept and
    the next write is canonical, as without one."""
    text = LONG_SAMPLES[-1].read_text()
    first = text.index("[[deals]]\n") + len("[[deals]]\n")
    undone_both_ways(
        tmp_path, text[:first] + "# dealt at the corner table\n" + text[first:], monkeypatch
    )


def test_a_log_without_its_stored_scores_keeps_no_memo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Written as referee writes but with no ``[deals.score]``: a write stores every score,
    so those bytes are not the ones a write keeps."""
    match, _ = load(LONG_SAMPLES[-1])
    assert match is not None
    for deal in match.deals:
        deal.score = None
    match.result_totals = match.result_winner = None
    undone_both_ways(tmp_path, dumps(match).decode(), monkeypatch)


def test_an_amended_header_is_written_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change before the last deal (here the header's date and a player's name) writes
    the whole log again, never the memo's bytes before the last deal."""
    copies = []
    for name, cache in (("memo.toml", ""), ("whole.toml", "off")):
        path = tmp_path / name
        path.write_bytes(LONG_SAMPLES[-1].read_bytes())
        monkeypatch.setenv("REFEREE_CACHE", cache)
        assert run_command("show", "-f", str(path)).exit_code == 0
        done = run_command(
            "amend", "--rename", "Ivan=Vanya", "--date", "2026-12-01", "-f", str(path)
        )
        assert done.exit_code == 0, done.stderr
        copies.append(path.read_bytes())
    assert copies[0] == copies[1]
    assert b"date = 2026-12-01" in copies[0] and b'"Vanya"' in copies[0]


# --- found by an independent review: each failed before its fix --------------------------


def both_ways(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, steps: Any) -> list[bytes]:
    """``steps(path)`` on a copy with memos and on one read whole: each copy's bytes."""
    out = []
    for name, cache in (("memo", ""), ("whole", "off")):
        monkeypatch.setenv("REFEREE_CACHE", cache)
        folder = tmp_path / name
        folder.mkdir()
        steps(folder / "match.toml")
        out.append((folder / "match.toml").read_bytes())
    return out


def test_a_log_two_deals_past_its_memo_loses_no_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A memo made when the log held one deal fewer (a backup put back after an undo
    across a deal's start, a deal recorded with another cache): the next entry writes
    every deal after the memo's, not only the last."""
    match, _ = load(LONG_SAMPLES[-1])
    assert match is not None
    n = len(match.deals)

    def steps(path: Path) -> None:
        path.write_bytes(so_far(match, n - 1))
        assert run_command("show", "-f", str(path)).exit_code == 0  # the memo, n - 1 deals
        path.write_bytes(so_far(match, n))
        done = run_command("undo", "-f", str(path))
        assert done.exit_code == 0, done.stderr
        assert run_command("verify", str(path)).exit_code == 0

    with_memo, whole = both_ways(tmp_path, monkeypatch, steps)
    assert with_memo == whole
    assert with_memo.count(b"\n[[deals]]\n") == n - 1 + 1  # every deal still there


def test_a_date_and_time_survives_the_memo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``date`` may be a date-time (match-log.md): a memo keeps it whole."""
    match, _ = load(LONG_SAMPLES[-1])
    assert match is not None
    match.date = dt.datetime(2024, 5, 1, 10, 30, tzinfo=dt.timezone(dt.timedelta(hours=2)))
    dated = dumps(match)  # canonical: a memo is kept

    def steps(path: Path) -> None:
        path.write_bytes(dated)
        assert run_command("show", "-f", str(path)).exit_code == 0
        memo_kept = os.environ["REFEREE_CACHE"] != "off"
        assert (open_log(path).head is not None) == memo_kept
        done = run_command("amend", "--event", "Cup", "-f", str(path))
        assert done.exit_code == 0, done.stderr

    with_memo, whole = both_ways(tmp_path, monkeypatch, steps)
    assert with_memo == whole and b"10:30:00+02:00" in whole


def test_a_fifo_where_the_memo_would_be_hangs_nothing(long_log: Path) -> None:
    kept = memo_of(long_log)
    kept.unlink()
    os.mkfifo(kept)
    env = {**os.environ, "REFEREE_CACHE": ""}
    done = subprocess.run(
        [sys.executable, "-m", "referee", "show", "-f", str(long_log)],
        capture_output=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_a_link_planted_at_the_memo_s_temporary_name_is_not_followed(
    tmp_path: Path, long_log: Path
) -> None:
    kept = memo_of(long_log)
    kept.unlink()
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    (kept.parent / f"{kept.name}.{os.getpid()}.tmp").symlink_to(victim)
    assert run_command("show", "-f", str(long_log)).exit_code == 0
    assert victim.read_text() == "mine"


def test_a_cache_folder_others_may_write_is_not_used(long_log: Path) -> None:
    folder = memo_of(long_log).parent
    folder.chmod(0o777)
    try:
        assert open_log(long_log).head is None
        memo_of(long_log).unlink()
        open_log(long_log)
        assert not memo_of(long_log).exists()
    finally:
        folder.chmod(0o700)
    open_log(long_log)
    assert open_log(long_log).head is not None


@pytest.mark.parametrize("name", ["basra-egyptian-2p", "pasur-pagat-2p"])
def test_a_score_sheet_through_the_memo_shows_each_deal_s_captured_cards(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sheet's one figure of a deal's final state (the cards each side captured) is
    kept in the memo: `score`, `score --json` and `sheet` say the same both ways."""
    path = tmp_path / "log.toml"
    path.write_bytes((SAMPLES / f"{name}.toml").read_bytes())
    assert open_log(path).head is None and open_log(path).head is not None
    said = []
    for cache in ("", "off"):
        monkeypatch.setenv("REFEREE_CACHE", cache)
        text = run_command("score", str(path)).stdout
        data = run_command("score", str(path), "--json").stdout
        out = tmp_path / f"sheet{cache}.html"
        assert run_command("sheet", str(path), "-o", str(out)).exit_code == 0
        said.append((text, data, out.read_bytes()))
    assert said[0] == said[1]
    assert said[0][2].count(b"cards captured") >= 2 * 3  # each side, each deal the memo kept


def test_memos_go_nowhere_but_a_folder_of_the_user_s_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link at the memos' folder (another account's ``referee`` folder in a shared
    cache, leading elsewhere), or a ``referee`` folder others may write: no memo is
    written or read there."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    path = tmp_path / "long.toml"
    path.write_bytes(LONG_SAMPLES[-1].read_bytes())
    elsewhere = tmp_path / "private"
    elsewhere.mkdir(mode=0o700)
    (cache / "referee").mkdir(parents=True, mode=0o700)
    (cache / "referee" / "logs").symlink_to(elsewhere)
    assert run_command("show", "-f", str(path)).exit_code == 0
    assert list(elsewhere.iterdir()) == []
    (cache / "referee" / "logs").unlink()
    (cache / "referee").chmod(0o777)
    assert run_command("show", "-f", str(path)).exit_code == 0
    assert open_log(path).head is None
    (cache / "referee").chmod(0o700)
    open_log(path)
    assert open_log(path).head is not None
