"""Rendering: what a person reads (state, score sheets, rules) and the JSON scripts read."""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from referee.cards import Card
from referee.games.base import Cards, Line, present
from referee.messages import Msg, join, localized, plural_sentence, sentence, suits, translating
from referee.params import Value
from referee.problems import Problem
from referee.record import Match
from referee.registry import GAMES
from referee.render.textchart import LABEL as LABEL
from referee.render.textchart import leader as leader
from referee.text import cut, suits_fit, visible
from referee.words.lang import cell, current, face, isolated
from referee.words.rulings import problem_json as problem_fields
from referee.words.rulings import problem_line, problem_said
from referee.words.sentences import said, said_text
from referee.words.terms import game_said, scores_said, variant_said

_said = said  # show() names its sentence ``said``

if TYPE_CHECKING:
    from referee.match import Replay
    from referee.table.standings import Row

RLM = "\u200f"  # a said line's first mark: one a line, at its start
RED = "\x1b[31m"
RESET = "\x1b[0m"


class Style(NamedTuple):
    """How to show cards: suit symbols or ASCII, red hearts and diamonds or no colour."""

    ascii: bool = False
    color: bool = False

    @staticmethod
    def for_terminal(ascii_only: bool = False) -> Style:
        """The style of the terminal: ASCII when asked (``--ascii``, for the whole run) or
        when its encoding cannot show the suits; red only on a colour terminal."""
        if ascii_only or suits() is False or not suits_fit(sys.stdout):
            ascii_only = True
        color = (
            sys.stdout.isatty()
            and "NO_COLOR" not in os.environ
            and os.environ.get("TERM") != "dumb"
            and not ascii_only
        )
        return Style(ascii_only, color)

    def card(self, card: Card) -> str:
        if translating() and not self.ascii:
            text = face(card, current())
        else:
            text = card.pretty(self.ascii)
        if self.color and card.suit in ("H", "D"):
            return f"{RED}{text}{RESET}"
        return text

    def cards(self, cards: Iterable[Card], empty: str = "—") -> str:
        out = " ".join(self.card(c) for c in cards)
        return out or self.text(localized(empty))

    def text(self, line: str) -> str:
        """A line of text as this style shows it: ASCII mode has no dashes beyond ASCII."""
        return line.replace("—", "-").replace("…", "...") if self.ascii else line


def how_said(how: str) -> str:
    """How a deal ended, as shown (it may quote a forfeit's reason from the log)."""
    return localized(cut(said_text(how), 200))


class _Width:
    """Terminal columns of a string for tabulate: wide (CJK) characters take two, combining
    marks and format characters (the bidi isolates) none; so tables stay aligned."""

    @staticmethod
    def wcswidth(text: str) -> int:
        if text.isascii():
            return len(text)
        width = 0
        for ch in text:
            if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
                continue
            width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        return width


def table_text(rows: list[list[object]], headers: list[str]) -> str:
    import tabulate as module

    module.wcwidth = _Width  # type: ignore[attr-defined]
    module.WIDE_CHARS_MODE = True
    if translating():  # each cell said, and isolated where the language is right-to-left
        rows = [[c if isinstance(c, (int, type(None))) else cell(c) for c in row] for row in rows]
        headers = [cell(h) for h in headers]
    return module.tabulate(rows, headers=headers, tablefmt="simple", missingval="")


def state_json(match: Match, replayed: Replay) -> dict[str, object]:
    """The state now, for scripts (``show --json``)."""
    out: dict[str, object] = {
        "game": match.game,
        "variant": match.variant,
        "players": match.players,
        "deals": len(match.deals),
        "totals": replayed.totals,
        "winner": replayed.winner,
        "next_dealer": replayed.next_dealer,
    }
    state = replayed.state
    if state is not None and not state.finished:
        out["to_move"] = state.to_move()
        out["dealer"] = state.dealer
        out.update(present(state).view().data)
    if GAMES[match.game].pot:
        out["balances"] = replayed.balances
    return out


def line_text(line: Line, style: Style) -> str:
    """One line of a view: its text, and its cards as the style shows them."""

    def cards(text: str) -> str:  # isolated from the words around it in right-to-left
        if translating():
            return isolated(text)
        return text

    return "".join(
        cards(style.cards(part.cards, said_text(part.empty)))
        if isinstance(part, Cards)
        else localized(said(part))
        if k == 0
        else localized(said(part)).lstrip(RLM)
        for k, part in enumerate(line)
    )


