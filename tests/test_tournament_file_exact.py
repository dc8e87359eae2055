"""A hand-edited tournament.toml read back, exactly (the third mutation run of issue 36,
docs/mutation.md): each broken key is refused naming its key path, what was expected and
what was found; a file missing keys that have defaults still reads."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from scripts.tournament_robustness import play

from .conftest import run

FILE = "referee: [tournament.file] "
TIME = r'"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"'
DIGEST = r'"[0-9a-f]{64}"'
T2_COUNT = (
    r"\n\[\[round\.tables\.counts\]\]\ndigest = [^\[]*"
    r"\[round\.tables\.counts\.totals\]\nZaid = \d+\nAli = \d+\n"
)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four entrants, seed 7: round 1 with table 1 decided (a forfeit taken back, then
    time called) and table 2 played and counted; round 2 paired."""
    folder = tmp_path_factory.mktemp("cup")

    def ok(*args: str) -> None:
        result = run("tournament", *args, "--dir", str(folder))
        assert result.exit_code == 0, result.stderr

    names = [x for n in ("Ali", "Omar", "Zaid", "Hoda") for x in ("-p", n)]
    ok("new", "Cup", "--game", "basra", *names, "--seed", "7")
    ok("pair")
    ok("result", "1", "--forfeit", "Hoda", "--reason", "did not come")
    ok("result", "1", "--undo")
    ok("result", "1", "--time", "--reason", "late")
    play(folder / "round-1" / "table-2.toml", 2)
    ok("pair")
    return folder


