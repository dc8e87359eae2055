"""The tournament's file and command side held to exact values (the seventh mutation run
of issue 36, docs/mutation.md): a hand-made ``tournament.toml`` with one or several broken
keys gives, through ``tournament verify --json``, every problem with its key path, what
was expected and what was found, in order; a file read and written back by ``tournament
add`` keeps every value and the documented key order."""

from __future__ import annotations

import copy
import json
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from referee.tournament.store import all_facts, load, read_all
from scripts.tournament_robustness import play

from .conftest import run

T = "2026-12-05T08:00:00Z"
DIGEST = "a" * 64
DEL = object()  # an edit that deletes the key

CUP: dict[str, Any] = {  # five entrants, two rounds paired, every kind of count and decision
    "format": "referee-tournament",
    "version": 1,
    "name": "Cup",
    "game": "basra",
    "variant": "egyptian",
    "date": "2026-12-05",
    "system": "swiss",
    "rounds": 3,
    "table_size": 2,
    "seed": "7",
    "tiebreaks": ["wins", "buchholz"],
    "entrants": [
        {"name": "Ali", "joined": 1},
        {"name": "Omar", "joined": 1},
        {"name": "Zaid", "joined": 1, "withdrawn": 3},
        {"name": "Hoda", "joined": 1},
        {"name": "Samir", "joined": 2},
    ],
    "rules": {"target": 51},
    "points": {"win": 3, "draw": 2, "bye": 4},
    "round": [
        {
            "number": 1,
            "paired_at": T,
            "byes": [],
            "match_points": {"Ali": 0, "Omar": 0, "Zaid": 0, "Hoda": 0},
            "tables": [
                {
                    "table": 1,
                    "sides": ["Omar", "Hoda"],
                    "players": ["Omar", "Hoda"],
                    "log": "round-1/table-1.toml",
                    "counts": [
                        {
                            "digest": DIGEST,
                            "during": 1,
                            "at": T,
                            "complete": False,
                            "totals": {"Omar": 0, "Hoda": 0},
                        }
                    ],
                    "decisions": [
                        {
                            "kind": "forfeit",
                            "reason": "did not come",
                            "during": 1,
                            "at": T,
                            "absent": ["Hoda"],
                            "undone": T,
                            "undone_during": 1,
                            "totals": {"Omar": 0, "Hoda": 0},
                        },
                        {
                            "kind": "time",
                            "reason": "late",
                            "during": 1,
                            "at": T,
                            "totals": {"Omar": 12, "Hoda": 3},
                        },
                    ],
                },
                {
                    "table": 2,
                    "sides": ["Zaid", "Ali"],
                    "players": ["Zaid", "Ali"],
                    "log": "round-1/table-2.toml",
                    "counts": [
                        {
                            "digest": DIGEST,
                            "winner": "Ali",
                            "during": 1,
                            "at": T,
                            "totals": {"Zaid": 20, "Ali": 101},
                        },
                        {
                            "digest": "b" * 64,
                            "winner": "Zaid",
                            "during": 2,
                            "at": T,
                            "reason": "recounted",
                            "totals": {"Zaid": 101, "Ali": 20},
                        },
                    ],
                },
            ],
        },
        {
            "number": 2,
            "paired_at": T,
            "byes": ["Samir"],
            "match_points": {"Ali": 3, "Omar": 3, "Zaid": 0, "Hoda": 0, "Samir": 0},
            "tables": [
                {
                    "table": 1,
                    "sides": ["Ali", "Omar"],
                    "players": ["Ali", "Omar"],
                    "log": "round-2/table-1.toml",
                    "decisions": [
                        {
                            "kind": "points",
                            "reason": "agreed",
                            "during": 2,
                            "at": T,
                            "points": {"Ali": 3, "Omar": 0},
                        }
                    ],
                },
                {
                    "table": 2,
                    "sides": ["Hoda", "Zaid"],
                    "players": ["Hoda", "Zaid"],
                    "log": "round-2/table-2.toml",
                },
            ],
        },
    ],
}

PAIRS: dict[str, Any] = {  # teams of two, partners opposite, a closed round robin
    "format": "referee-tournament",
    "version": 1,
    "name": "Pairs",
    "game": "basra",
    "variant": "egyptian",
    "system": "round-robin",
    "rounds": 1,
    "table_size": 4,
    "seed": "s",
    "tiebreaks": [],
    "closed": T,
    "entrants": [
        {"name": "Ali & Omar", "members": ["Ali", "Omar"]},
        {"name": "Zaid & Hoda", "members": ["Zaid", "Hoda"], "joined": 1},
    ],
    "rules": {},
    "round": [
        {
            "number": 1,
            "match_points": {"Ali & Omar": 0, "Zaid & Hoda": 0},
            "tables": [
                {
                    "table": 1,
                    "sides": ["Zaid & Hoda", "Ali & Omar"],
                    "players": ["Zaid", "Ali", "Hoda", "Omar"],
                    "log": "r1/t1.toml",
                }
            ],
        }
    ],
}


def edited(base: dict[str, Any], *edits: tuple[str, object]) -> dict[str, Any]:
    """``base`` with each ``("round/0/tables/1/log", value)`` set (``DEL``: deleted)."""
    data = copy.deepcopy(base)
    for path, value in edits:
        *parents, last = path.split("/")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = copy.deepcopy(value)
        elif value is DEL:
            del node[last]
        else:
            node[last] = copy.deepcopy(value)
    return data


