"""Shared layout of every printable sheet: font, page, styles, grids, money, the render step.

Pure reportlab: no Flask here, so the builders can be called (and benchmarked) with plain data.
Everything is A4 portrait with light grey grid lines and no colour, so it prints well in black
and white.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from babel.numbers import format_decimal
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate
from reportlab.platypus import Flowable
from reportlab.platypus import Frame
from reportlab.platypus import PageTemplate
from reportlab.platypus import Paragraph
from reportlab.platypus import Spacer
from reportlab.platypus import Table

from app.text import Text

# The fonts ship with the app (static/fonts, Bitstream Vera licence): DejaVu Sans has the
# umlauts, accents, "−", "€" and the suit symbols ♣♠♥♦; reportlab embeds only the used glyphs.
FONT_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"
FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"

MARGIN_X = 14 * mm
MARGIN_TOP = 13 * mm
MARGIN_BOTTOM = 15 * mm
FRAME_WIDTH = A4[0] - 2 * MARGIN_X
FRAME_HEIGHT = A4[1] - MARGIN_TOP - MARGIN_BOTTOM

GRID = colors.Color(0.6, 0.6, 0.6)  # light lines to write between
RULE = colors.black  # outer box and sum lines
SHADE = colors.Color(0.92, 0.92, 0.92)  # header fill: visible on paper, cheap on toner
MUTED = colors.Color(0.35, 0.35, 0.35)
BOX = "☐"


@dataclass(frozen=True)
class Lang:
    """The sheet's language: its code (de/en) and the gettext that translates msgids."""

    code: str
    gettext: Callable[[str], str]

    def __call__(self, message: str, **values: Any) -> str:
        """Translate a msgid and fill in %(name)s placeholders."""
        text = self.gettext(message)
        return text % values if values else text

    def say(self, text: Text, **values: Any) -> str:
        """A bilingual text (a variant's, a house rule's) in the sheet's language."""
        words = text.get(self.code)
        return words % values if values else words


@cache
def register_fonts() -> None:
    """Register DejaVu Sans (regular + bold) with reportlab, once per process."""
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD
    )


@cache
def styles() -> dict[str, ParagraphStyle]:
    """The few paragraph styles every sheet uses."""
    register_fonts()
    body = ParagraphStyle("body", fontName=FONT, bulletFontName=FONT, fontSize=9, leading=12)
    return {
        "title": ParagraphStyle("title", body, fontName=FONT_BOLD, fontSize=16, leading=20),
        "subtitle": ParagraphStyle("subtitle", body, fontSize=9.5, leading=13, textColor=MUTED),
        "h2": ParagraphStyle(
            "h2", body, fontName=FONT_BOLD, fontSize=11, leading=14, spaceBefore=8, spaceAfter=3
        ),
        "body": body,
        "note": ParagraphStyle("note", body, fontSize=8, leading=10.5),
        "cell_center": ParagraphStyle(
            "cell_center", body, fontSize=7.5, leading=9, alignment=TA_CENTER
        ),
        "name": ParagraphStyle("name", body, fontName=FONT_BOLD, fontSize=11, leading=13),
        "head": ParagraphStyle(
            "head", body, fontName=FONT_BOLD, fontSize=8, leading=9.5, alignment=TA_CENTER
        ),
        "bullet": ParagraphStyle(
            "bullet", body, fontSize=9.5, leading=12.5, leftIndent=10, bulletIndent=0, spaceAfter=3
        ),
        "card": ParagraphStyle(
            "card", body, fontSize=11, leading=15, leftIndent=12, bulletIndent=0, spaceAfter=6
        ),
    }


def para(text: str, style: str = "body", markup: bool = False) -> Paragraph:
    """A paragraph; plain text is escaped (player names may hold &, <), markup passes as is."""
    return Paragraph(text if markup else escape(text), styles()[style])


def labelled(label: str, text: str) -> Paragraph:
    """ "Label: text" with a bold label; both escaped."""
    return Paragraph(f"<b>{escape(label)}:</b> {escape(text)}", styles()["body"])


def heading(title: str, subtitle: str) -> list[Flowable]:
    """The sheet's title and one line under it."""
    return [para(title, "title"), para(subtitle, "subtitle"), Spacer(1, 4 * mm)]


def money(cents: int, lang: str, signed: bool = False) -> str:
    """Euros the way the reader writes them: "0,60 €" in German, "€0.60" in English."""
    number = format_decimal(abs(cents) / 100, format="#,##0.00", locale=lang)
    sign = "−" if cents < 0 else "+" if signed and cents > 0 else ""
    return f"{sign}{number} €" if lang == "de" else f"{sign}€{number}"


