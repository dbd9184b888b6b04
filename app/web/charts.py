"""Server-side line charts as inline SVG: no JavaScript, nothing external, printable.

Made for a 390 px phone (scales to its container, at most seven x labels). Colours are
colour-blind-safe (Okabe-Ito, a lighter twin in dark mode); overlapping lines stay apart by
marker shape, dash pattern and width, also in black-and-white print. The chart carries its
own `<style>` (`mc-` classes), so any page can use it; `<title>` and `<desc>` make it
readable to a screen reader.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup
from markupsafe import escape

WIDTH = 360
PLOT_HEIGHT = 190
LEFT = 34  # at least; wider when the y labels need it
CHAR_WIDTH = 7.5  # about one character of the 13 px label font
RIGHT = 12
TOP = 10
X_AXIS = 26  # room under the plot for the x labels
LEGEND_ROW = 22
LEGEND_COLUMNS = 2
MAX_X_LABELS = 7
# The newest points a chart over a group's history draws: 360 px hold no more apart, and a
# group of years would otherwise cost every look at its page the whole history.
POINTS_SHOWN = 100
LEGEND_CHARS = 16
MAX_DOTS = 24  # beyond that the dots merge into a blur

# Okabe-Ito: distinguishable with the common colour-vision deficiencies; (light, dark) pairs.
PALETTE = (
    ("#0072b2", "#56b4e9"),
    ("#d55e00", "#ff8f4a"),
    ("#009e73", "#3fd3a2"),
    ("#cc79a7", "#eba6cd"),
    ("#a07800", "#f0c24b"),
    ("#5b5b5b", "#c9c9c9"),
)
DASHES = ("", "8 4", "2 4", "10 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross")

STYLE = (
    ".mc-chart{display:block;width:100%;height:auto;max-width:42rem;color:inherit}"
    ".mc-chart text{fill:currentColor;font:13px system-ui,-apple-system,'Segoe UI',sans-serif}"
    ".mc-chart .mc-axis{stroke:currentColor;stroke-opacity:.55}"
    ".mc-chart .mc-grid{stroke:currentColor;stroke-opacity:.14}"
    # element + class outweighs the colour classes below, so lines are never filled
    ".mc-chart polyline.mc-line,.mc-chart line.mc-line"
    "{fill:none;stroke-linejoin:round;stroke-linecap:butt}"
    ".mc-chart .mc-mark{stroke-width:1.2;stroke:currentColor}"
    + "".join(
        f".mc-chart .mc-s{i}{{stroke:{light};fill:{light}}}" for i, (light, _) in enumerate(PALETTE)
    )
    + "@media (prefers-color-scheme:dark){"
    + "".join(
        f".mc-chart .mc-s{i}{{stroke:{dark};fill:{dark}}}" for i, (_, dark) in enumerate(PALETTE)
    )
    + "}"
    "@media print{.mc-chart text{fill:#000}.mc-chart .mc-axis,.mc-chart .mc-grid{stroke:#000}}"
)


def nice_ticks(low: float, high: float, count: int = 5, whole: bool = False) -> list[float]:
    """Round ticks (1, 2, 2.5, 5 × 10^k) covering [low, high]; `whole` for counts."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(count - 1, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    steps = [m * magnitude for m in (1, 2, 2.5, 5, 10)]
    if whole:
        steps = [step for step in steps if step >= 1 and float(step).is_integer()] or [1]
    step = next((step for step in steps if step >= raw), steps[-1])
    start = math.floor(low / step) * step
    ticks = [start]
    while ticks[-1] < high - 1e-9:
        ticks.append(start + step * len(ticks))
    return [round(t, 10) for t in ticks]


def plain_number(value: float) -> str:
    """A tick label without a useless `.0` (whole numbers, the usual points, as they are)."""
    if type(value) is int:
        return str(value)
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def thinned(count: int, keep: int) -> list[int]:
    """Indexes of the x labels to write: every step-th from the first, at most `keep`."""
    if count <= keep:
        return list(range(count))
    step = math.ceil((count - 1) / (max(keep, 2) - 1))
    return list(range(0, count, step))


