"""Every command at every edge (issue 34): standard output closed or full, standard input
closed, argument bytes that are not UTF-8, an ASCII-only locale, and Ctrl-C, each answered
in plain lines with the right exit code and never a traceback, by the installed entry point
in a real process.

The commands are read from the CLI itself, not from a list kept here: a command added
later fails :func:`test_every_command_has_a_recipe` until it is given one below, and from
then on runs at every edge."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import typer

from referee.cli.commands import full_app
from scripts.tournament_robustness import play

from .conftest import run
from .test_hostile import in_startup

pytestmark = pytest.mark.slow  # some 220 processes: the slow family (README)
REFEREE = [sys.executable, "-m", "referee"]
TEXT = "Café"  # free text: the edges give it as bytes that are not UTF-8, or as ASCII


class Recipe(NamedTuple):
    """A command line that succeeds in the fixture folder. ``path``: the file or folder it
    reads (the edges spoil it when the command takes no free text, :data:`TEXT`);
    ``quiet``: it prints nothing on standard output when it succeeds."""

    args: tuple[str, ...]
    path: str | None = None
    quiet: bool = False

    @property
    def text(self) -> int | None:
        """Where the free text is in the command line (None: it takes none)."""
        return self.args.index(TEXT) if TEXT in self.args else None


RECIPES: dict[tuple[str, ...], Recipe] = {
    ("new",): Recipe(("new", "basra", "-p", "Ali", "-p", "Omar", "-f", "new.toml",
                      "--event", TEXT), "new.toml"),
    ("deal",): Recipe(("deal", "-f", "fresh.toml", "--dealer", "Omar", "--floor",
                       "5H 3C 9D KS", "--note", TEXT), "fresh.toml"),
    ("play",): Recipe(("play", "KD", "--takes", "KS", "--note", TEXT)),
    ("declare",): Recipe(("declare", "molodka", "AC", "10C", "KC", "--by", "Petr", "-f",
                          "bura.toml"), "bura.toml"),
    ("claim",): Recipe(("claim", "--by", "Petr", "-f", "bura.toml"), "bura.toml"),
    ("forfeit",): Recipe(("forfeit", "--by", "Petr", "-f", "bura.toml", "--note", TEXT),
                         "bura.toml"),
    ("show",): Recipe(("show", "-f", "match.toml"), "match.toml"),
    ("options",): Recipe(("options", "9C", "-f", "match.toml"), "match.toml"),
    ("undo",): Recipe(("undo", "-f", "match.toml"), "match.toml"),
    ("amend",): Recipe(("amend", "--event", TEXT)),
    ("hand",): Recipe(("hand", "Ali", "8S", "4C", "10C", "QD", "-f", "match.toml"),
                      "match.toml"),
    ("score",): Recipe(("score", "match.toml"), "match.toml"),
    ("sheet",): Recipe(("sheet", "match.toml", "-o", "sheet.html"), "match.toml"),
    ("verify",): Recipe(("verify", "match.toml"), "match.toml"),
    ("export",): Recipe(("export", "match.toml", "-o", "clean.toml"), "match.toml", quiet=True),
    ("rules",): Recipe(("rules", "basra")),
    ("simulate",): Recipe(("simulate", "basra", "-o", "sim", "--matches", "2"), "sim"),
    ("live",): Recipe(("live", "-f", "match.toml"), "match.toml"),
    ("standings",): Recipe(("standings", "tour/round-1"), "tour/round-1"),
    ("explain",): Recipe(("explain", "match.toml", "--deal", "1", "--play", "1"), "match.toml"),
    ("serve",): Recipe(("serve", "--dir", "tour", "--urls"), "tour"),  # says them and exits
    ("tournament", "new"): Recipe(("tournament", "new", TEXT, "--game", "basra", "-p", "A",
                                   "-p", "B", "-d", "other"), "other"),
    ("tournament", "add"): Recipe(("tournament", "add", TEXT, "-d", "tour"), "tour"),
    ("tournament", "drop"): Recipe(("tournament", "drop", "D", "-d", "tour"), "tour"),
    ("tournament", "pair"): Recipe(("tournament", "pair", "-d", "tour"), "tour"),
    ("tournament", "result"): Recipe(("tournament", "result", "1", "--time", "--reason",
                                      TEXT, "-d", "tour"), "tour"),
    ("tournament", "recount"): Recipe(("tournament", "recount", "2", "--reason", TEXT,
                                       "-d", "tour"), "tour"),
    ("tournament", "close"): Recipe(("tournament", "close", "-d", "tour"), "tour"),
    ("tournament", "status"): Recipe(("tournament", "status", "-d", "tour"), "tour"),
    ("tournament", "standings"): Recipe(("tournament", "standings", "--csv", "-d", "tour"),
                                        "tour"),
    ("tournament", "verify"): Recipe(("tournament", "verify", "--json", "-d", "tour"),
                                     "tour"),
    ("tournament", "publish"): Recipe(("tournament", "publish", "tour", "-o", "site"),
                                      "tour", quiet=False),
}  # fmt: skip
# Commands whose recipe refuses on purpose (a state they need would take a longer match):
# they still must refuse in plain lines at every edge.
REFUSING = {("tournament", "recount"): 1, ("tournament", "close"): 1}


def cli_commands() -> list[tuple[str, ...]]:
    """Every command and subcommand of ``referee``, as the CLI itself builds them."""
    found: list[tuple[str, ...]] = []

    def walk(group: Any, prefix: tuple[str, ...]) -> None:
        for name, command in sorted(group.commands.items()):
            if getattr(command, "commands", None):
                walk(command, (*prefix, name))
            else:
                found.append((*prefix, name))

    walk(typer.main.get_command(full_app()), ())
    return found


def test_every_command_has_a_recipe() -> None:
    missing = sorted(set(cli_commands()) - set(RECIPES))
    assert not missing, f"give these commands a recipe in tests/test_edges.py: {missing}"
    assert not set(RECIPES) - set(cli_commands()), "a recipe for a command that is gone"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder every run starts from: a Basra match with a deal under way, a fresh one,
    a Bura deal under way, and a tournament with round 1 played."""
    folder = tmp_path_factory.mktemp("edges")
    here = os.getcwd()
    os.chdir(folder)
    try:
        steps = [
            ("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date"),
            ("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS"),
            ("play", "8S", "--takes", "5H 3C"),
            ("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date", "-f", "fresh.toml"),
            ("new", "bura", "-p", "Ivan", "-p", "Petr", "--no-date", "-f", "bura.toml"),
            ("deal", "--dealer", "Petr", "--trump", "9H", "-f", "bura.toml"),
            ("play", "6S", "-f", "bura.toml"),
            ("play", "7S", "-f", "bura.toml"),
            ("tournament", "new", "Cup", "--game", "basra", "-p", "A", "-p", "B", "-p", "C",
             "-p", "D", "--seed", "1", "-d", "tour"),
            ("tournament", "pair", "-d", "tour"),
        ]  # fmt: skip
        for step in steps:
            done = run(*step)
            assert done.exit_code == 0, (step, done.stdout, done.stderr)
        for k, log in enumerate(sorted((folder / "tour" / "round-1").glob("*.toml")), 1):
            play(log, k)
    finally:
        os.chdir(here)
    return folder


