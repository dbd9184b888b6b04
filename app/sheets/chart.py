"""The running totals as a reportlab drawing for the filled score sheet (A4, black and white).

The paper twin of the table page's chart (app.tables.pictures, drawn with app.charts): the
same lines, the same tick steps. Pure reportlab: the sheet builder passes its own font.
Lines are told apart without colour: a dash pattern and a marker per series, names in a
legend under the plot. Usage in a sheet builder::

    from app.sheets.chart import running_totals_drawing
    from app.tables.pictures import chart_series

    series = chart_series(record.variant, record.players, record.standing)
    story.append(running_totals_drawing(series, FRAME_WIDTH, font=FONT))
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.graphics.shapes import Circle
from reportlab.graphics.shapes import Drawing
from reportlab.graphics.shapes import Line
from reportlab.graphics.shapes import Polygon
from reportlab.graphics.shapes import PolyLine
from reportlab.graphics.shapes import Rect
from reportlab.graphics.shapes import String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from app.charts import nice_ticks
from app.charts import plain_number

DASHES: tuple[tuple[float, ...] | None, ...] = (None, (6, 2.5), (1.2, 2), (7, 2, 1.2, 2), (2, 4))
MARKERS = ("circle", "square", "triangle", "diamond", "cross")
GRID = colors.Color(0.82, 0.82, 0.82)
SIZE = 8  # points: the sheet's small print
LEGEND_ROW = 11
MAX_X_LABELS = 16


def marker(kind: str, x: float, y: float, filled: bool) -> list[object]:
    """A small marker shape at (x, y)."""
    fill = colors.black if filled else colors.white
    r = 1.9
    if kind == "circle":
        return [Circle(x, y, r, fillColor=fill, strokeColor=colors.black, strokeWidth=0.6)]
    if kind == "square":
        return [Rect(x - r, y - r, 2 * r, 2 * r, fillColor=fill, strokeWidth=0.6)]
    if kind == "triangle":
        points = [x, y + r * 1.2, x - r * 1.1, y - r, x + r * 1.1, y - r]
        return [Polygon(points, fillColor=fill, strokeColor=colors.black, strokeWidth=0.6)]
    if kind == "diamond":
        points = [x, y + r * 1.3, x - r * 1.3, y, x, y - r * 1.3, x + r * 1.3, y]
        return [Polygon(points, fillColor=fill, strokeColor=colors.black, strokeWidth=0.6)]
    return [
        Line(x - r, y - r, x + r, y + r, strokeWidth=0.8),
        Line(x - r, y + r, x + r, y - r, strokeWidth=0.8),
    ]


def style_of(index: int) -> tuple[tuple[float, ...] | None, str, bool]:
    """Dash, marker and filling of the index-th series: no two of the first 50 look alike."""
    shift = index // len(DASHES)
    return (
        DASHES[index % len(DASHES)],
        MARKERS[(index + shift) % len(MARKERS)],
        (index // (len(DASHES) * len(MARKERS))) % 2 == 0,
    )


def running_totals_drawing(
    series: Sequence[tuple[str, Sequence[float]]],
    width: float,
    plot_height: float = 48 * mm,
    font: str = "Helvetica",
) -> Drawing:
    """One line per (name, values) over the rounds 0..n; every series has the same length."""
    count = max((len(values) for _, values in series), default=1)
    every = [v for _, values in series for v in values] or [0.0]
    ticks = nice_ticks(min(min(every), 0), max(max(every), 0))
    labels = [plain_number(t) for t in ticks]
    left = 8 + max(float(stringWidth(label, font, SIZE)) for label in labels)
    right = 6
    columns = max(1, min(4, int(width // (45 * mm))))
    legend_height = math.ceil(len(series) / columns) * LEGEND_ROW
    bottom = legend_height + 16  # the legend, then the x labels
    # initialFontName: else the renderer puts its default Helvetica into the PDF.
    drawing = Drawing(width, bottom + plot_height + 6, initialFontName=font)
    plot_w = width - left - right

    def x_at(i: int) -> float:
        """x of round i (0 = the start)."""
        return left + (plot_w / 2 if count == 1 else plot_w * i / (count - 1))

    def y_at(value: float) -> float:
        """y of a value."""
        return bottom + (value - ticks[0]) / (ticks[-1] - ticks[0]) * plot_height

    for tick, label in zip(ticks, labels, strict=True):
        y = y_at(tick)
        drawing.add(
            Line(
                left,
                y,
                left + plot_w,
                y,
                strokeColor=colors.black if tick == 0 else GRID,
                strokeWidth=0.6 if tick == 0 else 0.4,
            )
        )
        drawing.add(
            String(left - 4, y - 2.8, label, fontName=font, fontSize=SIZE, textAnchor="end")
        )
    drawing.add(Line(left, bottom, left, bottom + plot_height, strokeWidth=0.6))
    step = max(1, math.ceil(count / MAX_X_LABELS))
    for i in range(0, count, step):
        drawing.add(
            String(x_at(i), bottom - 11, str(i), fontName=font, fontSize=SIZE, textAnchor="middle")
        )
    for index, (_, values) in enumerate(series):
        dash, kind, filled = style_of(index)
        points = [coordinate for i, v in enumerate(values) for coordinate in (x_at(i), y_at(v))]
        if len(values) > 1:
            drawing.add(PolyLine(points, strokeWidth=1.1, strokeDashArray=dash))
        if len(values) <= 40:
            for i, v in enumerate(values):
                for shape in marker(kind, x_at(i), y_at(v), filled):
                    drawing.add(shape)
    add_legend(drawing, series, width, columns, legend_height, font)
    return drawing


def add_legend(
    drawing: Drawing,
    series: Sequence[tuple[str, Sequence[float]]],
    width: float,
    columns: int,
    top: float,
    font: str,
) -> None:
    """Line sample, marker and name of every series, in rows under the plot."""
    column = width / columns
    for index, (name, _) in enumerate(series):
        dash, kind, filled = style_of(index)
        x = (index % columns) * column + 4
        y = top - (index // columns) * LEGEND_ROW - 7
        drawing.add(Line(x, y, x + 18, y, strokeWidth=1.1, strokeDashArray=dash))
        for shape in marker(kind, x + 9, y, filled):
            drawing.add(shape)
        room = column - 30
        text = name
        while len(text) > 1 and stringWidth(text, font, SIZE) > room:
            text = text[:-2] + "…"
        drawing.add(String(x + 23, y - 2.8, text, fontName=font, fontSize=SIZE))