def short(text: str, limit: int = LEGEND_CHARS) -> str:
    """A legend name cut to fit half the phone width."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def default_desc(
    series: Sequence[tuple[str, Sequence[float]]],
    x_labels: Sequence[str],
    fmt: Callable[[float], str],
) -> str:
    """The data written out, so a screen reader gets every value (language-neutral)."""
    # Each value written once: an evening's totals repeat (hundreds of points, few values).
    said = {v: fmt(v) for _, values in series for v in set(values)}
    lines = [" | ".join(x_labels)]
    lines += [f"{name}: " + ", ".join(map(said.__getitem__, values)) for name, values in series]
    return "\n".join(lines)


def told_apart(labels: Sequence[str]) -> list[str]:
    """The labels, shared ones numbered by position ("23.11. (1)", "23.11. (2)" …)."""
    if shared_runs(labels) is None:
        return list(labels)
    return [f"{label} ({index})" for index, label in enumerate(labels, start=1)]


def legend(
    series: Sequence[tuple[str, Sequence[float]]], top: float, ident: str = "mc"
) -> list[str]:
    """Line sample and name per series, two per row under the plot. Each name is clipped at
    its column's edge: a wide name is cut there, never drawn into the next one (the whole
    name is in the chart's <desc>)."""
    column = (WIDTH - 8) / LEGEND_COLUMNS
    parts = [
        f'<clipPath id="{ident}-c{c}"><rect x="{8 + c * column + 30:.1f}" y="0" '
        f'width="{column - 36:.1f}" height="100%"/></clipPath>'
        for c in range(min(LEGEND_COLUMNS, len(series)))
    ]
    for i, (name, _) in enumerate(series):
        x = 8 + (i % LEGEND_COLUMNS) * column
        y = top + (i // LEGEND_COLUMNS) * LEGEND_ROW + 14
        parts.append(
            f'<line class="mc-line {series_class(i)}" x1="{x:.1f}" y1="{y - 4:.1f}" '
            f'x2="{x + 24:.1f}" style="stroke-width:2.5" '
            f'y2="{y - 4:.1f}"{dash(i)}/>'
            + marker(i, x + 12, y - 4, series_class(i))
            + f'<text x="{x + 30:.1f}" y="{y:.1f}" clip-path="url(#{ident}-c{i % LEGEND_COLUMNS})">'
            f"{escape(short(name))}</text>"
        )
    return parts


def series_class(index: int) -> str:
    """The colour class of a series."""
    return f"mc-s{index % len(PALETTE)}"


def dash(index: int) -> str:
    """The dash attribute of a series: two lines on the same values still show both."""
    pattern = DASHES[index % len(DASHES)]
    return f' stroke-dasharray="{pattern}"' if pattern else ""


def line_width(index: int, count: int) -> float:
    """Earlier lines wider, so a later line on top leaves their edges visible."""
    if count <= 1:
        return 2.5
    return round(4.5 - 2.5 * index / (count - 1), 2)


def marker(index: int, x: float, y: float, cls: str) -> str:
    """The index-th series' marker shape at (x, y) (a circle for the first)."""
    kind = MARKERS[index % len(MARKERS)]
    r = 3.6
    if kind == "circle":
        return f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="{r - 0.4}"/>'
    if kind == "square":
        return (
            f'<rect class="{cls} mc-mark" x="{x - r + 0.6:.1f}" y="{y - r + 0.6:.1f}" '
            f'width="{2 * r - 1.2:.1f}" height="{2 * r - 1.2:.1f}"/>'
        )
    if kind == "cross":
        return (
            f'<path class="mc-line {cls}" style="stroke-width:2" d="M{x - r:.1f} {y - r:.1f}'
            f'L{x + r:.1f} {y + r:.1f}M{x - r:.1f} {y + r:.1f}L{x + r:.1f} {y - r:.1f}"/>'
        )
    corners = {
        "triangle": [(x, y - r * 1.2), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)],
        "diamond": [(x, y - r * 1.3), (x + r * 1.1, y), (x, y + r * 1.3), (x - r * 1.1, y)],
        "down": [(x, y + r * 1.2), (x + r * 1.1, y - r * 0.8), (x - r * 1.1, y - r * 0.8)],
    }[kind]
    points = " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in corners)
    return f'<polygon class="{cls} mc-mark" points="{points}"/>'