def problems(tmp_path: Path, data: dict[str, Any]) -> list[str]:
    """What ``tournament verify --json`` finds in a folder holding only this file."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "tournament.toml").write_text(tomli_w.dumps(data), "utf-8")
    result = run("tournament", "verify", "--json", "--dir", str(tmp_path))
    said = json.loads(result.stdout)
    assert result.exit_code == (0 if said["ok"] else 1)
    return [p["message"] for p in said["problems"]]


def missing_logs(*logs: str) -> list[str]:
    return [f"{log}: the log is missing" for log in logs]


ALL_LOGS = missing_logs(
    "round-1/table-1.toml", "round-1/table-2.toml", "round-2/table-1.toml", "round-2/table-2.toml"
)
TOP = (
    "format, version, name, game, variant, date, system, rounds, table_size, seed, tiebreaks,"
    " closed, rules, points, entrants, round"
)
NOT_IN = "{}: '{}' is not an entrant"

BROKEN = [  # (what, the edits, every problem verify finds)
    ("top", [("colour", "red"), ("format", 5), ("version", 2)], [
        f"colour: unknown key 'colour'; expected one of {TOP}",
        'format: expected "referee-tournament", found 5',
        "version: expected 1, found 2",
    ]),
    ("format missing", [("format", DEL), ("version", DEL)], [
        'format: expected "referee-tournament", found None',
        "version: expected 1, found None",
    ]),
    ("no name, no game", [("name", DEL), ("game", DEL)], [
        "name: missing key 'name'", "game: missing key 'game'",
    ]),
    ("no name", [("name", DEL)], ["name: missing key 'name'"]),
    ("game", [("game", "chess")], [
        "game: expected one of basra, pasur, bura, kozel, found 'chess'",
    ]),
    ("variant", [("variant", "x")], [
        "variant: expected a basra variant, one of egyptian, classic, lebanese, iraqi, two-card;"
        " found 'x'",
    ]),
    ("variant type", [("variant", 5)], [
        "variant: expected a variant, found 5", "variant: expected a variant",
    ]),
    ("rules", [("rules", {"target": "x", "foo": 1})], [
        "rules.target: expected a whole number, found str 'x'",
        "rules.foo: unknown parameter 'foo' for basra; expected one of ace_points, basra_by_sum,"
        " basra_points, capture, hand_size, jack_basra, jack_points, majority_points,"
        " majority_tie, may_trail_capturer, partnerships, seven_diamonds, target,"
        " ten_diamonds_points, two_clubs_points",
    ]),
    ("rules type", [("rules", 5)], ["rules: expected a table of rules, found 5"]),
    ("system, tie-breaks", [("system", "knockout"), ("tiebreaks", ["wins", "coin", "direct"])], [
        "system: expected swiss or round-robin, found 'knockout'",
        "tiebreaks[1]: expected one of buchholz, buchholz-cut1, sonneborn-berger, direct, wins,"
        " game-points, game-difference, found 'coin'",
    ]),
    ("system type", [("system", 5)], [
        "system: expected swiss or round-robin, found 5",
        "system: expected swiss or round-robin, found None",
    ]),
    ("tie-breaks not names", [("tiebreaks", ["wins", 3])], [
        "tiebreaks: expected an array of names, found ['wins', 3]",
    ]),
    ("tie-breaks type", [("tiebreaks", "wins")], [
        "tiebreaks: expected an array of names, found 'wins'",
    ]),
    ("points", [("points", {"win": -1, "draw": True})], [
        "points.win: expected a whole number of at least 0, found -1",
    ]),
    ("points bool", [("points", {"win": 1, "draw": True})], [
        "points.draw: expected a whole number of at least 0, found True",
    ]),
    ("points text", [("points", {"bye": "2"})], [
        "points.bye: expected a whole number of at least 0, found '2'",
    ]),
    ("points key", [("points", {"win": 2, "lose": 1})], [
        "points.lose: unknown key 'lose'; expected one of win, draw, bye",
    ]),
    ("points type", [("points", 5)], ["points: expected a table of whole numbers, found 5"]),
    ("header", [("rounds", 0), ("table_size", "x"), ("date", 5), ("seed", DEL), ("closed", 5)], [
        "rounds: expected a whole number of at least 1, found 0",
        "table_size: expected a whole number, found 'x'",
        "date: expected a date, found 5",
        "seed: missing key 'seed'",
        "closed: expected a time, found 5",
    ]),
    ("rounds missing", [("rounds", DEL), ("table_size", 2.0)], [
        "rounds: missing key 'rounds'", "table_size: expected a whole number, found 2.0",
    ]),
    ("seed type", [("seed", 7), ("rounds", -2)], [
        "rounds: expected a whole number of at least 1, found -2",
        "seed: expected a seed, found 7",
    ]),
    ("table size true", [("table_size", True)], [  # once: a bool is no whole number
        "table_size: expected a whole number, found True",
    ]),
    ("table size 1", [("table_size", 1)], [
        "table_size: basra is played by 2 to 4 players, not 1",
        *(
            f"round[{r}].tables[{t}].sides: expected 1 sides at a table of this tournament,"
            " found 2"
            for r in (0, 1)
            for t in (0, 1)
        ),
    ]),
    ("table size 5", [("table_size", 5)], [
        "table_size: basra is played by 2 to 4 players, not 5",
        *(
            f"round[{r}].tables[{t}].sides: expected 4 to 5 sides at a table of this"
            " tournament, found 2"
            for r in (0, 1)
            for t in (0, 1)
        ),
    ]),
    ("name", [("name", "Cup\u0007")], [
        "name: 'Cup\\\\x07' holds a control, bidi or invisible character",
    ]),
    ("name empty", [("name", "")], ["name: expected some text, found ''"]),
    ("name type", [("name", ["Cup"])], ["name: expected a name, found ['Cup']"]),
    ("entrants", [
        ("entrants/0", "Ali"),
        ("entrants/1", {"name": 5, "colour": 1}),
        ("entrants/2", {"name": "Zaid", "joined": 0, "withdrawn": "x"}),
        ("entrants/3", {"name": "Hoda", "members": "x"}),
    ], [
        "entrants[0]: expected a table, found 'Ali'",
        "entrants[1].colour: unknown key 'colour'; expected one of name, members, joined,"
        " withdrawn",
        "entrants[1].name: expected a name, found 5",
        "entrants[2].joined: expected a whole number of at least 1, found 0",
        "entrants[2].withdrawn: expected a whole number, found 'x'",
        "entrants[3].members: expected an array of names, found 'x'",
        *(NOT_IN.format("round[0].tables[0].sides", s) for s in ("Omar", "Hoda")),
        *(NOT_IN.format("round[0].tables[1].sides", s) for s in ("Zaid", "Ali")),
        *(NOT_IN.format("round[0].match_points", s) for s in ("Ali", "Omar", "Zaid", "Hoda")),
        *(NOT_IN.format("round[1].tables[0].sides", s) for s in ("Ali", "Omar")),
        *(NOT_IN.format("round[1].tables[1].sides", s) for s in ("Hoda", "Zaid")),
        *(NOT_IN.format("round[1].match_points", s) for s in ("Ali", "Omar", "Zaid", "Hoda")),
    ]),
    ("entrant names", [
        ("entrants/0", {"name": "A" * 41}), ("entrants/1", {"name": "Omar\u200b"}),
    ], [
        "entrants[0].name: '" + "A" * 40 + "'…: a name has at most 40 characters, found 41",
        "entrants[1].name: 'Omar\\\\u200b' holds a control, bidi or invisible character",
        *(NOT_IN.format("round[0].tables[0].sides", "Omar"),),
        *(NOT_IN.format("round[0].tables[1].sides", "Ali"),),
        *(NOT_IN.format("round[0].match_points", s) for s in ("Ali", "Omar")),
        *(NOT_IN.format("round[1].tables[0].sides", s) for s in ("Ali", "Omar")),
        *(NOT_IN.format("round[1].match_points", s) for s in ("Ali", "Omar")),
    ]),
    ("entrant not NFC", [("entrants/4", {"name": "Sami\u0301r"}), ("round/1/byes", [])], [
        "entrants[4].name: 'Sami\u0301r' is not in Unicode normal form (NFC)",
        NOT_IN.format("round[1].match_points", "Samir"),
    ]),
    ("entered twice", [
        ("entrants/3", {"name": "ALI"}), ("entrants/4", {"name": "Omar"}), ("round", DEL),
    ], [
        "entrants[4].name: 'Omar' is entered twice; names must be unique",
        "entrants[3]: 'ALI' is entered twice; names must be unique",
        "entrants[4]: 'Omar' is entered twice; names must be unique",
    ]),
    ("entrants type", [("entrants", {"name": "Ali"}), ("round", DEL)], [
        "entrants: expected an array of tables, found {'name': 'Ali'}",
    ]),
    ("teams", [
        ("entrants/0", {"name": "Ali & Omar", "members": ["Ali", "Omar", "Zaid"]}),
        ("entrants/1", {"name": "X & Y", "members": ["Y", "X"]}),
        ("entrants/3", {"name": "P & Q", "members": ["P", 5]}),
        ("round", DEL),
    ], [
        "entrants[0].members: a team is two members whose names joined by ' & ' are its name,"
        " found ['Ali', 'Omar', 'Zaid']",
        "entrants[1].members: a team is two members whose names joined by ' & ' are its name,"
        " found ['Y', 'X']",
        "entrants[3].members: expected an array of names, found ['P', 5]",
        "entrants: expected every entrant a team or every entrant a player, found the teams"
        " Ali & Omar, X & Y and the players Zaid, Samir",
        "entrants[2]: 'Zaid' is entered twice; names must be unique",
        "table_size: teams of two play at tables of 4 in a partnership game (basra with"
        " partnerships), not 2",
    ]),
    ("team member", [
        ("entrants/0", {"name": "Ali & O\u200bmar", "members": ["Ali", "O\u200bmar"]}),
        ("round", DEL),
        ("table_size", 4),
    ], [
        "entrants[0].members[1]: 'O\\\\u200bmar' holds a control, bidi or invisible character",
        "entrants: expected every entrant a team or every entrant a player, found the teams"
        " Ali & O\u200bmar and the players Omar, Zaid, Hoda, Samir",
    ]),
    ("round", [("round/0", 5), ("round/1/number", 3), ("round/1/colour", 1)], [
        "round[0]: expected a table, found 5",
        "round[1].colour: unknown key 'colour'; expected one of number, paired_at, byes,"
        " match_points, tables",
        "round[1].number: expected 2, found 3",
    ]),
    ("round number", [("round/0/number", 0), ("round/1/number", 1)], [
        "round[0].number: expected a whole number of at least 1, found 0",
        "round[1].number: expected 2, found 1",
    ]),
    ("round match points", [
        ("round/0/match_points", {"Ali": -1}),
        ("round/1/byes", ["Nobody"]),
        ("round/1/match_points", {"Ali": 3, "Ghost": 0}),
    ], [
        "round[0].match_points.Ali: expected a whole number of at least 0, found -1",
        NOT_IN.format("round[1].byes", "Nobody"),
        NOT_IN.format("round[1].match_points", "Ghost"),
    ]),
    ("a stranger with a bye and match points", [
        ("round/1/byes", ["Ghost"]),
        ("round/1/match_points", {"Ali": 3, "Omar": 3, "Zaid": 0, "Hoda": 0, "Ghost": 2}),
    ], [  # said where each of the two keys names it, once each
        NOT_IN.format("round[1].byes", "Ghost"),
        NOT_IN.format("round[1].match_points", "Ghost"),
    ]),
    ("round types", [("round/0/byes", 5), ("round/1/tables", 5), ("round/1/paired_at", 7)], [
        "round[0].byes: expected an array of names, found 5",
        "round[1].tables: expected an array of tables, found 5",
        "round[1].paired_at: expected a time, found 7",
    ]),
    ("round keys missing", [("round/0/number", DEL)], ["round[0].number: missing key 'number'"]),
    ("round type", [("round", {"number": 1})], [
        "round: expected an array of tables, found {'number': 1}",
    ]),
    ("tables", [
        ("round/0/tables/0", 5),
        ("round/0/tables/1/colour", 1),
        ("round/0/tables/1/table", 0),
        ("round/1/tables/1/table", 1),
    ], [
        "round[0].tables[0]: expected a table, found 5",
        "round[0].tables[1].colour: unknown key 'colour'; expected one of table, sides,"
        " players, log, counts, decisions",
        "round[0].tables[1].table: expected a whole number of at least 1, found 0",
        "round[1].tables[1].table: table 1 is listed twice",
    ]),
    ("table fields", [
        ("round/0/tables/0/sides", ["Omar", 5]),
        ("round/0/tables/1/players", "x"),
        ("round/1/tables/0/log", 5),
        ("round/1/tables/1/log", "a\\b.toml"),
    ], [
        "round[0].tables[0].sides: expected an array of names, found ['Omar', 5]",
        "round[0].tables[1].players: expected an array of names, found 'x'",
        "round[1].tables[0].log: expected a path inside the folder, found 5",
        "round[1].tables[1].log: expected a relative path inside the tournament's folder"
        " ending .toml, found 'a\\\\b.toml'",
    ]),
    ("table logs", [
        ("round/0/tables/0/log", ""),
        ("round/0/tables/1/log", "./x.toml"),
        ("round/1/tables/0/log", "x.TOML"),
        ("round/1/tables/1/log", "a//b.toml"),
    ], [
        f"round[{r}].tables[{t}].log: expected a relative path inside the tournament's folder"
        f" ending .toml, found {v!r}"
        for r, t, v in ((0, 0, ""), (0, 1, "./x.toml"), (1, 0, "x.TOML"), (1, 1, "a//b.toml"))
    ]),
    ("table log outside", [
        ("round/0/tables/0/log", "/x.toml"), ("round/0/tables/1/log", "a/../x.toml"),
    ], [
        "round[0].tables[0].log: expected a relative path inside the tournament's folder ending"
        " .toml, found '/x.toml'",
        "round[0].tables[1].log: expected a relative path inside the tournament's folder ending"
        " .toml, found 'a/../x.toml'",
    ]),
    ("table sides", [
        ("round/0/tables/0/sides", ["Omar", "Ghost"]),
        ("round/0/tables/0/players", ["Omar", "Ghost"]),
        ("round/1/tables/1/players", ["Zaid", "Hoda"]),
    ], [
        NOT_IN.format("round[0].tables[0].sides", "Ghost"),
        "round[1].tables[1].players: expected Hoda, Zaid, found Zaid, Hoda",
    ]),
    ("table keys missing", [
        ("round/0/tables/0/table", DEL),
        ("round/0/tables/1/sides", DEL),
        ("round/1/tables/0/players", DEL),
        ("round/1/tables/1/log", DEL),
    ], [
        "round[0].tables[0].table: missing key 'table'",
        "round[0].tables[1].sides: missing key 'sides'",
        "round[1].tables[0].players: missing key 'players'",
        "round[1].tables[1].log: missing key 'log'",
    ]),
    ("counts", [
        ("round/0/tables/0/counts/0/digest", "A" * 64),
        ("round/0/tables/1/counts/0/colour", 1),
        ("round/0/tables/1/counts/1/complete", "no"),
        ("round/0/tables/1/counts/1/reason", "x\u0007"),
    ], [
        "round[0].tables[0].counts[0].digest: expected a SHA-256 in hexadecimal, found '"
        + "A" * 64 + "'",
        "round[0].tables[1].counts[0].colour: unknown key 'colour'; expected one of digest,"
        " totals, winner, during, at, reason, complete",
        "round[0].tables[1].counts[1].reason: 'x\\\\x07' holds a control, bidi or invisible"
        " character",
        "round[0].tables[1].counts[1].complete: expected true or false, found 'no'",
    ]),
    ("count values", [
        ("round/0/tables/0/counts/0/totals", {"Omar": "x"}),
        ("round/0/tables/1/counts/0/winner", 5),
        ("round/0/tables/1/counts/1/during", DEL),
        ("round/0/tables/1/counts/0/at", 5),
    ], [
        "round[0].tables[0].counts[0].totals.Omar: expected a whole number of at least 0,"
        " found 'x'",
        "round[0].tables[1].counts[0].winner: expected a side, found 5",
        "round[0].tables[1].counts[0].at: expected a time, found 5",
        "round[0].tables[1].counts[1].during: missing key 'during'",
    ]),
    ("count types", [
        ("round/0/tables/0/counts/0/digest", DEL),
        ("round/0/tables/1/counts", [1, {"digest": "c" * 64, "during": 1, "complete": 1}]),
        ("round/1/tables/1/counts", 5),
    ], [
        "round[0].tables[0].counts[0].digest: missing key 'digest'",
        "round[0].tables[1].counts[0]: expected a table, found 1",
        "round[0].tables[1].counts[1].complete: expected true or false, found 1",
        "round[1].tables[1].counts: expected an array of tables, found 5",
    ]),
    ("count digest", [("round/0/tables/0/counts/0/digest", "a" * 63 + "g")], [
        "round[0].tables[0].counts[0].digest: expected a SHA-256 in hexadecimal, found '"
        + "a" * 63 + "g'",
    ]),
    ("decisions", [
        ("round/0/tables/0/decisions/0/kind", "coin"),
        ("round/0/tables/0/decisions/1/colour", 1),
        ("round/1/tables/0/decisions/0/points", {"Ali": -3}),
        ("round/1/tables/1/decisions", [5]),
    ], [
        "round[0].tables[0].decisions[0].kind: expected forfeit, time or points, found 'coin'",
        "round[0].tables[0].decisions[1].colour: unknown key 'colour'; expected one of kind,"
        " reason, during, at, absent, points, totals, undone, undone_during",
        "round[1].tables[0].decisions[0].points.Ali: expected a whole number of at least 0,"
        " found -3",
        "round[1].tables[1].decisions[0]: expected a table, found 5",
    ]),
    ("decision values", [
        ("round/0/tables/0/decisions/0/reason", DEL),
        ("round/0/tables/0/decisions/1/during", "x"),
        ("round/1/tables/0/decisions/0/at", 5),
        ("round/0/tables/0/decisions/0/absent", [5]),
        ("round/0/tables/0/decisions/1/totals", {"Omar": True}),
    ], [
        "round[0].tables[0].decisions[0].reason: missing key 'reason'",
        "round[0].tables[0].decisions[0].absent: expected an array of names, found [5]",
        "round[0].tables[0].decisions[1].during: expected a whole number, found 'x'",
        "round[0].tables[0].decisions[1].totals.Omar: expected a whole number of at least 0,"
        " found True",
        "round[1].tables[0].decisions[0].at: expected a time, found 5",
    ]),
    ("decision taken back", [
        ("round/0/tables/0/decisions/0/undone", 5),
        ("round/0/tables/0/decisions/0/undone_during", "x"),
        ("round/0/tables/0/decisions/1/kind", DEL),
        ("round/1/tables/0/decisions/0/reason", "\u202e"),
        ("round/1/tables/1/decisions", 5),
    ], [
        "round[0].tables[0].decisions[0].undone: expected a time, found 5",
        "round[0].tables[0].decisions[0].undone_during: expected a whole number, found 'x'",
        "round[0].tables[0].decisions[1].kind: missing key 'kind'",
        "round[1].tables[0].decisions[0].reason: '\\\\u202e' holds a control, bidi or invisible"
        " character",
        "round[1].tables[1].decisions: expected an array of tables, found 5",
    ]),
    ("decision keys missing", [
        ("round/0/tables/0/decisions/0/during", DEL),
        ("round/0/tables/0/decisions/1/totals", 5),
        ("round/1/tables/0/decisions/0/points", 5),
    ], [
        "round[0].tables[0].decisions[0].during: missing key 'during'",
        "round[0].tables[0].decisions[1].totals: expected a table of whole numbers, found 5",
        "round[1].tables[0].decisions[0].points: expected a table of whole numbers, found 5",
    ]),
    ("long values", [("name", ["x" * 70]), ("format", "f" * 70), ("version", "v" * 70)], [
        'format: expected "referee-tournament", found ' + repr("f" * 70)[:60],
        "version: expected 1, found " + repr("v" * 70)[:60],
        "name: expected a name, found " + repr(["x" * 70])[:60],
    ]),
    ("long entrants", [
        ("entrants", [
            *CUP["entrants"],
            "e" * 70,
            {"name": "Nour", "members": ["m" * 70, 5]},
            {"name": "N & O", "members": ["N" * 50, "O" * 50]},
        ]),
        ("points", {"win": "p" * 70}),
        ("round", DEL),
    ], [
        "points.win: expected a whole number of at least 0, found " + repr("p" * 70)[:60],
        "entrants[5]: expected a table, found " + repr("e" * 70)[:60],
        "entrants[6].members: expected an array of names, found " + repr(["m" * 70, 5])[:60],
        *(
            f"entrants[7].members[{i}]: '{c * 40}'…: a name has at most 40 characters, found 50"
            for i, c in enumerate("NO")
        ),
        "entrants[7].members: a team is two members whose names joined by ' & ' are its name,"
        " found " + repr(["N" * 50, "O" * 50])[:80],
        "entrants: expected every entrant a team or every entrant a player, found the teams"
        " N & O and the players Ali, Omar, Zaid, Hoda, Samir",
        "table_size: teams of two play at tables of 4 in a partnership game (basra with"
        " partnerships), not 2",
    ]),
    ("long rounds", [
        ("round", [*CUP["round"], "r" * 70]),
        ("round/0/tables/0/log", "l" * 80 + ".txt"),
        ("round/0/tables/1/counts/0/digest", "d" * 90),
        ("round/0/tables/1/counts/1", "c" * 70),
        ("round/0/tables/0/decisions/0/kind", "k" * 50),
        ("round/0/tables/0/decisions/1", "q" * 70),
        ("round/1/tables/1", "t" * 70),
    ], [
        "round[0].tables[0].log: expected a relative path inside the tournament's folder"
        " ending .toml, found " + repr("l" * 80 + ".txt")[:80],
        "round[0].tables[0].decisions[0].kind: expected forfeit, time or points, found "
        + repr("k" * 50)[:40],
        "round[0].tables[0].decisions[1]: expected a table, found " + repr("q" * 70)[:60],
        "round[0].tables[1].counts[0].digest: expected a SHA-256 in hexadecimal, found "
        + repr("d" * 90)[:80],
        "round[0].tables[1].counts[1]: expected a table, found " + repr("c" * 70)[:60],
        "round[1].tables[1]: expected a table, found " + repr("t" * 70)[:60],
        "round[2]: expected a table, found " + repr("r" * 70)[:60],
    ]),
    ("count reason", [("round/0/tables/1/counts/1/reason", 5)], [
        "round[0].tables[1].counts[1].reason: expected text, found 5",
    ]),
    ("decision kind type", [("round/0/tables/0/decisions/0/kind", 5)], [
        "round[0].tables[0].decisions[0].kind: expected forfeit, time or points, found 5",
    ]),
    ("table size text", [
        ("table_size", "x"),
        ("round/0/tables/0/sides", ["Omar", "Hoda", "Samir"]),
        ("round/0/tables/0/players", ["Omar", "Hoda", "Samir"]),
    ], [
        "table_size: expected a whole number, found 'x'",
        "round[0].tables[0].sides: expected 2 sides at a table of this tournament, found 3",
    ]),
    ("count digest type", [("round/0/tables/0/counts/0/digest", 5)], [
        "round[0].tables[0].counts[0].digest: expected a SHA-256 in hexadecimal, found 5",
    ]),
]  # fmt: skip


@pytest.mark.parametrize(("what", "edits", "said"), BROKEN, ids=[b[0] for b in BROKEN])
def test_every_problem_of_a_broken_file_in_order(
    tmp_path: Path, what: str, edits: list[tuple[str, object]], said: list[str]
) -> None:
    assert problems(tmp_path, edited(CUP, *edits)) == said


def test_a_whole_file_reads_and_only_its_logs_are_missing(tmp_path: Path) -> None:
    assert problems(tmp_path, CUP) == ALL_LOGS
    assert problems(tmp_path / "pairs", PAIRS) == [
        "r1/t1.toml: the log is missing",
        "the tournament is closed but this table has no result",
    ]


def test_a_file_written_back_keeps_every_value_in_the_documented_order(tmp_path: Path) -> None:
    """``tournament add`` reads the whole file and writes it back canonically: every value
    kept (counts, recounts, decisions taken back, match points, withdrawals), the new
    entrant last, and the text exactly the documented order of keys."""
    (tmp_path / "tournament.toml").write_text(tomli_w.dumps(CUP), "utf-8")
    result = run("tournament", "add", "Nour", "--dir", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0] == "Added Nour: paired from round 3."
    want = copy.deepcopy(CUP)
    want["entrants"].append({"name": "Nour", "joined": 3})
    text = (tmp_path / "tournament.toml").read_text("utf-8")
    assert tomllib.loads(text) == want
    assert text == tomli_w.dumps(want)


def test_a_team_file_seats_partners_opposite(tmp_path: Path) -> None:
    """Partners sit opposite (1 & 3, 2 & 4): a table listing them side by side is refused
    with the seating expected; a table size other than 4 for teams is the file's problem."""
    swapped = edited(PAIRS, ("round/0/tables/0/players", ["Zaid", "Hoda", "Ali", "Omar"]))
    assert problems(tmp_path / "a", swapped) == [
        "round[0].tables[0].players: expected Zaid, Ali, Hoda, Omar, found Zaid, Hoda, Ali, Omar"
    ]
    assert problems(tmp_path / "b", edited(PAIRS, ("table_size", 2))) == [
        "table_size: teams of two play at tables of 4 in a partnership game (basra with"
        " partnerships), not 2"
    ]
    solo = edited(
        PAIRS,
        ("entrants/1", {"name": "Zaid"}),
        ("round/0/tables/0/sides", ["Zaid", "Ali & Omar"]),
        ("round/0/match_points", {"Ali & Omar": 0, "Zaid": 0}),
    )
    assert problems(tmp_path / "c", solo) == [  # a player among teams: said, then the seats
        "entrants: expected every entrant a team or every entrant a player, found the teams"
        " Ali & Omar and the players Zaid",
        "round[0].tables[0].players: expected Zaid, Ali, Zaid, Omar, found Zaid, Ali, Hoda, Omar",
    ]


