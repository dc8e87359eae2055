"""What ``explain --deal N --play M`` prints: one entry explained (the state before it, the
ruling, the rules, the legal alternatives)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.messages import join, localized, sentence

if TYPE_CHECKING:
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
