"""The tournament file's mapping (parsed TOML) to values and back: lenient reading, each
problem a ``tournament.file`` with its key path, what was expected and what was found;
the canonical mapping in a fixed key order (docs/tournament.md). No I/O."""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any

from referee.log.format import resolve_rules
from referee.messages import join, sentence
from referee.problems import Problem
from referee.registry import GAMES, check_game, check_variant
from referee.text import text_problem
from referee.tournament.model import (
    DECISIONS,
    SYSTEMS,
    TIEBREAKS,
    Count,
    Decision,
    Entrant,
    Points,
    Round,
    Table,
    Tournament,
)
from referee.tournament.names import name_problem
from referee.tournament.shape import table_sides, table_size
from referee.words.rulings import problem_message

TOP = (
    "format",
    "version",
    "name",
    "game",
    "variant",
    "date",
    "system",
    "rounds",
    "table_size",
    "seed",
    "tiebreaks",
    "closed",
    "rules",
    "points",
    "entrants",
    "round",
)
HEX64 = re.compile(r"[0-9a-f]{64}")


class Reader:
    """Collects problems while reading; each getter returns None on a bad value."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, path: str, message: str) -> None:
        self.problems.append(Problem("tournament.file", message, path))

    def keys(self, raw: dict[str, Any], allowed: tuple[str, ...], path: str) -> None:
        for key in raw:
            if key not in allowed:
                self.bad(
                    f"{path}{key}",
                    sentence(
                        "unknown key {key}; expected one of {keys}",
                        key=repr(key),
                        keys=join(allowed),
                    ),
                )

    def get(
        self,
        raw: dict[str, Any],
        key: str,
        kind: type | tuple[type, ...],
        path: str,
        default: Any = ...,
        what: str = "",
    ) -> Any:
        if key not in raw:
            if default is ...:
                self.bad(f"{path}{key}", sentence("missing key {key}", key=repr(key)))
                return None
            return default
        value = raw[key]
        if (
            isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,))
        ) or not isinstance(value, kind):
            self.bad(
                f"{path}{key}",
                sentence(
                    "expected {what}, found {value}",
                    what=what or getattr(kind, "__name__", "a value"),
                    value=repr(value)[:60],
                ),
            )
            return None
        return value

    def text(
        self, raw: dict[str, Any], key: str, path: str, default: Any = ..., what: str = ""
    ) -> Any:
        """A free text (a name, a reason): a string that :func:`text_problem` accepts."""
        value = self.get(raw, key, str, path, default, what or sentence("text"))
        if isinstance(value, str) and (why := text_problem(value)) is not None:
            self.bad(f"{path}{key}", why)
            return None
        return value

    def names(self, raw: dict[str, Any], key: str, path: str) -> tuple[str, ...] | None:
        value = self.get(raw, key, list, path, what=sentence("an array of names"))
        if value is None:
            return None
        if not all(isinstance(v, str) for v in value):
            self.bad(
                f"{path}{key}",
                sentence("expected an array of names, found {value}", value=repr(value)[:60]),
            )
            return None
        return tuple(value)

    def ints(
        self, raw: dict[str, Any], key: str, path: str, default: Any = ...
    ) -> dict[str, int] | None:
        value = self.get(raw, key, dict, path, default, sentence("a table of whole numbers"))
        if value is None:
            return None
        for k, v in value.items():
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                self.bad(
                    f"{path}{key}.{k}",
                    sentence(
                        "expected a whole number of at least 0, found {value}", value=repr(v)[:60]
                    ),
                )
                return None
        return dict(value)


def read_tournament(data: dict[str, Any]) -> tuple[Tournament | None, list[Problem]]:
    """The tournament in a parsed file, and every problem found."""
    r = Reader()
    r.keys(data, TOP, "")
    if data.get("format") != "referee-tournament":
        r.bad(
            "format",
            sentence(
                "expected {expected}, found {value}",
                expected='"referee-tournament"',
                value=repr(data.get("format"))[:60],
            ),
        )
    if data.get("version") != 1:
        r.bad(
            "version",
            sentence(
                "expected {expected}, found {value}",
                expected="1",
                value=repr(data.get("version"))[:60],
            ),
        )
    t = _header(r, data)
    if t is None:
        return None, r.problems
    for i, raw in enumerate(
        r.get(data, "entrants", list, "", [], sentence("an array of tables")) or []
    ):
        e = _entrant(r, raw, f"entrants[{i}].")
        if e is not None:
            if t.entrant(e.name) is not None:
                r.bad(
                    f"entrants[{i}].name",
                    sentence("{name} is entered twice; names must be unique", name=repr(e.name)),
                )
            t.entrants.append(e)
    _one_kind(r, t)
    _players_unique(r, t)
    table_size(r.bad, t, data)
    for i, raw in enumerate(
        r.get(data, "round", list, "", [], sentence("an array of tables")) or []
    ):
        rnd = _round(r, t, raw, f"round[{i}].")
        if rnd is not None:
            if rnd.number != i + 1:
                r.bad(
                    f"round[{i}].number",
                    sentence(
                        "expected {expected}, found {value}",
                        expected=str(i + 1),
                        value=str(rnd.number),
                    ),
                )
            t.paired.append(rnd)
    return t, r.problems


def _header(reader: Reader, data: dict[str, Any]) -> Tournament | None:
    name = reader.text(data, "name", "", what=sentence("a name"))
    game = reader.get(data, "game", str, "", what=sentence("a game"))
    if game is not None and (why := check_game(game)) is not None:
        reader.bad("game", why)
        game = None
    if game is None or name is None:
        return None
    variant = reader.get(
        data, "variant", str, "", GAMES[game].default_variant, sentence("a variant")
    )
    if variant is None or (why := check_variant(game, variant)) is not None:
        reader.bad("variant", why or sentence("expected a variant"))
        return None
    rules = reader.get(data, "rules", dict, "", {}, sentence("a table of rules"))
    if rules is not None:
        _, problems = resolve_rules(game, variant, rules, "rules")
        for p in problems:
            reader.bad(p.path or "rules", problem_message(p))
    system = reader.get(data, "system", str, "", "swiss", sentence("swiss or round-robin"))
    if system not in SYSTEMS:
        reader.bad(
            "system", sentence("expected swiss or round-robin, found {value}", value=repr(system))
        )
        system = "swiss"
    tiebreaks = reader.names(data, "tiebreaks", "") if "tiebreaks" in data else None
    for i, tb in enumerate(tiebreaks or ()):
        if tb not in TIEBREAKS:
            reader.bad(
                f"tiebreaks[{i}]",
                sentence(
                    "expected one of {ids}, found {value}", ids=join(TIEBREAKS), value=repr(tb)
                ),
            )
    points = _points(reader, data)
    rounds = _positive(reader, data, "rounds", "")
    size = _positive(reader, data, "table_size", "")
    t = Tournament(
        name=name,
        game=game,
        variant=variant,
        rules=rules or {},
        date=reader.get(data, "date", str, "", "", sentence("a date")) or "",
        system=system,
        rounds=rounds or 1,
        table_size=size or 2,
        seed=reader.get(data, "seed", str, "", what=sentence("a seed")) or "",
        points=points,
        tiebreaks=tuple(tiebreaks or ()),
        entrants=[],
        closed=reader.get(data, "closed", str, "", None, sentence("a time")),
    )
    return t


def _positive(reader: Reader, raw: dict[str, Any], key: str, path: str) -> int | None:
    value = reader.get(raw, key, int, path, what=sentence("a whole number"))
    if value is not None and value < 1:
        reader.bad(
            f"{path}{key}",
            sentence("expected a whole number of at least 1, found {value}", value=str(value)),
        )
        return None
    return value  # type: ignore[no-any-return]


def _points(reader: Reader, data: dict[str, Any]) -> Points:
    raw = reader.ints(data, "points", "", {"win": 2, "draw": 1, "bye": 2}) or {}
    reader.keys(raw, ("win", "draw", "bye"), "points.")
    return Points(raw.get("win", 2), raw.get("draw", 1), raw.get("bye", 2))


def _one_kind(reader: Reader, tournament: Tournament) -> None:
    """Every entrant a team of two, or every entrant a player: a file edited to mix them is
    said once here, before the seating it spoils."""
    teams = [e.name for e in tournament.entrants if e.members]
    players = [e.name for e in tournament.entrants if not e.members]
    if teams and players:
        reader.bad(
            "entrants",
            sentence(
                "expected every entrant a team or every entrant a player, found the teams "
                "{teams} and the players {players}",
                teams=", ".join(teams)[:60],
                players=", ".join(players)[:60],
            ),
        )


def _entrant(reader: Reader, raw: Any, path: str) -> Entrant | None:
    if not isinstance(raw, dict):
        reader.bad(
            path.rstrip("."), sentence("expected a table, found {value}", value=repr(raw)[:60])
        )
        return None
    reader.keys(raw, ("name", "members", "joined", "withdrawn"), path)
    name = reader.get(raw, "name", str, path, what=sentence("a name"))
    members = reader.names(raw, "members", path) if "members" in raw else ()
    joined = _positive(reader, raw, "joined", path) if "joined" in raw else 1
    withdrawn = _positive(reader, raw, "withdrawn", path) if "withdrawn" in raw else None
    if name is None or members is None or joined is None:
        return None

    for i, who in enumerate(members or (name,)):
        why = name_problem(who)
        if why is not None:
            reader.bad(f"{path}members[{i}]" if members else f"{path}name", why)
    if members and (len(members) != 2 or " & ".join(members) != name):
        reader.bad(
            f"{path}members",
            sentence(
                "a team is two members whose names joined by ' & ' are its name, found {value}",
                value=repr(list(members))[:80],
            ),
        )
    return Entrant(name, members, joined, withdrawn)


def _players_unique(reader: Reader, tournament: Tournament) -> None:
    seen: set[str] = set()
    for i, e in enumerate(tournament.entrants):
        for who in e.players:
            if who.casefold() in seen:
                reader.bad(
                    f"entrants[{i}]",
                    sentence("{name} is entered twice; names must be unique", name=repr(who)),
                )
            seen.add(who.casefold())


def _round(reader: Reader, tournament: Tournament, raw: Any, path: str) -> Round | None:
    if not isinstance(raw, dict):
        reader.bad(
            path.rstrip("."), sentence("expected a table, found {value}", value=repr(raw)[:60])
        )
        return None
    reader.keys(raw, ("number", "paired_at", "byes", "match_points", "tables"), path)
    number = _positive(reader, raw, "number", path)
    byes = reader.names(raw, "byes", path) if "byes" in raw else ()
    mp = reader.ints(raw, "match_points", path, {})
    tables: list[Table] = []
    numbers: set[int] = set()
    for i, tb in enumerate(
        reader.get(raw, "tables", list, path, [], sentence("an array of tables")) or []
    ):
        table = _table(reader, tournament, tb, f"{path}tables[{i}].")
        if table is not None:
            if table.number in numbers:
                reader.bad(
                    f"{path}tables[{i}].table",
                    sentence("table {number} is listed twice", number=table.number),
                )
            numbers.add(table.number)
            tables.append(table)
    at = reader.get(raw, "paired_at", str, path, "", sentence("a time"))
    if number is None or byes is None or mp is None:
        return None
    for key, named in (("byes", byes), ("match_points", mp)):  # said where each key names it
        for side in named:
            if tournament.entrant(side) is None:
                reader.bad(f"{path}{key}", sentence("{side} is not an entrant", side=repr(side)))
    return Round(number, tables, byes, mp, at or "")


def _table(reader: Reader, tournament: Tournament, raw: Any, path: str) -> Table | None:
    if not isinstance(raw, dict):
        reader.bad(
            path.rstrip("."), sentence("expected a table, found {value}", value=repr(raw)[:60])
        )
        return None
    reader.keys(raw, ("table", "sides", "players", "log", "counts", "decisions"), path)
    number = _positive(reader, raw, "table", path)
    sides = table_sides(reader.bad, tournament, reader.names(raw, "sides", path), path)
    players = reader.names(raw, "players", path)
    log = reader.get(raw, "log", str, path, what=sentence("a path inside the folder"))
    if log is not None and not safe_log(log):
        reader.bad(
            f"{path}log",
            sentence(
                "expected a relative path inside the tournament's folder ending .toml, "
                "found {value}",
                value=repr(log)[:80],
            ),
        )
        log = None
    raw_counts = reader.get(raw, "counts", list, path, [], sentence("an array of tables")) or []
    read_counts = (_count(reader, c, f"{path}counts[{i}].") for i, c in enumerate(raw_counts))
    counts = [c for c in read_counts if c is not None]
    raw_decisions = (
        reader.get(raw, "decisions", list, path, [], sentence("an array of tables")) or []
    )
    read = (_decision(reader, d, f"{path}decisions[{i}].") for i, d in enumerate(raw_decisions))
    decisions = [d for d in read if d is not None]
    if number is None or sides is None or players is None or log is None:
        return None
    for s in sides:
        e = tournament.entrant(s)
        if e is None:
            reader.bad(f"{path}sides", sentence("{side} is not an entrant", side=repr(s)))
    expect = seating([tournament.entrant(s) or Entrant(s) for s in sides])
    if list(players) != expect:
        reader.bad(
            f"{path}players",
            sentence(
                "expected {expected}, found {value}", expected=join(expect), value=join(players)
            ),
        )
    return Table(number, sides, players, log, counts, decisions)


def seating(entrants: list[Entrant]) -> list[str]:
    """The players of a table in playing order: partners sit opposite (1 & 3, 2 & 4). A
    side that is not a team of two (an edited file) keeps its name in both seats, so that
    the table is reported, not a crash."""
    if any(e.members for e in entrants):
        return [e.players[k] if k < len(e.players) else e.name for k in range(2) for e in entrants]
    return [e.name for e in entrants]


def safe_log(log: str) -> bool:
    """A log path the tournament may name: relative, inside its folder, a .toml file."""
    p = PurePosixPath(log)
    return (
        bool(log)
        and not p.is_absolute()
        and ".." not in p.parts
        and "\\" not in log
        and log.endswith(".toml")
        and log == str(p)
    )


def _count(reader: Reader, raw: Any, path: str) -> Count | None:
    if not isinstance(raw, dict):
        reader.bad(
            path.rstrip("."), sentence("expected a table, found {value}", value=repr(raw)[:60])
        )
        return None
    reader.keys(raw, ("digest", "totals", "winner", "during", "at", "reason", "complete"), path)
    digest = reader.get(raw, "digest", str, path, what=sentence("a SHA-256 in hexadecimal"))
    if digest is not None and not HEX64.fullmatch(digest):
        reader.bad(
            f"{path}digest",
            sentence("expected a SHA-256 in hexadecimal, found {value}", value=repr(digest)[:80]),
        )
        digest = None
    totals = reader.ints(raw, "totals", path, {})
    winner = reader.get(raw, "winner", str, path, None, sentence("a side"))
    during = reader.get(raw, "during", int, path, what=sentence("a whole number"))
    at = reader.get(raw, "at", str, path, "", sentence("a time"))
    reason = reader.text(raw, "reason", path, None)
    complete = reader.get(raw, "complete", bool, path, True, sentence("true or false"))
    if digest is None or totals is None or during is None or complete is None:
        return None
    return Count(digest, totals, winner, during, at or "", reason, complete)


def _decision(reader: Reader, raw: Any, path: str) -> Decision | None:
    if not isinstance(raw, dict):
        reader.bad(
            path.rstrip("."), sentence("expected a table, found {value}", value=repr(raw)[:60])
        )
        return None
    reader.keys(
        raw,
        ("kind", "reason", "during", "at", "absent", "points", "totals", "undone", "undone_during"),
        path,
    )
    kind = reader.get(raw, "kind", str, path, what=sentence("forfeit, time or points"))
    if kind is not None and kind not in DECISIONS:
        reader.bad(
            f"{path}kind",
            sentence("expected forfeit, time or points, found {value}", value=repr(kind)[:40]),
        )
        kind = None
    reason = reader.text(raw, "reason", path)
    during = reader.get(raw, "during", int, path, what=sentence("a whole number"))
    at = reader.get(raw, "at", str, path, "", sentence("a time"))
    absent = reader.names(raw, "absent", path) if "absent" in raw else ()
    points = reader.ints(raw, "points", path, {})
    totals = reader.ints(raw, "totals", path, {})
    undone = reader.get(raw, "undone", str, path, None, sentence("a time"))
    undone_during = reader.get(raw, "undone_during", int, path, None, sentence("a whole number"))
    if (
        kind is None
        or reason is None
        or during is None
        or absent is None
        or points is None
        or totals is None
    ):
        return None
    return Decision(kind, reason, during, at or "", absent, points, totals, undone, undone_during)
