"""Logs from strangers and machines that fail (issue 11): special files, one bad file among
many, terminal and CSV injection, links and permissions, a full disk, the writer's limits,
and Ctrl-C at random moments. Each check asserts the rule id and that the log is intact."""

from __future__ import annotations

import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import referee
from referee.log.file import MAX_BYTES, load_bytes, write_atomic
from referee.problems import RefereeError

from .conftest import SAMPLES, json_lines, run

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX files and signals")
REFEREE = [sys.executable, "-m", "referee"]
SAMPLE = SAMPLES / "basra-iraqi-2p.toml"
NOBODY = 65534
INJECTIONS = [
    "\x1b]0;owned\x07",
    "\x1b[2J",
    "line\rfake ruling",
    "\x9b31m",
    "\u202eevil",
    "zero\u200bwidth",
]


def cli(*args: str, timeout: float = 30, **kw: object) -> subprocess.CompletedProcess[str]:
    """The installed command line in a process of its own."""
    return subprocess.run([*REFEREE, *args], capture_output=True, text=True, timeout=timeout, **kw)  # type: ignore[call-overload, no-any-return]


@pytest.fixture
def open_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A Basra match with one deal open, in the current folder."""
    monkeypatch.chdir(tmp_path)
    assert run("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date").exit_code == 0
    assert run("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS").exit_code == 0
    return tmp_path / "match.toml"


# --- special files -------------------------------------------------------------------------


def test_a_fifo_is_refused_not_waited_for(tmp_path: Path) -> None:
    fifo = tmp_path / "f.toml"
    os.mkfifo(fifo)
    for args in (
        ("verify", str(fifo)),
        ("play", "8S", "--trail", "-f", str(fifo)),
        ("show", "-f", str(fifo)),
    ):
        done = cli(*args, timeout=20)
        assert done.returncode == 1, done.stderr
        assert "[log.file]" in (done.stdout + done.stderr)
        assert "not a regular file" in (done.stdout + done.stderr)


def test_a_link_to_dev_zero_is_left_out_of_standings(tmp_path: Path) -> None:
    shutil.copy(SAMPLE, tmp_path / "a.toml")
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    done = cli("standings", str(tmp_path), "--json", timeout=20)
    assert done.returncode == 1
    assert json.loads(done.stdout)["matches"] == 1
    assert "zero.toml: left out: [log.file]" in done.stderr


# --- one bad file among many ----------------------------------------------------------------


def test_every_file_gets_its_own_verdict(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text('format = "referee-match"\nversion = ' + "9" * 5000 + "\n")
    files = [str(SAMPLE), str(big), str(SAMPLE)]
    done = run("verify", *files, "--json")
    assert done.exit_code == 1
    lines = json_lines(done.stdout)
    assert [line["ok"] for line in lines] == [True, False, True]
    assert lines[1]["problems"][0]["rule"] == "log.toml"


def test_a_bom_is_read(tmp_path: Path) -> None:
    f = tmp_path / "bom.toml"
    f.write_bytes(b"\xef\xbb\xbf" + SAMPLE.read_bytes())
    assert json_lines(run("verify", str(f), "--json").stdout)[0]["ok"] is True


def test_json_is_utf8_whatever_the_file_name(tmp_path: Path) -> None:
    odd = os.path.join(os.fsencode(tmp_path), b"m\xff.toml")
    with open(odd, "wb") as out:
        out.write(SAMPLE.read_bytes())
    done = subprocess.run([*REFEREE, "verify", odd, "--json"], capture_output=True, timeout=30)
    assert done.returncode == 0
    line = json.loads(done.stdout.decode("utf-8"))  # strict: valid UTF-8
    assert line["ok"] is True and line["file"].endswith("m\ufffd.toml")


def test_a_file_named_twice_counts_once(tmp_path: Path) -> None:
    shutil.copy(SAMPLE, tmp_path / "x.toml")
    data = json.loads(run("standings", str(tmp_path), str(tmp_path / "x.toml"), "--json").stdout)
    assert data["matches"] == 1


# --- what reaches a terminal ----------------------------------------------------------------


def assert_clean(text: str) -> None:
    for bad in ("\x1b", "\r", "\x07", "\x9b", "\u202e", "\u200b"):
        assert bad not in text, (bad, text)


def test_injected_text_is_shown_escaped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    event = "".join(INJECTIONS)
    assert (
        run("new", "bura", "-p", "Ivan", "-p", "Petr", "--no-date", "--event", event).exit_code == 0
    )
    assert run("deal", "--dealer", "Ivan", "--trump", "9H").exit_code == 0
    outputs = [
        run("show"),
        run("forfeit", "--by", "Petr", "--reason", event),
        run("score"),
        run("explain", "match.toml", "-d", "1", "-p", "1"),
        run("undo"),
    ]
    for out in outputs:
        assert out.exit_code == 0, out.output
        assert_clean(out.output)
    assert "\\x1b]0;owned" in outputs[0].stdout  # shown, escaped
    bad = tmp_path / "x\x1b[2J.toml"
    bad.write_text("nonsense =")
    assert_clean(run("verify", str(bad)).output)


@pytest.mark.parametrize(
    "name",
    ["A\x9bB", "evil\u202e", "zero\u200bwidth", "e" + "\u0301" * 6, "\u200b", "A & B", "  "],
)
def test_unsafe_player_names_are_refused(name: str, tmp_path: Path) -> None:
    done = run("new", "basra", "-p", name, "-p", "Omar", "-f", str(tmp_path / "m.toml"))
    assert done.exit_code == 1 and "[log.players]" in done.stderr
    assert_clean(done.output)


def test_nfc_and_nfd_are_one_player(tmp_path: Path) -> None:
    nfc, nfd = "Jos\u00e9", "Jose\u0301"
    done = run("new", "basra", "-p", nfc, "-p", nfd, "-f", str(tmp_path / "m.toml"))
    assert done.exit_code == 1 and "listed twice" in done.stderr


def test_a_huge_string_is_cut_in_messages(tmp_path: Path) -> None:
    f = tmp_path / "m.toml"
    f.write_text(
        SAMPLE.read_text().replace('variant = "iraqi"', 'variant = "' + "x" * 5_000_000 + '"')
    )
    done = run("verify", str(f))
    assert done.exit_code == 1 and "[log.variant]" in done.stdout
    assert len(done.stdout) < 3000


def test_csv_cells_are_neutralised(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    assert run("new", "basra", "-p", "=HYPERLINK(1)", "-p", "+Omar", "-f", str(log)).exit_code == 0
    rows = run("standings", str(tmp_path), "--csv").stdout.splitlines()
    assert sorted(row.split(",")[0] for row in rows[1:]) == ["'+Omar", "'=HYPERLINK(1)"]


def test_an_encoding_without_suits_gets_ascii(open_log: Path) -> None:
    done = cli("show", "-f", str(open_log), env={**os.environ, "PYTHONIOENCODING": "latin-1"})
    assert done.returncode == 0 and "Floor: 5H 3C 9D KS" in done.stdout


# --- links, permissions, failing machines ---------------------------------------------------


def test_writes_go_through_a_link_to_its_target(open_log: Path) -> None:
    link = open_log.with_name("link.toml")
    link.symlink_to(open_log.name)
    assert run("play", "8S", "--takes", "5H 3C", "-f", str(link)).exit_code == 0
    assert link.is_symlink() and "8S" in open_log.read_text()


def test_a_read_only_log_is_refused(open_log: Path) -> None:
    before = open_log.read_bytes()
    open_log.chmod(0o444)
    done = run("play", "8S", "--takes", "5H 3C")
    assert done.exit_code == 1 and "[log.file]" in done.stderr and "read-only" in done.stderr
    assert open_log.read_bytes() == before


def test_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    """/sys refuses new files even to root: a real read-only folder."""
    try:
        os.close(os.open("/sys/referee-probe.tmp", os.O_WRONLY | os.O_CREAT | os.O_EXCL))
        pytest.skip("/sys is writable here")
    except PermissionError:
        pass
    except OSError:
        pytest.skip("no read-only /sys here")
    for args in (
        ("export", str(SAMPLE), "-o", "/sys/out.toml"),
        ("new", "basra", "-p", "A", "-p", "B", "-f", "/sys/m.toml"),
    ):
        done = run(*args)
        assert done.exit_code == 1 and "[log.file]" in done.stderr, done.stderr
        assert "cannot write here" in done.stderr


def test_mode_and_owner_are_kept(open_log: Path) -> None:
    open_log.chmod(0o640)
    if os.geteuid() == 0:
        os.chown(open_log, NOBODY, NOBODY)
    assert run("play", "8S", "--takes", "5H 3C").exit_code == 0
    st = open_log.stat()
    assert st.st_mode & 0o777 == 0o640
    if os.geteuid() == 0:
        assert (st.st_uid, st.st_gid) == (NOBODY, NOBODY)


def test_a_full_disk_leaves_the_log_whole(open_log: Path) -> None:
    before = open_log.read_bytes()
    size = len(before)

    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size // 2, size // 2))

    done = cli("play", "8S", "--takes", "5H 3C", "-f", str(open_log), preexec_fn=small_disk)
    assert done.returncode == 1 and "[log.file]" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and open_log.read_bytes() == before
    assert [p.name for p in open_log.parent.iterdir()] == ["match.toml"]


def test_ordinary_failures_are_log_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dir").mkdir()
    shutil.copy(SAMPLE, tmp_path / "m.toml")
    cases = [
        ("new", "basra", "-p", "A", "-p", "B", "-f", "missing/dir/x.toml"),
        ("export", "m.toml", "-o", "dir"),
        ("simulate", "basra", "--out", "m.toml"),
    ]
    for args in cases:
        done = run(*args)
        assert done.exit_code == 1 and "[log.file]" in done.stderr, (args, done.stderr)


def test_no_lock_or_temporary_is_left_beside_a_log(open_log: Path) -> None:
    assert run("play", "8S", "--takes", "5H 3C").exit_code == 0
    assert run("undo").exit_code == 0
    assert sorted(p.name for p in open_log.parent.iterdir()) == ["match.toml"]


def test_only_this_logs_temporaries_are_cleared(tmp_path: Path) -> None:
    """The log's name is never used as a pattern: `*.toml` and `m[1].toml` clear their own."""
    for name in ("*.toml", "m[1].toml"):
        log = tmp_path / name
        shutil.copy(SAMPLE, log)
        other = tmp_path / ".other.toml.1.2.tmp"
        mine = tmp_path / f".{name}.99.100.tmp"
        other.write_text("x")
        mine.write_text("x")
        assert run("export", str(log), "-o", str(log)).exit_code == 0
        assert other.exists() and not mine.exists()


