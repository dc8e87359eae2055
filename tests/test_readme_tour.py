"""The README's tour, run command by command as a newcomer types it: every command must be
accepted except those the text announces as refused, and a refusal must cite the rule the
text names."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from .conftest import run

README = Path(__file__).resolve().parent.parent / "README.md"


def tour() -> list[tuple[list[str], str]]:
    """The tour's commands (without ``referee``) and the comment beside each."""
    text = README.read_text(encoding="utf-8")
    block = text.split("## A short tour", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    out = []
    for line in block.strip().splitlines():
        command, _, comment = line.partition("#")
        words = shlex.split(command)
        assert words[0] == "referee", line
        out.append((words[1:], comment.strip()))
    return out


def test_the_tour_is_there() -> None:
    assert len(tour()) >= 10


def expect(args: list[str], refused: str | None) -> None:
    """Run one command of a text as a newcomer types it: refused with rule ``refused`` when
    the text announces that refusal, otherwise accepted. The runner of every session the
    documentation shows (this tour, tests/test_user_guide.py)."""
    done = run(*args)
    if refused is not None:
        assert done.exit_code == 1, (args, done.output)
        assert f"[{refused}]" in done.stderr, (args, refused, done.stderr)
    else:
        assert done.exit_code == 0, (args, done.output)


def test_the_readme_tour_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args, comment in tour():
        rule = re.search(r"\[([a-z.\-]+)\]", comment) if comment.startswith("refused") else None
        if comment.startswith("refused"):
            assert rule is not None, comment
        expect(args, rule.group(1) if rule else None)