def _between_deals(match: Match, replayed: Replay) -> Msg:
    """Where the match stands with no deal in progress: decided, between deals (and what
    may still follow the last one: a Bura claim after its last trick), or not started."""
    if replayed.over:
        return (
            sentence("The match is over: {side} won.", side=replayed.winner)
            if replayed.winner
            else sentence("The match is over: nobody won.")
        )
    if not match.deals:
        return sentence("No deal yet. Record one with `referee deal`.")
    said = sentence(
        "Deal {deal} is finished. Next dealer: {player}.",
        deal=len(match.deals),
        player=replayed.next_dealer,
    )
    still = replayed.state.may_follow() if replayed.state is not None else None
    return said if still is None else sentence("{said} {then}", said=said, then=_said(still))


def show(match: Match, replayed: Replay, style: Style) -> str:
    """The table now: the floor or trick, whose turn, known cards, unseen cards, the score."""
    sides = match.sides
    head = sentence(
        "{game} ({variant}): {players}",
        game=GAMES[match.game].title,
        variant=variant_said(match.game, match.variant),
        players=join(match.players),
    )
    if match.event:
        head = sentence("{head} — {event}", head=head, event=cut(match.event, 200))
    lines = [localized(head)]
    state = replayed.state
    if state is None or state.finished:
        lines.append(localized(_between_deals(match, replayed)))
    else:
        lines.extend(line_text(line, style) for line in present(state).view().lines)
    if replayed.deals:
        shown = replayed.deals[-8:]
        deals = join(
            (
                sentence(
                    "{deal}: {scores}", deal=d.number, scores=scores_said(sides, d.result.score)
                )
                for d in shown
            ),
            "; ",
        )
        if len(replayed.deals) > len(shown):
            lines.append(localized(sentence("Deals so far: … {deals}", deals=deals)))
        else:
            lines.append(localized(sentence("Deals so far: {deals}", deals=deals)))
    lines.append(
        localized(
            sentence(
                "Totals: {totals} (first to {target} loses)"
                if GAMES[match.game].lower_wins
                else "Totals: {totals} (target {target})",
                totals=scores_said(sides, replayed.totals),
                target=match.rules["target"],
            )
        )
    )
    return "\n".join(style.text(line) for line in lines)


def rules_text(game: str, variant: str, values: dict[str, Value]) -> str:
    rows: list[list[object]] = [
        [
            name,
            _value(values[name]),
            GAMES[game].params[name].rule,
            sentence(GAMES[game].params[name].meaning),
        ]
        for name in sorted(values)
    ]
    head = localized(
        sentence(
            "{game} — variant {variant}", game=game_said(game), variant=variant_said(game, variant)
        )
    )
    return (
        head
        + "\n"
        + table_text(
            rows, [sentence("parameter"), sentence("value"), sentence("rule"), sentence("meaning")]
        )
    )


def _value(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def standings_table(rows: list[Row], matches: int, by_player: bool = False) -> str:
    """One table per game: the games' points are never added together. A sweeps column
    only for games that score sweeps; ``by_player``: a row is a player, not a side."""
    out = [
        localized(
            plural_sentence("Standings over {n} match", "Standings over {n} matches", matches)
        )
    ]
    games = list(dict.fromkeys(r.game for r in rows))
    for game in games:
        sweeps = GAMES[game].sweeps
        table = table_text(
            [
                [
                    i,
                    r.name,
                    r.played,
                    r.won,
                    f"{r.win_pct:.1f}",
                    r.points_for,
                    r.points_against,
                    *([r.sweeps] if sweeps else []),
                    r.unfinished,
                ]
                for i, r in enumerate((r for r in rows if r.game == game), 1)
            ],
            [
                "#",
                sentence("player") if by_player else sentence("side"),
                sentence("played"),
                sentence("won"),
                sentence("win %"),
                sentence("points for"),
                sentence("points against"),
                *([sentence("sweeps")] if sweeps else []),
                sentence("unfinished"),
            ],
        )
        out.append(f"\n{localized(GAMES[game].title)}\n{table}")
    return "\n".join(out)


def problem_lines(problems: list[Problem], label: str | None = None) -> list[str]:
    if label:
        return [
            localized(sentence("{file}: {problem}", file=label, problem=problem_said(p)))
            for p in problems
        ]
    return [problem_line(p) for p in problems]


def problem_json(problem: Problem) -> dict[str, object]:
    """A problem as cli.md's JSON object, its key path escaped like its message: a log's
    own key names may hold control, bidi or invisible characters."""
    out = problem_fields(problem)
    if "path" in out:
        out["path"] = visible(str(out["path"]))
    return out
