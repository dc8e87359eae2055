"""The boards of ``referee serve``: the public board (the standings and each table's
score now, read only, no key; for a single match, its score sheet as it grows), the
director's board (every table's state, the live standings, the tables' pages) and the
current round's table slips to print (each table's address as a QR code and as text).
A key is shown on the director's pages only, never on the public board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from markupsafe import Markup

from referee.html.publish import sheet_body
from referee.messages import Msg, sentence
from referee.serve.pages import state_lines
from referee.serve.views import frame, lang_query, render, said
from referee.tournament.report import COLUMN_WORDS, number, shown_columns, standings_of, state_said
from referee.tournament.results import table_result, table_state
from referee.words.lang import DECIMAL_COMMA, current
from referee.words.rulings import problem_said
from referee.words.terms import (
    decision_said,
    game_said,
    scores_said,
    system_said,
    tiebreak_said,
    variant_said,
    when_said,
)

if TYPE_CHECKING:
    from referee.serve.keys import Keys
    from referee.serve.source import Log, Seat, Served
    from referee.tournament.model import Table, Tournament

BOARD_WORDS = {
    "standings": sentence("Standings"),
    "tables": sentence("Tables"),
    "table": sentence("table"),
    "sides": sentence("sides"),
    "state": sentence("state"),
    "name": sentence("name"),
    "match_points": sentence("match points"),
    "slips": sentence("Table slips"),
    "open": sentence("Open the table's page"),
    "scan": sentence("Scan to open this table's page, or type its address:"),
    "director": sentence("Director's board"),
    "live": sentence("This page follows the tables by itself."),
    "no_round": sentence("No round has been paired yet."),
}


def _words() -> dict[str, str]:
    return {k: said(v) for k, v in BOARD_WORDS.items()}


def _tables(
    served: Served, seats: list[Seat], tournament: Tournament
) -> tuple[list[dict[str, Any]], Any]:
    """The current round's tables (number, sides, state in words, the director's decision
    said as a word with its time, match points) and the standings now, from every table's
    log as it is."""

    logs = {(s.round, s.table): served.read(s) for s in seats}
    facts = {k: log.facts for k, log in logs.items()}
    current = tournament.paired[-1] if tournament.paired else None
    rows = []
    for tb in current.tables if current is not None else []:
        key = (current.number if current is not None else 0, tb.number)
        result = table_result(tournament, tb, facts.get(key))
        rows.append(
            {
                "number": tb.number,
                "round": key[0],
                "sides": list(tb.sides),
                "state": said(table_said(tb, logs.get(key))),
                "decision": _decision(tb),
                "points": None if result is None else [result.match_points[s] for s in tb.sides],
            }
        )
    return rows, standings_of(tournament, facts, None)  # type: ignore[arg-type]


def _decision(table: Table) -> dict[str, str] | None:
    """The director's decision standing for a table: its kind (the id, for scripts, and
    its word) and when it was made (UTC, and in the reader's clock)."""

    d = table.decision()
    if d is None:
        return None
    word, when = said(decision_said(d.kind)), said(when_said(d.at))
    return {"kind": d.kind, "word": word, "at": d.at, "when": when}


def table_said(table: Table, log: Log | None) -> Msg:
    """A table's state in words, as ``tournament status`` says it, and for a table at
    play the deal in progress and the totals now."""

    facts = log.facts if log is not None else None
    state = table_state(table, facts)
    if state not in ("playing", "not-started") or log is None or not log.usable:
        return state_said(state, facts)
    assert log.match is not None and log.replayed is not None
    deal = log.replayed.state
    if deal is None or deal.finished:
        return state_said(state, facts)
    totals = scores_said(log.match.sides, log.replayed.totals)
    return sentence("deal {deal} in play; {totals}", deal=len(log.match.deals), totals=totals)


def _tournament(served: Served, seats: list[Seat]) -> dict[str, Any]:
    """A tournament's board: its name, game, variant and system said as words, its date in
    the reader's form, the round, the tables, and the standings as ``publish`` shows them
    (every column headed once, each tie-break by its word)."""

    t = served.tournament()
    rows, standings = _tables(served, seats, t)
    head = sentence(
        "{game} ({variant}), {system}",
        game=game_said(t.game),
        variant=variant_said(t.game, t.variant),
        system=system_said(t.system),
    )
    after = (
        said(sentence("Round {round} of {rounds}", round=t.current, rounds=t.rounds))
        if t.current
        else said(BOARD_WORDS["no_round"])
    )
    columns = shown_columns(t)
    return {
        "name": t.name,
        "head": said(head),
        "date": t.date,
        "date_said": said(when_said(t.date)),
        "after": after,
        "tables": rows,
        "tiebreaks": [(tb, said(tiebreak_said(tb))) for tb in t.tiebreaks],
        "columns": [(c, said(COLUMN_WORDS[c])) for c in columns],
        "rows": [_standing(row, t.tiebreaks, columns) for row in standings.rows],
        "yes": said(sentence("yes")),
    }


def _standing(row: Any, tiebreaks: tuple[str, ...], columns: tuple[str, ...]) -> dict[str, Any]:
    """A row of the standings: rank, name, match points, the tie-breaks' figures (with the
    decimal sign of the reader's tables) and the counts shown."""

    r = row.record
    return {
        "rank": row.rank,
        "name": r.name,
        "points": r.match_points,
        "tiebreaks": [figure(number(row.tiebreaks[tb])) for tb in tiebreaks],
        "counts": [(c, getattr(r, c)) for c in columns],
        "withdrawn": r.withdrawn,
    }


def figure(value: float) -> str:
    """A figure as the reader's tables write it (Russian: a decimal comma, ``1,5``)."""

    text = str(value)
    return text.replace(".", ",") if current() in DECIMAL_COMMA else text


def _single(served: Served, seats: list[Seat]) -> dict[str, Any]:
    """A single match's board: its head, where it stands (the director's board only: the
    view may show recorded hands), and its score sheet so far."""

    log = served.read(seats[0])
    out: dict[str, Any] = {"name": seats[0].path.name, "head": "", "lines": [], "sheet": None}
    if log.problem is not None:
        out["lines"] = [said(problem_said(log.problem))]
    if log.usable and log.match is not None and log.replayed is not None:
        out["head"], out["lines"] = state_lines(log.match, log.replayed)
        out["sheet"] = Markup(sheet_body(log.match, log.replayed, False))
    return out


def public_board(served: Served, seats: list[Seat], query: dict[str, str]) -> str:
    """The public board: no key, no link to a table, read only."""
    ctx: dict[str, Any] = frame("", "/tag" + lang_query(query), served.tag(seats))
    ctx |= {"b": _words(), "single": served.single, "director": None}
    ctx |= _single(served, seats) if served.single else _tournament(served, seats)
    ctx["title"] = ctx["name"]
    return render("board.html", ctx)


def director_board(
    served: Served, seats: list[Seat], keys: Keys, key: str, query: dict[str, str]
) -> str:
    """The director's board: the public board's figures, each table's page and the slips."""
    ctx: dict[str, Any] = frame("", f"/d/{key}/tag{lang_query(query)}", served.tag(seats))
    ctx |= {"b": _words(), "single": served.single}
    ctx |= _single(served, seats) if served.single else _tournament(served, seats)
    links = {
        (s.round or 0, s.table or 0): f"/t/{keys.key_of(s.name)}{lang_query(query)}" for s in seats
    }
    if served.single:
        ctx["tables"] = [
            {"number": 1, "round": 0, "sides": list(seats[0].sides), "state": "", "points": None}
        ]
    ctx["director"] = {"links": links, "slips": f"/d/{key}/slips{lang_query(query)}"}
    ctx["title"] = said(BOARD_WORDS["director"])
    return render("board.html", ctx)


def qr_svg(url: str) -> Markup:
    """The address as a QR code, drawn by the server (SVG, no script, no request)."""
    import segno

    code = segno.make(url, error="m", micro=False)
    return Markup(code.svg_inline(scale=4, border=2, omitsize=True, svgclass="qr"))


def slips_page(served: Served, seats: list[Seat], keys: Keys, base: str) -> str:
    """The current round's table slips: number, sides, the address as a QR code and text."""
    last = seats[-1].round if seats else None  # once closed, the last round's tables
    current = [s for s in seats if s.open] or [s for s in seats if s.round == last]
    slips = []
    for s in current:
        url = f"{base}/t/{keys.key_of(s.name)}"
        title = (
            said(sentence("Round {round}, table {table}", round=s.round, table=s.table))
            if s.round is not None
            else s.path.name
        )
        slips.append({"title": title, "sides": s.sides, "url": url, "qr": qr_svg(url)})
    ctx: dict[str, Any] = frame(said(BOARD_WORDS["slips"]), None, "")
    ctx |= {"b": _words(), "slips": slips, "local": ""}
    if urlsplit(base).hostname in ("127.0.0.1", "localhost", "::1"):
        ctx["local"] = said(
            sentence(
                "This server answers this machine only: start it with --host 0.0.0.0 for the "
                "tables' phones to reach these addresses."
            )
        )
    return render("slips.html", ctx)
