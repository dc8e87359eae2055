"""A new round of the tournament: its pairing as tables (numbered, players seated, logs
named) and the tables' logs started, each written whole before the tournament file names
them (a killed ``pair`` leaves logs the file does not name, which the next ``pair`` writes
again)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from pathlib import Path

from referee.log.file import dumps as log_bytes
from referee.log.file import load, write_atomic, write_new
from referee.log.format import new_match
from referee.messages import plural_sentence, sentence
from referee.problems import RefereeError
from referee.tournament.model import Entrant, Round, Table, Tournament
from referee.tournament.pairing import Pairing
from referee.tournament.pairing import pair as pair_round
from referee.tournament.reader import seating
from referee.tournament.seats import layout
from referee.tournament.store import log_path, problem
from referee.tournament.verify import standing_for
from referee.words.lang import LANGUAGES, plain


def now() -> str:
    """The time of a record: UTC, to the second."""
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def next_round(tournament: Tournament) -> Round:
    """The next round as pairing gives it (its logs not yet written)."""

    r = tournament.current + 1
    mp, hist = standing_for(tournament, r)
    active = tournament.active(r)
    if len(active) < 2 or not layout(tournament, len(active))[0]:
        raise problem(
            "tournament.round",
            plural_sentence(
                "{n} active side cannot be paired at tables of {size}",
                "{n} active sides cannot be paired at tables of {size}",
                len(active),
                size=tournament.sides_per_table,
            ),
        )
    return round_of(tournament, r, pair_round(tournament, r, mp, hist), mp)


def round_of(
    tournament: Tournament, round_number: int, pairing: Pairing, match_points: Mapping[str, int]
) -> Round:
    """Round ``round_number`` from its pairing: tables numbered, players seated, logs named."""
    tables = []
    for i, sides in enumerate(pairing.tables, 1):
        players = seating([tournament.entrant(s) or Entrant(s) for s in sides])
        tables.append(
            Table(i, tuple(sides), tuple(players), f"round-{round_number}/table-{i}.toml")
        )
    paired = [s for x in pairing.tables for s in x] + list(pairing.byes)
    return Round(round_number, tables, pairing.byes, {s: match_points[s] for s in paired}, now())


def write_logs(folder: Path, tournament: Tournament, rnd: Round) -> None:
    """Start every table's log; a leftover of a killed ``pair`` (this round and table's
    event, no deal: its players may differ if entrants changed since) is written again,
    anything else at that path is refused."""

    for tb in rnd.tables:  # every log's way checked before any is written
        path = log_path(folder, tb.log)
        if (link := _link_on_the_way(path, folder)) is not None:
            raise problem(
                "tournament.round",
                sentence(
                    "{log} goes through a symbolic link ({link}): a round's logs are written "
                    "only into the tournament's own folders; move the link away",
                    log=tb.log,
                    link=str(link.relative_to(folder)),
                ),
            )

    for tb in rnd.tables:
        said = sentence(
            "{name}, round {round}, table {table}",
            name=tournament.name,
            round=rnd.number,
            table=tb.number,
        )
        event = plain(said)  # in the director's language: the table's referees read it
        match, problems = new_match(
            tournament.game,
            list(tb.players),
            tournament.variant,
            dict(tournament.rules),
            event,
            dt.date.today(),
        )
        if match is None or problems:
            raise RefereeError(problems)
        path = log_path(folder, tb.log)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() or path.is_symlink():
            try:
                old, _ = load(path)
            except RefereeError:
                old = None
            if old is None or old.deals or old.event not in {plain(said, c) for c in LANGUAGES}:
                raise problem(
                    "tournament.round",
                    sentence(
                        "{log} exists and is not part of the tournament; move it away", log=tb.log
                    ),
                )
            write_atomic(path, log_bytes(match))
        else:
            write_new(path, log_bytes(match))


def _link_on_the_way(path: Path, folder: Path) -> Path | None:
    """The first symbolic link between ``folder`` and ``path`` (a round's folder, the log
    itself), or None: a link would send a round's logs elsewhere, inside the tournament's
    folder or outside it."""
    on_the_way = folder
    for part in path.relative_to(folder).parts:
        on_the_way = on_the_way / part
        if on_the_way.is_symlink():
            return on_the_way
    return None
