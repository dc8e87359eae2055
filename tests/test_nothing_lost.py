"""Nothing lost, round three (issue 34): an output never destroys an input, every bad value
of a tournament file is a ``tournament.file`` problem in every command that reads it, free
text has one rule, and what a killed writer left beside a file is cleared by the next one."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.html import publish as publishing
from scripts.tournament_robustness import play

from .conftest import SAMPLES, ok, run

SAMPLE = SAMPLES / "basra-egyptian-2p.toml"


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every entry under ``folder``, with the bytes of each file (None: a folder)."""
    return {
        str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


@pytest.fixture
def event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A four-entrant Swiss with round 1 played and round 2 paired, as the cwd."""
    folder = tmp_path / "event"
    folder.mkdir()
    monkeypatch.chdir(folder)
    ok("tournament", "new", "Cup", "--game", "basra", "-p", "A", "-p", "B", "-p", "C",
       "-p", "D", "--seed", "1", "--rounds", "3")  # fmt: skip
    for r in (1, 2):
        for table in json.loads(ok("tournament", "pair", "--json"))["tables"]:
            if r == 1:
                play(folder / table["log"], table["table"])
    return folder


# --- 1 and 2: an output never destroys an input --------------------------------------


@pytest.mark.parametrize(
    "dest", ["round-1", "round-1/table-1.toml", "tournament.toml", ".", "..", "round-2"]
)
@pytest.mark.parametrize("force", [[], ["--force"]])
def test_publish_never_replaces_a_file_of_the_tournament(
    event: Path, dest: str, force: list[str]
) -> None:
    before = snapshot(event)
    result = run("tournament", "publish", ".", "-o", dest, *force)
    assert result.exit_code == 1, result.stdout
    assert "[output.input]" in result.stderr and "would destroy" in result.stderr
    assert re.search(r"tournament\.toml|table-\d\.toml", result.stderr)
    assert snapshot(event) == before


def test_publish_into_a_folder_inside_the_tournament_is_allowed(event: Path) -> None:
    ok("tournament", "publish", ".", "-o", "site")
    assert (event / "site" / "index.html").is_file()
    ok("tournament", "publish", ".", "-o", "site")  # an earlier publication: replaced


def test_a_link_to_a_log_is_the_log(event: Path) -> None:
    (event / "alias").symlink_to(event / "round-1")
    os.link(event / "round-1" / "table-1.toml", event / "hard.toml")
    before = snapshot(event / "round-1")
    result = run("tournament", "publish", ".", "-o", "alias", "--force")
    assert result.exit_code == 1 and "[output.input]" in result.stderr, result.stderr
    result = run("sheet", "round-1/table-2.toml", "-o", "hard.toml")
    assert result.exit_code == 1 and "round-1/table-1.toml" in result.stderr
    assert snapshot(event / "round-1") == before


@pytest.mark.parametrize("name", ["match.toml", "hard.toml", "soft.toml"])
def test_sheet_never_writes_over_its_log(tmp_path: Path, name: str) -> None:
    log = tmp_path / "match.toml"
    log.write_bytes(SAMPLE.read_bytes())
    if name == "hard.toml":
        os.link(log, tmp_path / name)
    elif name == "soft.toml":
        (tmp_path / name).symlink_to(log)
    result = run("sheet", str(log), "-o", str(tmp_path / name))
    assert result.exit_code == 1, result.stdout
    assert "[output.input]" in result.stderr and "which this command reads" in result.stderr
    assert log.read_bytes() == SAMPLE.read_bytes()
    assert run("verify", str(log)).exit_code == 0


def test_export_onto_another_log_of_the_tournament_is_refused_onto_its_own_allowed(
    event: Path,
) -> None:
    other = (event / "round-1" / "table-2.toml").read_bytes()
    result = run("export", "round-1/table-1.toml", "-o", "round-1/table-2.toml")
    assert result.exit_code == 1 and "a file of the tournament" in result.stderr
    assert (event / "round-1" / "table-2.toml").read_bytes() == other
    ok("export", "round-1/table-1.toml", "-o", "round-1/table-1.toml")
    ok("sheet", "round-1/table-1.toml", "-o", "sheet.html")  # anywhere else: written


def test_pair_never_writes_through_a_linked_round_folder(event: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    for table in json.loads(ok("tournament", "status", "--json"))["rounds"][-1]["tables"]:
        play(event / table["log"], 7 + table["table"])
    (event / "round-3").symlink_to(outside)
    before = (event / "tournament.toml").read_bytes()
    result = run("tournament", "pair")
    assert result.exit_code == 1 and "[tournament.round]" in result.stderr
    assert "symbolic link (round-3)" in result.stderr
    assert list(outside.iterdir()) == []
    assert (event / "tournament.toml").read_bytes() == before


def test_publish_of_a_link_to_a_folder_says_a_link(event: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (event / "s1").symlink_to(empty)
    result = run("tournament", "publish", ".", "-o", "s1")
    assert result.exit_code == 1 and "found a symbolic link" in result.stderr
    assert "found a file" not in result.stderr


def test_the_documented_policy_is_the_pages_policy(event: Path) -> None:
    ok("tournament", "publish", ".", "-o", "site")
    page = (event / "site" / "index.html").read_text()
    policy = re.search(r'Content-Security-Policy" content="([^"]+)"', page)
    assert policy is not None
    docs = (Path(__file__).resolve().parent.parent / "docs" / "tournament.md").read_text()
    assert f"`{policy.group(1)}`" in " ".join(docs.split())


# --- 5 and 7: every bad value is a tournament.file problem, free text has one rule ---


def edit(event: Path, old: str, new: str) -> None:
    file = event / "tournament.toml"
    text = file.read_text()
    assert re.search(old, text, re.M), old
    file.write_text(re.sub(old, lambda _: new, text, count=1, flags=re.M))


@pytest.mark.parametrize(
    ("old", "new", "path"),
    [
        (r"^table_size = \d+", "table_size = 1", "table_size"),
        (r'^name = "Cup"', 'name = "Cup\\u0007"', "name"),
        (r'^name = "Cup"', 'name = "  "', "name"),
    ],
)
def test_every_reader_of_the_tournament_file_says_the_same_problem(
    event: Path, old: str, new: str, path: str
) -> None:
    edit(event, old, new)
    before = snapshot(event)
    said = set()
    for command in ("status", "standings", "verify", "pair", "publish -o site"):
        result = run("tournament", *command.split())
        assert result.exit_code == 1, (command, result.stdout)
        lines = (result.stdout + result.stderr).splitlines()
        problem = next(line for line in lines if "tournament.file]" in line)
        found = re.search(rf"\b{path}\W+(.*)$", problem)
        assert found is not None, (command, problem)
        said.add(found.group(1))
    assert len(said) == 1, said
    assert snapshot(event) == before


def test_a_decision_with_a_blank_or_unsafe_reason_is_a_file_problem(event: Path) -> None:
    for table in json.loads(ok("tournament", "status", "--json"))["rounds"][-1]["tables"]:
        play(event / table["log"], 3 + table["table"])
    ok("tournament", "result", "1", "--time", "--reason", "late")
    for reason in ('""', '"late\\u001b[2J"', '"\\u202eevil"'):
        edit(event, r'^reason = ".*"', f"reason = {reason}")
        result = run("tournament", "verify", "--json")
        assert result.exit_code == 1
        problems = json.loads(result.stdout)["problems"]
        assert any(  # the key path leads the message (tournament.md's verify --json)
            p["rule"] == "tournament.file" and p["message"].split(":")[0].endswith(".reason")
            for p in problems
        ), problems


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "new", "Cup\x07", "--game", "basra", "-p", "A", "-p", "B"],
        ["tournament", "result", "1", "--time", "--reason", "late\x1b[2J"],
        ["tournament", "result", "1", "--time", "--reason", " "],
    ],
)
def test_the_commands_hold_free_text_to_the_same_rule(event: Path, args: list[str]) -> None:
    if args[1] == "new":
        os.chdir(event.parent)
        args = [*args, "--dir", "other"]
    before = snapshot(event.parent)
    result = run(*args)
    blank = args[-1] == " "
    assert result.exit_code == (2 if blank else 1), result.stdout
    if blank:  # a usage error, as before: the option is given without a reason
        assert "--reason" in result.stderr
    else:  # as an entrant's name with a control character
        assert "[tournament.file]" in result.stderr
        assert "holds a control, bidi or invisible character" in result.stderr
    assert snapshot(event.parent) == before


# --- 6: what a killed writer left is cleared -------------------------------------------


def dead_pid() -> int:
    """The pid of a process that has ended (and been reaped)."""
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)  # fmt: skip
    return int(child.stdout)


def test_a_new_log_clears_the_temporaries_a_killed_pair_left(event: Path) -> None:
    for table in json.loads(ok("tournament", "status", "--json"))["rounds"][-1]["tables"]:
        play(event / table["log"], 5 + table["table"])
    (event / "round-3").mkdir()
    stale = event / "round-3" / f".table-1.toml.{dead_pid()}.123.tmp"
    living = event / "round-3" / f".table-2.toml.{os.getpid()}.456.tmp"
    stale.write_text("half a log")
    living.write_text("a log being written")
    ok("tournament", "pair")
    assert not stale.exists()
    assert living.exists()  # its writer is alive: never touched
    assert (event / "round-3" / "table-1.toml").is_file()


def test_publish_clears_what_a_killed_publish_left_and_leaves_nothing(event: Path) -> None:
    left = [event / f".site.{dead_pid()}.99.new", event / f".site.{dead_pid()}.98.old"]
    for folder in left:
        folder.mkdir()
        (folder / "index.html").write_text("half")
    ok("tournament", "publish", ".", "-o", "site")
    assert [p.name for p in event.iterdir() if p.name.startswith(".")] == []


def test_publish_names_its_temporaries_for_its_process(
    event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[Path] = []
    real = publishing._beside

    def spy(parent: Path, dest: Path, suffix: str) -> Path:
        made.append(real(parent, dest, suffix))
        return made[-1]

    monkeypatch.setattr(publishing, "_beside", spy)
    monkeypatch.setattr(publishing, "exchange", lambda one, other: False)  # the fallback
    ok("tournament", "publish", ".", "-o", "site")
    ok("tournament", "publish", ".", "-o", "site")
    assert [p.suffix for p in made] == [".new", ".new", ".old"]
    assert all(p.name.startswith(f".site.{os.getpid()}.") for p in made)
    assert not any(p.exists() for p in made)


# --- every bad value of the tournament file: a short run of the structure-aware fuzz ---


@pytest.mark.slow
def test_a_fuzzed_tournament_file_is_refused_in_plain_lines_and_changes_nothing() -> None:
    """scripts/fuzz_tournament.py, briefly: mutated files of real tournaments through
    status, standings, verify and pair (the long run is in the note and bench/README.md)."""
    from scripts import fuzz_tournament

    counts = fuzz_tournament.run(inputs=30, seed=7, bases=3)
    assert counts["inputs"] == 30
    assert counts["status:refused"] > 0 and counts["status:accepted"] > 0


def test_a_side_that_is_not_a_team_in_a_team_tournament_is_a_problem(tmp_path: Path) -> None:
    """The fuzz's first finding: an entrant's name deleted from a team tournament made
    every command fail on the seating of its table (IndexError, exit 70)."""
    os.chdir(tmp_path)
    ok("tournament", "new", "Cup", "--game", "basra", "--team", "A & B", "--team", "C & D")
    ok("tournament", "pair")
    file = tmp_path / "tournament.toml"
    text = file.read_text()
    assert 'name = "C & D"' in text
    file.write_text(text.replace('name = "C & D"', "withdrawn = 9", 1))
    for command in ("status", "standings", "verify", "pair"):
        result = run("tournament", command)
        assert result.exit_code == 1, (command, result.stdout)
        assert "[tournament.file]" in result.stdout + result.stderr
        assert "'C & D' is not an entrant" in result.stdout + result.stderr


def test_persian_free_text_keeps_its_non_joiner(event: Path) -> None:
    """The zero-width non-joiner is part of Persian spelling, not a hidden character."""
    for table in json.loads(ok("tournament", "status", "--json"))["rounds"][-1]["tables"]:
        play(event / table["log"], 3 + table["table"])
    ok("tournament", "result", "1", "--time", "--reason", "بازیکن نمی\u200cآید")
    assert ok("tournament", "verify")
    assert "نمی\u200cآید" in (event / "tournament.toml").read_text()


def test_a_table_size_edited_after_a_round_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    """The long fuzz's finding (seed 12, input 33,889): rounds seated three a table, the
    file then said two; verify's least-cost check failed to unpack a table (exit 70)."""
    os.chdir(tmp_path)
    ok("tournament", "new", "Cup", "--game", "basra", "--table-size", "3",
       *[a for n in "ABCDEF" for a in ("-p", n)], "--seed", "2")  # fmt: skip
    for table in json.loads(ok("tournament", "pair", "--json"))["tables"]:
        play(tmp_path / table["log"], table["table"])
    edit(tmp_path, r"^table_size = 3", "table_size = 2")
    before = snapshot(tmp_path)
    for command in ("status", "standings", "verify", "pair"):
        result = run("tournament", command)
        said = result.stdout + result.stderr
        assert result.exit_code == 1, (command, said)
        assert "round[0].tables[0].sides" in said and "found 3" in said, (command, said)
    assert snapshot(tmp_path) == before


# --- the independent check's findings (issue 34, round two) ----------------------------


def test_force_never_replaces_a_tournament_put_inside_a_publication(event: Path) -> None:
    ok("tournament", "publish", ".", "-o", "../outside/site")
    ok("tournament", "new", "Other", "--game", "basra", "-p", "X", "-p", "Y",
       "--dir", "../outside/site/cup2")  # fmt: skip
    nested = event.parent / "outside" / "site" / "cup2" / "tournament.toml"
    before = nested.read_bytes()
    result = run("tournament", "publish", ".", "-o", "../outside/site", "--force")
    assert result.exit_code == 1 and "[output.input]" in result.stderr, result.stdout
    assert "cup2" in result.stderr and nested.read_bytes() == before


@pytest.mark.parametrize(
    "args",
    [
        ["new", "basra", "-p", "A\nB", "-p", "C", "-f", "m.toml"],
        ["tournament", "add", "Cup\nX"],
        ["tournament", "add", "Zed\u0085"],
        ["tournament", "result", "1", "--time", "--reason", "late\nagain"],
    ],
)
def test_a_line_break_or_a_c1_control_is_refused_in_free_text(event: Path, args: list[str]) -> None:
    if args[1] == "result":
        for table in json.loads(ok("tournament", "status", "--json"))["rounds"][-1]["tables"]:
            play(event / table["log"], 3 + table["table"])
    before = snapshot(event)
    result = run(*args)
    assert result.exit_code == 1, result.stdout
    assert "holds a control, bidi or invisible character" in result.stderr
    assert snapshot(event) == before


def test_a_reason_with_a_line_break_in_the_file_is_a_problem(event: Path) -> None:
    for table in json.loads(ok("tournament", "status", "--json"))["rounds"][-1]["tables"]:
        play(event / table["log"], 3 + table["table"])
    ok("tournament", "result", "1", "--time", "--reason", "late")
    edit(event, r'^reason = ".*"', 'reason = "a\\nb"')
    result = run("tournament", "status")
    assert result.exit_code == 1 and "[tournament.file]" in result.stderr
    assert ".reason)" in result.stderr


def test_pair_never_writes_through_a_link_inside_the_tournament(event: Path) -> None:
    for table in json.loads(ok("tournament", "status", "--json"))["rounds"][-1]["tables"]:
        play(event / table["log"], 5 + table["table"])
    (event / "r3real").mkdir()
    (event / "round-3").symlink_to(event / "r3real")
    before = (event / "tournament.toml").read_bytes()
    result = run("tournament", "pair")
    assert result.exit_code == 1 and "symbolic link (round-3)" in result.stderr
    assert list((event / "r3real").iterdir()) == []
    assert (event / "tournament.toml").read_bytes() == before


def test_publish_swaps_the_folders_in_one_step(
    event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Linux exchanges the new and the old publication at once: no instant without one
    (a kill between the two renames of the fallback left no site)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("renameat2 is Linux's")
    swaps: list[bool] = []
    real_exchange = publishing.exchange

    def spy(one: Path, other: Path) -> bool:
        swaps.append(real_exchange(one, other))
        return swaps[-1]

    monkeypatch.setattr(publishing, "exchange", spy)
    made: list[str] = []
    real_beside = publishing._beside
    monkeypatch.setattr(
        publishing,
        "_beside",
        lambda *a: made.append(a[2]) or real_beside(*a),  # type: ignore[func-returns-value]
    )
    ok("tournament", "publish", ".", "-o", "site")
    ok("tournament", "publish", ".", "-o", "site")
    assert swaps == [True] and made == [".new", ".new"]  # never moved aside
    monkeypatch.setattr(publishing, "exchange", lambda one, other: False)
    ok("tournament", "publish", ".", "-o", "site")  # where it cannot: the two renames
    assert made[-1] == ".old" and (event / "site" / "index.html").is_file()
    assert [p.name for p in event.iterdir() if p.name.startswith(".")] == []


def test_ctrl_c_says_the_last_file_written_whatever_it_is() -> None:
    import referee.entry
    from referee.log import file as logfile

    saved = list(logfile.written)
    try:
        logfile.written[:] = []
        assert referee.entry.interrupted() == "referee: interrupted; nothing was written\n"
        logfile.written.append(Path("simout"))
        said = referee.entry.interrupted()
        assert "'simout' was written; nothing after it was" in said
    finally:
        logfile.written[:] = saved


def test_simulate_counts_the_folder_it_makes_as_written(tmp_path: Path) -> None:
    from referee.log import file as logfile

    before = len(logfile.written)
    ok("simulate", "basra", "-o", str(tmp_path / "simout"), "--matches", "1")
    assert tmp_path / "simout" in logfile.written[before:]


REFEREE = [sys.executable, "-m", "referee"]
ASCII = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}


def test_a_full_output_after_a_write_says_what_was_written(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    log.write_bytes(SAMPLE.read_bytes())
    with open("/dev/full", "wb") as full:
        done = subprocess.run([*REFEREE, "undo", "-f", str(log)], stdout=full,
                              stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert done.returncode == 1
    assert "standard output: No space left on device" in done.stderr
    assert "was written whole before it (do not enter it again)" in done.stderr
    assert log.read_bytes() != SAMPLE.read_bytes()  # the undo was recorded


def test_an_ascii_terminal_reads_utf8_arguments_and_gets_plain_ascii(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    done = subprocess.run([*REFEREE, "new", "basra", "-p", "Ali", "-p", "Омар", "--event",
                           "Café", "-f", str(log)], env=ASCII, capture_output=True)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert 'event = "Café"' in log.read_text(encoding="utf-8")
    assert '"Омар"' in log.read_text(encoding="utf-8")
    done = subprocess.run([*REFEREE, "rules", "basra"], env=ASCII, capture_output=True)
    assert done.returncode == 0 and b"\\u" not in done.stdout, done.stdout[:200]
    assert done.stdout.startswith(b"Basra - variant Egyptian")