class Ran(NamedTuple):
    code: int
    out: bytes
    err: str
    changed: bool


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def launch(
    built: Path,
    tmp_path: Path,
    args: list[str | bytes],
    env: dict[str, str] | None = None,
    close: tuple[int, ...] = (),
    stdout: Any = subprocess.PIPE,
    interrupt: float | None = None,
) -> Ran:
    """Run ``referee args`` in a fresh copy of the fixture folder, as a person would."""
    work = tmp_path / "work"
    shutil.copytree(built, work, symlinks=True)
    before = snapshot(work)

    def closing() -> None:
        for fd in close:
            os.close(fd)

    child = subprocess.Popen(
        [*REFEREE, *args],
        cwd=work,
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env={**os.environ, "REFEREE_LANG": "en", **(env or {})},
        preexec_fn=closing if close else None,
    )
    if interrupt is not None:
        time.sleep(interrupt)
        child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    said = err.decode("utf-8", "replace")
    return Ran(child.returncode, out or b"", said, snapshot(work) != before)


def plain(ran: Ran, allowed: tuple[int, ...]) -> None:
    """No traceback, no internal error, an allowed exit code, and every line on standard
    error one that referee (or its usage message) says."""
    assert "Traceback" not in ran.err and "internal error" not in ran.err, ran.err
    assert ran.code in allowed, (ran.code, ran.err)
    for line in ran.err.splitlines():
        assert line.startswith(("referee:", "Usage:", "Try ", "Error:", "  ", "\u200f")) or (
            not line.strip()
        ), line


