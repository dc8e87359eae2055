"""A tournament's results pages in HTML, from the values of
:mod:`referee.tournament.crosstable`: the standings, the crosstable, each round, each
entrant, each match's score sheet, and the printable pairings, table slips and standings.

Rendering only: no log is read and no file written here (:mod:`referee.html.publish`
does both).
Every word is said in the reader's language before it reaches a template; every name,
event, note and reason is untrusted text, escaped by Jinja2's autoescaping. Pages link one
another and ``style.css`` by relative paths only, so the folder opens from disk and can be
copied to any web server; no page holds a script or asks for anything outside the folder.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee import __version__
from referee.html.chart import Chart, plot
from referee.html.sheet import TEMPLATES, environment, kept, said
from referee.messages import plural_sentence, sentence
from referee.tournament.crosstable import EntrantView, Event, RoundView, TableView
from referee.tournament.model import DECISIONS, Table, Tournament
from referee.tournament.report import number, shown_columns, standings_title, state_said
from referee.words.lang import RTL, SEPARATORS, current
from referee.words.rulings import problem_said
from referee.words.terms import (
    decision_said,
    game_said,
    system_said,
    tiebreak_said,
    variant_said,
    when_said,
)

WORDS = {
    "standings": sentence("Standings"),
    "crosstable": sentence("Crosstable"),
    "rounds": sentence("Rounds"),
    "entrants": sentence("Entrants"),
    "by_table": sentence("Pairings by table"),
    "by_name": sentence("Pairings by name"),
    "printable": sentence("To print"),
    "slips": sentence("Table slips"),
    "pairings": sentence("Pairings"),
    "table": sentence("table"),
    "sides": sentence("sides"),
    "state": sentence("state"),
    "match_points": sentence("match points"),
    "game_points": sentence("game points"),
    "name": sentence("name"),
    "points": sentence("points"),
    "played": sentence("played"),
    "won": sentence("won"),
    "drawn": sentence("drawn"),
    "lost": sentence("lost"),
    "byes": sentence("byes"),
    "withdrawn": sentence("withdrawn"),
    "bye": sentence("bye"),
    "pending": sentence("no result yet"),
    "opponents": sentence("opponents"),
    "result": sentence("result"),
    "total": sentence("total"),
    "sheet": sentence("Score sheet"),
    "no_sheet": sentence("no score sheet"),
    "chart": sentence("Match points after each round"),
    "players_head": sentence("players"),
    "round": sentence("round"),
    "sheet_head": sentence("score sheet"),
    "yes": sentence("yes"),
    "decision": sentence("director's decision"),
    "log": sentence("log"),
    "command": sentence("Record this table's match from the tournament's folder:"),
    "signature": sentence("Signatures"),
    "key": sentence("1 won, ½ drawn, 0 lost; + and − a forfeit; … no result yet; r: the round."),
    "members": sentence("members"),
    "tiebreaks": sentence("Tie-breaks, in order:"),
}
OUTCOME_MARK = {
    "won": "1",
    "drawn": "½",
    "lost": "0",
    "forfeit-won": "+",
    "forfeit-lost": "−",
    "pending": "…",
}


@dataclass(frozen=True)
class Links:
    """Where each page of a publication is, relative to the folder's root."""

    entrant_number: dict[str, int]

    def entrant(self, name: str) -> str:
        return f"entrants/{self.entrant_number[name]}.html"

    @staticmethod
    def round(number: int) -> str:
        return f"rounds/{number}.html"

    @staticmethod
    def sheet(table: TableView) -> str:
        return Links.sheet_of(table.round, table.number)

    @staticmethod
    def sheet_of(round_number: int, table: int) -> str:
        return f"sheets/round-{round_number}-table-{table}.html"

    @staticmethod
    def pairings(number: int) -> str:
        return f"print/round-{number}-pairings.html"

    @staticmethod
    def slips(number: int) -> str:
        return f"print/round-{number}-slips.html"


def _words() -> dict[str, str]:
    """The fixed words, said in the current language."""
    return {k: said(v) for k, v in WORDS.items()}


def _frame(tournament: Tournament, root: str, links: Links) -> dict[str, object]:
    """What every page's frame needs: language, direction, the title, the navigation
    (the tournament file alone: a score sheet's page is framed before the results are
    all read); said once for all the pages of a publication (:func:`kept`)."""
    key = ("frame", id(tournament), id(links), root)
    return dict(kept(key, lambda: _framed(tournament, root, links)))


def _framed(tournament: Tournament, root: str, links: Links) -> dict[str, object]:
    lang = current()
    head = said(
        sentence(
            "{game} ({variant}), {system}",
            game=game_said(tournament.game),
            variant=variant_said(tournament.game, tournament.variant),
            system=system_said(tournament.system),
        )
    )
    return {
        "lang": lang,
        "dir": "rtl" if lang in RTL else "ltr",
        "comma": SEPARATORS.get(lang, {}).get(", ", ", "),
        "root": root,
        "w": _words(),
        "t": tournament,
        "event_name": said(tournament.name),
        "date": said(when_said(tournament.date)),
        "tiebreak_words": {tb: said(tiebreak_said(tb)) for tb in tournament.tiebreaks},
        "decision_words": {k: said(decision_said(k)) for k in DECISIONS},
        "head": head,
        "links": links,
        "rounds": tournament.paired,
        "round_word": {
            r.number: said(sentence("Round {round}", round=r.number)) for r in tournament.paired
        },
        "made": said(sentence("Published by referee {version}.", version=__version__)),
    }


def _state(table: TableView) -> str:
    if table.state == "problem" and table.problem:
        return said(sentence("problem: {problem}", problem=problem_said(table.problem)))
    return said(state_said(table.state, None))


