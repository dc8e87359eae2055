"""What ``explain`` prints: one entry explained (the state before it, the ruling, the rules,
the legal alternatives), and a deal's entries numbered (``explain --deal N``, ``show
--entries`` and ``entries`` in ``live``), each with what it did."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.events import Claimed, Declared, Forfeited
from referee.messages import join, localized, plural_sentence, sentence
from referee.record import describe_entry
from referee.render.style import styled
from referee.table.explain import entries
from referee.words.events import said_back, sweep_said

if TYPE_CHECKING:
    from referee.record import Match
    from referee.render.tables import Style
    from referee.table.dealwalk import Step
    from referee.table.explain import Explained

LEGAL_LISTED = 40  # legal alternatives an explanation lists; the rest are counted


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
