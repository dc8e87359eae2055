"""Rendering: what a person reads (state, score sheets, rules) and the JSON scripts read."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from referee.cards import Card
from referee.games.base import Line
from referee.params import Value
from referee.problems import Problem
from referee.record import Match
from referee.registry import GAMES
from referee.text import cut, visible

if TYPE_CHECKING:
    from referee.match import Replay
    from referee.session import Recorded
    from referee.standings import Row

RED = "\x1b[31m"
RESET = "\x1b[0m"


class Style(NamedTuple):
    """How to show cards: suit symbols or ASCII, red hearts and diamonds or no colour."""

    ascii: bool = False
    color: bool = False

    @staticmethod
    def for_terminal(ascii_only: bool = False) -> Style:
        encoding = getattr(sys.stdout, "encoding", None) or "ascii"
        try:
            "♠♥♦♣—…".encode(encoding)
        except (UnicodeEncodeError, LookupError):  # a terminal that cannot show the suits
            ascii_only = True
        color = (
            sys.stdout.isatty()
            and "NO_COLOR" not in os.environ
            and os.environ.get("TERM") != "dumb"
            and not ascii_only
        )
        return Style(ascii_only, color)

    def card(self, card: Card) -> str:
        text = card.pretty(self.ascii)
        if self.color and card.suit in ("H", "D"):
            return f"{RED}{text}{RESET}"
        return text

    def cards(self, cards: Iterable[Card], empty: str = "—") -> str:
        out = " ".join(self.card(c) for c in cards)
        return out or self.text(empty)

    def text(self, line: str) -> str:
        """A line of text as this style shows it: ASCII mode has no dashes beyond ASCII."""
        return line.replace("—", "-").replace("…", "...") if self.ascii else line


def announce(recorded: Recorded, style: Style, confirm: str = "") -> list[str]:
    """What an accepted entry did, as a referee says it: the confirmation, what happened
    (a trick taken, a sweep, the residue), and when the entry ended the deal its score
    line with the breakdown, the match totals and, once decided, the winner."""
    match, rep = recorded.match, recorded.rep
    lines = [confirm] if confirm else []
    lines.extend(recorded.events)
    done = recorded.finished_deal
    if done is not None:
        result = done.result
        parts = []
        for side in match.sides:
            detail = ", ".join(
                f"{k.replace('_', ' ')} {v}" for k, v in result.breakdown.get(side, {}).items() if v
            )
            parts.append(f"{side} {result.score.get(side, 0)}" + (f" ({detail})" if detail else ""))
        lines.append(
            f"Deal {done.number} is over"
            + (f" ({visible(cut(result.how, 200))})" if result.how else "")
            + ": "
            + "; ".join(parts)
            + "."
        )
        lines.append(
            "Match totals: "
            + ", ".join(f"{s} {rep.totals.get(s, 0)}" for s in match.sides)
            + f" (target {match.rules['target']})."
        )
        if rep.over:
            lines.append(
                f"{rep.winner} wins the match."
                if rep.winner
                else "The match is over without a winner: the fewest points are shared."
            )
    return [style.text(line) for line in lines]


def _table(rows: list[list[object]], headers: list[str]) -> str:
    from tabulate import tabulate

    return tabulate(rows, headers=headers, tablefmt="simple", missingval="")


def score_json(match: Match, rep: Replay) -> dict[str, object]:
    """cli.md's score object."""
    out: dict[str, object] = {
        "game": match.game,
        "variant": match.variant,
        "sides": match.sides,
        "deals": [
            {"number": d.number, "score": d.result.score, "breakdown": d.result.breakdown}
            for d in rep.deals
        ],
        "totals": rep.totals,
        "winner": rep.winner,
        "complete": rep.complete,
    }
    if GAMES[match.game].pot:
        out["pot"] = rep.balances
        out["pot_now"] = rep.pot
    return out


def score_sheet(match: Match, rep: Replay, style: Style | None = None) -> str:
    """The score sheet: a row per deal with its breakdown (and how a deal ended where the
    points alone do not say: a claim, a false claim, a forfeit, a declaration), then
    totals and the winner."""
    style = style or Style()
    sides = match.sides
    penalty = GAMES[match.game].lower_wins
    head = f"{match.game.capitalize()} ({match.variant}), target {match.rules['target']}"
    if penalty:
        head += " penalty points: lower is better; the first side to reach it loses"
    lines = [head]
    rows: list[list[object]] = []
    hows = any(d.result.how for d in rep.deals)
    running = dict.fromkeys(sides, 0)
    for d in rep.deals:
        for i, side in enumerate(sides):
            parts = d.result.breakdown.get(side, {})
            detail = ", ".join(
                f"{k.replace('_', ' ')} {v}" for k, v in parts.items() if v or penalty
            )
            running[side] += d.result.score[side]
            row: list[object] = [
                d.number if i == 0 else None,
                side,
                d.result.score[side],
                detail or style.text("—"),
            ]
            if penalty:
                row.insert(3, running[side])
            if hows:
                row.append(visible(cut(d.result.how, 200)) if i == 0 else None)
            rows.append(row)
    if rows:
        headers = (
            ["deal", "side", "penalty", "running", "breakdown"]
            if penalty
            else ["deal", "side", "points", "breakdown"]
        )
        headers += ["how it ended"] if hows else []
        lines.append(_table(rows, headers))
    else:
        lines.append("No finished deal yet.")
    lines.append("")
    total_rows: list[list[object]] = [[s, rep.totals.get(s, 0)] for s in sides]
    headers = ["side", "total"]
    pot = GAMES[match.game].pot
    if pot:
        headers.append("pot balance")
        for row in total_rows:
            row.append(rep.balances.get(str(row[0]), 0))
    lines.append(_table(total_rows, headers))
    if pot:
        lines.append(f"In the pot now: {rep.pot}")
    if rep.winner:
        lines.append(f"Winner: {rep.winner}")
    elif rep.over:
        lines.append("The match is over without a winner: the fewest points are shared.")
    else:
        lines.append("The match is not decided yet.")
    if rep.deals:
        lines.append("")
        lines.append(running_chart(match, rep))
    return "\n".join(lines)


