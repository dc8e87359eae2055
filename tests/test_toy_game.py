"""A game of neither family is one module and one registry line, proved: High card
(tests/toygame.py), defined only here and added with ``registry.add`` at test time, goes
through every command a real game does: new, deal, play, undo, amend, show, options,
score, verify, export, explain, simulate, standings and live."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee.registry import GAMES

from .conftest import ok, run
from .toygame import SPEC


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "toy", SPEC)


def test_the_toy_game_at_the_table(tmp_path: Path) -> None:
    log = str(tmp_path / "m.toml")
    ok("new", "toy", "-p", "Ada", "-p", "Ben", "--no-date", "-f", log)
    ok(
        "deal",
        "--dealer",
        "Ben",
        "--trump",
        "9H",
        "--hand",
        "Ada=AS 2C",
        "--hand",
        "Ben=KD 3H",
        "-f",
        log,
    )
    refused = run("play", "KD", "--by", "Ben", "-f", log)  # Ada leads, not Ben
    assert refused.exit_code == 1 and "[turn.order]" in refused.stderr
    assert "it is Ada's turn" in refused.stderr  # the toy's own sentence, registered
    refused = run("play", "9H", "-f", log)
    assert refused.exit_code == 1 and "[card.duplicate]" in refused.stderr
    assert "9♥ is already out" in refused.stderr
    ok("play", "AS", "-f", log)
    ok("play", "3H", "-f", log)  # Ada's ace takes the trick
    ok("undo", "-f", log)
    ok("play", "KD", "-f", log)
    ok("play", "2C", "-f", log)  # Ada leads again
    shown = json.loads(ok("show", "--json", "-f", log))
    assert shown["tricks"] == {"Ada": 1, "Ben": 0}
    assert "any card" in ok("options", "-f", log)
    ok("play", "3H", "-f", log)  # Ben's 3 takes the 2: the deal is over, 1-1
    score = json.loads(ok("score", log, "--json"))
    assert score["totals"] == {"Ada": 1, "Ben": 1} and score["deals"][0]["score"] == {
        "Ada": 1,
        "Ben": 1,
    }
    refused = run("amend", "--deal", "1", "--play", "2", "3H", "-f", log)  # 3H is played later
    assert refused.exit_code == 1 and "[card.duplicate] (deal 1, play 4" in refused.stderr
    before = Path(log).read_bytes()
    amended = ok("amend", "--deal", "1", "--play", "4", "--delete", "-f", log)
    assert "To take it back: referee amend --deal 1 --play 4 --insert 3H --by Ben" in amended
    ok("amend", "--deal", "1", "--play", "4", "--insert", "3H", "--by", "Ben", "-f", log)
    assert Path(log).read_bytes() == before
    verdict = json.loads(ok("verify", log, "--json"))
    assert verdict["ok"] is True
    exported = ok("export", log)
    assert 'game = "toy"' in exported and 'trump = "9H"' in exported
    explained = ok("explain", log, "--deal", "1", "--play", "1")
    assert "[toy.play]" in explained


def test_the_toy_game_simulated_and_tallied(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    ok("simulate", "toy", "--players", "2", "--seed", "3", "--matches", "4", "--out", str(out))
    logs = sorted(out.glob("*.toml"))
    assert len(logs) == 4
    for line in ok("verify", *map(str, logs), "--json", "--jobs", "1").splitlines():
        assert json.loads(line)["ok"] is True
    tally = json.loads(ok("standings", str(out), "--json", "--jobs", "1"))
    assert tally["matches"] == 4
    assert sum(r["won"] for r in tally["sides"]) == 4  # a match of High card always has a winner


def test_the_toy_game_live(tmp_path: Path) -> None:
    from referee.cli.commands.live import Live

    log = tmp_path / "m.toml"
    ok("new", "toy", "-p", "Ada", "-p", "Ben", "--no-date", "-f", str(log))
    said: list[str] = []
    session = Live(log, said.append)
    for line in ("deal dealer Ben 9H", "AS", "3H", "KD", "2C", "score"):
        assert session.handle(line)
    text = "\n".join(said)
    assert "referee:" not in text, text
    assert "Ada takes trick 1." in text and "Ada takes trick 2." in text
    assert json.loads(ok("score", str(log), "--json"))["totals"] == {"Ada": 2, "Ben": 0}


ROOT = Path(__file__).resolve().parent.parent


def python(code: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``code`` run by a fresh interpreter (nothing said or registered before it)."""
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={"PYTHONPATH": str(ROOT), "REFEREE_LANG": "en", "PATH": "/usr/bin:/bin"},
        check=False,
    )


def test_register_adds_to_the_built_in_sentences() -> None:
    """The documented path for an outside game's words: the built-in sentences are still
    said after ``register`` (it once replaced them: a KeyError, exit 70 at the CLI)."""
    done = python(
        "from referee.words.sentences import register, said_text\n"
        "from referee.messages import fact\n"
        "register({'toy.x': 'x'})\n"
        "print(said_text(fact('toy.x')), said_text(fact('fishing.play.trail')), sep='|')\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "x|trail\n"


def test_a_built_in_game_is_refused_in_its_words_beside_a_registered_one(
    tmp_path: Path,
) -> None:
    """The CLI as a user runs it, with the toy's sentences registered before any is said: a
    Basra refusal still names its rule and says its fact and its legal plays."""
    log = tmp_path / "m.toml"
    assert (
        run("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date", "-f", str(log)).exit_code == 0
    )
    assert run("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "-f", str(log)).exit_code == 0
    done = python(
        "import sys\n"
        "import tests.toygame\n"
        "from referee.entry import main\n"
        "sys.argv = ['referee', *sys.argv[1:]]\n"
        "main()\n",
        "play",
        "8S",
        "--takes",
        "5H 9D",
        "-f",
        str(log),
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("referee: [basra.capture.group]"), done.stderr
    assert done.stderr.endswith(
        "5♥ 9♦ is not a union of groups an 8 can take; legal: takes 3♣ 5♥, trail\n"
    )
