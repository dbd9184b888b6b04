"""The running-totals chart for the filled score sheet (reportlab), parsed back from a PDF."""

from __future__ import annotations

import io
from typing import Any

from flask.testing import FlaskClient
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from reportlab.platypus import SimpleDocTemplate

from app.sheets.chart import RunningTotals
from app.sheets.chart import style_of
from app.sheets.layout import FRAME_WIDTH
from app.sheets.layout import register_fonts
from app.tables.pictures import chart_series
from app.variants.registry import standing
from tests.tables.conftest import PLAYERS
from tests.tables.conftest import hands


def pdf_text(drawing: object) -> str:
    """The drawing on an A4 page, read back as text."""
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4).build([drawing])
    return PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text()


def test_drawing_shows_names_rounds_and_scale() -> None:
    """Every player in the legend, the rounds 0..n under the plot, the totals' scale beside it."""
    register_fonts()
    rounds = [hands((0, 0), (0, 3), (0, 2), (1, 1)), hands((0, 2), (0, 0), (1, 1), (0, 14))]
    series = chart_series(
        "dynamisch", PLAYERS, standing("dynamisch", PLAYERS, {"games": 8, "rate_cents": 0}, rounds)
    )
    assert series[3] == ("Dora", [0, 3, 17])
    drawing = RunningTotals(series, width=FRAME_WIDTH)
    assert drawing.width == FRAME_WIDTH
    text = pdf_text(drawing)
    for name in ("Anna", "Ben", "Cem", "Dora"):
        assert name in text
    for label in ("0", "1", "2", "20"):
        assert label in text.split()


def test_doppel_series_are_the_teams() -> None:
    """Doppel: team lines named by their players (partners sit opposite)."""
    state = standing("doppel", PLAYERS, {}, [{"winner": "A"}, {"winner": "A"}])
    series = chart_series("doppel", PLAYERS, state)
    assert [name for name, _ in series] == ["A: Anna + Cem", "B: Ben + Dora"]
    assert series[0][1] == [0, 1, 2]


def test_long_names_are_cut_to_their_legend_column() -> None:
    """A name longer than its column ends in "…" instead of running into the next one."""
    register_fonts()
    long_name = "Bartholomäus-Maximilian von Hohenzollern-Sigmaringen"
    drawing = RunningTotals([(long_name, [0, 1]), ("Ben", [0, 2])], width=120)
    assert "…" in pdf_text(drawing) and long_name not in pdf_text(drawing)


def test_series_look_different_in_black_and_white() -> None:
    """No two of the first 50 series share dash, marker and filling (no colour on the sheet)."""
    styles = [style_of(i) for i in range(50)]
    assert len(set(styles)) == 50


def test_six_players_show_six_markers() -> None:
    """A six-player table's lines differ by marker shape alone, as on the web chart."""
    assert len({style_of(i)[1] for i in range(6)}) == 6


def test_the_footer_stays_clear_of_the_printers_edge(client: FlaskClient) -> None:
    """The footer's baseline is at least 8 mm above the sheet's edge (printers cut at 5 mm)."""
    pdf = client.get("/sheets/deluxe.pdf").data
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    heights: list[float] = []

    def seen(text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if "Mautisch ·" in text:
            heights.append(tm[5])

    page.extract_text(visitor_text=seen)
    assert heights and min(heights) >= 8 * 72 / 25.4