REFUSED = [  # (what was changed, the pattern, its replacement, what status says)
    ("digest", rf'digest = {DIGEST}\nwinner', 'digest = "xyz"\nwinner',
     "(round[0].tables[1].counts[0].digest): expected a SHA-256 in hexadecimal, found 'xyz'"),
    ("count during", r'winner = "Ali"\nduring = 1', 'winner = "Ali"\nduring = "one"',
     "(round[0].tables[1].counts[0].during): expected a whole number, found 'one'"),
    ("count winner", r'winner = "Ali"', "winner = 5",
     "(round[0].tables[1].counts[0].winner): expected a side, found 5"),
    ("count totals", r"Zaid = 83", 'Zaid = "x"',
     "(round[0].tables[1].counts[0].totals.Zaid): expected a whole number of at least 0,"
     " found 'x'"),
    ("count not a table", r'(log = "round-1/table-2.toml"\n)' + T2_COUNT, r"\1counts = [1]\n",
     "(round[0].tables[1].counts[0]): expected a table, found 1"),
    ("count digest missing", rf'digest = {DIGEST}\nwinner', "winner",
     "(round[0].tables[1].counts[0].digest): missing key 'digest'"),
    ("decision kind", r'kind = "forfeit"', 'kind = "coin"',
     "(round[0].tables[0].decisions[0].kind): expected forfeit, time or points, found 'coin'"),
    ("decision key", r'kind = "forfeit"', 'kind = "forfeit"\nfoo = 1',
     "(round[0].tables[0].decisions[0].foo): unknown key 'foo'; expected one of kind, reason,"
     " during, at, absent, points, totals, undone, undone_during"),
    ("decision at", rf"at = {TIME}\nabsent", "at = 5\nabsent",
     "(round[0].tables[0].decisions[0].at): expected a time, found 5"),
    ("decision undone_during", r"undone_during = 1", 'undone_during = "x"',
     "(round[0].tables[0].decisions[0].undone_during): expected a whole number, found 'x'"),
    ("decision not a table", r'(log = "round-2/table-2.toml")', r'\1\ndecisions = ["x"]',
     "(round[1].tables[1].decisions[0]): expected a table, found 'x'"),
    ("count at", r'(winner = "Ali"\nduring = 1\n)at = ' + TIME, r"\1at = 5",
     "(round[0].tables[1].counts[0].at): expected a time, found 5"),
    ("bye unknown", r"(number = 2\npaired_at = " + TIME + r"\n)byes = \[\]", r'\1byes = ["Nobody"]',
     "(round[1].byes): 'Nobody' is not an entrant"),
    ("table not a table",
     r"(number = 2\npaired_at = " + TIME + r"\nbyes = \[\]\n)([\s\S]*?)"
     r"\n\[\[round\.tables\]\][\s\S]*",
     r"\1tables = [1]\n\2", "(round[1].tables[0]): expected a table, found 1"),
    ("format", r'format = "referee-tournament"', "format = 5",
     '(format): expected "referee-tournament", found 5'),
    ("name", r'name = "Cup"', "name = 5", "(name): expected a name, found 5"),
    ("game", r'game = "basra"', "game = 5", "(game): expected a game, found 5"),
    ("variant", r'variant = "egyptian"', "variant = 5", "(variant): expected a variant, found 5"),
    ("rules", r"\[rules\]\n", "rules = 5\n", "(rules): expected a table of rules, found 5"),
    ("entrants", r"entrants = \[[^\]]*\]", "entrants = 5",
     "(entrants): expected an array of tables, found 5"),
    ("entered twice", r'\{ name = "Omar", joined = 1 \}', '{ name = "Ali", joined = 1 }',
     "(entrants[1].name): 'Ali' is entered twice; names must be unique"),
    ("players", r'(sides = \[\n    "Omar",\n    "Zaid",\n\]\nplayers = \[\n    "Omar",\n)'
     r'    "Zaid",',
     r'\1    "Samir",', "(round[1].tables[1].players): expected Omar, Zaid, found Omar, Samir"),
    ("three sides", r'(sides = \[\n    "Omar",\n)', r'\1    "Ali",\n',
     "(round[0].tables[0].sides): expected 2 sides at a table of this tournament, found 3"),
    ("log not toml", r'log = "round-2/table-2.toml"', 'log = "round-2/table-2.txt"',
     "(round[1].tables[1].log): expected a relative path inside the tournament's folder"
     " ending .toml, found 'round-2/table-2.txt'"),
    ("log absolute", r'log = "round-2/table-2.toml"', 'log = "/tmp/table-2.toml"',
     "(round[1].tables[1].log): expected a relative path inside the tournament's folder"
     " ending .toml, found '/tmp/table-2.toml'"),
    ("decisions type", r'(log = "round-2/table-2.toml")', r"\1\ndecisions = 5",
     "(round[1].tables[1].decisions): expected an array of tables, found 5"),
    ("rules", r"\[rules\]\n", "[rules]\nfoo = 1\n",
     "(rules.foo): unknown parameter 'foo' for basra; expected one of ace_points, basra_by_sum,"
     " basra_points, capture, hand_size, jack_basra, jack_points, majority_points, majority_tie,"
     " may_trail_capturer, partnerships, seven_diamonds, target, ten_diamonds_points,"
     " two_clubs_points"),
    ("system", r'system = "swiss"', 'system = "knockout"',
     "(system): expected swiss or round-robin, found 'knockout'"),
    ("tie-break", r'"buchholz-cut1",', '"coin",',
     "(tiebreaks[0]): expected one of buchholz, buchholz-cut1, sonneborn-berger, direct, wins,"
     " game-points, game-difference, found 'coin'"),
    ("rounds", r"(\n\[rules\][\s\S]*?)\n\[\[round\]\][\s\S]*", r"\nround = 5\1",
     "(round): expected an array of tables, found 5"),
    ("count totals type",
     r'(winner = "Ali"\nduring = 1\nat = ' + TIME + r"\n)\n\[round\.tables\.counts\.totals\]\n"
     r"Zaid = \d+\nAli = \d+\n", r"\1totals = 5\n",
     "(round[0].tables[1].counts[0].totals): expected a table of whole numbers, found 5"),
    ("absent", r'absent = \[\n    "Hoda",\n\]', "absent = 5",
     "(round[0].tables[0].decisions[0].absent): expected an array of names, found 5"),
    ("reason type", r'reason = "late"', "reason = 5",
     "(round[0].tables[0].decisions[1].reason): expected text, found 5"),
    ("reason missing", r'reason = "late"\n', "",
     "(round[0].tables[0].decisions[1].reason): missing key 'reason'"),
    ("entrant", r'\{ name = "Ali", joined = 1 \}', '"' + "x" * 70 + '"',
     "(entrants[0]): expected a table, found '" + "x" * 59),
    ("name control", r'\{ name = "Ali", joined = 1 \}', '{ name = "Ali\\\\u0007", joined = 1 }',
     "(entrants[0].name): 'Ali\\\\x07' holds a control, bidi or invisible character"),
    ("team members", r'\{ name = "Ali", joined = 1 \}',
     '{ name = "Ali & Omar", members = ["' + "x" * 40 + '", "' + "y" * 40 + '"], joined = 1 }',
     "(entrants[0].members): a team is two members whose names joined by ' & ' are its name,"
     " found ['" + "x" * 40 + "', '" + "y" * 34),
    ("a player twice", r'\{ name = "Omar", joined = 1 \}', '{ name = "ALI", joined = 1 }',
     "(entrants[1]): 'ALI' is entered twice; names must be unique"),
    ("not TOML", r"^format", "junk junk\nformat",
     "(line 1, column 6): not valid TOML: Expected '=' after a key in a key/value pair"),
    ("name not NFC", r'\{ name = "Ali", joined = 1 \}', '{ name = "Ale\\\\u0301", joined = 1 }',
     "(entrants[0].name): 'Ale\u0301' is not in Unicode normal form (NFC)"),
    ("rounds zero", r"rounds = 2", "rounds = 0",
     "(rounds): expected a whole number of at least 1, found 0"),
    ("rounds text", r"rounds = 2", 'rounds = "x"', "(rounds): expected a whole number, found 'x'"),
    ("seed", r'seed = "7"', "seed = 5", "(seed): expected a seed, found 5"),
    ("round paired_at", rf"paired_at = {TIME}", "paired_at = 5",
     "(round[0].paired_at): expected a time, found 5"),
    ("round not a table", r"(\n\[rules\][\s\S]*?)\n\[\[round\]\][\s\S]*", r"\nround = [1]\1",
     "(round[0]): expected a table, found 1"),
    ("table twice", r'table = 2\nsides = \[\n    "Omar"', 'table = 1\nsides = [\n    "Omar"',
     "(round[1].tables[1].table): table 1 is listed twice"),
    ("side unknown", r'sides = \[\n    "Omar",\n    "Zaid",\n\]',
     'sides = [\n    "Omar",\n    "Nobody",\n]',
     "(round[1].tables[1].sides): 'Nobody' is not an entrant"),
    ("log type", r'log = "round-2/table-2.toml"', "log = 5",
     "(round[1].tables[1].log): expected a path inside the folder, found 5"),
    ("log path", r'log = "round-2/table-2.toml"', 'log = "../x.toml"',
     "(round[1].tables[1].log): expected a relative path inside the tournament's folder"
     " ending .toml, found '../x.toml'"),
    ("counts type", r'(log = "round-2/table-2.toml")', r"\1\ncounts = 5",
     "(round[1].tables[1].counts): expected an array of tables, found 5"),
]  # fmt: skip


