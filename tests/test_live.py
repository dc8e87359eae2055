"""`referee live` through a real pseudo-terminal (pexpect): typing, tab completion,
undo, and an interrupt that loses nothing."""

from __future__ import annotations

import platform
import sys
import time
from pathlib import Path

import pytest

from referee.log.file import load

from .conftest import ROOT

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")


def start(tmp_path: Path, *args: str) -> object:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "referee", "live", "-f", str(tmp_path / "match.toml"), *args],
        cwd=str(tmp_path),
        encoding="utf-8",
        timeout=60,  # a loaded machine starts Python slowly
        env={"TERM": "xterm", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},  # this tree
        dimensions=(40, 120),
    )
    child.expect("type help")
    return child


SELECT = {"x86_64": ("23", "270"), "aarch64": ("72",)}  # select, pselect6 (Linux)


def waiting_for_a_key(pid: int, timeout: float = 60.0) -> None:
    """Return once the process waits for the next key in select(), where CPython's readline
    notices a signal; a signal sent while it still handles the last key waits for the next
    one, which on a loaded machine can be seconds away. Linux says so in /proc; elsewhere
    a second's pause has to do."""
    calls = SELECT.get(platform.machine())
    syscall = Path(f"/proc/{pid}/syscall")
    if calls is None or not syscall.exists():
        time.sleep(1.0)
        return
    deadline = time.monotonic() + timeout
    blocked = 0
    while blocked < 2:  # twice in a row, 20 ms apart: waiting, not passing through
        assert time.monotonic() < deadline, syscall.read_text()
        blocked = blocked + 1 if syscall.read_text().split()[0] in calls else 0
        time.sleep(0.02)


def plays(tmp_path: Path) -> int:
    match, problems = load(tmp_path / "match.toml")
    assert match is not None and not problems
    return sum(len(d.plays) for d in match.deals)


@pytest.fixture
def basra(tmp_path: Path) -> Path:
    from referee.table.session import Table

    Table(tmp_path / "match.toml").create("basra", ["Ali", "Omar"], None, {}, None, None)
    return tmp_path


def test_a_session_at_the_table(basra: Path) -> None:
    child = start(basra)
    child.expect("referee> ")
    child.sendline("deal 5H 3C 9D KS buried JD dealer Omar")
    child.expect("Ali> ")
    child.sendline("8S 5H 3C")
    child.expect("Omar> ")
    assert plays(basra) == 1  # written at once
    child.sendline("KD")  # K takes K, or a trail: ambiguous, nothing recorded
    child.expect("more than one way")
    child.expect("Omar> ")
    child.sendline("KD KS")
    child.expect("Ali> ")
    child.sendline("options 9C")
    child.expect("takes 9♦")
    child.expect("Ali> ")
    child.sendline("7D 9D")  # a floor of 9D adds up to 9: the 7D sweeps it
    child.expect("Omar> ")
    assert plays(basra) == 3
    child.sendline("undo")
    child.expect("Removed")
    child.expect("Ali> ")
    child.sendline("2X")
    child.expect("not a card")
    child.expect("Ali> ")
    child.sendline("score")
    child.expect("not decided")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert plays(basra) == 2


def test_tab_completes_cards_and_words(basra: Path) -> None:
    child = start(basra)
    child.expect("referee> ")
    child.send("sco\t")
    child.expect("score")
    child.sendline("")
    child.expect("No finished deal")
    child.sendline("deal 5H 3C 9D KS dealer Omar")
    child.expect("Ali> ")
    child.send("10\t")  # four tens: the choices are listed on a second tab
    child.send("\t")
    child.expect("10C")
    child.sendcontrol("u")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_interrupt_loses_nothing(basra: Path) -> None:
    child = start(basra)
    child.sendline("deal 5H 3C 9D KS dealer Omar")
    child.expect("Ali> ")
    child.sendline("8S 5H 3C")
    child.expect("Omar> ")
    child.send("KD K")  # half a line, then Ctrl-C: the line is dropped, the session stays
    child.expect_exact("KD K")  # as a person would: after seeing the keys echoed
    waiting_for_a_key(child.pid)
    child.sendintr()
    child.expect_exact("^C")
    child.expect("Omar> ")
    child.sendline("show")
    child.expect("To play: Omar")
    assert plays(basra) == 1
    # Ctrl-D leaves, typed at the prompt as a person types it: a Ctrl-D that reaches the
    # terminal before readline reads again is dropped when readline switches the terminal
    # over (this test used to time out on a loaded machine for that reason)
    child.expect("Omar> ")
    waiting_for_a_key(child.pid)
    child.sendeof()
    child.expect(pexpect.EOF)
    assert plays(basra) == 1
    child = start(basra)  # and the session picks up where it was
    child.expect("Omar> ")
    child.close(force=True)  # a closed terminal
    assert plays(basra) == 1


def test_ascii_and_no_color(basra: Path) -> None:
    child = start(basra, "--ascii")
    child.sendline("deal 5H 3C 9D KS dealer Omar")
    child.expect("Floor: 5H 3C 9D KS")
    child.sendline("quit")
    child.expect(pexpect.EOF)
