"""A deal's entries numbered, as ``explain FILE --deal N``, ``show --entries`` and
``entries`` in ``live`` list them: each one's number, who, what and what it did (walked
entry by entry as ``explain`` walks them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.events import Claimed, Declared, Forfeited
from referee.messages import join, localized, plural_sentence, sentence
from referee.record import describe_entry
from referee.render.style import styled
from referee.table.explain import entries
from referee.words.events import said_back, sweep_said
from referee.words.rulings import problem_message

if TYPE_CHECKING:
    from referee.record import Match
    from referee.render.tables import Style
    from referee.table.dealwalk import Step


def entries_lines(match: Match, deal_number: int, style: Style) -> list[str]:
    """A deal's entries as ``explain FILE --deal N`` (and ``show --entries``) list them: each
    one's number, who, what and what it did, a sweep, a claim, a declaration or a forfeit
    marked in a column of its own, so that the number ``--play`` takes is found at a glance."""
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
    if step.entry is None:
        return "", sentence("an unreadable entry")
    if step.problem is not None:
        return sentence("ILLEGAL"), sentence(
            "{entry}: [{rule}] {why}",
            entry=describe_entry(step.entry),
            rule=step.problem.rule,
            why=problem_message(step.problem),
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
