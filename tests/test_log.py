"""The match log v1: malformed logs get a specific rule id and key path; canonical writing."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.log.file import MAX_BYTES, dumps, load_bytes
from referee.match import replay

from .conftest import FIXTURES, json_lines, run

GOOD = """format = "referee-match"
version = 1
game = "basra"
variant = "egyptian"
players = ["Ali", "Omar"]

[[deals]]
dealer = "Omar"
floor = "5H 3C 9D KS"
plays = [
    { by = "Ali", card = "8S", takes = "5H 3C" },
    { by = "Omar", card = "KD", takes = "KS" },
]
"""

BURA = """format = "referee-match"
version = 1
game = "bura"
players = ["Ivan", "Petr"]

[[deals]]
dealer = "Ivan"
trump = "9H"
plays = [
    { by = "Petr", cards = "AS 10S" },
    { by = "Ivan", cards = "6H 7H" },
]
"""


def sub(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


# (id, log text, expected rule of the first problem, expected path of the first problem)
MALFORMED: list[tuple[str, str, str, str | None]] = [
    ("bad toml", GOOD + "\nplayers = [\n", "log.toml", None),
    ("unclosed string", sub(GOOD, '"Omar"\nfloor', '"Omar\nfloor'), "log.toml", None),
    ("empty file", "", "log.key", "format"),
    ("only whitespace", "   \n\n", "log.key", "format"),
    ("wrong format", sub(GOOD, '"referee-match"', '"pbn"'), "log.format", "format"),
    ("format not a string", sub(GOOD, '"referee-match"', "3"), "log.format", "format"),
    ("missing format", sub(GOOD, 'format = "referee-match"\n', ""), "log.key", "format"),
    ("missing version", sub(GOOD, "version = 1\n", ""), "log.key", "version"),
    ("version a string", sub(GOOD, "version = 1", 'version = "1"'), "log.version", "version"),
    ("version zero", sub(GOOD, "version = 1", "version = 0"), "log.version", "version"),
    ("newer version", sub(GOOD, "version = 1", "version = 2"), "log.version", "version"),
    ("unknown game", sub(GOOD, '"basra"', '"poker"'), "log.game", "game"),
    ("missing game", sub(GOOD, 'game = "basra"\n', ""), "log.key", "game"),
    ("unknown variant", sub(GOOD, '"egyptian"', '"martian"'), "log.variant", "variant"),
    ("variant of another game", sub(GOOD, '"egyptian"', '"pagat"'), "log.variant", "variant"),
    ("unknown header key", sub(GOOD, "players =", 'venue = "x"\nplayers ='), "log.key", "venue"),
    ("event not a string", sub(GOOD, "players =", "event = 5\nplayers ="), "log.format", "event"),
    (
        "date a string",
        sub(GOOD, "players =", 'date = "yesterday"\nplayers ='),
        "log.format",
        "date",
    ),
    ("missing players", sub(GOOD, 'players = ["Ali", "Omar"]\n', ""), "log.key", "players"),
    ("players not strings", sub(GOOD, '["Ali", "Omar"]', "[1, 2]"), "log.players", "players"),
    (
        "duplicate players",
        sub(GOOD, '["Ali", "Omar"]', '["Ali", "Ali"]'),
        "log.players",
        "players[1]",
    ),
    ("empty player name", sub(GOOD, '["Ali", "Omar"]', '["Ali", ""]'), "log.players", "players[1]"),
    (
        "long player name",
        sub(GOOD, '["Ali", "Omar"]', '["Ali", "' + "O" * 41 + '"]'),
        "log.players",
        "players[1]",
    ),
    (
        "control character in name",
        sub(GOOD, '["Ali", "Omar"]', '["Ali", "Om\\u0007ar"]'),
        "log.players",
        "players[1]",
    ),
    ("too few players", sub(GOOD, '["Ali", "Omar"]', '["Ali"]'), "game.players", "players"),
    (
        "too many players",
        sub(GOOD, '["Ali", "Omar"]', '["A", "B", "C", "D", "E"]'),
        "game.players",
        "players",
    ),
    (
        "unknown rule",
        sub(GOOD, "\n[[deals]]", "\n[rules]\nbasra_pionts = 10\n\n[[deals]]"),
        "log.rules",
        "rules.basra_pionts",
    ),
    (
        "rule wrong type",
        sub(GOOD, "\n[[deals]]", '\n[rules]\ntarget = "101"\n\n[[deals]]'),
        "log.rules",
        "rules.target",
    ),
    (
        "rule bool as int",
        sub(GOOD, "\n[[deals]]", "\n[rules]\npartnerships = 1\n\n[[deals]]"),
        "log.rules",
        "rules.partnerships",
    ),
    (
        "rule outside choices",
        sub(GOOD, "\n[[deals]]", '\n[rules]\ncapture = "greedy"\n\n[[deals]]'),
        "log.rules",
        "rules.capture",
    ),
    (
        "rule negative",
        sub(GOOD, "\n[[deals]]", "\n[rules]\nbasra_points = -1\n\n[[deals]]"),
        "log.rules",
        "rules.basra_points",
    ),
    (
        "target zero",
        sub(GOOD, "\n[[deals]]", "\n[rules]\ntarget = 0\n\n[[deals]]"),
        "log.rules",
        "rules.target",
    ),
    ("rules not a table", sub(GOOD, "players =", "rules = 3\nplayers ="), "log.rules", "rules"),
    (
        "unknown dealer",
        sub(GOOD, 'dealer = "Omar"', 'dealer = "Zed"'),
        "log.players",
        "deals[0].dealer",
    ),
    ("missing dealer", sub(GOOD, 'dealer = "Omar"\n', ""), "log.key", "deals[0].dealer"),
    ("missing floor", sub(GOOD, 'floor = "5H 3C 9D KS"\n', ""), "log.key", "deals[0].floor"),
    (
        "bad card on floor",
        sub(GOOD, '"5H 3C 9D KS"', '"5H 3X 9D KS"'),
        "log.card",
        "deals[0].floor",
    ),
    (
        "one is not an ace",
        sub(GOOD, '"5H 3C 9D KS"', '"5H 1C 9D KS"'),
        "log.card",
        "deals[0].floor",
    ),
    (
        "floor not a string",
        sub(GOOD, '"5H 3C 9D KS"', '["5H", "3C"]'),
        "log.deal",
        "deals[0].floor",
    ),
    (
        "unknown deal key",
        sub(GOOD, 'dealer = "Omar"', 'dealer = "Omar"\ntrump = "9H"'),
        "log.key",
        "deals[0].trump",
    ),
    (
        "returned in basra",
        sub(GOOD, 'dealer = "Omar"', 'dealer = "Omar"\nreturned = "JD"'),
        "log.key",
        "deals[0].returned",
    ),
    ("missing plays", GOOD.split("plays = [")[0], "log.key", "deals[0].plays"),
    ("typo take", sub(GOOD, 'takes = "KS"', 'take = "KS"'), "log.key", "deals[0].plays[1].take"),
    (
        "unknown by",
        sub(GOOD, 'by = "Omar", card = "KD"', 'by = "Zed", card = "KD"'),
        "log.players",
        "deals[0].plays[1].by",
    ),
    (
        "missing by",
        sub(GOOD, '{ by = "Omar", card = "KD"', '{ card = "KD"'),
        "log.key",
        "deals[0].plays[1].by",
    ),
    ("missing card", sub(GOOD, 'card = "KD", takes', "takes"), "log.key", "deals[0].plays[1].card"),
    (
        "bad card played",
        sub(GOOD, 'card = "KD"', 'card = "KZ"'),
        "log.card",
        "deals[0].plays[1].card",
    ),
    (
        "two cards played",
        sub(GOOD, 'card = "KD"', 'card = "KD QD"'),
        "log.play",
        "deals[0].plays[1].card",
    ),
    (
        "takes not a string",
        sub(GOOD, 'takes = "KS"', "takes = 3"),
        "log.play",
        "deals[0].plays[1].takes",
    ),
    (
        "play not a table",
        sub(GOOD, '{ by = "Omar", card = "KD", takes = "KS" }', '"KD"'),
        "log.play",
        "deals[0].plays[1]",
    ),
    (
        "card twice in a deal",
        sub(GOOD, 'card = "KD", takes = "KS"', 'card = "8S"'),
        "card.duplicate",
        "deals[0].plays[1]",
    ),
    (
        "card on floor and played",
        sub(GOOD, 'card = "KD", takes = "KS"', 'card = "9D"'),
        "card.duplicate",
        "deals[0].plays[1]",
    ),
    (
        "card twice on floor",
        sub(GOOD, '"5H 3C 9D KS"', '"5H 3C 9D 5H"'),
        "card.duplicate",
        "deals[0].floor",
    ),
    ("deals not an array", sub(GOOD, "\n[[deals]]", "\ndeals = 4\n[x]"), "log.key", "x"),
    ("result unknown key", GOOD + "\n[result]\ntotal = 3\n", "log.key", "result.total"),
    (
        "result unknown side",
        GOOD + "\n[result]\ntotals = { Zed = 3 }\n",
        "log.result",
        "result.totals.Zed",
    ),
    ("result wrong winner", GOOD + '\n[result]\nwinner = "Ali"\n', "log.result", "result.winner"),
    (
        "bura entry two shapes",
        sub(
            BURA, '{ by = "Ivan", cards = "6H 7H" }', '{ by = "Ivan", claim = true, forfeit = "x" }'
        ),
        "log.play",
        "deals[0].plays[1]",
    ),
    (
        "bura claim false",
        sub(BURA, '{ by = "Ivan", cards = "6H 7H" }', '{ by = "Ivan", claim = false }'),
        "log.play",
        "deals[0].plays[1].claim",
    ),
    (
        "bura unknown declaration",
        sub(
            BURA,
            '{ by = "Ivan", cards = "6H 7H" }',
            '{ by = "Ivan", declares = "kremlin", cards = "6H 7H 8H" }',
        ),
        "log.play",
        "deals[0].plays[1].declares",
    ),
    ("bura two trumps", sub(BURA, 'trump = "9H"', 'trump = "9H 8H"'), "log.deal", "deals[0].trump"),
    ("bura card not in deck", sub(BURA, '"AS 10S"', '"2S 10S"'), "card.deck", "deals[0].plays[0]"),
    (
        "bura floor key",
        sub(BURA, 'trump = "9H"', 'trump = "9H"\nfloor = "5H"'),
        "log.key",
        "deals[0].floor",
    ),
]


@pytest.mark.parametrize(
    ("text", "rule", "path"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED]
)
def test_malformed_log_is_refused_with_rule_and_path(
    tmp_path: Path, text: str, rule: str, path: str | None
) -> None:
    f = tmp_path / "m.toml"
    f.write_text(text, encoding="utf-8")
    result = run("verify", str(f), "--json")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    (report,) = json_lines(result.stdout)
    assert report["ok"] is False
    first = report["problems"][0]
    assert first["rule"] == rule, first
    if path is None:
        assert first["line"] >= 1 and first["column"] >= 1
    else:
        assert first["path"] == path, first
    assert first["message"]


def test_there_are_at_least_forty_malformed_cases() -> None:
    assert len(MALFORMED) >= 40


def test_toml_syntax_error_gives_line_and_column(tmp_path: Path) -> None:
    f = tmp_path / "m.toml"
    f.write_text('format = "referee-match"\nversion = = 1\n')
    (report,) = json_lines(run("verify", str(f), "--json").stdout)
    assert report["problems"][0]["line"] == 2


def test_newer_version_names_both_versions(tmp_path: Path) -> None:
    f = tmp_path / "m.toml"
    f.write_text(sub(GOOD, "version = 1", "version = 7"))
    result = run("verify", str(f))
    assert result.exit_code == 1 and "[log.version]" in result.stdout
    assert "version 7" in result.stdout and "version 1" in result.stdout


def test_binary_garbage_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "m.toml"
    f.write_bytes(bytes(range(256)) * 10)
    result = run("verify", str(f), "--json")
    assert result.exit_code == 1
    (report,) = json_lines(result.stdout)
    assert report["problems"][0]["rule"] == "log.toml"


def test_file_of_tens_of_megabytes_is_refused_without_reading(tmp_path: Path) -> None:
    f = tmp_path / "big.toml"
    with f.open("wb") as out:
        out.write(GOOD.encode())
        out.write(b"# padding\n" * (3 * MAX_BYTES // 10))
    result = run("verify", str(f), "--json")
    assert result.exit_code == 1
    (report,) = json_lines(result.stdout)
    assert report["problems"][0]["rule"] == "log.toml"
    assert "MiB" in report["problems"][0]["message"]


def test_missing_file(tmp_path: Path) -> None:
    result = run("verify", str(tmp_path / "nope.toml"))
    assert result.exit_code == 1 and "[log.file]" in result.stdout
    assert "no such file" in result.stdout


def test_all_problems_are_collected() -> None:
    text = sub(sub(GOOD, '"5H 3C 9D KS"', '"5H 3X 9D KS"'), "players =", "venue = 1\nplayers =")
    _match, problems = load_bytes(text.encode())
    assert {p.rule for p in problems} >= {"log.card", "log.key"}


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.toml")))
def test_lenient_fixture_is_written_canonically_and_stably(name: str) -> None:
    match, _problems = load_bytes((FIXTURES / name).read_bytes())
    assert match is not None
    once = dumps(match)
    again, _ = load_bytes(once)
    assert again is not None
    assert dumps(again) == once
    assert b'takes = ""' not in once


def test_lenient_cards_are_written_canonically() -> None:
    text = sub(GOOD, '"5H 3C 9D KS"', '"5h 3♣ 9♢ ks"').replace('"8S"', '"8s"')
    match, problems = load_bytes(text.encode())
    assert match is not None and not problems
    out = dumps(match).decode()
    assert 'floor = "5H 3C 9D KS"' in out and 'card = "8S"' in out
    assert "ace_points = 1" in out  # every parameter written, alphabetically
    assert out.index("ace_points") < out.index("two_clubs_points")


def test_ten_written_as_10() -> None:
    match, _ = load_bytes(sub(GOOD, '"5H 3C 9D KS"', '"5H 3C tD KS"').encode())
    assert match is not None
    assert 'floor = "5H 3C 10D KS"' in dumps(match).decode()
    assert replay(match).problems == []


def test_score_on_an_unfinished_deal_is_a_problem() -> None:
    text = GOOD + "\n[deals.score]\nAli = 3\nOmar = 0\n"
    match, problems = load_bytes(text.encode())
    assert match is not None
    replayed = replay(match, problems)
    assert [p.rule for p in replayed.problems] == ["log.result"]
    assert replayed.problems[0].path == "deals[0].score"


PLAYER_KEYS = [  # (the log's change, rule, path, message): who dealt, who played, a note
    ('dealer = "Omar"', "", "log.key", "deals[0].dealer", "missing key 'dealer'"),
    (
        'dealer = "Omar"',
        'dealer = "Zaid"',
        "log.players",
        "deals[0].dealer",
        "dealer 'Zaid' is not one of the players (Ali, Omar)",
    ),
    ('dealer = "Omar"', "dealer = 3", "log.deal", "deals[0].dealer", "expected a string, found 3"),
    ('by = "Ali", ', "", "log.key", "deals[0].plays[0].by", "missing key 'by' (who played)"),
    (
        'by = "Ali"',
        'by = "Zaid"',
        "log.players",
        "deals[0].plays[0].by",
        "'Zaid' is not one of the players (Ali, Omar)",
    ),
    ('by = "Ali"', "by = 3", "log.play", "deals[0].plays[0].by", "expected a string, found 3"),
    ('takes = "5H 3C" }', 'takes = "5H 3C", note = 5 }', "log.play", "deals[0].plays[0].note",
     "expected a string, found 5"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "rule", "path", "message"), PLAYER_KEYS)
def test_a_player_key_that_names_nobody_playing_says_which_and_where(
    tmp_path: Path, old: str, new: str, rule: str, path: str, message: str
) -> None:
    """A deal's dealer and an entry's ``by`` are read alike: missing, not a string, or not a
    player, each with its own rule, key path and sentence (and an entry's note a string)."""
    f = tmp_path / "m.toml"
    f.write_text(sub(GOOD, old, new), encoding="utf-8")
    result = run("verify", str(f), "--json")
    assert result.exit_code == 1, result.output
    (report,) = json_lines(result.stdout)
    first = report["problems"][0]
    assert (first["rule"], first["path"], first["message"]) == (rule, path, message)
