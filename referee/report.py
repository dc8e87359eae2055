"""Reports the table commands print, built from values the service returns: the legal
options, an explanation, the verdicts of ``verify``, the standings as CSV rows and a
claim's ruling. They return text (or rows); the CLI only writes it out."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.messages import join, localized, plural_sentence, sentence
from referee.registry import GAMES
from referee.words.sentences import said, said_text

if TYPE_CHECKING:
    from referee.bulk import Verdict
    from referee.explain import Explained
    from referee.games.base import Options
    from referee.render import Style
    from referee.session import Recorded
    from referee.standings import Row

LEGAL_LISTED = 40  # legal alternatives an explanation lists; the rest are counted


def options_text(found: Options, style: Style, show_all: bool = False) -> str:
    """The legal options as ``options`` prints them: a head line, one line each, a count."""
    head = (
        plural_sentence(
            "{label}: {n} option", "{label}: {n} options", found.total, label=said(found.label)
        )
        if found.total
        else sentence("{label}:", label=said(found.label))
    )
    lines = [localized(head), *("  " + localized(said(w)) for w in found.lines)]
    if found.total > len(found.lines):
        more = found.total - len(found.lines)
        rest = (
            sentence(
                "… and {count} more (only the strongest {shown} are listed)",
                count=more,
                shown=len(found.lines),
            )
            if show_all
            else sentence("… and {count} more (--all lists every one)", count=more)
        )
        lines.append("  " + localized(rest))
    return "\n".join(style.text(line) for line in lines)


def options_json(found: Options) -> dict[str, object]:
    """The legal options for scripts (``options --json``)."""
    return {"for": said_text(found.label), "options": [said_text(w) for w in found.lines]}


def explanation_lines(result: Explained) -> list[str]:
    """An explanation as ``explain`` prints it: the state before, the entry, the ruling, the
    rules, and the legal alternatives (every part from the log escaped by ``localized``)."""
    pad = "\n" + " " * len(localized(sentence("Before: ")))
    lines = [
        localized(sentence("Before: ")) + pad.join(localized(line) for line in result.before),
        localized(sentence("Entry:  {entry}", entry=result.entry)),
    ]
    ruling = join(result.lines, " ")
    lines.append(
        localized(
            sentence("Ruling: legal — {ruling}", ruling=ruling)
            if result.ok
            else sentence("Ruling: ILLEGAL — {ruling}", ruling=ruling)
        )
    )
    lines.append(
        localized(sentence("Rules:  {rules}", rules=", ".join(f"[{r}]" for r in result.rules)))
    )
    if result.legal:
        lines.append(localized(sentence("Legal here:")))
        lines.extend("  " + localized(line) for line in result.legal[:LEGAL_LISTED])
        rest = len(result.legal[LEGAL_LISTED:]) + result.more
        if rest:
            lines.append("  " + localized(sentence("… and {count} more", count=rest)))
    return lines


def verdict_json(verdict: Verdict, name: str) -> dict[str, object]:
    """One log's verdict as a ``verify --json`` line (a log's key names escaped)."""
    from referee.render import problem_json

    line: dict[str, object] = {
        "file": name,
        "ok": not verdict.problems and not verdict.internal,
        "problems": [problem_json(p) for p in verdict.problems],
    }
    if verdict.internal is not None:
        line["internal_error"] = True
    return line


def verdict_text(verdict: Verdict, name: str) -> str:
    """One log's verdict as ``verify`` prints it: its problems, or that it is ok."""
    from referee.render import problem_lines

    if verdict.problems:
        return "\n".join(problem_lines(verdict.problems, name))
    if verdict.complete:
        return localized(
            plural_sentence(
                "{file}: ok ({n} deal, complete)",
                "{file}: ok ({n} deals, complete)",
                verdict.deals,
                file=name,
            )
        )
    return localized(
        plural_sentence(
            "{file}: ok ({n} deal, in progress)",
            "{file}: ok ({n} deals, in progress)",
            verdict.deals,
            file=name,
        )
    )


STANDINGS_COLUMNS = (
    "name",
    "played",
    "won",
    "points_for",
    "points_against",
    "sweeps",
    "win_pct",
    "unfinished",
    "game",
)


def csv_cell(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (OWASP: a leading =, +, -, @, tab or
    carriage return is escaped with a single quote)."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_rows(rows: list[Row]) -> Iterator[list[object]]:
    """The standings as CSV rows, the header first; names made safe for spreadsheets."""
    yield list(STANDINGS_COLUMNS)
    for r in rows:
        yield [
            csv_cell(r.name),
            r.played,
            r.won,
            r.points_for,
            r.points_against,
            r.sweeps if GAMES[r.game].sweeps else "",  # no sweeps in Bura or Kozel
            r.win_pct,
            r.unfinished,
            r.game,
        ]


def claim_verdict(recorded: Recorded) -> str | None:
    """The ruling on a claim just recorded, in words (None if the deal is still open)."""
    by = recorded.entry.by
    done = recorded.finished_deal
    if done is None:
        return None
    result = done.result
    pts = result.breakdown[by]["card_points"]
    if result.winner == by:
        return sentence(
            "{player} claims 31 with {points} card points: upheld: wins the deal.",
            player=by,
            points=pts,
        )
    return sentence(
        "{player} claims 31 with {points} card points: not upheld: the pot is doubled and each "
        "opponent scores 2.",
        player=by,
        points=pts,
    )