def edited(played: Path, tmp_path: Path, pattern: str, replacement: str) -> Path:
    folder = tmp_path / "cup"
    shutil.copytree(played, folder)
    file = folder / "tournament.toml"
    text, n = re.subn(pattern, replacement, file.read_text("utf-8"), count=1)
    assert n == 1, pattern
    file.write_text(text, "utf-8")
    return folder


@pytest.mark.parametrize(
    ("what", "pattern", "replacement", "said"), REFUSED, ids=[r[0] for r in REFUSED]
)
def test_a_broken_key_is_refused_with_its_path(
    played: Path, tmp_path: Path, what: str, pattern: str, replacement: str, said: str
) -> None:
    folder = edited(played, tmp_path, pattern, replacement)
    result = run("tournament", "status", "--dir", str(folder))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == FILE + said


def test_keys_with_defaults_may_be_left_out(played: Path, tmp_path: Path) -> None:
    """A round without ``byes`` has none; a decision without ``at`` is said without a
    time; without ``[points]`` a win is 2 and a draw 1; a ``closed`` tournament pairs no more;
    without ``tiebreaks`` there are none; an entrant without ``joined`` played from round 1."""
    folder = edited(played, tmp_path, rf"(paired_at = {TIME}\n)byes = \[\]\n", r"\1")
    result = run("tournament", "status", "--dir", str(folder))
    assert result.exit_code == 0 and "bye:" not in result.stdout
    folder = edited(played, tmp_path / "2", rf'(reason = "late"\nduring = 1\n)at = {TIME}\n', r"\1")
    result = run("tournament", "status", "--dir", str(folder))
    assert result.exit_code == 0
    assert "  table 1: time called at : late" in result.stdout.splitlines()
    folder = edited(played, tmp_path / "4", r"\[points\]\nwin = 2\ndraw = 1\nbye = 2\n", "")
    result = run("tournament", "standings", "--json", "--dir", str(folder))
    rows = {r["name"]: r["match_points"] for r in json.loads(result.stdout)["rows"]}
    assert rows == {"Ali": 2, "Hoda": 1, "Omar": 1, "Zaid": 0}
    folder = edited(
        played, tmp_path / "5", r'(seed = "7"\n)', r'\1closed = "2026-12-05T00:00:00Z"\n'
    )
    result = run("tournament", "pair", "--dir", str(folder))
    assert result.exit_code == 1
    assert result.stderr.startswith("referee: [tournament.round]: the tournament was closed at ")
    folder = edited(played, tmp_path / "6", r'\{ name = "Ali", joined = 1 \}', '{ name = "Ali" }')
    result = run("tournament", "verify", "--json", "--dir", str(folder))
    assert json.loads(result.stdout) == {"ok": True, "problems": []}
    folder = edited(played, tmp_path / "3", r"tiebreaks = \[[^\]]*\]\n", "")
    result = run("tournament", "standings", "--json", "--dir", str(folder))
    assert result.exit_code == 0 and json.loads(result.stdout)["rows"][0]["tiebreaks"] == {}


