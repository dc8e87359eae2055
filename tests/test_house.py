"""The house: each game's set-up options refused where they mean nothing, the CLI's edges
(--lang anywhere, a closed or full output, bytes that are not UTF-8, an unknown language)
answered in one line with the right exit code, and export onto its own source under the
writers' lock."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from .conftest import SAMPLES, run

REFEREE = [sys.executable, "-m", "referee"]
PACKAGE = Path(__file__).resolve().parent.parent / "referee"


def started(tmp_path: Path, game: str, *players: str) -> Path:
    log = tmp_path / "m.toml"
    args = [a for p in players for a in ("-p", p)]
    assert run("new", game, *args, "--no-date", "-f", str(log)).exit_code == 0
    return log


@pytest.mark.parametrize(
    ("game", "players", "options", "named"),
    [
        ("basra", ("Ali", "Omar"), ["--floor", "5H 3C 9D KS", "--returned", "JD"], "--returned"),
        ("basra", ("Ali", "Omar"), ["--floor", "5H 3C 9D KS", "--trump", "9H"], "--trump"),
        ("pasur", ("Ali", "Omar"), ["--floor", "5H 3C 9D KS", "--buried", "JD"], "--buried"),
        ("bura", ("Ivan", "Petr"), ["--trump", "9H", "--floor", "5H 3C"], "--floor"),
        ("bura", ("Ivan", "Petr"), ["--trump", "9H", "--buried", "JD"], "--buried"),
        ("kozel", ("Ivan", "Petr"), ["--trump", "9H", "--returned", "JD"], "--returned"),
    ],
)
def test_a_set_up_option_of_another_game_is_refused(
    tmp_path: Path, game: str, players: tuple[str, ...], options: list[str], named: str
) -> None:
    log = started(tmp_path, game, *players)
    before = log.read_bytes()
    done = run("deal", "--dealer", players[0], *options, "-f", str(log))
    assert done.exit_code == 2, done.output
    assert f"{named} means nothing in a {game.capitalize()} match" in done.stderr
    assert log.read_bytes() == before  # nothing recorded, nothing dropped


def test_a_deal_records_exactly_the_set_up_given(tmp_path: Path) -> None:
    log = started(tmp_path, "pasur", "Ali", "Omar")
    done = run(
        "deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "--returned", "JD", "-f", str(log)
    )
    assert done.exit_code == 0, done.output
    text = log.read_text()
    assert 'returned = ["JD"]' in text or 'returned = "JD"' in text
    assert "buried" not in text


def test_lang_after_the_command(tmp_path: Path) -> None:
    sample = str(SAMPLES / "basra-egyptian-2p.toml")
    english = run("score", sample)
    russian = run("score", sample, "--lang", "ru")
    assert russian.exit_code == 0, russian.output
    assert "Басра" in russian.stdout and "Basra" not in russian.stdout.split("\n")[0]
    assert run("--lang", "ru", "score", sample).stdout == russian.stdout != english.stdout


def plain(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    """Run the installed program as a person would, through the shell for redirections."""
    return subprocess.run(
        args[0] if len(args) == 1 else list(args),
        capture_output=True,
        text=True,
        timeout=60,
        **kw,  # type: ignore[call-overload]
    )


def one_plain_line(done: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_an_unknown_language_is_a_usage_error() -> None:
    for env in ({"REFEREE_LANG": "zz"}, {}):
        args = [*REFEREE, "show"] if env else [*REFEREE, "--lang", "zz", "show"]
        done = plain(*args, env={**os.environ, **env})
        assert done.returncode == 2
        assert "--lang is one of en, ar, fa, ru" in one_plain_line(done) or "zz" in done.stderr


def test_closed_standard_output(tmp_path: Path) -> None:
    sample = SAMPLES / "basra-egyptian-2p.toml"
    cmd = " ".join(REFEREE)
    done = plain(f"{cmd} verify {sample} >&-", shell=True)
    assert done.returncode == 1
    assert "[log.file]" in one_plain_line(done) and "standard output" in done.stderr
    log = started(tmp_path, "basra", "Ali", "Omar")
    assert run("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "-f", str(log)).exit_code == 0
    before = log.read_bytes()
    done = plain(f"{cmd} play 8S --takes '5H 3C' -f {log} >&-", shell=True)
    assert done.returncode == 1 and "[log.file]" in one_plain_line(done)
    assert log.read_bytes() == before  # refused before anything was written


def test_a_full_standard_output() -> None:
    cmd = " ".join(REFEREE)
    for args in ("--help", f"score {SAMPLES / 'basra-egyptian-2p.toml'}"):
        done = plain(f"{cmd} {args} >/dev/full", shell=True)
        assert done.returncode == 1, done.stderr
        assert "[log.file]" in one_plain_line(done) and "No space left" in done.stderr


def test_bytes_that_are_not_utf8_in_free_text(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    for args in (
        ["new", "basra", "-p", "Ali", "-p", "Omar", "--event", "caf\udce9"],
        ["new", "basra", "-p", "Ali", "-p", "Om\udce9r"],
    ):
        done = run(*args, "-f", str(log))
        assert done.exit_code == 2, done.output
        assert "is not UTF-8 text" in done.stderr and "caf\\udce9" in done.stderr + "caf\\udce9"
        assert not log.exists()
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [*REFEREE, "new", "basra", "-p", "Ali", "-p", "Omar", "--event", b"caf\xe9", "-f", log],
        capture_output=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert b"is not UTF-8 text" in done.stderr and not log.exists()


def test_usage_errors_escape_what_was_typed() -> None:
    done = plain(*REFEREE, "score", "--\x1b]0;x\x07")
    assert done.returncode == 2
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr
    assert "No such option" in done.stderr


def test_export_onto_its_source_holds_the_lock(tmp_path: Path) -> None:
    """A play recorded while ``export m.toml -o m.toml`` runs is never written over: the
    export reads its source under the lock it writes under."""
    log = started(tmp_path, "basra", "Ali", "Omar")
    assert run("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "-f", str(log)).exit_code == 0
    slow = textwrap.dedent(f"""
        import time
        from pathlib import Path
        from referee.cards import Card, parse_cards
        from referee.record import FishPlay
        from referee.table.session import Table
        def change(match, replayed):
            entry = FishPlay("Ali", Card.parse("8S"), parse_cards("5H 3C"))
            replayed.state.apply(entry)
            match.deals[-1].plays.append(entry)
            time.sleep(1.0)
            return None, None
        Table(Path({str(log)!r})).change(change)
    """)
    writer = subprocess.Popen([sys.executable, "-c", slow])
    time.sleep(0.5)  # the writer holds the lock now, its play not yet written
    done = run("export", str(log), "-o", str(log))
    assert writer.wait(timeout=60) == 0
    assert done.exit_code == 0, done.output
    assert 'card = "8S"' in log.read_text()  # the play is still there


def test_no_private_typer_or_click_import() -> None:
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                if name.startswith(("typer", "click")):
                    assert "._" not in name and not name.startswith("click"), (path, name)


def test_translated_help_through_the_public_api() -> None:
    done = run("--lang", "ru", "score", "--help")
    assert done.exit_code == 0
    assert "Использование:" in done.stdout and "Usage:" not in done.stdout
    done = run("--lang", "ar", "deal", "-h")
    assert done.exit_code == 0 and "Options" not in done.stdout


def test_options_json_has_one_shape_in_a_fishing_match(tmp_path: Path) -> None:
    """`options --by` names a trick game's follower; in Basra it was ignored in the words and
    switched `--json` to the words' shape (`["trail"]`). It is now a usage error, and
    `--json` is always the plays as objects."""
    log = tmp_path / "m.toml"
    log.write_bytes((SAMPLES / "basra-egyptian-2p.toml").read_bytes())
    assert run("undo", "-f", str(log)).exit_code == 0
    refused = run("options", "5C", "--by", "Omar", "--json", "-f", str(log))
    assert refused.exit_code == 2 and "--by means nothing in a Basra match" in refused.stderr
    plays = json.loads(run("options", "5C", "--json", "-f", str(log)).stdout)
    assert plays["options"] and all(isinstance(p, dict) for p in plays["options"])