def grid_style(header_rows: int = 1, sum_rows: int = 0) -> list[tuple[Any, ...]]:
    """Light inner grid, a black outer box, a shaded header and a rule above the sum rows."""
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, 9),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BOX", (0, 0), (-1, -1), 0.9, RULE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
    ]
    if header_rows:
        commands += [
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE),
            ("FONT", (0, 0), (-1, header_rows - 1), FONT_BOLD, 8),
            ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.9, RULE),
        ]
    if sum_rows:
        commands += [
            ("LINEABOVE", (0, -sum_rows), (-1, -sum_rows), 0.9, RULE),
            ("FONT", (0, -sum_rows), (-1, -1), FONT_BOLD, 9),
        ]
    return commands


def name_cells(names: Sequence[str]) -> list[Paragraph]:
    """Header cells for players: the name pre-printed, or empty to write it in."""
    return [para(name, "head") for name in names]


def cell_height(cells: Sequence[Flowable], width: float, minimum: float) -> float:
    """The height a header row needs so every (wrapped) name fits, at least `minimum`."""
    needed = max((cell.wrap(width - 4, FRAME_HEIGHT)[1] for cell in cells), default=0.0)
    return max(minimum, needed + 6)


def fixed_height(flowables: Sequence[Flowable]) -> float:
    """The height of the parts of a page that do not stretch (title, notes, boxes)."""
    total = 0.0
    for flowable in flowables:
        total += flowable.wrap(FRAME_WIDTH, FRAME_HEIGHT)[1]
        total += flowable.getSpaceBefore() + flowable.getSpaceAfter()
    return total


def row_height(free: float, rows: int, largest: float = 12 * mm) -> float:
    """Rows as tall as handwriting likes, shrunk so the sheet stays on one page."""
    return min(largest, free / rows)


def render(title: str, lang: Lang, story: list[Flowable], footer: str) -> bytes:
    """Lay out the story on A4 pages and return the PDF (title and language in its metadata)."""
    register_fonts()
    buffer = io.BytesIO()
    frame = Frame(MARGIN_X, MARGIN_BOTTOM, FRAME_WIDTH, FRAME_HEIGHT, 0, 0, 0, 0, id="body")

    def draw_footer(canvas: Canvas, doc: BaseDocTemplate) -> None:
        """Small grey footer: what the sheet is, and the page number."""
        canvas.saveState()
        canvas.setFont(FONT, 7)
        canvas.setFillColor(MUTED)
        canvas.drawString(MARGIN_X, MARGIN_BOTTOM - 8 * mm, f"Mautisch · {footer}")
        canvas.drawRightString(
            A4[0] - MARGIN_X, MARGIN_BOTTOM - 8 * mm, lang("Page %(n)s", n=doc.page)
        )
        canvas.restoreState()

    doc = BaseDocTemplate(
        buffer,
        pagesize=A4,
        title=title,
        author="Mautisch",
        subject=footer,
        creator="Mautisch",
        lang=lang.code,
        displayDocTitle=True,
        initialFontName=FONT,  # not Helvetica: every font in the file is embedded
        initialFontSize=9,
        pageTemplates=[PageTemplate("page", [frame], onPage=draw_footer)],
    )
    doc.build(story)
    return buffer.getvalue()


def write_in_heading(title: str, lang: Lang) -> list[Flowable]:
    """A blank sheet's title with lines for the date and the place to fill in."""
    blank = "_" * 22
    date, venue = lang("Date"), lang("Venue")
    return heading(title, f"{date}: {blank}      {venue}: {blank}")


def write_in_line(label: str, width: float) -> Flowable:
    """A label followed by a line to write on (the winner, a rate, a sum)."""
    line = Table([[label, ""]], colWidths=[None, width], rowHeights=[9 * mm])
    line.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT_BOLD, 9),
            ("LINEBELOW", (1, 0), (1, 0), 0.6, RULE),
            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
        ]
    )
    line.hAlign = "LEFT"
    return line


def side_by_side(blocks: Sequence[Flowable], columns: int, gap: float = 5 * mm) -> Table:
    """Blocks (e.g. the sets of a match) next to each other in equal columns, tops aligned."""
    width = column_width(columns, gap)
    cells: list[Flowable | str] = []
    for index in range(columns):
        cells += [blocks[index] if index < len(blocks) else "", ""]
    row = Table([cells[:-1]], colWidths=[width, gap] * (columns - 1) + [width])
    row.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, 9),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ]
    )
    return row


def column_width(columns: int, gap: float = 5 * mm) -> float:
    """The width of one of `columns` equal columns of `side_by_side`."""
    return float((FRAME_WIDTH - gap * (columns - 1)) / columns)
