"""The running-totals chart of a score sheet as geometry: one polyline per side, the axes'
ticks and the target line, in SVG user units. The template draws it; no text from the log
is placed inside the SVG (the legend is HTML, so names are laid out by the page's bidi)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.render.scoresheet import ScoreSheet

WIDTH, HEIGHT = 640, 220  # the drawing, in SVG units (it scales with the page)
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 10, 26  # margins for the tick labels
COLORS = ("#1f5fa8", "#c0392b", "#2e8540", "#8e44ad")  # one per side, kept in print
DASHES = ("", "6 3", "2 3", "8 3 2 3")  # and a dash each, for a black-and-white printer


@dataclass(frozen=True)
class Series:
    """One side's running totals as a polyline (``points``: "x,y x,y …")."""

    index: int
    points: str
    color: str
    dash: str
    last_x: float
    last_y: float


@dataclass(frozen=True)
class Tick:
    at: float  # x or y in SVG units
    label: int


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    top: int
    right: float  # x of the plot's right edge
    bottom: float  # y of the plot's bottom edge
    series: tuple[Series, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    target_y: float | None  # the target, when it is inside the plotted range


def _step(span: int, most: int) -> int:
    """A round tick step giving at most ``most`` ticks over ``span``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if span / step <= most:
            return step
    return max(1, span // most)


def chart(sheet: ScoreSheet) -> Chart:
    """The chart of the running totals after every deal (0 before the first)."""
    lines = [[0, *(line.total(side) for line in sheet.deals)] for side in sheet.side_names]
    return plot(lines, sheet.target)


def plot(lines: list[list[int]], target: int | None = None, start: int = 0) -> Chart:
    """A chart of one polyline per list of values, each at steps 0, 1, 2, … (labelled
    from ``start``); the ``target`` drawn as a dashed line when the values come near it.
    Used by the score sheet (running totals by deal) and the tournament's entrant pages
    (match points by round)."""
    steps = max((len(v) - 1 for v in lines), default=0)
    values = [v for line in lines for v in line]
    low = min(0, *values) if values else 0
    high = max(1, *values) if values else 1
    if target is not None and target <= high * 1.25:  # in view when the match came near it
        high = max(high, target)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(step: int) -> float:
        return round(LEFT + plot_w * step / max(steps, 1), 1)

    def y(value: int) -> float:
        return round(TOP + plot_h * (high - value) / (high - low), 1)

    series = []
    for i, line in enumerate(lines):
        pts = [(x(n), y(v)) for n, v in enumerate(line)]
        series.append(
            Series(
                i,
                " ".join(f"{a},{b}" for a, b in pts),
                COLORS[i % len(COLORS)],
                DASHES[i % len(DASHES)],
                pts[-1][0],
                pts[-1][1],
            )
        )
    x_step = _step(max(steps, 1), 20)
    y_step = _step(high - low, 6)
    first = -(-low // y_step) * y_step
    return Chart(
        WIDTH,
        HEIGHT,
        LEFT,
        TOP,
        WIDTH - RIGHT,
        HEIGHT - BOTTOM,
        tuple(series),
        tuple(Tick(x(n), start + n) for n in range(0, steps + 1, x_step)),
        tuple(Tick(y(v), v) for v in range(first, high + 1, y_step)),
        y(target) if target is not None and low <= target <= high else None,
    )
