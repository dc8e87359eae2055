"""The canonical mapping of a tournament file: keys in the documented order
(docs/tournament.md), empty parts left out. No I/O: the store writes it with tomli-w."""

from __future__ import annotations

from typing import Any

from referee.tournament.model import Entrant, Round, Table, Tournament


def to_dict(tournament: Tournament) -> dict[str, Any]:
    """The canonical mapping: keys in the documented order, empty parts left out."""
    out: dict[str, Any] = {
        "format": "referee-tournament",
        "version": 1,
        "name": tournament.name,
        "game": tournament.game,
        "variant": tournament.variant,
    }
    if tournament.date:
        out["date"] = tournament.date
    out.update(
        system=tournament.system,
        rounds=tournament.rounds,
        table_size=tournament.table_size,
        seed=tournament.seed,
        tiebreaks=list(tournament.tiebreaks),
    )
    if tournament.closed is not None:
        out["closed"] = tournament.closed
    out["rules"] = dict(sorted(tournament.rules.items()))
    out["points"] = {
        "win": tournament.points.win,
        "draw": tournament.points.draw,
        "bye": tournament.points.bye,
    }
    out["entrants"] = [_entrant_dict(e) for e in tournament.entrants]
    if tournament.paired:
        out["round"] = [_round_dict(rnd) for rnd in tournament.paired]
    return out


def _entrant_dict(entrant: Entrant) -> dict[str, Any]:
    out: dict[str, Any] = {"name": entrant.name}
    if entrant.members:
        out["members"] = list(entrant.members)
    out["joined"] = entrant.joined
    if entrant.withdrawn is not None:
        out["withdrawn"] = entrant.withdrawn
    return out


def _round_dict(rnd: Round) -> dict[str, Any]:
    out: dict[str, Any] = {
        "number": rnd.number,
        "paired_at": rnd.paired_at,
        "byes": list(rnd.byes),
        "match_points": dict(rnd.match_points),
    }
    out["tables"] = [_table_dict(tb) for tb in rnd.tables]
    return out


def _table_dict(table: Table) -> dict[str, Any]:
    out: dict[str, Any] = {
        "table": table.number,
        "sides": list(table.sides),
        "players": list(table.players),
        "log": table.log,
    }
    if table.counts:
        out["counts"] = [
            _drop_none(
                {
                    "digest": c.digest,
                    "totals": c.totals,
                    "winner": c.winner,
                    "during": c.during,
                    "at": c.at,
                    "reason": c.reason,
                    "complete": None if c.complete else False,
                }
            )
            for c in table.counts
        ]
    if table.decisions:
        out["decisions"] = [
            _drop_none(
                {
                    "kind": d.kind,
                    "reason": d.reason,
                    "during": d.during,
                    "at": d.at,
                    "absent": list(d.absent) or None,
                    "points": d.points or None,
                    "totals": d.totals or None,
                    "undone": d.undone,
                    "undone_during": d.undone_during,
                }
            )
            for d in table.decisions
        ]
    return out


def _drop_none(table: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in table.items() if v is not None}
