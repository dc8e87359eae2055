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
    from referee.games.base import Options
    from referee.record import Match
    from referee.render.tables import Style
    from referee.table.bulk import Verdict
    from referee.table.dealwalk import Step
    from referee.table.explain import Explained
    from referee.table.session import Recorded
    from referee.table.standings import Row

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
    if result.ok and result.answer is not None:  # the question asked (a claim: was it true?)
        said_it = sentence("Ruling: {ruling}", ruling=join([result.answer, *result.lines], " "))
    elif result.ok:
        said_it = sentence("Ruling: legal — {ruling}", ruling=ruling)
    else:
        said_it = sentence("Ruling: ILLEGAL — {ruling}", ruling=ruling)
    lines.append(localized(said_it))
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
    from referee.render.tables import problem_json

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
    from referee.render.tables import problem_lines

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


def entries_lines(match: Match, deal_number: int, style: Style) -> list[str]:
    """A deal's entries as ``explain FILE --deal N`` (and ``show --entries``) list them: each
    one's number, who, what and what it did, a sweep, a claim, a declaration or a forfeit
    marked in a column of its own, so that the number ``--play`` takes is found at a glance."""
    from referee.render.style import styled
    from referee.table.explain import entries

    listed = entries(match, deal_number)
    head = plural_sentence(
        "Deal {deal}, dealt by {dealer}: {n} entry, numbered as explain --play and amend "
        "--play take it.",
        "Deal {deal}, dealt by {dealer}: {n} entries, numbered as explain --play and amend "
        "--play take them.",
        len(listed),
        deal=deal_number,
        dealer=match.deals[deal_number - 1].dealer,
    )
    rows = [(step.number, *_entry_row(step)) for step in listed]
    tags = [style.text(localized(tag)) if tag else "" for _, tag, _ in rows]
    width = max((len(t) for t in tags), default=0)
    lines = [styled(head, style)]
    for (number, _, said_it), tag in zip(rows, tags, strict=True):
        mark = f"{tag:<{width}}  " if width else ""
        lines.append(f"{number:>4}  {mark}{styled(said_it, style)}")
    return lines


def _entry_row(step: Step) -> tuple[object, object]:
    """One listed entry: its mark (a sweep, a claim, a declaration, a forfeit, an illegal
    entry; "" for none) and what it was and did, in words."""
    from referee.games.events import Claimed, Declared, Forfeited
    from referee.record import describe_entry
    from referee.words.events import said_back, sweep_said

    if step.entry is None:
        return "", sentence("an unreadable entry")
    if step.problem is not None:
        return sentence("ILLEGAL"), sentence(
            "{entry}: [{rule}] {why}",
            entry=describe_entry(step.entry),
            rule=step.problem.rule,
            why=step.problem.message,
        )
    if not step.judged:
        return "", sentence(
            "{entry} (not judged: the record goes wrong before it)",
            entry=describe_entry(step.entry),
        )
    back, *followed = said_back(step.entry, step.events)
    said_it: object = back
    if followed:
        said_it = sentence("{said} — {then}", said=back, then=join(followed, " "))
    swept = step.sweep
    tag: object = ""
    if swept is not None:
        tag = sweep_said(swept.word, 1)
    elif any(isinstance(e, Claimed) for e in step.events):
        tag = sentence("claim")
    elif any(isinstance(e, Declared) for e in step.events):
        tag = sentence("declaration")
    elif any(isinstance(e, Forfeited) for e in step.events):
        tag = sentence("deal forfeited")
    return tag, said_it
