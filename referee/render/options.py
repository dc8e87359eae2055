"""The legal options as ``options`` prints them, and as ``options --json`` gives them to
scripts, built from the :class:`referee.games.base.Options` the service returns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.messages import localized, plural_sentence, sentence
from referee.words.sentences import said, said_text

if TYPE_CHECKING:
    from referee.games.base import Options
    from referee.render.tables import Style


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
