"""Shared helpers: paths, a CLI runner, one builder for hand-written logs and one for deal
states."""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.games.base import DealState, MatchSoFar, deal_rules
from referee.log.file import load_bytes
from referee.match import Replay, replay
from referee.params import Value
from referee.record import Deal, side_names
from referee.registry import GAMES, variant_values

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SAMPLES = ROOT / "sample_games"
T = TypeVar("T")
_EVERY_MATCH = False


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all-matches",
        action="store_true",
        help="enter every simulated match and every deal of every sample at the table "
        "(the default run takes a seeded sample of them)",
    )


def pytest_configure(config: pytest.Config) -> None:
    global _EVERY_MATCH
    _EVERY_MATCH = bool(config.getoption("--all-matches"))
    if not (config.option.basetemp or os.environ.get("TMPDIR")):
        in_memory_folders()
    own_cache()
    if not hasattr(config, "workerinput"):  # once, in the process that runs the workers
        compiled_package()


def compiled_package() -> None:
    """Compile referee's modules once before the tests start: the tests run referee as a
    child process hundreds of times, and where PYTHONDONTWRITEBYTECODE is set (this
    project's machines set it) each child would compile every module it imports again.
    Python still reads bytecode it is given; the code that runs is the same."""
    import compileall

    compileall.compile_dir(ROOT / "referee", quiet=1, workers=1)


def own_cache() -> None:
    """Keep the memos of long logs (referee/table/memo.py) that the tests' commands write in
    a folder of this run's, not in the user's cache: each test process has its own."""
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="referee-test-cache-")
    os.environ.pop("REFEREE_CACHE", None)


def in_memory_folders(shm: Path = Path("/dev/shm"), room: int = 1 << 30) -> None:
    """Put the tests' folders (tmp_path) in memory where Linux offers a RAM file system
    with room: the tests write logs as referee does, fsync and all, and on a disk those
    flushes were half the suite's time. The code runs the same; only the disk is spared.
    TMPDIR or --basetemp choose another folder."""
    if shm.is_dir() and os.access(shm, os.W_OK) and shutil.disk_usage(shm).free >= room:
        tempfile.tempdir = str(shm)


def every_match() -> bool:
    """Was the run asked for every match (``--all-matches``), not the default sample?"""
    return _EVERY_MATCH


