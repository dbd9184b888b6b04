"""Shared layout of every printable sheet: fonts, page, styles, grids, money, the render step.

Pure reportlab and no Flask, so the builders take plain data. A4, light grey grid lines and
no colour, so it prints well in black and white.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate
from reportlab.platypus import CondPageBreak
from reportlab.platypus import Flowable
from reportlab.platypus import Frame
from reportlab.platypus import PageTemplate
from reportlab.platypus import Paragraph
from reportlab.platypus import Spacer
from reportlab.platypus import Table

from app.sheets.record import Lang

# DejaVu Sans (Bitstream Vera licence) has umlauts, "−", "€" and ♣♠♥♦; names are printed as
# typed, so what it lacks (an emoji) is drawn by Symbola (free, see static/fonts/LICENSE).
FONT_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"
FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FALLBACK = "Symbola"
# Invisible joiners and emoji/text selectors: no glyph of their own, so never a box.
INVISIBLE = frozenset({0x200D, 0xFE0E, 0xFE0F})

MARGIN_X = 12 * mm
MARGIN_TOP = 12 * mm
MARGIN_BOTTOM = 14 * mm
# The footer's baseline: 9 mm up, clear of the 5 mm many printers cannot print.
FOOTER_Y = 9 * mm

# Sizes for a dim pub: printed numbers at least 11 pt, headers at least 9 pt.
NUMBER_SIZE = 11
HEAD_SIZE = 10
HEAD_SMALLEST = 9


@dataclass(frozen=True)
class Page:
    """An A4 page, portrait or (for grids too wide to read upright) landscape: the paper's
    size and its text frame's width and height, in points."""

    size: tuple[float, float]

    @property
    def width(self) -> float:
        """The width of the text frame."""
        return float(self.size[0] - 2 * MARGIN_X)

    @property
    def height(self) -> float:
        """The height of the text frame."""
        return float(self.size[1] - MARGIN_TOP - MARGIN_BOTTOM)


PORTRAIT = Page(A4)
LANDSCAPE = Page(landscape(A4))
FRAME_WIDTH = PORTRAIT.width
FRAME_HEIGHT = PORTRAIT.height

GRID = colors.Color(0.6, 0.6, 0.6)  # light lines to write between
RULE = colors.black  # outer box and sum lines
SHADE = colors.Color(0.92, 0.92, 0.92)  # header fill: visible on paper, cheap on toner
MUTED = colors.Color(0.35, 0.35, 0.35)
BOX = "☐"


@cache
def font_chars(family: str) -> frozenset[int]:
    """Register a shipped font family once per process (the fallback only when a name first
    needs it); the characters it has a glyph for."""
    faces = {FONT: (FONT, FONT_BOLD), FALLBACK: (FALLBACK,)}[family]
    fonts = [TTFont(face, str(FONT_DIR / f"{face}.ttf")) for face in faces]
    for font in fonts:
        pdfmetrics.registerFont(font)
    bold = fonts[-1].fontName
    pdfmetrics.registerFontFamily(family, normal=family, bold=bold, italic=family, boldItalic=bold)
    return frozenset(fonts[0].face.charToGlyph)


def register_fonts() -> None:
    """Register the sheets' fonts with reportlab (once per process)."""
    font_chars(FONT)


def font_runs(text: str, font: str = FONT) -> list[tuple[str, str]]:
    """The text cut into (font, piece) runs: DejaVu where it has the glyph, else Symbola;
    what neither has stays with DejaVu (its "missing" box), joiners and selectors drop."""
    known = font_chars(FONT)
    if all(ord(char) in known for char in text):
        return [(font, text)]
    extra = font_chars(FALLBACK)
    runs: list[tuple[str, str]] = []
    for char in text:
        if ord(char) in INVISIBLE:
            continue
        use = FALLBACK if ord(char) not in known and ord(char) in extra else font
        if runs and runs[-1][0] == use:
            runs[-1] = (use, runs[-1][1] + char)
        else:
            runs.append((use, char))
    return runs


def text_width(text: str, font: str, size: float) -> float:
    """The printed width of a text, the fallback font's characters measured in that font."""
    return sum(
        float(pdfmetrics.stringWidth(piece, face, size)) for face, piece in font_runs(text, font)
    )