@pytest.fixture(scope="module")
def closed_cup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four entrants, one round: table 1 decided (time called), table 2 played and
    counted, the tournament closed. ``tournament verify`` finds nothing."""
    folder = tmp_path_factory.mktemp("closed") / "my cup"
    names = [x for n in ("Ali", "Omar", "Zaid", "Hoda") for x in ("-p", n)]
    for args in (
        ("new", "Cup", "--game", "basra", *names, "--seed", "7", "--rounds", "1"),
        ("pair",),
        ("result", "1", "--time", "--reason", "late"),
    ):
        result = run("tournament", *args, "--dir", str(folder))
        assert result.exit_code == 0, result.stderr
    play(folder / "round-1" / "table-2.toml", 2)
    assert run("tournament", "close", "--dir", str(folder)).exit_code == 0
    return folder


def findings(
    closed_cup: Path, tmp_path: Path, *edits: tuple[str, object]
) -> tuple[Path, list[dict[str, object]]]:
    """A copy of the closed cup with its file edited; what ``verify --json`` finds."""
    folder = tmp_path / "cup"
    shutil.copytree(closed_cup, folder)
    file = folder / "tournament.toml"
    file.write_text(tomli_w.dumps(edited(tomllib.loads(file.read_text("utf-8")), *edits)))
    result = run("tournament", "verify", "--json", "--dir", str(folder))
    said = json.loads(result.stdout)
    assert result.exit_code == (0 if said["ok"] else 1)
    return folder, said["problems"]


def test_a_closed_tournament_says_where_its_standings_and_pages_are(closed_cup: Path) -> None:
    """The folder named as the director types it (quoted: it holds a space), after
    ``--dir`` for standings and as the argument of ``publish``."""
    result = run("tournament", "status", "--dir", str(closed_cup))
    quoted = f"'{closed_cup}'"
    assert result.stdout.splitlines()[-1] == (
        f"Next: the tournament is closed; the final standings: referee tournament standings"
        f" --dir {quoted}; the results pages: referee tournament publish {quoted} -o site"
    )


CHANGED = {
    "rule": "tournament.changed",
    "round": 1,
    "table": 2,
    "message": "round-1/table-2.toml: the result counted is not the one its log gives",
}


def test_a_count_edited_by_hand_is_not_the_result_its_log_gives(
    closed_cup: Path, tmp_path: Path
) -> None:
    """The counted totals or winner edited in the file (the log the same): the table is
    said changed; table 1, decided, is not checked against its log. A count deleted: the
    finished log is the table's result, so the closed tournament still verifies."""
    assert findings(closed_cup, tmp_path / "a") == (tmp_path / "a" / "cup", [])
    totals = ("round/0/tables/1/counts/0/totals/Zaid", 84)
    assert findings(closed_cup, tmp_path / "b", totals)[1] == [CHANGED]
    uncounted = ("round/0/tables/1/counts", DEL)
    assert findings(closed_cup, tmp_path / "e", uncounted)[1] == []
    winner = ("round/0/tables/1/counts/0/winner", "Zaid")
    assert findings(closed_cup, tmp_path / "c", winner)[1] == [CHANGED]
    folder, found = findings(
        closed_cup, tmp_path / "d", ("round/0/tables/1/counts/0/digest", DIGEST)
    )
    assert found == [
        {
            "rule": "tournament.changed",
            "round": 1,
            "table": 2,
            "message": "round-1/table-2.toml changed after it was counted; accept it with"
            f" referee tournament recount 2 --round 1 --reason TEXT --dir {folder} or put the"
            " counted log back",
        }
    ]