def running_chart(match: Match, rep: Replay, width: int = 30) -> str:
    """A running-total chart in the terminal: each side's total after every deal."""
    sides = match.sides
    running = dict.fromkeys(sides, 0)
    top = max(max(rep.totals.values(), default=0), 1)
    lines = ["Running totals:"]
    for d in rep.deals:
        for s in sides:
            running[s] += d.result.score.get(s, 0)
        best = min if GAMES[match.game].lower_wins else max  # penalty points: fewest leads
        leader = best(running.items(), key=lambda kv: kv[1])
        bars = "  ".join(
            f"{s[:8]:>8} {'#' * round(width * max(v, 0) / top):<{width}} {v:>4}"
            for s, v in running.items()
        )
        lines.append(f"deal {d.number:>2}: {bars}  lead: {leader[0]}")
    return "\n".join(lines)


def state_json(match: Match, rep: Replay) -> dict[str, object]:
    """The state now, for scripts (``show --json``)."""
    out: dict[str, object] = {
        "game": match.game,
        "variant": match.variant,
        "players": match.players,
        "deals": len(match.deals),
        "totals": rep.totals,
        "winner": rep.winner,
        "next_dealer": rep.next_dealer,
    }
    state = rep.state
    if state is not None and not state.finished:
        out["to_move"] = state.to_move()
        out["dealer"] = state.dealer
        out.update(state.view().data)
    if GAMES[match.game].pot:
        out["balances"] = rep.balances
    return out


def line_text(line: Line, style: Style) -> str:
    """One line of a view: its text, and its cards as the style shows them."""
    return "".join(
        part if isinstance(part, str) else style.cards(part.cards, part.empty) for part in line
    )


def show(match: Match, rep: Replay, style: Style) -> str:
    """The table now: the floor or trick, whose turn, known cards, unseen cards, the score."""
    sides = match.sides
    head = f"{match.game.capitalize()} ({match.variant}): {', '.join(match.players)}"
    if match.event:
        head += f" — {visible(cut(match.event, 200))}"
    lines = [head]
    state = rep.state
    if state is None or state.finished:
        if rep.over:
            lines.append(f"The match is over: {rep.winner or 'nobody'} won.")
        elif match.deals:
            lines.append(f"Deal {len(match.deals)} is finished. Next dealer: {rep.next_dealer}.")
        else:
            lines.append("No deal yet. Record one with `referee deal`.")
    else:
        lines.extend(line_text(line, style) for line in state.view().lines)
    if rep.deals:
        shown = rep.deals[-8:]
        more = "… " if len(rep.deals) > len(shown) else ""
        lines.append(
            "Deals so far: "
            + more
            + "; ".join(
                f"{d.number}: " + ", ".join(f"{s} {d.result.score.get(s, 0)}" for s in sides)
                for d in shown
            )
        )
    lines.append(
        "Totals: "
        + ", ".join(f"{s} {rep.totals.get(s, 0)}" for s in sides)
        + f" (target {match.rules['target']})"
    )
    return "\n".join(style.text(line) for line in lines)


def rules_text(game: str, variant: str, values: dict[str, Value]) -> str:
    rows: list[list[object]] = [
        [
            name,
            _value(values[name]),
            GAMES[game].params[name].rule,
            GAMES[game].params[name].meaning,
        ]
        for name in sorted(values)
    ]
    return f"{game} — variant {variant}\n" + _table(rows, ["parameter", "value", "rule", "meaning"])


def _value(v: Value) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def standings_table(rows: list[Row], matches: int) -> str:
    """One table per game: the games' points are never added together."""
    out = [f"Standings over {matches} match{'es' if matches != 1 else ''}"]
    games = list(dict.fromkeys(r.game for r in rows))
    for game in games:
        mine = [r for r in rows if r.game == game]
        table = _table(
            [
                [
                    i,
                    r.name,
                    r.played,
                    r.won,
                    f"{r.win_pct:.1f}",
                    r.points_for,
                    r.points_against,
                    r.sweeps,
                    r.unfinished,
                ]
                for i, r in enumerate(mine, 1)
            ],
            [
                "#",
                "side",
                "played",
                "won",
                "win %",
                "points for",
                "points against",
                "sweeps",
                "unfinished",
            ],
        )
        out.append(f"\n{game.capitalize()}\n{table}")
    return "\n".join(out)


def problem_lines(problems: list[Problem], label: str | None = None) -> list[str]:
    prefix = f"{label}: " if label else ""
    return [f"{prefix}{p}" for p in problems]