def sampled(cases: Sequence[T], k: int, seed: str) -> list[T]:
    """``k`` of ``cases`` in their order, the same ones on every run and every xdist worker
    (chosen by ``seed``, a string), or all of them under ``--all-matches``. For
    parametrizing the long families of cases: ``@pytest.mark.parametrize("k",
    sampled(range(50), 5, "tournament"))``."""
    if _EVERY_MATCH or k >= len(cases):
        return list(cases)
    chosen = sorted(random.Random(seed).sample(range(len(cases)), k))
    return [cases[i] for i in chosen]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def log(tmp_path: Path) -> Path:
    """A new Basra match log at the table, its first deal dealt (Ali and Omar; Omar deals
    5H 3C 9D KS): what the ``referee serve`` tests serve."""
    from tests.serve_support import new_match  # starlette only for the tests that serve

    return new_match(tmp_path / "m")


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Every test starts in English whatever the machine's locale, and leaves English
    behind (a test may switch the language for the process)."""
    from referee.messages import show_suits
    from referee.words.lang import use

    monkeypatch.setenv("REFEREE_LANG", "en")
    use("en")
    yield
    use("en")
    show_suits(None)


INTERNAL = 70
# Python code that runs referee's entry on ``argv`` in a child and says, as it exits, every
# module it had loaded: what a command imports (``loaded_at_exit`` reads it back).
LOADED_AT_EXIT = (
    "import atexit, sys\n"
    "atexit.register(lambda: sys.stderr.write('LOADED ' + ' '.join(sorted(sys.modules)) + '\\n'))\n"
    "sys.argv = ['referee', *{argv!r}]\n"
    "from referee.entry import main\n"
    "main()\n"
)


def loaded_at_exit(stderr: str) -> set[str]:
    """The modules a child running :data:`LOADED_AT_EXIT` had loaded when it exited."""
    return set(stderr.rsplit("LOADED ", 1)[1].split()) if "LOADED " in stderr else set()


def no_internal_error(result: Any) -> Any:
    """Fail the test on any internal error: a crash is never a ruling."""
    assert result.exit_code != INTERNAL, result.output
    assert "internal error" not in result.output, result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"uncaught {result.exception!r}") from result.exception
    return result


_BUILT: dict[int, Any] = {}  # each typer app's click command, built once


def invoke(typer_app: Any, args: Sequence[str], input: str | None = None) -> Result:
    """What typer's ``CliRunner().invoke`` does, with the app's click command built once
    (building it was two thirds of an in-process run): the command in the runner's
    isolation, its exit code, output and exception."""
    import sys

    import typer

    command = _BUILT.get(id(typer_app))
    if command is None:
        command = _BUILT[id(typer_app)] = typer.main.get_command(typer_app)
    runner = CliRunner()
    code, exception, exc_info = 0, None, None
    with runner.isolation(input=input) as (stdout, stderr, output):
        try:
            command.main(args=list(args), prog_name=command.name or "root")
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            exception, exc_info = (e, sys.exc_info()) if code else (None, None)
        except Exception as e:
            code, exception, exc_info = 1, e, sys.exc_info()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            got = (stdout.getvalue(), stderr.getvalue(), output.getvalue())
    return Result(runner, *got, None, code, exception, exc_info)  # type: ignore[arg-type]


def run(*args: str) -> Any:
    """Invoke the CLI in-process; returns click's Result (exit_code, stdout, stderr).
    Any internal error fails the test."""
    return no_internal_error(invoke(app, args))


def ok(*args: str) -> str:
    """A CLI command that must succeed (:func:`run`): its output."""
    done = run(*args)
    assert done.exit_code == 0, (args, done.stdout, done.stderr)
    return str(done.stdout)


def replay_text(text: str) -> Replay:
    match, problems = load_bytes(text.encode())
    assert match is not None, problems
    return replay(match, problems)


def first_problem(text: str) -> tuple[str, int | None, int | None]:
    replayed = replay_text(text)
    assert replayed.problems, "expected a problem"
    p = replayed.problems[0]
    return p.rule, p.deal, p.play


def json_lines(output: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def log_text(
    game: str,
    deals: list[tuple[str, dict[str, str], str]],
    players: str = '["Ali", "Omar"]',
    rules: str = "",
    variant: str | None = None,
) -> str:
    """A hand-written log: each deal is (dealer, its set-up keys as raw TOML values, the
    body of its plays array)."""
    text = (
        f'format = "referee-match"\nversion = 1\ngame = "{game}"\n'
        f'variant = "{variant or GAMES[game].default_variant}"\nplayers = {players}\n'
    )
    if rules:
        text += f"[rules]\n{rules}\n"
    for dealer, setup, plays in deals:
        keys = "".join(f"{k} = {v}\n" for k, v in setup.items())
        text += f'\n[[deals]]\ndealer = "{dealer}"\n{keys}plays = [\n{plays}\n]\n'
    return text


def basra_log(
    plays: str,
    floor: str = "5H 3C 9D KS",
    dealer: str = "Omar",
    variant: str = "egyptian",
    players: str = '["Ali", "Omar"]',
    rules: str = "",
    extra: str = "",
    game: str = "basra",
) -> str:
    """A one-deal fishing log; ``plays`` is the body of the plays array, ``extra`` raw
    TOML lines of the deal (buried, returned, hands)."""
    setup = {"floor": f'"{floor}"'}
    for line in extra.splitlines():
        if line.strip():
            key, value = line.split("=", 1)
            setup[key.strip()] = value.strip()
    return log_text(game, [(dealer, setup, plays)], players, rules, variant)


def new_state(
    game: str,
    deal: Deal,
    players: list[str],
    variant: str | None = None,
    totals: dict[str, int] | None = None,
    **rules: Value,
) -> DealState:
    """The state of ``deal`` as the first deal of a match, ruled by the game's registry
    entry, with the variant's parameters overridden by ``rules``."""
    spec = GAMES[game]
    values = variant_values(game, variant or spec.default_variant)
    values.update(rules)
    sides = side_names(players, values)
    return deal_rules(spec)(players, values, deal, 0, MatchSoFar(totals or dict.fromkeys(sides, 0)))