def test_a_missing_or_broken_log_does_not_stop_the_tables_after_it(
    closed_cup: Path, tmp_path: Path
) -> None:
    """Table 1's log gone or broken, table 2's count edited: both are found."""
    totals = ("round/0/tables/1/counts/0/totals/Zaid", 84)
    shutil.copytree(closed_cup, tmp_path / "gone")
    (tmp_path / "gone" / "round-1" / "table-1.toml").unlink()
    _, found = findings(tmp_path / "gone", tmp_path / "a", totals)
    missing = {"rule": "tournament.table", "round": 1, "table": 1}
    assert found == [{**missing, "message": "round-1/table-1.toml: the log is missing"}, CHANGED]
    shutil.copytree(closed_cup, tmp_path / "junk")
    (tmp_path / "junk" / "round-1" / "table-1.toml").write_text("junk junk\n", "utf-8")
    _, found = findings(tmp_path / "junk", tmp_path / "b", totals)
    assert found == [
        {
            **missing,
            "message": "round-1/table-1.toml: [log.toml] (line 1, column 6): not valid TOML:"
            " Expected '=' after a key in a key/value pair",
        },
        CHANGED,
    ]


def test_verify_says_each_finding_with_its_rule_and_where(tmp_path: Path) -> None:
    """Without --json: ``[rule]: what`` for the file and the tournament, ``[rule] (round
    r, table t): what`` for a table; more rounds paired than the tournament has is said
    in the reader's language."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "tournament.toml").write_text(tomli_w.dumps(edited(CUP, ("rounds", 1))))
    result = run("tournament", "verify", "--dir", str(tmp_path / "a"))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "[tournament.round]: 2 rounds are paired, of 1",
        *(
            f"[tournament.table] (round {r}, table {t}): round-{r}/table-{t}.toml: the log is"
            " missing"
            for r in (1, 2)
            for t in (1, 2)
        ),
        "5 problems",
    ]
    result = run("--lang", "ru", "tournament", "verify", "--dir", str(tmp_path / "a"))
    assert result.stdout.splitlines()[0] == (
        "[tournament.round]: жеребьёвка проведена для 2 туров, а туров всего 1"
    )
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "tournament.toml").write_text(tomli_w.dumps(edited(CUP, ("rounds", "x"))))
    result = run("tournament", "verify", "--dir", str(tmp_path / "b"))
    assert result.stdout.splitlines() == [
        "[tournament.file]: rounds: expected a whole number, found 'x'",
        "1 problem",
    ]


def test_a_file_that_cannot_be_read_is_the_files_problem(tmp_path: Path) -> None:
    """No tournament.toml, or a folder in its place: ``tournament.file``, naming it."""
    result = run("tournament", "verify", "--json", "--dir", str(tmp_path))
    file = tmp_path / "tournament.toml"
    assert json.loads(result.stdout) == {
        "ok": False,
        "problems": [{"rule": "tournament.file", "message": f"{file}: no such file"}],
    }
    file.mkdir()
    result = run("tournament", "verify", "--dir", str(tmp_path))
    assert result.stdout.splitlines()[0] == (f"[tournament.file]: {file}: is a folder, not a file")


def test_the_tables_waiting_are_named_up_to_twenty(tmp_path: Path) -> None:
    """Twenty tables pending are all named, the last after "and"; of 21 or 22, the first
    twenty are named and the rest counted. The 21 new logs (no deal yet) read in a pool
    of two are what they are one by one, each read told."""
    waiting = {}
    for n in (40, 42, 44):
        names = [x for k in range(n) for x in ("-p", f"P{k:02}")]
        folder = tmp_path / str(n)
        assert (
            run(
                "tournament", "new", "Big", "--game", "basra", *names, "--dir", str(folder)
            ).exit_code
            == 0
        )
        assert run("tournament", "pair", "--dir", str(folder)).exit_code == 0
        result = run("tournament", "status", "--dir", str(folder))
        waiting[n] = next(x for x in result.stdout.splitlines() if x.startswith("Next:"))
    first = ", ".join(str(k) for k in range(1, 20))
    assert waiting[40] == f"Next: round 1 is in play; 20 tables have no result yet: {first} and 20."
    assert waiting[42] == (
        f"Next: round 1 is in play; 21 tables have no result yet: {first}, 20 and 1 more."
    )
    assert waiting[44] == (
        f"Next: round 1 is in play; 22 tables have no result yet: {first}, 20 and 2 more."
    )
    folder = tmp_path / "42"
    steps: list[tuple[int, int]] = []
    pooled = all_facts(folder, load(folder), jobs=2, step=lambda n, of: steps.append((n, of)))
    assert pooled == all_facts(folder, load(folder), jobs=1)
    assert sorted(pooled) == [(1, k) for k in range(1, 22)]
    assert {(f.problem, f.deals, f.complete) for f in pooled.values() if f} == {(None, 0, False)}
    assert steps == [(1, 21)] * 21


def test_an_entrants_file_not_utf8_or_with_an_empty_name(tmp_path: Path) -> None:
    (tmp_path / "a.csv").write_bytes(b"name\nAli\n\xff\n")
    result = run(
        "tournament", "new", "Cup", "--game", "basra", "--entrants", str(tmp_path / "a.csv")
    )
    assert result.exit_code == 1
    assert (
        result.stderr.strip() == f"referee: [tournament.file]: {tmp_path / 'a.csv'}: not UTF-8 text"
    )
    (tmp_path / "b.csv").write_text("name,club\nAli,A\n,B\n", "utf-8")
    new = ("tournament", "new", "Cup", "--game", "basra", "--entrants", str(tmp_path / "b.csv"))
    result = run(*new, "--dir", str(tmp_path / "b"))
    assert result.exit_code == 1
    assert (
        result.stderr.strip() == "referee: [tournament.file]: a player's name is empty or invisible"
    )


@pytest.mark.parametrize(
    ("points", "written"),
    [({"win": 3}, {"win": 3, "draw": 1, "bye": 2}), ({"draw": 2}, {"win": 2, "draw": 2, "bye": 2})],
)
def test_keys_left_out_are_written_back_as_their_defaults(
    tmp_path: Path, points: dict[str, int], written: dict[str, int]
) -> None:
    """A file without the keys that have defaults reads, and ``tournament add`` writes each
    back as its default: the game's first variant, the Swiss system, no rules, no
    tie-breaks, a win 2, a draw 1 and a bye 2, joined in round 1, no byes and no match
    points recorded, a count without totals, empty times."""
    left_out = edited(
        CUP,
        *((key, DEL) for key in ("variant", "date", "system", "rules", "tiebreaks")),
        ("points", points),
        ("round/0/match_points", DEL),
        ("entrants/0/joined", DEL),
        ("round/0/paired_at", DEL),
        ("round/0/byes", DEL),
        ("round/0/tables/0/counts/0/at", DEL),
        ("round/0/tables/0/counts/0/totals", DEL),
        ("round/0/tables/0/decisions/0/absent", DEL),
        ("round/0/tables/0/decisions/1/at", DEL),
        ("round/0/tables/0/decisions/1/totals", DEL),
    )
    (tmp_path / "tournament.toml").write_text(tomli_w.dumps(left_out), "utf-8")
    result = run("tournament", "add", "Nour", "--dir", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    want = edited(
        left_out,
        ("variant", "egyptian"),
        ("system", "swiss"),
        ("rules", {}),
        ("tiebreaks", []),
        ("points", written),
        ("round/0/match_points", {}),
        ("entrants/0/joined", 1),
        ("round/0/paired_at", ""),
        ("round/0/byes", []),
        ("round/0/tables/0/counts/0/at", ""),
        ("round/0/tables/0/counts/0/totals", {}),
        ("round/0/tables/0/decisions/1/at", ""),
    )
    want["entrants"].append({"name": "Nour", "joined": 3})
    assert tomllib.loads((tmp_path / "tournament.toml").read_text("utf-8")) == want


@pytest.fixture(scope="module")
def round_robin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Five in a round robin, B withdrawn after round 1: round 2's circle leaves D and E
    without an opponent (D the odd count's, E B's)."""
    folder = tmp_path_factory.mktemp("rr") / "rr"
    names = [x for n in "ABCDE" for x in ("-p", n)]
    for args in (
        ("new", "RR", "--game", "basra", "--system", "round-robin", *names, "--seed", "1"),
        ("pair",),
        ("result", "1", "--time", "--reason", "x"),
        ("result", "2", "--time", "--reason", "x"),
        ("drop", "B"),
        ("pair",),
    ):
        result = run("tournament", *args, "--dir", str(folder))
        assert result.exit_code == 0, result.stderr
    return folder


