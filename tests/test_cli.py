"""Every command through typer's CliRunner: exit codes, output, nothing lost."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import SAMPLES, json_lines, run


def usage(result: Any, *said: str) -> None:
    """A usage error: exit 2, one line saying so on stderr that names each of ``said``
    (the option, the value found, what was expected), nothing on stdout."""
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.stdout == "", result.stdout
    line = result.stderr.strip()
    assert line.startswith("referee: usage: ") and "\n" not in line, result.stderr
    for words in said:
        assert words in line, (words, line)


@pytest.fixture
def basra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert run("new", "basra", "-p", "Ali", "-p", "Omar", "--date", "2026-11-27").exit_code == 0
    result = run("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "--buried", "JD")
    assert result.exit_code == 0
    return tmp_path / "match.toml"


@pytest.fixture
def bura(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert run("new", "bura", "-p", "Ivan", "-p", "Petr").exit_code == 0
    assert run("deal", "--dealer", "Ivan", "--trump", "9H").exit_code == 0
    return tmp_path / "match.toml"


def test_version_and_help() -> None:
    assert run("--version").stdout.startswith("referee ")
    result = run("--help")
    assert result.exit_code == 0 and "verify" in result.stdout


@pytest.mark.parametrize(
    "command",
    [
        "new",
        "deal",
        "play",
        "declare",
        "claim",
        "forfeit",
        "show",
        "options",
        "undo",
        "score",
        "verify",
        "export",
        "rules",
        "simulate",
        "live",
        "standings",
        "explain",
    ],
)
def test_every_command_has_help_with_an_example(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout


def test_new_refuses_to_overwrite(basra: Path) -> None:
    before = basra.read_bytes()
    result = run("new", "basra", "-p", "X", "-p", "Y")
    assert result.exit_code == 1 and "[log.file]" in result.stderr
    assert "already exists" in result.stderr
    assert basra.read_bytes() == before


def test_new_usage_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    usage(run("new", "poker", "-p", "A", "-p", "B"), "'poker'", "basra, pasur, bura, kozel")
    usage(
        run("new", "basra", "-p", "A", "-p", "B", "--rule", "nope=1"),
        "--rule",
        "'nope'",
        "jack_basra",
    )
    usage(run("new", "basra", "-p", "A", "-p", "B", "--date", "soon"), "--date", "YYYY-MM-DD")
    one = run("new", "basra", "-p", "A")  # one player: a rule
    assert one.exit_code == 1 and "[game.players]" in one.stderr
    assert not (tmp_path / "match.toml").exists()


def test_new_with_rule_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(
        "new",
        "basra",
        "-p",
        "A",
        "-p",
        "B",
        "--variant",
        "classic",
        "-r",
        "target=151",
        "-r",
        "partnerships=false",
        "--event",
        "Café",
    )
    assert result.exit_code == 0
    text = (tmp_path / "match.toml").read_text()
    assert "target = 151" in text and 'variant = "classic"' in text and "Café" in text


def test_play_records_and_refuses(basra: Path) -> None:
    assert run("play", "8S", "--takes", "5H 3C").exit_code == 0
    before = basra.read_bytes()
    result = run("play", "5D", "--takes", "9D")
    assert result.exit_code == 1
    assert "[basra.capture.group]" in result.stderr and "legal:" in result.stderr
    assert basra.read_bytes() == before  # nothing written
    result = run("play", "KD", "--by", "Ali")
    assert result.exit_code == 1 and "[turn.order]" in result.stderr


def test_ambiguous_play_lists_the_options_and_records_nothing(basra: Path) -> None:
    run("play", "8S", "--takes", "5H 3C")
    run("play", "4C", "--trail")
    before = basra.read_bytes()
    result = run("play", "9C")  # 9D alone, or trail
    assert result.exit_code == 1 and "[basra.capture.choice]" in result.stderr
    assert "takes 9♦" in result.stderr and "trail" in result.stderr
    assert basra.read_bytes() == before


def test_only_legal_play_is_filled_in(basra: Path) -> None:
    assert run("play", "JC").exit_code == 0  # a jack takes the whole floor
    assert 'card = "JC", takes = "5H 3C 9D KS"' in basra.read_text()


def test_options_show_undo(basra: Path) -> None:
    result = run("options", "9C")
    assert result.exit_code == 0 and "takes 9♦" in result.stdout
    result = run("options", "9C", "--json")
    plain = {"choose": [], "ways": 1, "sweep": False}
    assert json.loads(result.stdout)["options"] == [
        {"card": "9C", "takes": ["9D"], **plain, "trail": False},
        {"card": "9C", "takes": [], **plain, "trail": True},
    ]
    run("play", "8S", "--takes", "5H 3C")
    show = run("show", "--ascii")
    assert "Floor: 9D KS" in show.stdout and "To play: Omar" in show.stdout
    state = json.loads(run("show", "--json").stdout)
    assert state["floor"] == ["9D", "KS"] and state["to_move"] == "Omar"
    result = run("undo")
    assert result.exit_code == 0 and "Ali 8♠" in result.stdout
    assert json.loads(run("show", "--json").stdout)["to_move"] == "Ali"
    assert run("undo").exit_code == 0  # removes the empty deal
    nothing = run("undo")  # nothing left
    assert nothing.exit_code == 1 and "[log.deal]" in nothing.stderr


def test_deal_checks_its_set_up(basra: Path) -> None:
    assert run("undo").exit_code == 0
    result = run("deal", "--dealer", "Omar", "--floor", "5H 3C JD KS")
    assert result.exit_code == 1 and "[basra.deal.floor]" in result.stderr
    usage(run("deal", "--dealer", "Omar"), "floor")
    result = run("deal", "--dealer", "Omar", "--floor", "5H 3C 9D KS", "--hand", "Ali=AS 2S 3S 5H")
    assert result.exit_code == 1 and "[card.duplicate]" in result.stderr


def test_deal_needs_the_last_deal_finished(basra: Path) -> None:
    result = run("deal", "--floor", "2H 3H 4H 5H")
    assert result.exit_code == 1 and "[deal.conservation]" in result.stderr


def test_bura_play_declare_claim(bura: Path) -> None:
    assert run("play", "AS", "10S").exit_code == 0
    assert run("play", "6H", "7H").exit_code == 0
    assert run("play", "AH").exit_code == 0
    show = run("show")
    assert "card points are not shown" in show.stdout
    assert run("play", "6C").exit_code == 0
    result = run("claim", "--by", "Ivan")
    assert result.exit_code == 0 and "32 card points: upheld" in result.stdout
    score = json.loads(run("score", "--json").stdout)
    assert score["deals"][0]["score"] == {"Ivan": 1, "Petr": 0}
    assert score["pot"] == {"Ivan": 1, "Petr": -1}


def test_bura_refusals(bura: Path) -> None:
    result = run("claim", "--by", "Ivan")
    assert result.exit_code == 1 and "[bura.claim]" in result.stderr
    result = run("play", "AS", "KC")
    assert result.exit_code == 1 and "[bura.lead]" in result.stderr
    result = run("declare", "bura", "7C", "8C", "10C", "--by", "Petr")
    assert result.exit_code == 1 and "[bura.declare.cards]" in result.stderr
    usage(run("declare", "kremlin", "7C", "8C", "10C", "--by", "Petr"), "'kremlin'", "moscow")
    usage(run("play", "AS", "--takes", "KS"), "bura")


def test_bura_forfeit_and_options(bura: Path) -> None:
    assert run("play", "AS").exit_code == 0
    result = run("options")  # Petr's hand is not recorded: what beats the A of spades now
    assert result.exit_code == 0, result.stderr
    assert "not recorded" in result.stdout
    assert "A♠: beaten by any trump (♥)" in result.stdout
    assert run("forfeit", "--by", "Petr").exit_code == 0
    score = json.loads(run("score", "--json").stdout)
    assert score["deals"][0]["score"] == {"Ivan": 2, "Petr": 0}


def test_score_text_and_json() -> None:
    log = SAMPLES / "basra-egyptian-2p.toml"
    text = run("score", str(log))
    assert text.exit_code == 0 and "Winner:" in text.stdout
    data = json.loads(run("score", str(log), "--json").stdout)
    assert data["complete"] is True and data["winner"] in data["sides"]


def test_verify_many_files_one_line_each() -> None:
    logs = [str(p) for p in sorted(SAMPLES.glob("*.toml"))]
    result = run("verify", *logs, "--json")
    assert result.exit_code == 0
    assert len(result.stdout.splitlines()) == len(logs)


def test_export_to_file_is_byte_identical(tmp_path: Path) -> None:
    log = SAMPLES / "pasur-pagat-2p.toml"
    out = tmp_path / "copy.toml"
    assert run("export", str(log), "-o", str(out)).exit_code == 0
    assert out.read_bytes() == log.read_bytes()


def test_rules_command() -> None:
    result = run("rules", "basra", "--variant", "classic")
    assert result.exit_code == 0
    assert "sweep_all" in result.stdout and "basra.seven-diamonds" in result.stdout
    data = json.loads(run("rules", "pasur", "--json").stdout)
    assert data["rules"]["sur_points"] == 5
    usage(run("rules", "bura", "--variant", "nope"), "--variant", "'nope'", "little-robber")
    usage(run("rules", "chess"), "'chess'", "basra, pasur, bura, kozel")


def test_simulate_is_deterministic(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        result = run(
            "simulate",
            "pasur",
            "--players",
            "3",
            "--seed",
            "4",
            "--matches",
            "2",
            "--out",
            str(out),
        )
        assert result.exit_code == 0
    files = sorted(p.name for p in a.iterdir())
    assert len(files) == 2
    assert all((a / f).read_bytes() == (b / f).read_bytes() for f in files)
    usage(run("simulate", "bura", "--players", "7", "--out", str(a)), "--players", "2 to 6", "7")


def test_table_commands_without_a_match_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("show")
    assert result.exit_code == 1 and "[log.file]" in result.stderr
    assert "no such file" in result.stderr
    assert "Traceback" not in result.output


def test_standings_table_json_csv(tmp_path: Path) -> None:
    result = run("standings", str(SAMPLES))
    assert result.exit_code == 0 and "win %" in result.stdout
    data = json.loads(run("standings", str(SAMPLES), "--json").stdout)
    rows = data["sides"]
    assert data["matches"] == len(list(SAMPLES.glob("*.toml")))
    assert {"name", "played", "won", "points_for", "points_against"} <= set(rows[0])
    assert sum(r["won"] for r in rows) == data["matches"]
    for game in {r["game"] for r in rows}:  # ranked within each game, never across games
        won = [r["won"] for r in rows if r["game"] == game]
        assert won == sorted(won, reverse=True)
    csv_out = run("standings", str(SAMPLES / "basra-egyptian-2p.toml"), "--csv").stdout
    assert csv_out.splitlines()[0].startswith("name,played,won,points_for,points_against")
    bad = tmp_path / "bad.toml"
    bad.write_text("nonsense = ")
    mixed = run("standings", str(SAMPLES / "basra-egyptian-2p.toml"), str(bad))
    assert mixed.exit_code == 1 and "left out: [log.toml]" in mixed.stderr


def test_explain_legal_and_illegal() -> None:
    from .conftest import FIXTURES

    result = run(
        "explain",
        str(FIXTURES / "basra-egyptian-2p.one-mistake.toml"),
        "--deal",
        "1",
        "--play",
        "9",
    )
    assert result.exit_code == 1
    assert "ILLEGAL" in result.stdout and "[basra.capture.group]" in result.stdout
    assert "takes 9♥" in result.stdout
    ok = run("explain", str(FIXTURES / "basra-egyptian-2p.toml"), "-d", "1", "-p", "1")
    assert ok.exit_code == 0 and "[basra.jack]" in ok.stdout and "Floor: A♠ 5♦ 7♠ 2♠" in ok.stdout
    bura = run("explain", str(FIXTURES / "bura-classic-2p.toml"), "-d", "1", "-p", "15")
    assert bura.exit_code == 0 and "[bura.claim]" in bura.stdout
    missing = run("explain", str(FIXTURES / "bura-classic-2p.toml"), "-d", "99", "-p", "1")
    assert missing.exit_code == 1 and "[log.deal]" in missing.stderr


def test_bulk_on_every_core_gives_the_same_bytes(tmp_path: Path) -> None:
    """verify and standings over many logs: one JSON line per file, in the order given,
    the same bytes on one process as on several; a bad file gets its own verdict."""
    names = []
    for k in range(3):
        for sample in sorted(SAMPLES.glob("*.toml")):
            copy = tmp_path / f"{k}-{sample.name}"
            copy.write_bytes(sample.read_bytes())
            names.append(str(copy))
    bad = tmp_path / "bad.toml"
    bad.write_text("x")
    names.insert(5, str(bad))
    one = run("verify", *names, "--json", "--jobs", "1")
    two = run("verify", *names, "--json", "--jobs", "2")
    assert one.exit_code == two.exit_code == 1
    assert one.stdout == two.stdout
    assert [line["file"] for line in json_lines(two.stdout)] == names
    assert json_lines(two.stdout)[5]["problems"][0]["rule"] == "log.toml"
    st1 = run("standings", str(tmp_path), "--json", "-j", "1")
    st2 = run("standings", str(tmp_path), "--json", "-j", "2")
    assert st1.stdout == st2.stdout and json.loads(st2.stdout)["matches"] == len(names) - 1