def test_a_count_without_its_time_is_written_back_with_an_empty_one(
    played: Path, tmp_path: Path
) -> None:
    """A count whose ``at`` was deleted reads as an empty time and is written back so by
    the next command that writes the file."""
    folder = edited(played, tmp_path, rf'(winner = "Ali"\nduring = 1\n)at = {TIME}\n', r"\1")
    result = run("tournament", "result", "1", "--time", "--reason", "x", "--dir", str(folder))
    assert result.exit_code == 0, result.stderr
    text = (folder / "tournament.toml").read_text("utf-8")
    assert 'winner = "Ali"\nduring = 1\nat = ""\n' in text


def test_a_folder_without_a_tournament_says_how_to_start_one(tmp_path: Path) -> None:
    result = run("tournament", "status", "--dir", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"referee: [tournament.file]: {tmp_path / 'tournament.toml'}: no tournament here"
        " (referee tournament new NAME …)"
    )


def test_what_a_file_leaves_out_is_written_back_as_its_default(
    played: Path, tmp_path: Path
) -> None:
    """The next command that writes the file keeps its date and writes the default match
    points (a win 2, a draw 1, a bye 2) where ``[points]`` was left out."""
    assert re.search(
        r'^date = "\d{4}-\d\d-\d\d"$', (played / "tournament.toml").read_text("utf-8"), re.M
    )
    folder = edited(played, tmp_path, r"\[points\]\nwin = 2\ndraw = 1\nbye = 2\n", "")
    result = run("tournament", "result", "1", "--time", "--reason", "x", "--dir", str(folder))
    assert result.exit_code == 0, result.stderr
    assert "\n[points]\nwin = 2\ndraw = 1\nbye = 2\n" in (folder / "tournament.toml").read_text(
        "utf-8"
    )


def test_a_table_outside_the_sizes_a_game_allows(tmp_path: Path) -> None:
    """Pasur at tables of three may seat two where the count needs it: a table of four
    is refused naming both sizes."""
    who = [x for n in "ABCDEF" for x in ("-p", n)]
    new = ("tournament", "new", "Cup", "--game", "pasur", "--table-size", "3", *who)
    assert run(*new, "--seed", "7", "--dir", str(tmp_path)).exit_code == 0
    assert run("tournament", "pair", "--dir", str(tmp_path)).exit_code == 0
    file = tmp_path / "tournament.toml"
    pattern = r"(\[\[round\.tables\]\]\ntable = 1\nsides = \[\n)"
    file.write_text(re.sub(pattern, r'\1    "Z",\n', file.read_text("utf-8"), count=1), "utf-8")
    result = run("tournament", "status", "--dir", str(tmp_path))
    assert result.stderr.strip() == (
        FILE + "(round[0].tables[0].sides): expected 2 to 3 sides at a table of this"
        " tournament, found 4"
    )
