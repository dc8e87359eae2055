"""The progress bar of long work over many files (issue 38): drawn on standard error when
it is a terminal (a pty, through pexpect) and the work has gone on for more than the
delay, never when standard error is piped, never for short work; the output itself is the
same. ``REFEREE_PROGRESS_DELAY=0`` stands for "work that takes more than a second"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from scripts.tournament_robustness import play

from .conftest import ROOT, run

BAR = "]  "  # the end of typer's bar, before its position and percentage


def env(delay: str | None) -> dict[str, str]:
    out = {**os.environ, "REFEREE_LANG": "en", "PYTHONPATH": str(ROOT)}
    out.pop("REFEREE_PROGRESS_DELAY", None)
    if delay is not None:
        out["REFEREE_PROGRESS_DELAY"] = delay
    return out


def on_a_terminal(args: list[str], delay: str | None, cwd: Path) -> tuple[int, str]:
    """Run ``referee ARGS`` with a pty for its output and errors: its exit and all it drew."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "referee", *args],
        cwd=str(cwd),
        env=env(delay),
        encoding="utf-8",
        timeout=120,
        dimensions=(24, 160),
    )
    drawn = child.read()
    child.close()
    return child.exitstatus or 0, drawn


def piped(args: list[str], delay: str | None, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        cwd=cwd,
        env=env(delay),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("logs")
    done = run("simulate", "basra", "--matches", "12", "--seed", "4", "--out", str(folder))
    assert done.exit_code == 0, done.output
    return folder


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("event")
    names = [x for k in range(16) for x in ("-p", f"P{k:02d}")]
    assert run("tournament", "new", "Cup", "--game", "basra", *names, "--rounds", "2",
               "--dir", str(folder)).exit_code == 0  # fmt: skip
    paired = json.loads(run("tournament", "pair", "--json", "--dir", str(folder)).stdout)
    for t in paired["tables"]:
        play(folder / t["log"], t["table"])
    return folder


def test_verify_draws_its_bar_on_a_terminal(logs: Path) -> None:
    files = sorted(p.name for p in logs.glob("*.toml"))
    code, drawn = on_a_terminal(["verify", *files], "0", logs)
    assert code == 0
    assert "Checking the logs" in drawn and f"{BAR}12/12  100%" in drawn, drawn[-400:]
    assert drawn.count(": ok") == 12  # every verdict is there, the bar cleared before each
    # the bar taken off its line for a verdict is drawn again below it, the last one too
    assert drawn.rindex(f"{BAR}12/12  100%") > drawn.rindex(": ok"), drawn[-400:]


def test_nothing_is_drawn_when_piped(logs: Path, event: Path) -> None:
    files = sorted(p.name for p in logs.glob("*.toml"))
    done = piped(["verify", *files], "0", logs)
    assert done.returncode == 0 and done.stderr == "" and done.stdout.count(": ok") == 12
    for args in (["standings", "."], ["simulate", "pasur", "-k", "3", "--out", "more"]):
        done = piped(args, "0", logs)
        assert done.returncode == 0 and done.stderr == "", (args, done.stderr)
    for command in ("verify", "standings", "status"):
        done = piped(["tournament", command, "--dir", str(event)], "0", event)
        assert done.stderr == "", (command, done.stderr)
    done = piped(["tournament", "publish", str(event), "-o", str(event.parent / "s1")], "0", event)
    assert done.returncode == 0 and done.stderr == ""


@pytest.mark.parametrize(
    "args,label",
    [
        (["standings", "."], "Reading the logs"),
        (["simulate", "pasur", "-k", "4", "--out", "sim"], "Playing the matches"),
    ],
)
def test_the_other_commands_over_many_logs_draw_it(logs: Path, args: list[str], label: str) -> None:
    code, drawn = on_a_terminal(args, "0", logs)
    assert code == 0 and label in drawn and "100%" in drawn, drawn[-400:]


@pytest.mark.parametrize(
    "args,label",
    [
        (["tournament", "verify"], "Checking the tables' logs"),
        (["tournament", "standings"], "Reading the tables' logs"),
        (["tournament", "status"], "Reading the tables' logs"),
        (["tournament", "publish", ".", "-o", "../site-pty"], "Writing the pages"),
    ],
)
def test_the_tournament_commands_draw_it(event: Path, args: list[str], label: str) -> None:
    code, drawn = on_a_terminal(args, "0", event)
    assert code == 0 and label in drawn and "100%" in drawn, drawn[-400:]


def test_short_work_draws_nothing(logs: Path) -> None:
    """Under the default delay (a second), checking three logs ends before any bar."""
    files = sorted(p.name for p in logs.glob("*.toml"))[:3]
    code, drawn = on_a_terminal(["verify", *files], None, logs)
    assert code == 0 and drawn.count(": ok") == 3
    assert "Checking the logs" not in drawn and BAR not in drawn