def spoiled(recipe: Recipe) -> list[str | bytes]:
    """The recipe with its free text (else its first file name) as bytes that are not UTF-8."""
    args: list[str | bytes] = list(recipe.args)
    at = recipe.text if recipe.text is not None else None
    if at is None and recipe.path is not None:
        at = recipe.args.index(recipe.path)
    if at is None:
        return [*args, b"\xe9"]  # a stray argument: a usage error
    args[at] = str(args[at]).encode() + b"\xe9"
    return args


EDGES: dict[str, Callable[[Path, Path, tuple[str, ...]], None]] = {}


def edge(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def register(check: Callable[..., None]) -> Callable[..., None]:
        EDGES[name] = check
        return check

    return register


def expected(command: tuple[str, ...]) -> int:
    return REFUSING.get(command, 0)


@edge("as-typed")
def as_typed(built: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    ran = launch(built, tmp_path, list(RECIPES[command].args))
    plain(ran, (expected(command),))


@edge("stdout-closed")
def stdout_closed(built: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    ran = launch(built, tmp_path, list(RECIPES[command].args), close=(1,), stdout=None)
    plain(ran, (1,))
    assert "[log.file]" in ran.err and "standard output" in ran.err, ran.err
    assert not ran.changed  # refused before anything was written


@edge("stdout-full")
def stdout_full(built: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        ran = launch(built, tmp_path, list(RECIPES[command].args), stdout=full)
    if RECIPES[command].quiet or expected(command):  # the device is never written
        plain(ran, (expected(command),))
        return
    plain(ran, (1,))
    assert "[log.file]" in ran.err and "No space left" in ran.err, ran.err


@edge("stdin-closed")
def stdin_closed(built: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    ran = launch(built, tmp_path, list(RECIPES[command].args), close=(0,))
    plain(ran, (expected(command), 1))


@edge("not-utf8")
def not_utf8(built: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    recipe = RECIPES[command]
    ran = launch(built, tmp_path, spoiled(recipe))
    if recipe.text is None:  # a file name may hold any bytes: found or not, said plainly
        plain(ran, (0, 1, 2))
        return
    plain(ran, (2,))
    assert "is not UTF-8 text" in ran.err, ran.err
    assert not ran.changed


@edge("ascii-locale")
def ascii_locale(built: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    env = {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    args = [a.replace(TEXT, "Cafe") for a in RECIPES[command].args]
    ran = launch(built, tmp_path, list(args), env=env)
    plain(ran, (expected(command),))
    ran.out.decode("ascii")  # what the terminal cannot show is escaped, never a crash


@edge("ctrl-c")
def ctrl_c(built: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    moment = random.Random(" ".join(command)).uniform(0.02, 0.4)
    ran = launch(built, tmp_path, list(RECIPES[command].args), interrupt=moment)
    if ran.code == -signal.SIGINT or (
        ("Traceback" in ran.err or "Fatal Python error" in ran.err) and in_startup(ran.err)
    ):
        return  # before referee's first line ran: Python's own start-up, not ours to answer
    plain(ran, (expected(command), 130))
    if ran.code == 130:
        assert "interrupted" in ran.err, ran.err


def cases() -> Iterator[Any]:
    for command in sorted(RECIPES):
        for name in EDGES:
            yield pytest.param(command, name, id=f"{'-'.join(command)}:{name}")


@pytest.mark.parametrize(("command", "edge_name"), list(cases()))
def test_every_command_at_every_edge(
    built: Path, tmp_path: Path, command: tuple[str, ...], edge_name: str
) -> None:
    EDGES[edge_name](built, tmp_path, command)
