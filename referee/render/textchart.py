"""The running totals as a chart in the terminal (``referee score``): each side's total
after every deal as a bar, in the reader's language; in a right-to-left language each name,
bar and total in an isolate of its own, the bars growing leftwards from the names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.messages import join, localized, sentence, translating
from referee.words.lang import RTL, current

if TYPE_CHECKING:
    from referee.render.scoresheet import Pairs, ScoreSheet


def leader(sheet: ScoreSheet, running: Pairs) -> str:
    """The side ahead on these running totals (the fewest with penalty points); on a tie,
    the first in playing order."""
    best = min if sheet.lower_wins else max
    return best(running, key=lambda kv: kv[1])[0]


LABEL = 16  # at most this many characters of a side's name before its bar in the chart


def sheet_chart(sheet: ScoreSheet, width: int = 30) -> str:
    """A running-total chart in the terminal: each side's total after every deal, each
    side named in full (a partnership's ``Ali & Hoda`` too). Only a name longer than
    :data:`LABEL` is shortened, with an ellipsis (never cut silently), and a legend under
    the chart gives each shortened label's whole name."""
    top = max(max((v for _, v in sheet.totals), default=0), 1)
    lines = [localized(sentence("Running totals:"))]
    short = {s: s if len(s) <= LABEL else s[: LABEL - 1] + "…" for s in sheet.side_names}
    width_of = max((len(s) for s in short.values()), default=1)  # a partnership's whole name
    rtl = translating() and _right_to_left()
    name, bar = ("<", ">") if rtl else (">", "<")  # right to left: the name at the right
    for d in sheet.deals:
        bars = join(  # each name, bar and total isolated on its own
            (
                sentence(
                    "{label} {bar} {total}",
                    label=f"{short.get(s, s):{name}{width_of}}",
                    bar=f"{'#' * round(width * max(v, 0) / top):{bar}{width}}",
                    total=f"{v:{name}4}",
                )
                for s, v in d.running
            ),
            "  ",
        )
        lines.append(
            localized(
                sentence(
                    "deal {deal}: {bars}  lead: {side}",
                    deal=f"{d.number:>2}",
                    bars=bars,
                    side=leader(sheet, d.running),
                )
            )
        )
    for side, label in short.items():  # the legend: each shortened label's whole name
        if label != side:
            lines.append(localized(sentence("{label}: {side}", label=label, side=side)))
    return "\n".join(lines)


def _right_to_left() -> bool:

    return current() in RTL
