"""Server-side line charts as inline SVG: no JavaScript, nothing external, printable.

`line_chart_svg(series, x_labels, title)` draws one line per series over shared x positions
(rounds, evenings, tables ...). It is made for a 390 px phone: the SVG scales to the width of
its container (viewBox, `width:100%`), text stays about 13 px there, at most seven x labels
are written. Light and dark: text and axes use `currentColor` (the page's text colour), the
lines a colour-blind-safe palette (Okabe-Ito) with a lighter twin under
`prefers-color-scheme: dark`; from the seventh series on the lines are also dashed, so they
stay apart in black-and-white print. The chart carries its own small `<style>` (class names
prefixed `mc-`), so any page can use it without a stylesheet of its own.

Accessibility: `role="img"` with a `<title>` (the given title) and a `<desc>` (given, or the
values of every series written out), both referenced by `aria-labelledby`.

Usage in a view: `chart = line_chart_svg([("Anna", [0, 1, 2]), ("Ben", [1, 1, 3])],
["1", "2", "3"], title=_("Tables won"))`, then `{{ chart }}` in the template (it is Markup).
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
DASHES = ("", "7 4", "2 4")

STYLE = (
    ".mc-chart{display:block;width:100%;height:auto;max-width:42rem;color:inherit}"
    ".mc-chart text{fill:currentColor;font:13px system-ui,-apple-system,'Segoe UI',sans-serif}"
    ".mc-chart .mc-axis{stroke:currentColor;stroke-opacity:.55}"
    ".mc-chart .mc-grid{stroke:currentColor;stroke-opacity:.14}"
    # element + class outweighs the colour classes below, so lines are never filled
    ".mc-chart polyline.mc-line,.mc-chart line.mc-line"
    "{fill:none;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}"
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


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values (1, 2, 2.5, 5 × 10^k steps) covering [low, high]."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(count - 1, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    ticks = [start]
    while ticks[-1] < high - 1e-9:
        ticks.append(start + step * len(ticks))
    return [round(t, 10) for t in ticks]


def plain_number(value: float) -> str:
    """A tick label without a useless `.0`."""
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
    lines = [" | ".join(x_labels)]
    lines += [f"{name}: " + ", ".join(fmt(v) for v in values) for name, values in series]
    return "\n".join(lines)


def legend(series: Sequence[tuple[str, Sequence[float]]], top: float) -> list[str]:
    """Line sample and name per series, two per row under the plot."""
    column = (WIDTH - 8) / LEGEND_COLUMNS
    parts = []
    for i, (name, _) in enumerate(series):
        x = 8 + (i % LEGEND_COLUMNS) * column
        y = top + (i // LEGEND_COLUMNS) * LEGEND_ROW + 14
        parts.append(
            f'<line class="mc-line {series_class(i)}" x1="{x:.1f}" y1="{y - 4:.1f}" '
            f'x2="{x + 24:.1f}" '
            f'y2="{y - 4:.1f}"{dash(i)}/>'
            f'<text x="{x + 30:.1f}" y="{y:.1f}">{escape(short(name))}</text>'
        )
    return parts


def series_class(index: int) -> str:
    """The colour class of a series."""
    return f"mc-s{index % len(PALETTE)}"


def dash(index: int) -> str:
    """The dash attribute of a series (solid for the first six)."""
    pattern = DASHES[(index // len(PALETTE)) % len(DASHES)]
    return f' stroke-dasharray="{pattern}"' if pattern else ""


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
    """As many x labels as fit side by side (dates need more room than round numbers)."""
    keep = min(MAX_X_LABELS, int(frame.width // frame.room) + 1)
    return [
        f'<text x="{frame.x(i):.1f}" y="{frame.bottom + 18}" text-anchor="middle">'
        f"{escape(labels[i])}</text>"
        for i in thinned(len(labels), keep)
    ]


def lines(frame: Frame, series: Sequence[tuple[str, Sequence[float]]]) -> list[str]:
    """A polyline per series, with dots while there are few enough to tell apart."""
    parts = []
    for index, (_, values) in enumerate(series):
        cls = series_class(index)
        if len(values) > 1:
            points = " ".join(f"{frame.x(i):.1f},{frame.y(v):.1f}" for i, v in enumerate(values))
            parts.append(f'<polyline class="mc-line {cls}" points="{points}"{dash(index)}/>')
        if len(values) <= MAX_DOTS:
            parts += [
                f'<circle class="{cls}" cx="{frame.x(i):.1f}" cy="{frame.y(v):.1f}" r="3.2"/>'
                for i, v in enumerate(values)
            ]
    return parts


def line_chart_svg(
    series: Sequence[tuple[str, Sequence[float]]],
    x_labels: Sequence[str],
    title: str,
    desc: str | None = None,
    y_format: Callable[[float], str] = plain_number,
    zero_line: bool = True,
) -> Markup:
    """An inline SVG line chart: one line per (name, values); values align with `x_labels`.

    Every series must have one value per x label (at least one label). `y_format` writes the
    y tick labels and the default description (e.g. euros); `zero_line` keeps 0 on the y axis
    (balances, totals). Returns Markup ready for a Jinja template.
    """
    if not x_labels:
        raise ValueError("a chart needs at least one x label")
    for name, values in series:
        if len(values) != len(x_labels):
            raise ValueError(f"series {name!r} has {len(values)} values for {len(x_labels)} labels")
    every = [v for _, values in series for v in values] or [0.0]
    low, high = min(every), max(every)
    ticks = nice_ticks(min(low, 0), max(high, 0)) if zero_line else nice_ticks(low, high)
    tick_labels = [y_format(t) for t in ticks]
    # The y labels decide the left margin ("-12,5 €" needs more room than "3"); the first and
    # last x labels are centred on the plot's edges, so half a label must fit beside them.
    room = CHAR_WIDTH * max(len(label) for label in x_labels) + 12
    left = max(LEFT, room / 2, 10 + CHAR_WIDTH * max(len(label) for label in tick_labels))
    width = WIDTH - left - max(RIGHT, room / 2)
    frame = Frame(left, width, len(x_labels), ticks[0], ticks[-1], room)
    legend_top = frame.bottom + X_AXIS
    height = legend_top + math.ceil(len(series) / LEGEND_COLUMNS) * LEGEND_ROW + 6
    ident = "mc" + hashlib.sha1(repr((title, series, list(x_labels))).encode()).hexdigest()[:10]
    parts = [
        f'<svg class="mc-chart" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-labelledby="{ident}-t {ident}-d" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{ident}-t">{escape(title)}</title>',
        f'<desc id="{ident}-d">{escape(desc or default_desc(series, x_labels, y_format))}</desc>',
        f"<style>{STYLE}</style>",
        *y_axis(frame, ticks, tick_labels),
        *x_axis(frame, x_labels),
        *lines(frame, series),
        *legend(series, legend_top),
        "</svg>",
    ]
    return Markup("".join(parts))
