"""The canonical mapping of a tournament file: keys in the documented order
(docs/tournament.md), empty parts left out. No I/O: the store writes it with tomli-w."""

from __future__ import annotations

from typing import Any

from referee.tournament.model import Entrant, Round, Table, Tournament


def to_dict(t: Tournament) -> dict[str, Any]:
    """The canonical mapping: keys in the documented order, empty parts left out."""
    out: dict[str, Any] = {
        "format": "referee-tournament",
        "version": 1,
        "name": t.name,
        "game": t.game,
        "variant": t.variant,
    }
    if t.date:
        out["date"] = t.date
    out.update(
        system=t.system,
        rounds=t.rounds,
        table_size=t.table_size,
        seed=t.seed,
        tiebreaks=list(t.tiebreaks),
    )
    if t.closed is not None:
        out["closed"] = t.closed
    out["rules"] = dict(sorted(t.rules.items()))
    out["points"] = {"win": t.points.win, "draw": t.points.draw, "bye": t.points.bye}
    out["entrants"] = [_entrant_dict(e) for e in t.entrants]
    if t.paired:
        out["round"] = [_round_dict(rnd) for rnd in t.paired]
    return out


def _entrant_dict(e: Entrant) -> dict[str, Any]:
    out: dict[str, Any] = {"name": e.name}
    if e.members:
        out["members"] = list(e.members)
    out["joined"] = e.joined
    if e.withdrawn is not None:
        out["withdrawn"] = e.withdrawn
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


def _table_dict(tb: Table) -> dict[str, Any]:
    out: dict[str, Any] = {
        "table": tb.number,
        "sides": list(tb.sides),
        "players": list(tb.players),
        "log": tb.log,
    }
    if tb.counts:
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
            for c in tb.counts
        ]
    if tb.decisions:
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
            for d in tb.decisions
        ]
    return out


def _drop_none(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v is not None}
