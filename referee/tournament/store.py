"""The tournament file on disk (the edge): ``tournament.toml`` read leniently, every
problem a ``tournament.file`` with its key path, and written canonically, atomically and
under lock (referee.log.file's write and lock); the facts of the tables' logs, read and
replayed as ``referee verify`` and ``referee score`` do."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, TypeVar

from referee.log.file import load_bytes, parse_bytes, read_path, write_atomic
from referee.log.format import resolve_rules
from referee.log.tomlwrite import dumps as toml_text
from referee.match import replay
from referee.messages import join, sentence
from referee.problems import Problem, RefereeError
from referee.table.bulk import jobs_for
from referee.tournament.model import Tournament
from referee.tournament.reader import read_tournament
from referee.tournament.results import LogFacts
from referee.tournament.writer import to_dict
from referee.words.terms import game_said, variant_said

T = TypeVar("T")
Step = Callable[[int, int], None]  # told: this many more steps done, of this many in all

if TYPE_CHECKING:
    from referee.match import Replay
    from referee.record import Match

FILE = "tournament.toml"
FORMAT = "referee-tournament"
VERSION = 1


def problem(rule: str, message: str, path: str | None = None) -> RefereeError:
    return RefereeError([Problem(rule, message, path)])


def file_of(folder: Path) -> Path:
    return folder / FILE


def parse(raw: bytes) -> tuple[Tournament | None, list[Problem]]:
    """The tournament in ``raw`` (None when unusable) and every problem of the file."""

    data, problems = parse_bytes(raw)
    if data is None:
        return None, [
            Problem("tournament.file", p.message, p.path, line=p.line, column=p.column)
            for p in problems
        ]
    return read_tournament(data)


def load(folder: Path, real: Path | None = None) -> Tournament:
    """Read the folder's tournament; any problem of the file is raised."""

    path = real or file_of(folder)
    if not path.exists() and not path.is_symlink():
        raise problem(
            "tournament.file",
            sentence(
                "{file}: no tournament here (referee tournament new NAME …)",
                file=str(file_of(folder)),
            ),
        )
    t, problems = parse(read_path(path, file_of(folder), log=False))
    if t is None or problems:
        raise RefereeError(problems)
    return t


def dumps(tournament: Tournament) -> bytes:
    """The canonical bytes of a tournament file."""

    return toml_text(to_dict(tournament)).encode("utf-8")


def save(real: Path, tournament: Tournament) -> None:

    write_atomic(real, dumps(tournament))


def log_path(folder: Path, log: str) -> Path:
    """Where a table's log is: inside the folder (the reader refuses any other path)."""
    return folder.joinpath(*PurePosixPath(log).parts)


def expected_rules(tournament: Tournament) -> dict[str, Any]:
    values, _ = resolve_rules(tournament.game, tournament.variant, dict(tournament.rules))
    return values


def facts_of(
    path: Path, game: str, variant: str, players: list[str], rules: dict[str, Any]
) -> LogFacts | None:
    """What the log at ``path`` says, or None when there is no log there."""
    return read_log(path, game, variant, players, rules)[0]


def read_log(
    path: Path, game: str, variant: str, players: list[str], rules: dict[str, Any]
) -> tuple[LogFacts | None, tuple[Match, Replay] | None]:
    """The log at ``path`` read once: its facts, and the match and its replay when the log
    is the table's and has no problem (for a reader that needs both, as ``publish``)."""

    if not path.exists() and not path.is_symlink():
        return None, None
    try:
        raw = read_path(path)
    except RefereeError as e:
        return LogFacts("", e.problems[0], 0, {}, None, False), None
    digest = hashlib.sha256(raw).hexdigest()
    match, problems = load_bytes(raw)
    if match is None:
        return LogFacts(digest, problems[0], 0, {}, None, False), None
    replayed = replay(match, problems)
    first = replayed.problems[0] if replayed.problems else None
    if first is None:
        other = belongs(match, game, variant, players, rules)
        first = None if other is None else Problem("tournament.table", other)
    facts = LogFacts(
        digest,
        first,
        len(replayed.deals),
        dict(replayed.totals),
        replayed.winner,
        replayed.complete,
        len(match.deals),
    )
    return facts, (match, replayed) if first is None else None