def shared_runs(labels: Sequence[str]) -> list[tuple[int, int]] | None:
    """(first, last) index of each run of equal neighbouring labels; None when none repeats."""
    if len(set(labels)) == len(labels):
        return None  # all different (round numbers): no run to find
    runs: list[tuple[int, int]] = []
    for index, label in enumerate(labels):
        if runs and labels[runs[-1][0]] == label:
            runs[-1] = (runs[-1][0], index)
        else:
            runs.append((index, index))
    return runs if len(runs) < len(labels) else None


@dataclass(frozen=True)
class Frame:
    """Where the plot sits inside the SVG and how data maps onto it."""

    left: float
    width: float
    count: int  # x positions
    y_min: float
    y_max: float
    room: float  # the width one x label needs with its gap
    bottom: float = TOP + PLOT_HEIGHT

    def x(self, index: int) -> float:
        """x of the index-th position (a single one sits in the middle)."""
        share = 0.5 if self.count == 1 else index / (self.count - 1)
        return self.left + self.width * share

    def y(self, value: float) -> float:
        """y of a value."""
        return self.bottom - (value - self.y_min) / (self.y_max - self.y_min) * PLOT_HEIGHT


def y_axis(frame: Frame, ticks: list[float], labels: list[str]) -> list[str]:
    """Grid lines with their labels (the zero line darker), and the axis."""
    parts = []
    for tick, label in zip(ticks, labels, strict=True):
        y = frame.y(tick)
        parts.append(
            f'<line class="{"mc-axis" if tick == 0 else "mc-grid"}" x1="{frame.left}" y1="{y:.1f}" '
            f'x2="{frame.left + frame.width:.1f}" y2="{y:.1f}"/>'
            f'<text x="{frame.left - 6}" y="{y + 4:.1f}" text-anchor="end">{escape(label)}</text>'
        )
    x = frame.left
    parts.append(f'<line class="mc-axis" x1="{x}" y1="{TOP}" x2="{x}" y2="{frame.bottom}"/>')
    return parts


