"""A leading UTF-8 byte-order mark (match-log.md: ignored when reading, never written), on
every path that reads a file, as a user types the command: verify (one log, many on worker
processes, --digest), score, export, explain, sheet, standings, every table command and
live, a tournament's table logs and its tournament.toml, and the entrants CSV of
`tournament new`."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from referee.cli import app
from scripts.tournament_robustness import play

from .conftest import SAMPLES, invoke, json_lines, run

BOM = b"\xef\xbb\xbf"
SAMPLE = SAMPLES / "bura-classic-2p.toml"


def with_bom(path: Path) -> Path:
    """Put a byte-order mark before the file's bytes (as some editors save them)."""
    raw = path.read_bytes()
    if not raw.startswith(BOM):
        path.write_bytes(BOM + raw)
    return path


def ok(*args: str, stdin: str | None = None) -> str:
    result = invoke(app, args, stdin)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return str(result.stdout)


# --- logs read as they are -------------------------------------------------------------------


def test_verify_reads_a_log_with_a_bom(tmp_path: Path) -> None:
    log = with_bom(Path(shutil.copy(SAMPLE, tmp_path / "m.toml")))
    assert json_lines(ok("verify", "--json", str(log))) == [
        {"file": str(log), "ok": True, "problems": []}
    ]
    digest = hashlib.sha256(SAMPLE.read_bytes()).hexdigest()  # the sample is canonical
    assert "matches" in ok("verify", "--digest", digest[:12], str(log))


def test_verify_on_worker_processes_reads_logs_with_a_bom(tmp_path: Path) -> None:
    logs = [with_bom(Path(shutil.copy(SAMPLE, tmp_path / f"m{k}.toml"))) for k in range(9)]
    lines = json_lines(ok("verify", "--json", "--jobs", "2", *map(str, logs)))
    assert [(line["file"], line["ok"]) for line in lines] == [(str(p), True) for p in logs]


def test_score_export_explain_sheet_and_standings_read_a_bom(tmp_path: Path) -> None:
    plain = tmp_path / "plain" / "m.toml"
    plain.parent.mkdir()
    shutil.copy(SAMPLE, plain)
    log = with_bom(Path(shutil.copy(SAMPLE, tmp_path / "m.toml")))
    for command in (["score", "--json"], ["score"], ["explain", "--deal", "1", "--play", "1"]):
        assert ok(*command[:1], str(log), *command[1:]) == ok(
            *command[:1], str(plain), *command[1:]
        ).replace(str(plain), str(log))
    exported = ok("export", str(log))
    assert exported.encode() == SAMPLE.read_bytes()  # canonical: no mark written
    ok("export", str(log), "-o", str(tmp_path / "out.toml"))
    assert (tmp_path / "out.toml").read_bytes() == SAMPLE.read_bytes()
    ok("sheet", str(log), "-o", str(tmp_path / "s.html"))
    ok("sheet", str(plain), "-o", str(tmp_path / "plain.html"))
    assert (tmp_path / "s.html").read_bytes() == (tmp_path / "plain.html").read_bytes()
    assert json.loads(ok("standings", str(tmp_path), "--json"))["matches"] == 2
    assert ok("standings", str(log), "--json") == ok("standings", str(plain), "--json")


# --- at the table: each command reads the mark, and a command that writes drops it -----------

FISHING = [  # (command, writes the log)
    (["new", "basra", "-p", "Ali", "-p", "Omar", "--no-date"], True),
    (["deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "--buried", "JD"], True),
    (["show"], False),
    (["options", "8S"], False),
    (["play", "8S", "--takes", "5H 3C"], True),
    (["hand", "Omar", "KD 4C 10C QD"], True),
    (["play", "KD", "--takes", "KS"], True),
    (["amend", "--deal", "1", "--play", "2", "QD", "--trail"], True),
    (["undo"], True),
    (["score"], False),
]
TRICKS = [
    (["new", "bura", "-p", "Ivan", "-p", "Petr", "--no-date"], True),
    (["deal", "--dealer", "Ivan", "--trump", "9H"], True),
    (["play", "AS"], True),
    (["options"], False),
    (["play", "7S"], True),
    (["declare", "molodka", "AC", "10C", "KC", "--by", "Petr"], True),
    (["claim", "--by", "Petr"], True),
    (["deal", "--trump", "9D"], True),
    (["forfeit", "--by", "Ivan"], True),
    (["show"], False),
]


@pytest.mark.parametrize("steps", [FISHING, TRICKS], ids=["basra", "bura"])
def test_every_table_command_reads_a_bom_and_writes_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, steps: list[tuple[list[str], bool]]
) -> None:
    monkeypatch.chdir(tmp_path)
    log = tmp_path / "match.toml"
    for k, (command, writes) in enumerate(steps):
        if k:  # the log as an editor saved it, mark and all
            with_bom(log)
        before = log.read_bytes() if k else b""
        result = run(*command)
        assert result.exit_code == 0, (command, result.stdout, result.stderr)
        after = log.read_bytes()
        if writes:
            assert not after.startswith(BOM) and after != before, command
        else:
            assert after == before, command  # read, never rewritten


def test_live_reads_a_bom_and_writes_none(tmp_path: Path) -> None:
    log = tmp_path / "m.toml"
    ok("new", "basra", "-p", "Ali", "-p", "Omar", "--no-date", "-f", str(log))
    with_bom(log)
    said = ok("live", "-f", str(log), stdin="deal 5H 3C 9D KS dealer Omar\n8S 5H 3C\n")
    assert "8♠ takes 5♥ 3♣" in said
    raw = log.read_bytes()
    assert not raw.startswith(BOM) and b'card = "8S"' in raw


# --- a tournament: its table logs, its tournament.toml, the entrants CSV -----------------------


@pytest.fixture
def event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    names = tmp_path / "entrants.csv"
    names.write_bytes(BOM + b"name,club\nAli,North\nOmar,South\nZaid,North\nHoda,East\n")
    ok("tournament", "new", "Cup", "--game", "basra", "--entrants", str(names), "--seed", "3")
    return tmp_path


def test_the_entrants_csv_may_start_with_a_bom(event: Path) -> None:
    status = json.loads(ok("tournament", "standings", "--json"))
    assert sorted(row["name"] for row in status["rows"]) == ["Ali", "Hoda", "Omar", "Zaid"]


def test_tournament_logs_and_file_with_a_bom(event: Path) -> None:
    with_bom(event / "tournament.toml")
    paired = json.loads(ok("tournament", "pair", "--json"))
    assert not (event / "tournament.toml").read_bytes().startswith(BOM)  # written without
    for table in paired["tables"]:
        log = event / table["log"]
        play(log, table["table"])
        with_bom(log)
    with_bom(event / "tournament.toml")
    status = json.loads(ok("tournament", "status", "--json"))
    assert [t["state"] for t in status["rounds"][0]["tables"]] == ["finished", "finished"]
    assert json.loads(ok("tournament", "verify", "--json")) == {"ok": True, "problems": []}
    rows = json.loads(ok("tournament", "standings", "--json"))["rows"]
    assert sorted(r["match_points"] for r in rows) == [0, 0, 2, 2]
    assert (event / "tournament.toml").read_bytes().startswith(BOM)  # read, not rewritten
    ok("tournament", "pair")  # round 2 counted from the marked logs
    assert not (event / "tournament.toml").read_bytes().startswith(BOM)
