"""Shared helpers: paths, a CLI runner, and a small builder for hand-written logs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.logfile import load_bytes
from referee.match import Replay, replay

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SAMPLES = ROOT / "sample_games"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(*args: str) -> Any:
    """Invoke the CLI in-process; returns click's Result (exit_code, stdout, stderr)."""
    return CliRunner().invoke(app, list(args))


def replay_text(text: str) -> Replay:
    match, problems = load_bytes(text.encode())
    assert match is not None, problems
    return replay(match, problems)


def first_problem(text: str) -> tuple[str, int | None, int | None]:
    rep = replay_text(text)
    assert rep.problems, "expected a problem"
    p = rep.problems[0]
    return p.rule, p.deal, p.play


def json_lines(output: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


BASRA_HEAD = """format = "referee-match"
version = 1
game = "basra"
variant = "{variant}"
players = {players}
{rules}
"""


def basra_log(plays: str, floor: str = "5H 3C 9D KS", dealer: str = "Omar",
              variant: str = "egyptian", players: str = '["Ali", "Omar"]',
              rules: str = "", extra: str = "", game: str = "basra") -> str:
    """A one-deal fishing log; ``plays`` is the body of the plays array."""
    head = BASRA_HEAD.format(variant=variant, players=players,
                             rules=f"[rules]\n{rules}\n" if rules else "")
    head = head.replace('game = "basra"', f'game = "{game}"')
    return (head + f'\n[[deals]]\ndealer = "{dealer}"\nfloor = "{floor}"\n{extra}'
            f"plays = [\n{plays}\n]\n")