def test_a_round_robin_gives_a_bye_to_the_opponent_of_a_withdrawn_side(
    round_robin: Path,
) -> None:
    """Round 2 has one table and two byes, not the two tables four sides would have in a
    Swiss round: the circle decides, and ``verify`` holds the round to it."""
    said = tomllib.loads((round_robin / "tournament.toml").read_text("utf-8"))["round"][1]
    assert ([t["sides"] for t in said["tables"]], said["byes"]) == ([["A", "C"]], ["D", "E"])
    result = run("tournament", "verify", "--json", "--dir", str(round_robin))
    assert json.loads(result.stdout) == {"ok": True, "problems": []}


def test_a_round_robin_is_held_to_its_circle_not_to_a_pairing_as_cheap(
    round_robin: Path, tmp_path: Path
) -> None:
    """Round 2 edited to A – D with C and E out costs what the circle's does (one point of
    difference, two byes on 1), but a round robin's round is its seeded circle."""
    table = ("round/1/tables/0", {"table": 1, "sides": ["A", "D"], "players": ["A", "D"]})
    folder = tmp_path / "cup"
    shutil.copytree(round_robin, folder)
    file = folder / "tournament.toml"
    data = edited(tomllib.loads(file.read_text("utf-8")), ("round/1/byes", ["C", "E"]))
    data["round"][1]["tables"][0].update(table[1])
    file.write_text(tomli_w.dumps(data), "utf-8")
    result = run("tournament", "verify", "--json", "--dir", str(folder))
    assert json.loads(result.stdout)["problems"] == [
        {
            "rule": "tournament.table",
            "round": 2,
            "table": 1,
            "message": "round-2/table-1.toml: [tournament.table]: the log's players are A, C,"
            " the table's A, D",
        },
        {"rule": "tournament.pairing", "round": 2, "message": "the pairing is not the seeded draw"},
    ]