def head_size(texts: Sequence[str], width: float, largest: float = 11) -> float:
    """The largest header size (from `largest` down to 9 pt) at which every word of every
    text fits `width` on its own line, so names wrap between words and never inside one;
    the smallest size when even that is too wide."""
    words = {word for text in texts for word in text.split()} or {""}
    widest = max(text_width(word, FONT_BOLD, 1) for word in words)
    if widest <= 0:
        return largest
    fitting = math.floor(width / widest * 2) / 2  # in half points
    return max(HEAD_SMALLEST, min(largest, fitting))


def fits(texts: Sequence[str], width: float) -> bool:
    """Whether every word of the texts fits `width` in bold at the smallest header size."""
    words = [word for text in texts for word in text.split()] or [""]
    return max(text_width(w, FONT_BOLD, HEAD_SMALLEST) for w in words) <= width


@cache
def styles() -> dict[str, ParagraphStyle]:
    """The few paragraph styles every sheet uses."""
    register_fonts()
    # A word too wide for its line breaks after one of its own hyphens first ("Marie-Luise-" /
    # "Charlotte"), not anywhere inside ("Marie-Luise-Char" / "lotte").
    body = ParagraphStyle(
        "body", fontName=FONT, bulletFontName=FONT, fontSize=10.5, leading=14, embeddedHyphenation=1
    )
    bold = {"fontName": FONT_BOLD}
    return {
        "title": ParagraphStyle("title", body, **bold, fontSize=18, leading=22),
        "subtitle": ParagraphStyle("subtitle", body, textColor=MUTED),
        "h2": ParagraphStyle(
            "h2", body, **bold, fontSize=13, leading=16, spaceBefore=8, spaceAfter=3
        ),
        "body": body,
        "note": ParagraphStyle("note", body, fontSize=9.5, leading=12),
        "cell_center": ParagraphStyle(
            "cell_center", body, fontSize=HEAD_SIZE, leading=HEAD_SIZE + 2, alignment=TA_CENTER
        ),
        "head": ParagraphStyle(
            "head", body, **bold, fontSize=HEAD_SIZE, leading=HEAD_SIZE + 2, alignment=TA_CENTER
        ),
        "bullet": ParagraphStyle("bullet", body, leading=13.5, leftIndent=10, spaceAfter=3),
        "card": ParagraphStyle(
            "card", body, fontSize=11.5, leading=15.5, leftIndent=12, spaceAfter=6
        ),
    }


def head_style(size: float, align: int = TA_CENTER) -> ParagraphStyle:
    """The header style at a given size (names fitted to their column), centred or not."""
    return ParagraphStyle(
        f"head{size}-{align}",
        styles()["head"],
        fontSize=size,
        leading=round(size * 1.2, 1),
        alignment=align,
    )


def para(text: str, style: str | ParagraphStyle = "body", markup: bool = False) -> Paragraph:
    """A paragraph; plain text is escaped (player names may hold &, <), markup passes as is;
    characters DejaVu lacks (emoji in names) are set in the fallback font."""
    chosen = styles()[style] if isinstance(style, str) else style
    # Safe on markup: tags and entities are ASCII, so only text is ever set in the fallback.
    runs = font_runs(text if markup else escape(text))
    return Paragraph(
        "".join(
            piece if face == FONT else f'<font name="{FALLBACK}">{piece}</font>'
            for face, piece in runs
        ),
        chosen,
    )


def labelled(label: str, text: str) -> Paragraph:
    """ "Label: text" with a bold label (both escaped)."""
    return para(f"<b>{escape(label)}:</b> {escape(text)}", markup=True)


def section(title: str, needs: float) -> list[Flowable]:
    """A heading that goes to the next page unless `needs` points of what follows fit under
    it (never a heading alone at the foot of a page; a long table still starts at once)."""
    return [CondPageBreak(needs + 30), para(title, "h2")]


def heading(title: str, subtitle: str) -> list[Flowable]:
    """The sheet's title and one line under it."""
    return [para(title, "title"), para(subtitle, "subtitle"), Spacer(1, 4 * mm)]


def plain_table(rows: list[list[Any]], commands: list[tuple[Any, ...]], **kwargs: Any) -> Table:
    """A table in DejaVu (a cell without its own font would name an unembedded Helvetica)."""
    table = Table(rows, **kwargs)
    table.setStyle([("FONT", (0, 0), (-1, -1), FONT, 10), *commands])
    return table