def test_the_writer_never_writes_what_the_reader_refuses(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    shutil.copy(SAMPLE, log)
    before = log.read_bytes()
    with pytest.raises(RefereeError) as info:
        write_atomic(log, b"#" * (MAX_BYTES + 1))
    assert info.value.problems[0].rule == "log.file"
    assert log.read_bytes() == before


def test_the_2001st_deal_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.log import format as logformat
    from referee.table import session

    monkeypatch.setattr(logformat, "MAX_DEALS", 3)
    monkeypatch.setattr(session, "MAX_DEALS", 3)
    log = tmp_path / "m.toml"
    assert run("new", "bura", "-p", "Ivan", "-p", "Petr", "-f", str(log)).exit_code == 0
    for _ in range(3):
        assert run("deal", "--dealer", "Ivan", "--trump", "9H", "-f", str(log)).exit_code == 0
        assert run("forfeit", "--by", "Petr", "-f", str(log)).exit_code == 0
        undone = run("undo", "-f", str(log))  # the forfeit taken back, the deal open again
        assert undone.exit_code == 0 and "Petr forfeits" in undone.stdout, undone.output
        assert run("forfeit", "--by", "Petr", "-f", str(log)).exit_code == 0
    done = run("deal", "--trump", "9H", "-f", str(log))
    assert done.exit_code == 1 and "[log.deal]" in done.stderr
    match, problems = load_bytes(log.read_bytes())
    assert match is not None and not problems and len(match.deals) == 3


# --- internal errors are not rulings --------------------------------------------------------


def test_an_internal_error_exits_70(open_log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from referee.cli import app
    from referee.table import session

    def broken(self: object) -> None:
        raise IndexError("a bug")

    monkeypatch.setattr(session.Table, "undo", broken)
    done = CliRunner().invoke(app, ["undo"])
    assert done.exit_code == 70 and "internal error (IndexError: a bug)" in done.stderr


# --- Ctrl-C at random moments ---------------------------------------------------------------


@pytest.mark.slow
def test_ctrl_c_never_prints_a_traceback_and_tells_the_truth(tmp_path: Path) -> None:
    """SIGINT at random moments of `referee play` (the installed entry point): never a
    traceback; when it says the entry was written, it was, and when it says nothing was
    written, the log is as it was. An interrupt while Python itself is still starting
    (its `site` import, the package's `__init__`), before any line of referee's runs, is
    Python's own doing: it must leave the log as it was, and is counted apart."""
    log = tmp_path / "match.toml"
    assert run("new", "basra", "-p", "Ali", "-p", "Omar", "-f", str(log)).exit_code == 0
    assert run("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "-f", str(log)).exit_code == 0
    pristine = log.read_bytes()
    rng = random.Random(7)
    outcomes: dict[str, int] = {}
    args = [*REFEREE, "play", "8S", "--takes", "5H 3C", "-f", str(log)]
    span = 0.0
    for k in range(200):
        if k % 50 == 0:  # the moments are spread over a whole run, as long as it takes now
            span = whole_run(args, log, pristine)
        log.write_bytes(pristine)
        child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0, span))
        child.send_signal(signal.SIGINT)
        _, stderr = child.communicate(timeout=30)
        changed = log.read_bytes() != pristine
        if "Traceback" in stderr or "Fatal Python error" in stderr:
            assert in_startup(stderr), stderr  # never from a line of referee's own
            # Python may also swallow it ("Exception ignored") and carry on to the end
            assert not changed or child.returncode == 0, (child.returncode, stderr)
            outcomes["interpreter start-up"] = outcomes.get("interpreter start-up", 0) + 1
            continue
        if "nothing was written" in stderr:
            assert not changed, stderr
            outcomes["nothing"] = outcomes.get("nothing", 0) + 1
        elif "was written; nothing after it was" in stderr:
            assert changed, stderr
            outcomes["written"] = outcomes.get("written", 0) + 1
        else:
            assert child.returncode in (0, -signal.SIGINT), (child.returncode, stderr)
            outcomes["finished"] = outcomes.get("finished", 0) + 1
        assert load_bytes(log.read_bytes())[0] is not None
        assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    # most interrupts must land in referee's own code, where its answer is tested
    answered = outcomes.get("nothing", 0) + outcomes.get("written", 0)
    assert answered >= 30 and answered > outcomes.get("interpreter start-up", 0), outcomes


def whole_run(args: list[str], log: Path, pristine: bytes) -> float:
    """The median time of three uninterrupted runs of ``args`` on ``pristine``: on a loaded
    machine Python starts slowly, and moments drawn from a fixed span would mostly fall in
    its start-up."""
    times = []
    for _ in range(3):
        log.write_bytes(pristine)
        start = time.monotonic()
        done = subprocess.run(args, capture_output=True, text=True, timeout=60)
        times.append(time.monotonic() - start)
        assert done.returncode == 0 and log.read_bytes() != pristine, done.stderr
    return sorted(times)[1]


PACKAGE = Path(referee.__file__).resolve().parent
FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line \d+, in (?P<where>.+?)\s*$')


def in_startup(stderr: str) -> bool:
    """Was this interrupt taken while Python was still starting, before referee's handler
    was installed (site, the editable-install finder, runpy, the package's own __init__, the
    entry point's module body, which installs the handler as its last line)? Only a frame
    in a file of the package's own folder is referee's, wherever the clone lives (a clone
    in a folder named referee puts "/referee/" in the finder's path too)."""
    return not any(own_frame(line) for line in stderr.splitlines())


def own_frame(line: str) -> bool:
    """Is this traceback line a frame of referee's own code, past its start-up?"""
    found = FRAME.match(line)
    if found is None:
        return False
    path = Path(found["file"]).resolve()
    if not path.is_relative_to(PACKAGE):
        return False
    inside = path.relative_to(PACKAGE).as_posix()
    return inside not in ("__init__.py", "__main__.py") and not (
        inside == "entry.py" and found["where"] == "<module>"
    )


def test_the_start_up_classifier_knows_the_packages_own_frames(tmp_path: Path) -> None:
    """A clone in a folder named referee: its finder, site and runpy are start-up; the
    package's __init__, __main__ and the entry point's module body too; any other line of
    the package (a subpackage's __init__ included) is referee's own."""
    clone = tmp_path / "referee"
    site = clone / ".venv/lib/python3.11/site-packages"
    frame = '  File "{}", line 3, in {}'.format

    def startup(*frames: str) -> bool:
        return in_startup(
            "\n".join(["Traceback (most recent call last):", *frames, "KeyboardInterrupt"])
        )

    assert startup(frame(site / "__editable___referee_0_1_0_finder.py", "find_spec"))
    assert startup(frame(clone / "referee_helpers.py", "<module>"))
    assert startup(frame("<frozen runpy>", "_run_module_as_main"))
    assert startup(frame(PACKAGE / "__init__.py", "<module>"))
    assert startup(frame(PACKAGE / "__main__.py", "<module>"))
    assert startup(frame(PACKAGE / "entry.py", "<module>"))
    assert not startup(frame(PACKAGE / "entry.py", "main"))
    assert not startup(frame(PACKAGE / "cli.py", "play"))
    assert not startup(frame(PACKAGE / "cli" / "__init__.py", "<module>"))
    assert not startup(frame(site / "x.py", "f"), frame(PACKAGE / "session.py", "modify"))
