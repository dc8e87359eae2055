"""Hostile inputs, round two (issue 24): a log's key names escaped in ``verify --json``,
``--jobs`` capped by the files and the cores, a hard link counted once, and ``live`` with
its input closed or fed an endless line. Each test fails without its fix (tried)."""

from __future__ import annotations

import json
import multiprocessing.context
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli.commands.live import MAX_LINE, Live
from referee.table import bulk

from .conftest import SAMPLES, run

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX files and links")
SAMPLE = SAMPLES / "basra-iraqi-2p.toml"
HOSTILE_KEY = "a\u009bb\u202ec\u2066d\u200be\ufefff\\u007fg"  # TOML escapes the DEL
RAW = ("\u009b", "\u202e", "\u2066", "\u200b", "\ufeff", "\x7f")


def test_verify_json_escapes_a_key_path(tmp_path: Path) -> None:
    log = tmp_path / "bad.toml"
    text = SAMPLE.read_text(encoding="utf-8")
    log.write_text(f'"{HOSTILE_KEY}" = 1\n' + text, encoding="utf-8")
    done = run("verify", str(log), "--json")
    assert done.exit_code == 1
    line = json.loads(done.stdout)
    paths = [p["path"] for p in line["problems"] if "path" in p]
    assert paths, line
    assert paths[0] == "a\\x9bb\\u202ec\\u2066d\\u200be\\ufefff\\x7fg"
    for ch in RAW:
        assert ch not in done.stdout


class _Pool:
    """A stand-in for a process pool: records its size, checks in this process."""

    sizes: ClassVar[list[int]] = []

    def __init__(self, processes: int) -> None:
        self.sizes.append(processes)

    def __enter__(self) -> _Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, fn: Any, items: list[Path], chunksize: int = 1) -> Any:
        return map(fn, items)


def test_jobs_are_capped_by_the_files_and_the_cores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = []
    for k in range(8):
        files.append(tmp_path / f"m{k}.toml")
        shutil.copy(SAMPLE, files[-1])
    _Pool.sizes = []
    monkeypatch.setattr(
        multiprocessing.context.BaseContext, "Pool", lambda self, n: _Pool(n), raising=True
    )
    monkeypatch.setattr(bulk, "cores", lambda: 4)
    verdicts = list(bulk.check_all(files, 60))
    assert [v.path for v in verdicts] == files and not any(v.problems for v in verdicts)
    assert _Pool.sizes == [4]  # 60 asked, 4 cores, 8 files
    monkeypatch.setattr(bulk, "cores", lambda: 64)
    list(bulk.check_all(files, 60))
    assert _Pool.sizes == [4, 8]  # never more workers than files


def test_a_pool_is_started_only_when_the_work_pays_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --jobs, a few small logs are checked in this process (issue 34: every
    tournament command started a pool, even for 12 logs); enough bytes of logs, a pool."""
    files = []
    for k in range(12):
        files.append(tmp_path / f"m{k}.toml")
        shutil.copy(SAMPLE, files[-1])
    _Pool.sizes = []
    monkeypatch.setattr(
        multiprocessing.context.BaseContext, "Pool", lambda self, n: _Pool(n), raising=True
    )
    monkeypatch.setattr(bulk, "cores", lambda: 2)
    assert len(list(bulk.check_all(files))) == 12
    assert _Pool.sizes == []
    monkeypatch.setattr(bulk, "POOL_BYTES", SAMPLE.stat().st_size * 12)
    assert len(list(bulk.check_all(files))) == 12
    assert _Pool.sizes == [2]


def test_a_hard_link_counts_once_in_standings(tmp_path: Path) -> None:
    shutil.copy(SAMPLE, tmp_path / "a.toml")
    os.link(tmp_path / "a.toml", tmp_path / "b.toml")
    done = run("standings", str(tmp_path), "--json")
    assert done.exit_code == 0, done.stdout
    assert json.loads(done.stdout)["matches"] == 1
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(SAMPLE, other / "c.toml")  # a copy is another match
    assert json.loads(run("standings", str(tmp_path), str(other), "--json").stdout)["matches"] == 2


def test_live_with_its_input_closed_says_so_in_one_line(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    shutil.copy(SAMPLE, log)
    done = subprocess.run(
        [sys.executable, "-m", "referee", "live", "-f", str(log)],
        stdin=subprocess.DEVNULL,
        preexec_fn=lambda: os.close(0),  # as `referee live <&-`
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines() == [
        "referee: [log.file]: standard input is closed: live reads what is typed at the "
        "table; the log on disk is whole"
    ]
    assert log.read_bytes() == SAMPLE.read_bytes()


def test_live_refuses_an_endless_line_unread(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    shutil.copy(SAMPLE, log)
    said: list[str] = []
    session = Live(log, said.append)
    assert session.handle("A" * (MAX_LINE + 1)) is True
    assert said == [
        f"referee: usage: a line holds at most {MAX_LINE} characters, found {MAX_LINE + 1}"
    ]
    assert log.read_bytes() == SAMPLE.read_bytes()
    said.clear()
    session.handle("help " + " " * (MAX_LINE - 5))  # as long as allowed: read
    assert said and "Type a play" in said[0]


@pytest.mark.parametrize("command", [["show", "-f"], ["score", "--json"], ["verify"]])
def test_an_ascii_output_gets_ascii(command: list[str]) -> None:
    """``PYTHONIOENCODING=ascii``: what the output cannot hold is escaped (``\\u0411``),
    never written as UTF-8 behind its back (click re-wraps its default stdout as UTF-8).
    A score sheet is a UTF-8 file format (its charset is in the page) and stays so."""
    sample = SAMPLES / "kozel-classic-2p.toml"
    done = subprocess.run(
        [sys.executable, "-m", "referee", "--lang", "ru", *command, str(sample)],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii(), done.stdout[:200]
    if command == ["show", "-f"]:
        assert b"\\u043a\\u043e\\u0437\\u0451\\u043b" in done.stdout  # "Козёл", escaped


def test_live_refuses_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    """A line read from a terminal that is not UTF-8 (lone surrogates): found by
    scripts/fuzz_table.py --mode live as a traceback when a forfeit's reason was written."""
    log = tmp_path / "m.toml"
    shutil.copy(SAMPLES / "bura-classic-2p.toml", log)
    assert run("undo", "-f", str(log)).exit_code == 0
    before = log.read_bytes()
    said: list[str] = []
    assert Live(log, said.append).handle("forfeit ivan К♠\udce9") is True
    assert said == ["referee: usage: forfeit ivan К♠\\udce9 is not UTF-8 text"]
    assert log.read_bytes() == before


_UNSAFE_SAMPLES = (
    "\x00\t\x1b\x7f\x85\x9f\u00ad\u061c\u180e\u200b\u200f\u2028\u2029\u202e"
    "\u2066\u206f\ufeff\ufffb\U000e0001\U000e007f"
)


@settings(max_examples=300, deadline=None)
@given(st.text(st.one_of(st.characters(), st.sampled_from(_UNSAFE_SAMPLES + "\n a\u00a0é"))))
def test_printable_text_is_shown_as_the_pattern_would_show_it(text: str) -> None:
    """The fast path (printable text is left as it is) says and shows exactly what the
    pattern of unsafe characters says and shows, for any text."""
    from referee.escape import _escape, has_unsafe, unsafe, visible

    assert visible(text) == unsafe().sub(_escape, text)
    assert has_unsafe(text) == (unsafe().search(text) is not None)