NEW_REFUSED = [  # (the entrants and options of `tournament new`, why it is refused)
    (["--team", "A & B & C", "--team", "D & E"],
     "'A & B & C': a team is two members joined by \" & \""),
    (["--team", "A&B", "--team", "C & D"], "'A&B': a team is two members joined by \" & \""),
    (["--team", "A & B", "-p", "C"], "entrants are all teams or all players, not both"),
    (["-p", "Ali", "-p", "ALI"], "'ALI' is entered twice; names must be unique"),
    (["--team", "Ali & Omar", "--team", "Zaid & ali"],
     "'ali' is entered twice; names must be unique"),
    (["--team", "A & B", "--team", "C & D", "--table-size", "2"],
     "teams of two play at tables of 4 in a partnership game (basra with partnerships), not 2"),
    (["-p", "A", "-p", "B", "-p", "C", "-p", "D", "--table-size", "4"],
     "individual entrants at tables of 4 in basra need --rule partnerships=false"),
    (["-p", "A", "-p", "B", "--table-size", "5"], "basra is played by 2 to 4 players, not 5"),
    (["-p", "A", "-p", "B", "--table-size", "1"], "basra is played by 2 to 4 players, not 1"),
    (["-p", "A" * 41, "-p", "B"], f"'{'A' * 40}'…: a name has at most 40 characters, found 41"),
    (["-p", "A\u200b", "-p", "B"], "'A\\\\u200b' holds a control, bidi or invisible character"),
    (["-p", "Ali\t", "-p", "B"], "'Ali\\\\x09' holds a control, bidi or invisible character"),
    (["--team", "Ali\t & Omar", "--team", "C & D"],
     "'Ali\\\\x09' holds a control, bidi or invisible character"),
    (["--team", "A & B", "--team", "C & D", "--rule", "partnerships=false"],
     "teams of two play at tables of 4 in a partnership game (basra with partnerships), not 4"),
]  # fmt: skip