def belongs(
    match: Any, game: str, variant: str, players: list[str], rules: dict[str, Any]
) -> str | None:
    """Why a log is not the table's (other players, game, variant or rules), or None."""

    if match.game != game or match.variant != variant:
        return sentence(
            "the log is {game} ({variant}), the table plays {want} ({wanted})",
            game=game_said(match.game),
            variant=variant_said(match.game, match.variant),
            want=game_said(game),
            wanted=variant_said(game, variant),
        )
    if list(match.players) != players:
        return sentence(
            "the log's players are {found}, the table's {expected}",
            found=join(match.players),
            expected=join(players),
        )
    if dict(match.rules) != rules:
        keys = sorted(
            k for k in set(match.rules) | set(rules) if match.rules.get(k) != rules.get(k)
        )
        return sentence("the log's rules differ from the tournament's: {keys}", keys=join(keys))
    return None


def _facts_job(job: tuple[str, str, str, list[str], dict[str, Any]]) -> LogFacts | None:
    path, game, variant, players, rules = job
    return facts_of(Path(path), game, variant, players, rules)


def all_facts(
    folder: Path,
    tournament: Tournament,
    which: set[tuple[int, int]] | None = None,
    jobs: int | None = None,
    step: Step | None = None,
) -> dict[tuple[int, int], LogFacts | None]:
    """The facts of every table's log (or only of ``which``), on every core when many;
    ``step`` is told of each log read."""
    return facts_beside(folder, tournament, None, which, jobs, step)[0]


def facts_beside(
    folder: Path,
    tournament: Tournament,
    beside: Callable[[Tournament], T] | None,
    which: set[tuple[int, int]] | None = None,
    jobs: int | None = None,
    step: Step | None = None,
) -> tuple[dict[tuple[int, int], LogFacts | None], T | None]:
    """:func:`all_facts`, and ``beside(t)`` computed in the same pool of workers while the
    logs are read (``verify``'s pairing check, which needs the tournament file only): on
    two cores it no longer waits for the reading to end."""
    rules = expected_rules(tournament)
    keys, work = [], []
    for rnd in tournament.paired:
        for tb in rnd.tables:
            if which is None or (rnd.number, tb.number) in which:
                keys.append((rnd.number, tb.number))
                work.append(
                    (
                        str(log_path(folder, tb.log)),
                        tournament.game,
                        tournament.variant,
                        list(tb.players),
                        rules,
                    )
                )

    jobs = jobs_for([w[0] for w in work], jobs)
    if jobs <= 1:
        found = [_stepped(_facts_job(job), step, len(work)) for job in work]
        return dict(zip(keys, found, strict=True)), beside(
            tournament
        ) if beside is not None else None
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    with multiprocessing.get_context(method).Pool(jobs) as pool:
        side = pool.apply_async(beside, (tournament,)) if beside is not None else None
        chunk = max(1, min(32, len(work) // (jobs * 8)))
        found = [_stepped(f, step, len(work)) for f in pool.imap(_facts_job, work, chunk)]
        other = side.get() if side is not None else None
    return dict(zip(keys, found, strict=True)), other


def _stepped(value: T, step: Step | None, total: int) -> T:
    if step is not None:
        step(1, total)
    return value


def read_all(
    folder: Path, jobs: int | None = None, step: Step | None = None
) -> tuple[Tournament, dict[tuple[int, int], LogFacts | None]]:
    """The tournament and the facts of every table's log (status, standings, verify);
    ``step`` is told of each log read."""
    t = load(folder)
    return t, all_facts(folder, t, None, jobs, step)


def file_problems(folder: Path) -> tuple[Tournament | None, list[Problem]]:
    """The tournament file read for verify: its problems returned, not raised."""

    path = file_of(folder)
    try:
        return parse(read_path(path, log=False))
    except RefereeError as e:
        return None, [Problem("tournament.file", p.message, p.path) for p in e.problems]


def entrants_csv(path: Path) -> list[str]:
    """The names in an entrants CSV file (a header row with a ``name`` column)."""
    import csv

    try:
        text = read_path(path, log=False).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise problem(
            "tournament.file", sentence("{file}: not UTF-8 text", file=str(path))
        ) from None
    rows = list(csv.DictReader(text.splitlines()))
    if not rows or "name" not in rows[0]:
        raise problem(
            "tournament.file",
            sentence("{file}: expected a header row with a name column", file=str(path)),
        )
    return [r["name"] or "" for r in rows]