def x_axis(frame: Frame, labels: Sequence[str]) -> list[str]:
    """As many x labels as fit; shared labels once under their numbered run."""
    runs = shared_runs(labels)
    if runs is None:
        keep = min(MAX_X_LABELS, int(frame.width // frame.room) + 1)
        return [
            f'<text x="{frame.x(i):.1f}" y="{frame.bottom + 18}" text-anchor="middle">'
            f"{escape(labels[i])}</text>"
            for i in thinned(len(labels), keep)
        ]
    numbers = [str(i + 1) for i in range(len(labels))]
    room = CHAR_WIDTH * len(numbers[-1]) + 10
    keep = min(MAX_X_LABELS * 2, int(frame.width // room) + 1)
    parts = [
        f'<text x="{frame.x(i):.1f}" y="{frame.bottom + 18}" text-anchor="middle">'
        f"{numbers[i]}</text>"
        for i in thinned(len(labels), keep)
    ]
    last_end = -math.inf
    for first, last in runs:
        middle = (frame.x(first) + frame.x(last)) / 2
        half = CHAR_WIDTH * len(labels[first]) / 2
        if middle - half < last_end + 6:
            continue  # no room beside the previous run's label: the numbers still tell apart
        last_end = middle + half
        y = frame.bottom + 24
        if last > first:
            parts.append(
                f'<line class="mc-grid" x1="{frame.x(first):.1f}" y1="{y}" '
                f'x2="{frame.x(last):.1f}" y2="{y}" style="stroke-opacity:.5"/>'
            )
        parts.append(
            f'<text x="{middle:.1f}" y="{y + 16}" text-anchor="middle">'
            f"{escape(labels[first])}</text>"
        )
    return parts


def lines(
    frame: Frame, series: Sequence[tuple[str, Sequence[float]]], restarts: bool = False
) -> list[str]:
    """A polyline per series, with markers while there are few enough points to tell apart.
    `restarts`: a value below the one before starts again from 0 (a new set, dop.set), so the
    line drops straight down to 0 before it goes on, instead of sloping across the game."""
    parts = []
    # x positions and the y map are shared by every series: worked out once, not per point.
    xs = [f"{frame.x(i):.1f}" for i in range(frame.count)]
    scale = PLOT_HEIGHT / (frame.y_max - frame.y_min)
    base = frame.bottom + frame.y_min * scale
    for index, (_, values) in enumerate(series):
        cls = series_class(index)
        if len(values) > 1:
            ys = {v: f"{base - v * scale:.1f}" for v in {0, *values}}  # few values, many points
            pairs = [f"{x},{ys[v]}" for x, v in zip(xs, values, strict=True)]
            if restarts:
                dropped = [i for i in range(1, len(values)) if values[i] < values[i - 1]]
                for i in reversed(dropped):
                    pairs.insert(i, f"{xs[i - 1]},{ys[0]}")
            points = " ".join(pairs)
            width = line_width(index, len(series))
            parts.append(
                f'<polyline class="mc-line {cls}" points="{points}" '
                f'style="stroke-width:{width}"{dash(index)}/>'
            )
    for index, (_, values) in enumerate(series):
        if len(values) <= MAX_DOTS:
            cls = series_class(index)
            parts += [marker(index, frame.x(i), frame.y(v), cls) for i, v in enumerate(values)]
    return parts


def target_line(frame: Frame, target: float, fmt: Callable[[float], str]) -> list[str]:
    """The value at which the game ends: a dashed line with its value at the right end."""
    y = frame.y(target)
    right = frame.left + frame.width
    return [
        f'<line class="mc-axis mc-target" x1="{frame.left}" y1="{y:.1f}" x2="{right:.1f}" '
        f'y2="{y:.1f}" stroke-dasharray="6 4" style="stroke-width:2;stroke-opacity:.9"/>',
        f'<text x="{right:.1f}" y="{y - 5:.1f}" text-anchor="end">{escape(fmt(target))}</text>',
    ]


def noted(chart: Markup, note: str) -> Markup:
    """A chart with a line under it saying what it draws ("the newest 100 of 105 tables")."""
    return chart + Markup('<p class="help">%s</p>') % note


def line_chart_svg(
    series: Sequence[tuple[str, Sequence[float]]],
    x_labels: Sequence[str],
    title: str,
    desc: str | None = None,
    y_format: Callable[[float], str] = plain_number,
    zero_line: bool = True,
    target: float | None = None,
    restarts: bool = False,
) -> Markup:
    """An inline SVG line chart (Markup): one line per (name, values), one value per x label.

    `y_format` writes y ticks and the description (euros); `zero_line` keeps 0 on the axis;
    `target`, when given, is a dashed line across the plot at that value (always in view);
    `restarts`: the values start again from 0 where they fall (sets), drawn as a drop.
    """
    if not x_labels:
        raise ValueError("a chart needs at least one x label")
    for name, values in series:
        if len(values) != len(x_labels):
            raise ValueError(f"series {name!r} has {len(values)} values for {len(x_labels)} labels")
    every = [v for _, values in series for v in values] or [0.0]
    if target is not None:
        every.append(target)
    low, high = min(every), max(every)
    whole = all(map(float.is_integer, map(float, every)))  # counts: no tick at 0.25 or 2.5
    if zero_line:
        ticks = nice_ticks(min(low, 0), max(high, 0), whole=whole)
    else:
        ticks = nice_ticks(low, high, whole=whole)
    tick_labels = [y_format(t) for t in ticks]
    # The first and last x labels are centred on the plot's edges: half a label must fit.
    room = CHAR_WIDTH * max(len(label) for label in x_labels) + 12
    left = max(LEFT, room / 2, 10 + CHAR_WIDTH * max(len(label) for label in tick_labels))
    width = WIDTH - left - max(RIGHT, room / 2)
    frame = Frame(left, width, len(x_labels), ticks[0], ticks[-1], room)
    # Shared labels take a second line under the position numbers.
    legend_top = frame.bottom + X_AXIS + (22 if shared_runs(x_labels) else 0)
    height = legend_top + math.ceil(len(series) / LEGEND_COLUMNS) * LEGEND_ROW + 6
    ident = "mc" + hashlib.sha1(repr((title, series, list(x_labels))).encode()).hexdigest()[:10]
    parts = [
        f'<svg class="mc-chart" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-labelledby="{ident}-t {ident}-d" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{ident}-t">{escape(title)}</title>',
        f'<desc id="{ident}-d">'
        f"{escape(desc or default_desc(series, told_apart(x_labels), y_format))}</desc>",
        f"<style>{STYLE}</style>",
        *y_axis(frame, ticks, tick_labels),
        *x_axis(frame, x_labels),
        *([] if target is None else target_line(frame, target, y_format)),
        *lines(frame, series, restarts),
        *legend(series, legend_top, ident),
        "</svg>",
    ]
    return Markup("".join(parts))