def grid_style(header_rows: int = 1, sum_rows: int = 0) -> list[tuple[Any, ...]]:
    """The grid style: 11 pt figures, light inner grid, black box, shaded header."""
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, NUMBER_SIZE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("INNERGRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BOX", (0, 0), (-1, -1), 0.9, RULE),
    ]
    if header_rows:
        commands += [
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE),
            ("FONT", (0, 0), (-1, header_rows - 1), FONT_BOLD, HEAD_SIZE),
            ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.9, RULE),
        ]
    if sum_rows:
        commands += [
            ("LINEABOVE", (0, -sum_rows), (-1, -sum_rows), 0.9, RULE),
            ("FONT", (0, -sum_rows), (-1, -1), FONT_BOLD, NUMBER_SIZE),
        ]
    return commands


def name_cells(names: Sequence[str], width: float, largest: float = 11) -> list[Paragraph]:
    """Header cells for players, one size for all: the names as large as their column allows
    (at least 9 pt, wrapped between words only), or empty to write them in."""
    style = head_style(head_size(names, width - 5, largest))
    return [para(name, style) for name in names]


def cell_height(cells: Sequence[Flowable], width: float, minimum: float) -> float:
    """The height a header row needs so every (wrapped) name fits, at least `minimum`."""
    needed = max((cell.wrap(width - 4, FRAME_HEIGHT)[1] for cell in cells), default=0.0)
    return max(minimum, needed + 6)


def page_for(names: Sequence[str], lead: float, share: float, numbers: float = 0) -> Page:
    """Portrait, unless the players' columns (the page's width less `lead`, split into equal
    columns, of which a name spans `share`) are too narrow for a name's longest word at 9 pt
    or for `numbers` points of figures: then landscape, where they get half as much again."""
    column = (PORTRAIT.width - lead) / max(len(names), 1)
    if fits(names, column * share - 5) and column >= numbers:
        return PORTRAIT
    return LANDSCAPE


def fixed_height(flowables: Sequence[Flowable], page: Page = PORTRAIT) -> float:
    """The height of the parts of a page that do not stretch (title, notes, boxes)."""
    total = 0.0
    for flowable in flowables:
        total += flowable.wrap(page.width, page.height)[1]
        total += flowable.getSpaceBefore() + flowable.getSpaceAfter()
    return total


def row_height(free: float, rows: int, largest: float = 24 * mm) -> float:
    """Rows that share out the free height of the page (a sheet fills its A4), kept to a
    height handwriting still finds natural."""
    return min(largest, free / rows)


def render(
    title: str, lang: Lang, story: list[Flowable], footer: str, page: Page = PORTRAIT
) -> bytes:
    """Lay out the story on A4 pages and return the PDF (title and language in its metadata)."""
    register_fonts()
    buffer = io.BytesIO()
    frame = Frame(MARGIN_X, MARGIN_BOTTOM, page.width, page.height, 0, 0, 0, 0, id="body")

    def draw_footer(canvas: Canvas, doc: BaseDocTemplate) -> None:
        """Small grey footer: what the sheet is, and the page number."""
        canvas.saveState()
        canvas.setFont(FONT, 8)
        canvas.setFillColor(MUTED)
        canvas.drawString(MARGIN_X, FOOTER_Y, f"Mautisch · {footer}")
        canvas.drawRightString(page.size[0] - MARGIN_X, FOOTER_Y, lang("Page %(n)s", n=doc.page))
        canvas.restoreState()

    doc = BaseDocTemplate(
        buffer,
        pagesize=page.size,
        title=title,
        author="Mautisch",
        subject=footer,
        creator="Mautisch",
        lang=lang.code,
        displayDocTitle=True,
        pageCompression=1,
        initialFontName=FONT,  # not Helvetica: every font in the file is embedded
        initialFontSize=10,
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
    return plain_table(
        [[label, ""]],
        [
            ("FONT", (0, 0), (-1, -1), FONT_BOLD, 11),
            ("LINEBELOW", (1, 0), (1, 0), 0.6, RULE),
            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
        ],
        colWidths=[None, width],
        rowHeights=[10 * mm],
        hAlign="LEFT",
    )


def side_by_side(blocks: Sequence[Any], widths: Sequence[float], gap: float = 5 * mm) -> Table:
    """Blocks (a match's sets; ranking and money) side by side in columns, tops aligned."""
    cells: list[Any] = []
    for index in range(len(widths)):
        cells += [blocks[index] if index < len(blocks) else "", ""]
    return plain_table(
        [cells[:-1]],
        [
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ],
        colWidths=[each for width in widths for each in (width, gap)][:-1],
        hAlign="LEFT",
    )


def columns(count: int, width: float = FRAME_WIDTH, gap: float = 5 * mm) -> list[float]:
    """The widths of `count` equal columns of `width` with gaps between."""
    return [(width - gap * (count - 1)) / count] * count
