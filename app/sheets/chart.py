"""The running totals as a flowable for the filled score sheet (A4, black and white).
The paper twin of the table page's chart (app.tables.pictures): whole-number ticks (points and
wins are counts), lines told apart without colour by dash and marker; a flowable of its own so
the plot takes the height the page has left.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from babel.numbers import format_decimal
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from app.sheets.layout import FONT
from app.sheets.layout import font_runs
from app.sheets.layout import text_width
from app.web.charts import nice_ticks

DASHES: tuple[tuple[float, ...] | None, ...] = (None, (6, 2.5), (1.2, 2), (7, 2, 1.2, 2), (2, 4))
# Six shapes: a table of six players shows six different markers (as the web chart does).
MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross")
R = 2.4  # a marker's radius
CORNERS = {
    "square": [(-R, -R), (-R, R), (R, R), (R, -R)],
    "triangle": [(0, R * 1.2), (-R * 1.1, -R), (R * 1.1, -R)],
    "down": [(0, -R * 1.2), (-R * 1.1, R), (R * 1.1, R)],
    "diamond": [(0, R * 1.3), (-R * 1.3, 0), (0, -R * 1.3), (R * 1.3, 0)],
    "cross": [(-R, -R), (R, R), (-R, R), (R, -R)],
}
GRID = colors.Color(0.82, 0.82, 0.82)
SIZE = 10  # points: ticks and names, readable at arm's length
LEGEND_ROW = 14
MAX_X_LABELS = 16
Series = Sequence[tuple[str, Sequence[float]]]


def style_of(index: int) -> tuple[tuple[float, ...] | None, str, bool]:
    """Dash, marker and filling of the index-th series: the first six differ by marker, and no
    two of the first 60 look alike (each round of six takes the dashes one step further)."""
    rounds, shape = divmod(index, len(MARKERS))
    return (
        DASHES[(2 * rounds + shape) % len(DASHES)],
        MARKERS[shape],
        (index // (len(DASHES) * len(MARKERS))) % 2 == 0,
    )


def marker(canvas: Canvas, kind: str, x: float, y: float, filled: bool) -> None:
    """A series' marker at (x, y): black or white inside with a black outline (a cross: two
    strokes)."""
    canvas.setFillColor(colors.black if filled else colors.white)
    if kind == "circle":
        canvas.circle(x, y, R, stroke=1, fill=1)
        return
    path = canvas.beginPath()
    corners = [(x + dx, y + dy) for dx, dy in CORNERS[kind]]
    if kind == "cross":
        for start in (0, 2):
            path.moveTo(*corners[start])
            path.lineTo(*corners[start + 1])
    else:
        path.moveTo(*corners[0])
        for corner in corners[1:]:
            path.lineTo(*corner)
        path.close()
    canvas.drawPath(path, stroke=1, fill=int(kind != "cross"))


def tick_label(value: float, lang: str) -> str:
    """A tick in the sheet's language: "1.000" in German, "1,000" in English; whole counts."""
    return str(format_decimal(value, format="#,##0.##", locale=lang))


def legend_columns(width: float, count: int) -> int:
    """Legend entries side by side: one per 45 mm, 1 to 5, no more than there are series
    (two teams get half the width each, their names uncut)."""
    return max(1, min(5, count, int(width // (45 * mm))))


class RunningTotals(Flowable):  # type: ignore[misc]
    """One line per (name, values) over the rounds 0..n, the scale on the left, the rounds
    under the plot and a legend under them. Without a `plot_height` the plot is as tall as the
    rest of the page allows (the sheet fills its page), between `lowest` and `highest`."""

    def __init__(
        self,
        series: Series,
        lang: str = "de",
        width: float | None = None,
        plot_height: float | None = None,
        lowest: float = 30 * mm,
        highest: float = 90 * mm,
        restarts: bool = False,
    ) -> None:
        """Keep what to draw; the size is decided when the page's room is known. `restarts`:
        a value below the one before starts again from 0 (a new set): the line drops to 0."""
        super().__init__()
        self.series, self.lang, self.restarts = series, lang, restarts
        self.fixed_width, self.fixed_plot = width, plot_height
        self.lowest, self.highest = lowest, highest
        self.width, self.plot = width or 0.0, plot_height or lowest

    def chrome(self, width: float) -> float:
        """The height beside the plot: legend, x labels and the top margin."""
        columns = legend_columns(width, len(self.series))
        return math.ceil(len(self.series) / columns) * LEGEND_ROW + 26

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
        canvas, series = self.canv, self.series
        count = max((len(values) for _, values in series), default=1)
        every = [v for _, values in series for v in values] or [0.0]
        ticks = nice_ticks(min(min(every), 0), max(max(every), 0), whole=True)
        labels = [tick_label(t, self.lang) for t in ticks]
        left = 8 + max(text_width(label, FONT, SIZE) for label in labels)
        plot_w = self.width - left - 8
        legend_height = self.chrome(self.width) - 26
        bottom = legend_height + 20  # the legend, then the x labels

        def x_at(i: int) -> float:
            """x of round i (0 = the start)."""
            return left + (plot_w / 2 if count == 1 else plot_w * i / (count - 1))

        def y_at(value: float) -> float:
            """y of a value."""
            return bottom + (value - ticks[0]) / (ticks[-1] - ticks[0]) * self.plot

        canvas.saveState()
        canvas.setFont(FONT, SIZE)
        for tick, label in zip(ticks, labels, strict=True):
            canvas.setStrokeColor(colors.black if tick == 0 else GRID)
            canvas.setLineWidth(0.6 if tick == 0 else 0.4)
            canvas.line(left, y_at(tick), left + plot_w, y_at(tick))
            canvas.drawRightString(left - 4, y_at(tick) - 3.5, label)
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(0.6)
        canvas.line(left, bottom, left, bottom + self.plot)
        for i in range(0, count, max(1, math.ceil(count / MAX_X_LABELS))):
            canvas.drawCentredString(x_at(i), bottom - 13, tick_label(i, self.lang))
        for index, (_, values) in enumerate(series):
            dash, kind, filled = style_of(index)
            points = [(x_at(i), y_at(value)) for i, value in enumerate(values)]
            path_points = list(points)
            drops = [i for i in range(1, len(values)) if values[i] < values[i - 1]]
            for i in reversed(drops if self.restarts else []):
                path_points.insert(i, (x_at(i - 1), y_at(0)))
            canvas.setLineWidth(1.1)
            canvas.setDash(list(dash) if dash else [])
            if len(points) > 1:
                path = canvas.beginPath()
                path.moveTo(*path_points[0])
                for point in path_points[1:]:
                    path.lineTo(*point)
                canvas.drawPath(path, stroke=1, fill=0)
            canvas.setDash([])
            canvas.setLineWidth(0.6)
            for x, y in points if len(points) <= 40 else []:
                marker(canvas, kind, x, y, filled)
        self.legend(canvas, legend_height)
        canvas.restoreState()

    def legend(self, canvas: Canvas, top: float) -> None:
        """Line sample, marker and name of every series, in rows under the plot; a name too
        long for its column ends in "…"."""
        columns = legend_columns(self.width, len(self.series))
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
            marker(canvas, kind, x + 9, y, filled)
            text = name
            while len(text) > 1 and text_width(text, FONT, SIZE) > column - 30:
                text = text[:-2] + "…"
            canvas.setFillColor(colors.black)
            x += 23
            for face, piece in font_runs(text):
                canvas.setFont(face, SIZE)
                canvas.drawString(x, y - 3.5, piece)
                x += text_width(piece, face, SIZE)
