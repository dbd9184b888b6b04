"""The running totals as a reportlab drawing for the filled score sheet (A4, black and white).

The paper twin of the table page's chart (app.tables.pictures, drawn with app.web.charts): the
same lines, the same tick steps (whole numbers: points and wins are counts). Pure reportlab:
the sheet builder passes its own (embedded) font and language (ticks are written the
reader's way, "1.000" / "1,000"). Lines are told apart without colour: a dash pattern and a
marker per series, names in a legend under the plot (emoji in names drawn by the fallback
font).
Usage in a sheet builder::

    from app.sheets.chart import running_totals_drawing
    from app.tables.pictures import chart_series

    series = chart_series(record.variant, record.players, record.standing)
    story.append(running_totals_drawing(series, FRAME_WIDTH, font=FONT, lang="de"))

The chart draws itself with the canvas's own line and path calls (a reportlab Drawing of the
same chart cost a third of a filled sheet's time), its texts in one text object at the end
and its markers as one shape per kind, made once and moved to each point.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from babel.numbers import format_decimal
from reportlab.lib import colors
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.platypus import Flowable

from app.sheets.layout import FONT
from app.sheets.layout import Placed
from app.sheets.layout import font_runs
from app.sheets.layout import text_width
from app.sheets.layout import write_texts
from app.web.charts import nice_ticks

DASHES: tuple[tuple[float, ...] | None, ...] = (None, (6, 2.5), (1.2, 2), (7, 2, 1.2, 2), (2, 4))
MARKERS = ("circle", "square", "triangle", "diamond", "cross")
GRID = colors.Color(0.82, 0.82, 0.82)
SIZE = 10  # points: ticks and names, readable at arm's length
LEGEND_ROW = 14
MAX_X_LABELS = 16
RADIUS = 2.4
Series = Sequence[tuple[str, Sequence[float]]]


@cache
def marker_shape(kind: str) -> str:
    """A marker around the origin as PDF path operators, outlined and (but a cross) filled:
    the same shape at every point, so it is written once per process."""
    r = RADIUS
    path = PDFPathObject()
    if kind == "circle":
        path.circle(0, 0, r)
    elif kind == "cross":
        path.moveTo(-r, -r)
        path.lineTo(r, r)
        path.moveTo(-r, r)
        path.lineTo(r, -r)
    else:
        corners = {
            "square": [(-r, -r), (-r, r), (r, r), (r, -r)],
            "triangle": [(0, r * 1.2), (-r * 1.1, -r), (r * 1.1, -r)],
            "diamond": [(0, r * 1.3), (-r * 1.3, 0), (0, -r * 1.3), (r * 1.3, 0)],
        }[kind]
        path.moveTo(*corners[0])
        for corner in corners[1:]:
            path.lineTo(*corner)
        path.close()
    return f"{path.getCode()} {'S' if kind == 'cross' else 'B*'}"


def markers(canvas: Canvas, kind: str, points: Sequence[tuple[float, float]], filled: bool) -> None:
    """The series' marker at each point, black or white inside with a black outline: its
    shape, made once, moved to each point."""
    canvas.setFillColor(colors.black if filled else colors.white)
    shape = marker_shape(kind)
    canvas._code.append(" ".join(f"q 1 0 0 1 {fp_str(x, y)} cm {shape} Q" for x, y in points))


def style_of(index: int) -> tuple[tuple[float, ...] | None, str, bool]:
    """Dash, marker and filling of the index-th series: no two of the first 50 look alike."""
    shift = index // len(DASHES)
    return (
        DASHES[index % len(DASHES)],
        MARKERS[(index + shift) % len(MARKERS)],
        (index // (len(DASHES) * len(MARKERS))) % 2 == 0,
    )


def tick_label(value: float, lang: str) -> str:
    """A tick in the sheet's language: "1.000" in German, "1,000" in English; whole counts.
    (Below a thousand a whole number reads the same in both: no locale work needed.)"""
    if float(value).is_integer() and abs(value) < 1000:
        return str(int(value))
    return str(format_decimal(value, format="#,##0.##", locale=lang))


def text_runs(x: float, y: float, text: str, font: str) -> list[Placed]:
    """A string from (x, y) on, characters the font lacks (emoji) set in the fallback font."""
    placed: list[Placed] = []
    for face, piece in font_runs(text, font):
        placed.append((face, SIZE, colors.black, x, y, piece, "LEFT"))
        x += text_width(piece, face, SIZE)
    return placed


def legend_columns(width: float, count: int) -> int:
    """Legend entries side by side: one per 45 mm, 1 to 5, no more than there are series
    (two teams get half the width each, their names uncut)."""
    return max(1, min(5, count, int(width // (45 * mm))))


def legend_rows(series: Sequence[object], width: float) -> int:
    """How many rows the legend under a chart `width` wide takes."""
    return math.ceil(len(series) / legend_columns(width, len(series)))


class RunningTotals(Flowable):  # type: ignore[misc]
    """One line per (name, values) over the rounds 0..n, the scale on the left, the rounds
    under the plot and a legend under them. `plot_height` None: as tall as the rest of the
    page allows (the sheet fills its page), between `lowest` and `highest`."""

    def __init__(
        self,
        series: Series,
        width: float | None = None,
        plot_height: float | None = None,
        font: str = FONT,
        lang: str = "de",
        lowest: float = 30 * mm,
        highest: float = 90 * mm,
    ) -> None:
        """Keep what to draw; the size is decided when the page's room is known."""
        super().__init__()
        self.series, self.font, self.lang = series, font, lang
        self.fixed_width, self.fixed_plot = width, plot_height
        self.lowest, self.highest = lowest, highest
        self.width = width or 0.0
        self.plot = plot_height or lowest
        self.height = self.plot + self.chrome(self.width) if width else 0.0

    def chrome(self, width: float) -> float:
        """The height beside the plot: legend, x labels and the top margin."""
        return legend_rows(self.series, width) * LEGEND_ROW + 26

    def least(self, width: float) -> float:
        """The least height the chart takes on a page `width` wide."""
        return (self.fixed_plot or self.lowest) + self.chrome(width)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """Take the given width (or the available one) and, unless fixed, the free height."""
        self.width = self.fixed_width or avail_width
        room = avail_height - self.chrome(self.width) - 2
        self.plot = self.fixed_plot or min(self.highest, max(self.lowest, room))
        self.height = self.plot + self.chrome(self.width)
        return self.width, self.height

    def draw(self) -> None:
        """Grid and scale, round numbers, the lines with their markers, the legend."""
        canvas, font, series = self.canv, self.font, self.series
        width, plot_height = self.width, self.plot
        count = max((len(values) for _, values in series), default=1)
        every = [v for _, values in series for v in values] or [0.0]
        ticks = nice_ticks(min(min(every), 0), max(max(every), 0), whole=True)
        labels = [tick_label(t, self.lang) for t in ticks]
        left = 8 + max(text_width(label, font, SIZE) for label in labels)
        plot_w = width - left - 8
        columns = legend_columns(width, len(series))
        legend_height = math.ceil(len(series) / columns) * LEGEND_ROW
        bottom = legend_height + 20  # the legend, then the x labels

        def x_at(i: int) -> float:
            """x of round i (0 = the start)."""
            return left + (plot_w / 2 if count == 1 else plot_w * i / (count - 1))

        def y_at(value: float) -> float:
            """y of a value."""
            return bottom + (value - ticks[0]) / (ticks[-1] - ticks[0]) * plot_height

        canvas.saveState()
        # The texts go into one text object at the end (none overlaps a line).
        texts: list[Placed] = []
        for tick, label in zip(ticks, labels, strict=True):
            y = y_at(tick)
            canvas.setStrokeColor(colors.black if tick == 0 else GRID)
            canvas.setLineWidth(0.6 if tick == 0 else 0.4)
            canvas.line(left, y, left + plot_w, y)
            texts.append((font, SIZE, colors.black, left - 4, y - 3.5, label, "RIGHT"))
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(0.6)
        canvas.line(left, bottom, left, bottom + plot_height)
        step = max(1, math.ceil(count / MAX_X_LABELS))
        for i in range(0, count, step):
            label = tick_label(i, self.lang)
            texts.append((font, SIZE, colors.black, x_at(i), bottom - 13, label, "CENTRE"))
        for index, (_, values) in enumerate(series):
            dash, kind, filled = style_of(index)
            canvas.setLineWidth(1.1)
            canvas.setDash(list(dash) if dash else [])
            points = [(x_at(i), y_at(value)) for i, value in enumerate(values)]
            if len(points) > 1:
                path = canvas.beginPath()
                path.moveTo(*points[0])
                for point in points[1:]:
                    path.lineTo(*point)
                canvas.drawPath(path, stroke=1, fill=0)
            canvas.setDash([])
            canvas.setLineWidth(0.6)
            if len(points) <= 40:
                markers(canvas, kind, points, filled)
        texts += self.legend(canvas, columns, legend_height)
        write_texts(canvas, texts)
        canvas.restoreState()

    def legend(self, canvas: Canvas, columns: int, top: float) -> list[Placed]:
        """Line sample and marker of every series, in rows under the plot; their names
        (to be written with the chart's other texts)."""
        names: list[Placed] = []
        column = self.width / columns
        for index, (name, _) in enumerate(self.series):
            dash, kind, filled = style_of(index)
            x = (index % columns) * column + 4
            y = top - (index // columns) * LEGEND_ROW - 8
            canvas.setLineWidth(1.1)
            canvas.setDash(list(dash) if dash else [])
            canvas.line(x, y, x + 18, y)
            canvas.setDash([])
            canvas.setLineWidth(0.6)
            markers(canvas, kind, [(x + 9, y)], filled)
            room = column - 30
            text = name
            while len(text) > 1 and text_width(text, self.font, SIZE) > room:
                text = text[:-2] + "…"
            names += text_runs(x + 23, y - 3.5, text, self.font)
        return names


def running_totals_drawing(
    series: Series,
    width: float,
    plot_height: float = 55 * mm,
    font: str = FONT,
    lang: str = "de",
) -> RunningTotals:
    """The chart `width` wide with a plot `plot_height` tall."""
    return RunningTotals(series, width, plot_height, font=font, lang=lang)


def fitted_chart(series: Series, font: str, lang: str) -> RunningTotals:
    """The chart as wide as the frame and as tall as the rest of the page allows."""
    return RunningTotals(series, font=font, lang=lang)