def standings_page(event: Event, links: Links, printable: bool = False) -> str:
    """The standings (``index.html``), or their printable copy (``print/standings.html``:
    no links, the same figures)."""
    s = event.standings
    ctx = _frame(event.tournament, "../" if printable else "", links)
    ctx |= {
        "standings": s,
        "numbers": {
            row.record.name: [number(row.tiebreaks[tb]) for tb in event.tournament.tiebreaks]
            for row in s.rows
        },
        "after": said(standings_title(event.tournament, s)),
        "pending_note": said(
            plural_sentence(
                "({n} table has no result yet)", "({n} tables have no result yet)", s.pending
            )
        )
        if s.pending
        else "",
        "printable": printable,
        "columns": shown_columns(event.tournament),
    }
    return environment().get_template("site_standings.html").render(ctx)


GRID_MOST = 32  # sides a Swiss crosstable shows as a grid; more: a column per round


def crosstable_page(event: Event, links: Links) -> str:
    """Who met whom, in standings order, each meeting with its outcome: a grid of every
    side against every side (a round robin, or a Swiss of up to :data:`GRID_MOST` sides),
    else a column per round with the opponent's line (a grid would grow as the square of
    the field: 2,000 entrants, four million cells)."""
    ctx = _frame(event.tournament, "", links)
    order = event.order()
    grid = event.tournament.system == "round-robin" or len(order) <= GRID_MOST
    ctx |= {"order": order, "meetings": event.meetings, "mark": OUTCOME_MARK, "grid": grid}
    if not grid:
        ctx |= {"lines": _by_round(event, order), "key_rounds": said(WORDS_ROUNDS_KEY)}
    return environment().get_template("site_crosstable.html").render(ctx)


WORDS_ROUNDS_KEY = sentence(
    "Each round: the outcome against the opponent whose line number is under it "
    "(1 won, ½ drawn, 0 lost; + and − a forfeit; … no result yet)."
)


def _by_round(
    event: Event, order: list[str]
) -> list[tuple[str, list[list[tuple[str, int, str]]], int]]:
    """Each side's line of a crosstable by round: per round, (mark, opponent's line,
    outcome) for each opponent (none: a bye or not paired), and its match points."""
    line = {name: i for i, name in enumerate(order, 1)}
    points = {row.record.name: row.record.match_points for row in event.standings.rows}
    out = []
    for name in order:
        e = event.entrants[name]
        cells: list[list[tuple[str, int, str]]] = [[] for _ in event.rounds]
        for g in e.games:
            if g.table is None:
                cells[g.round - 1].append(("bye", 0, "bye"))
                continue
            for other in g.opponents(name):
                met = event.meetings.get((name, other), ())
                how = next((m.outcome for m in met if m.round == g.round), "pending")
                cells[g.round - 1].append((OUTCOME_MARK[how], line[other], how))
        out.append((name, cells, points.get(name, 0)))
    return out


def _by_name(round_view: RoundView) -> list[tuple[str, TableView | None]]:
    """Every side of the round by name, with its table (None: a bye)."""
    where: dict[str, TableView | None] = {s: tb for tb in round_view.tables for s in tb.sides}
    where |= dict.fromkeys(round_view.byes)
    return sorted(where.items(), key=lambda kv: (kv[0].casefold(), kv[0]))


def round_page(
    event: Event, round_view: RoundView, links: Links, sheets: set[str], kind: str = "round"
) -> str:
    """A round's page (``round``), or its printable pairings (``pairings``) or table
    slips (``slips``)."""
    ctx = _frame(event.tournament, "../", links)
    ctx |= {
        "r": round_view,
        "by_name_rows": _by_name(round_view),
        "states": {tb.number: _state(tb) for tb in round_view.tables},
        "sheets": sheets,
        "kind": kind,
        "slip_title": {
            tb.number: said(
                sentence("Round {round}, table {table}", round=round_view.number, table=tb.number)
            )
            for tb in round_view.tables
        },
    }
    return environment().get_template(f"site_{kind}.html").render(ctx)


def entrant_chart(entrant: EntrantView) -> Chart:
    """The entrant's match points after each round, drawn like a sheet's running totals;
    the x axis numbers the rounds (a late entrant's first point is the round before it
    joined, at 0)."""
    first = entrant.games[0].round - 1 if entrant.games else 0
    return plot([list(entrant.totals)], start=first)


def entrant_page(event: Event, entrant: EntrantView, links: Links, sheets: set[str]) -> str:
    """One entrant: its rounds (table, opponents, outcome, match points, total, sheet)
    and its chart."""
    ctx = _frame(event.tournament, "../", links)
    row = event.rows.get(entrant.name)
    ctx |= {
        "e": entrant,
        "row": row,
        "chart": entrant_chart(entrant) if entrant.games else None,
        "sheets": sheets,
    }
    return environment().get_template("site_entrant.html").render(ctx)


def sheet_page(
    tournament: Tournament, round_number: int, table: Table, links: Links, body: str
) -> str:
    """A match's score sheet inside the publication's frame. ``body`` is the sheet's own
    ``<article>``, rendered (and escaped) by the sheet's template from the log."""
    from markupsafe import Markup

    ctx = _frame(tournament, "../", links)
    title = said(sentence("Round {round}, table {table}", round=round_number, table=table.number))
    where = {"round": round_number, "number": table.number, "sides": table.sides}
    ctx |= {"table": where, "body": Markup(body), "title": title}
    return environment().get_template("site_sheet.html").render(ctx)


def stylesheet() -> str:
    """The publication's one stylesheet: the sheet's rules and the site's, print included."""
    return "\n".join(
        (TEMPLATES / f).read_text(encoding="utf-8") for f in ("base.css", "sheet.css", "site.css")
    )