@pytest.mark.parametrize(("entrants", "why"), NEW_REFUSED)
def test_new_refuses_entrants_and_sizes_the_game_does_not_take(
    tmp_path: Path, entrants: list[str], why: str
) -> None:
    result = run("tournament", "new", "Cup", "--game", "basra", *entrants, "--dir", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr.strip() == f"referee: [tournament.file]: {why}"
    assert not (tmp_path / "tournament.toml").exists()


@pytest.mark.parametrize(
    ("entrants", "names"),
    [
        (["-p", "  Ali  ", "-p", "Ale\u0301"], [{"name": "Ali"}, {"name": "Al\u00e9"}]),
        (
            ["--team", "Xena & ZaX", "--team", " X & Y "],
            [
                {"name": "Xena & ZaX", "members": ["Xena", "ZaX"]},
                {"name": "X & Y", "members": ["X", "Y"]},
            ],
        ),
        (
            ["--team", " A  &  B ", "--team", "C & D"],
            [{"name": "A & B", "members": ["A", "B"]}, {"name": "C & D", "members": ["C", "D"]}],
        ),
        (
            ["-p", "A & B", "-p", "C & D", "--table-size", "4"],
            [{"name": "A & B", "members": ["A", "B"]}, {"name": "C & D", "members": ["C", "D"]}],
        ),
    ],
)
def test_new_enters_names_as_typed_without_spaces_around(
    tmp_path: Path, entrants: list[str], names: list[dict[str, object]]
) -> None:
    """Spaces around a name or a member are dropped, a name is put in normal form (NFC),
    and a name with " & " is a team."""
    result = run("tournament", "new", "Cup", "--game", "basra", *entrants, "--dir", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    said = tomllib.loads((tmp_path / "tournament.toml").read_text("utf-8"))
    assert said["entrants"] == [{**n, "joined": 1} for n in names]
    assert said["table_size"] == (4 if "members" in names[0] else 2)


@pytest.mark.parametrize(
    ("lang", "rounds", "said"),
    [
        ("en", "1", "2 entrants, 1 round, seed 3."),
        ("en", "2", "2 entrants, 2 rounds, seed 3."),
        ("ru", "1", "участников: 2, 1 тур, зерно жеребьёвки 3."),
        ("ru", "3", "участников: 2, 3 тура, зерно жеребьёвки 3."),
        ("ar", "2", "جولتان"),
    ],
)
def test_new_says_one_round_as_one(tmp_path: Path, lang: str, rounds: str, said: str) -> None:
    """``tournament new`` counts its rounds in the plural the language gives them."""
    names = ["-p", "Ali", "-p", "Omar"]
    args = ["new", "Cup", "--game", "basra", *names, "--rounds", rounds, "--seed", "3"]
    result = run("--lang", lang, "tournament", *args, "--dir", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    assert said in result.stdout.splitlines()[0], result.stdout


@pytest.mark.parametrize(
    ("new", "why"),
    [
        (["pasur", "-p", "Zaid", "-p", "Ali"], "the log is Pasur (standard), the table plays Basra"
         " (Egyptian)"),
        (["basra", "-v", "lebanese", "-p", "Zaid", "-p", "Ali"], "the log is Basra (Lebanese),"
         " the table plays Basra (Egyptian)"),
        (["basra", "-p", "Ali", "-p", "Zaid"], "the log's players are Ali, Zaid, the table's Zaid,"
         " Ali"),
        (["basra", "-p", "Zaid", "-p", "Ali", "-r", "target=51", "-r", "jack_points=2"],
         "the log's rules differ from the tournament's: jack_points, target"),
    ],
)  # fmt: skip
def test_a_log_that_is_not_the_tables_says_why(
    closed_cup: Path, tmp_path: Path, new: list[str], why: str
) -> None:
    """Table 2's log replaced by a new one of another game, variant, seating or rules."""
    folder = tmp_path / "cup"
    shutil.copytree(closed_cup, folder)
    log = folder / "round-1" / "table-2.toml"
    log.unlink()
    assert run("new", *new, "-f", str(log)).exit_code == 0
    result = run("tournament", "verify", "--json", "--dir", str(folder))
    assert json.loads(result.stdout)["problems"] == [
        {
            "rule": "tournament.table",
            "round": 1,
            "table": 2,
            "message": f"round-1/table-2.toml: [tournament.table]: {why}",
        }
    ]


def test_a_decision_taken_back_during_the_next_round_stood_when_it_was_paired(
    tmp_path: Path,
) -> None:
    """Hoda's forfeit, made during round 1 and taken back during round 2, stood when round 2
    was paired: Omar's 3 match points recorded then are right."""
    forfeit = copy.deepcopy(CUP["round"][0]["tables"][0]["decisions"][0])
    cup = edited(CUP, ("round/0/tables/0/decisions", [{**forfeit, "undone_during": 2}]))
    assert problems(tmp_path, cup) == ALL_LOGS


def test_a_table_not_in_the_round_is_refused(round_robin: Path) -> None:
    result = run("tournament", "result", "9", "--time", "--reason", "x", "--dir", str(round_robin))
    assert result.exit_code == 1
    assert result.stderr.strip() == "referee: [tournament.table]: round 2 has no table 9"


def test_the_logs_read_are_told_one_by_one(closed_cup: Path) -> None:
    """``read_all`` tells its ``step`` (the progress a terminal shows) of each log read."""
    steps: list[tuple[int, int]] = []
    t, facts = read_all(closed_cup, step=lambda done, total: steps.append((done, total)))
    assert steps == [(1, 2), (1, 2)]
    assert t.name == "Cup" and sorted(facts) == [(1, 1), (1, 2)]


def test_a_repeat_meeting_is_counted_and_a_forfeit_is_no_meeting(tmp_path: Path) -> None:
    """Round 2 edited to Omar – Hoda and Ali – Samir, Zaid out: Omar and Hoda met in round
    1 (time was called on their match), so the pairing costs one repeat meeting; where Hoda
    forfeited instead, they never met and it costs none."""
    tables = [
        {"table": 1, "sides": ["Omar", "Hoda"], "players": ["Omar", "Hoda"], "log": "r2/t1.toml"},
        {"table": 2, "sides": ["Ali", "Samir"], "players": ["Ali", "Samir"], "log": "r2/t2.toml"},
    ]
    round_2 = (("round/1/tables", tables), ("round/1/byes", ["Zaid"]))
    logs = missing_logs("round-1/table-1.toml", "round-1/table-2.toml", "r2/t1.toml", "r2/t2.toml")
    assert problems(tmp_path / "a", edited(CUP, *round_2)) == [
        *logs,
        "the pairing costs (1, 0, 6, 0), the least is (0, 0, 0, 0)",
    ]
    forfeit = copy.deepcopy(CUP["round"][0]["tables"][0]["decisions"][0])
    del forfeit["undone"], forfeit["undone_during"]
    forfeited = edited(CUP, *round_2, ("round/0/tables/0/decisions", [forfeit]))
    assert problems(tmp_path / "b", forfeited) == [
        *logs,
        "the pairing costs (0, 0, 6, 0), the least is (0, 0, 0, 0)",
    ]


def test_a_variant_for_two_takes_no_table_of_three(tmp_path: Path) -> None:
    """Pasur's ru-baaz is for two players: its own range, not the game's 2 to 4."""
    who = [x for n in "ABC" for x in ("-p", n)]
    new = ("tournament", "new", "Cup", "--game", "pasur", "--variant", "ru-baaz", *who)
    result = run(*new, "--table-size", "3", "--dir", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "referee: [tournament.file]: pasur is played by 2 to 2 players, not 3"
    )


def test_a_log_that_cannot_be_read_or_replayed_is_the_tables_problem(
    closed_cup: Path, tmp_path: Path
) -> None:
    """Table 2's log a folder, a log whose first capture is not legal, or one whose first
    card is not a card: each is the table's problem, said with the log's own rule, and the
    count is not compared."""
    folder = tmp_path / "a"
    shutil.copytree(closed_cup, folder)
    log = folder / "round-1" / "table-2.toml"
    log.unlink()
    log.mkdir()
    result = run("tournament", "verify", "--json", "--dir", str(folder))
    table_2 = {"rule": "tournament.table", "round": 1, "table": 2}
    folder_said = f"round-1/table-2.toml: [log.file]: {log}: is a folder, not a match log"
    assert json.loads(result.stdout)["problems"] == [{**table_2, "message": folder_said}]
    folder = tmp_path / "b"
    shutil.copytree(closed_cup, folder)
    log = folder / "round-1" / "table-2.toml"
    text = log.read_text("utf-8")
    log.write_text(text.replace('card = "5C", takes = "5S"', 'card = "5C", takes = "QS"', 1))
    result = run("tournament", "verify", "--json", "--dir", str(folder))
    assert json.loads(result.stdout)["problems"] == [
        {
            **table_2,
            "message": "round-1/table-2.toml: [basra.capture.group] (deal 1, play 1,"
            " deals[0].plays[0]): QS is not a union of groups a 5 can take; legal: takes 5S,"
            " trail",
        }
    ]
    log.write_text(text.replace('card = "5C", takes = "5S"', 'card = "5X", takes = "5S"', 1))
    result = run("tournament", "verify", "--json", "--dir", str(folder))
    assert json.loads(result.stdout)["problems"] == [
        {
            **table_2,
            "message": "round-1/table-2.toml: [log.card] (deal 1, play 1,"
            " deals[0].plays[0].card): '5X': '5X' is not a card: 'X' is not a suit (S H D C,"
            " or ♠ ♥ ♦ ♣)",
        }
    ]


def test_a_log_with_a_problem_gets_no_score_sheet_in_the_publication(
    closed_cup: Path, tmp_path: Path
) -> None:
    """Table 2's log replayed with a problem and table 1 decided with no deal: the
    published pages hold no score sheet at all."""
    folder = tmp_path / "cup"
    shutil.copytree(closed_cup, folder)
    log = folder / "round-1" / "table-2.toml"
    text = log.read_text("utf-8")
    log.write_text(text.replace('card = "5C", takes = "5S"', 'card = "5C", takes = "QS"', 1))
    result = run("tournament", "publish", str(folder), "-o", str(tmp_path / "site"))
    assert result.exit_code == 0, result.stderr
    pages = sorted(
        str(p.relative_to(tmp_path / "site")) for p in (tmp_path / "site").rglob("*.html")
    )
    assert pages == [
        "crosstable.html",
        *(f"entrants/{k}.html" for k in range(1, 5)),
        "index.html",
        "print/round-1-pairings.html",
        "print/round-1-slips.html",
        "print/standings.html",
        "rounds/1.html",
    ]
