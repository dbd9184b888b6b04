"""Shared layout of every printable sheet: font, page, styles, grids, money, the render step.

Pure reportlab: no Flask here, so the builders can be called (and benchmarked) with plain data.
Everything is A4 portrait with light grey grid lines and no colour, so it prints well in black
and white.
"""

from __future__ import annotations

import io
import math
import zlib
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
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
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

from app.text import Text

# The fonts ship with the app (static/fonts, Bitstream Vera licence): DejaVu Sans has the
# umlauts, accents, "−", "€" and the suit symbols ♣♠♥♦; reportlab embeds only the used glyphs.
# Names are printed as typed: a character DejaVu Sans lacks (an emoji) is drawn by Symbola
# (free for any use, see static/fonts/LICENSE), black and white like the rest of the sheet.
FONT_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"
FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FALLBACK = "Symbola"
# Invisible joiners and emoji/text selectors: no glyph of their own, so never a box.
INVISIBLE = frozenset({0x200D, 0xFE0E, 0xFE0F})

MARGIN_X = 12 * mm
MARGIN_TOP = 12 * mm
MARGIN_BOTTOM = 14 * mm

# Sizes for a dim pub: printed numbers at least 11 pt, headers at least 9 pt.
NUMBER_SIZE = 11
HEAD_SIZE = 10
HEAD_SMALLEST = 9


@dataclass(frozen=True)
class Page:
    """An A4 page, portrait or (for grids too wide to read upright) landscape."""

    landscape: bool = False

    @property
    def size(self) -> tuple[float, float]:
        """Width and height of the paper in points."""
        width, height = landscape(A4) if self.landscape else A4
        return float(width), float(height)

    @property
    def width(self) -> float:
        """The width of the text frame."""
        return float(self.size[0] - 2 * MARGIN_X)

    @property
    def height(self) -> float:
        """The height of the text frame."""
        return float(self.size[1] - MARGIN_TOP - MARGIN_BOTTOM)


PORTRAIT = Page()
LANDSCAPE = Page(landscape=True)
FRAME_WIDTH = PORTRAIT.width
FRAME_HEIGHT = PORTRAIT.height

GRID = colors.Color(0.6, 0.6, 0.6)  # light lines to write between
RULE = colors.black  # outer box and sum lines
SHADE = colors.Color(0.92, 0.92, 0.92)  # header fill: visible on paper, cheap on toner
MUTED = colors.Color(0.35, 0.35, 0.35)
BOX = "☐"


class FastFlate(pdfdoc.PDFStreamFilterZCompress):  # type: ignore[misc]
    """Flate at zlib's fastest level: a sheet's streams (its page, two font subsets) are
    written in half the time for about 9 % more bytes (issue 14: a filled sheet ≤ 30× an
    empty page). Any PDF reader decodes it as before: the format is the same."""

    def encode(self, text: str | bytes) -> bytes:
        """The stream compressed at level 1."""
        return zlib.compress(text.encode("utf8") if isinstance(text, str) else text, 1)


# reportlab looks its Flate filter up by this name when it writes a stream.
pdfdoc.PDFZCompress = FastFlate()


@dataclass(frozen=True)
class Lang:
    """The sheet's language: its code (de/en) and the gettext that translates msgids."""

    code: str
    gettext: Callable[[str], str]
    # ngettext(singular, plural, n): the catalog's plural forms ("1 Spiel", "8 Spiele").
    ngettext: Callable[[str, str, int], str] | None = None

    def __call__(self, message: str, **values: Any) -> str:
        """Translate a msgid and fill in %(name)s placeholders."""
        text = self.gettext(message)
        return text % values if values else text

    def count(self, singular: str, plural: str, n: int) -> str:
        """A counted word in the sheet's language, singular or plural as `n` asks."""
        if self.ngettext is None:
            return (singular if n == 1 else plural) % {"num": n}
        return self.ngettext(singular, plural, n) % {"num": n}

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
def main_chars() -> frozenset[int]:
    """The characters DejaVu Sans has a glyph for (regular and bold cover the same)."""
    register_fonts()
    font = pdfmetrics.getFont(FONT)
    return frozenset(font.face.charToGlyph)


@cache
def fallback_chars() -> frozenset[int]:
    """The characters of the fallback font, registered on the first name that needs it
    (1 MB of font read only then; it is embedded as a subset of the glyphs used)."""
    font = TTFont(FALLBACK, str(FONT_DIR / "Symbola.ttf"))
    pdfmetrics.registerFont(font)
    pdfmetrics.registerFontFamily(
        FALLBACK, normal=FALLBACK, bold=FALLBACK, italic=FALLBACK, boldItalic=FALLBACK
    )
    return frozenset(font.face.charToGlyph)


def font_runs(text: str, font: str = FONT) -> list[tuple[str, str]]:
    """The text cut into (font, piece) runs: DejaVu where it has the glyph, else Symbola.

    A character neither font has stays with DejaVu (its "missing" box), invisible joiners
    and selectors are dropped. Plain text (every character in DejaVu) is one run.
    """
    if text.isascii():
        return [(font, text)]
    known = main_chars()
    if all(ord(char) in known for char in text):
        return [(font, text)]
    extra = fallback_chars()
    runs: list[tuple[str, str]] = []
    for char in text:
        code = ord(char)
        if code in INVISIBLE:
            continue
        use = FALLBACK if code not in known and code in extra else font
        if runs and runs[-1][0] == use:
            runs[-1] = (use, runs[-1][1] + char)
        else:
            runs.append((use, char))
    return runs


def with_fallback(markup: str) -> str:
    """Paragraph markup with every character DejaVu lacks set in the fallback font.

    Safe on markup: tags and entities are ASCII, so only text is ever wrapped.
    """
    runs = font_runs(markup)
    if len(runs) == 1 and runs[0][0] == FONT:
        return runs[0][1]
    return "".join(
        piece if font == FONT else f'<font name="{FALLBACK}">{piece}</font>' for font, piece in runs
    )


def text_width(text: str, font: str, size: float) -> float:
    """The printed width of a text, the fallback font's characters measured in that font."""
    register_fonts()
    return sum(float(stringWidth(piece, face, size)) for face, piece in font_runs(text, font))


def head_size(texts: Sequence[str], width: float, largest: float = 11) -> float:
    """The largest header size (from `largest` down to 9 pt) at which every word of every
    text fits `width` on its own line, so names wrap between words and never inside one;
    the smallest size when even that is too wide."""
    words = {word for text in texts for word in text.split()} or {""}
    # Widths grow in proportion to the size: measure once at 1 pt.
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
    body = ParagraphStyle("body", fontName=FONT, bulletFontName=FONT, fontSize=10.5, leading=14)
    return {
        "title": ParagraphStyle("title", body, fontName=FONT_BOLD, fontSize=18, leading=22),
        "subtitle": ParagraphStyle("subtitle", body, fontSize=10.5, leading=14, textColor=MUTED),
        "h2": ParagraphStyle(
            "h2",
            body,
            fontName=FONT_BOLD,
            fontSize=13,
            leading=16,
            spaceBefore=8,
            spaceAfter=3,
        ),
        "body": body,
        "note": ParagraphStyle("note", body, fontSize=9.5, leading=12),
        "cell_center": ParagraphStyle(
            "cell_center", body, fontSize=HEAD_SIZE, leading=HEAD_SIZE + 2, alignment=TA_CENTER
        ),
        "name": ParagraphStyle("name", body, fontName=FONT_BOLD, fontSize=13, leading=15.5),
        "head": ParagraphStyle(
            "head",
            body,
            fontName=FONT_BOLD,
            fontSize=HEAD_SIZE,
            leading=HEAD_SIZE + 2,
            alignment=TA_CENTER,
        ),
        "bullet": ParagraphStyle(
            "bullet", body, fontSize=10.5, leading=13.5, leftIndent=10, bulletIndent=0, spaceAfter=3
        ),
        "card": ParagraphStyle(
            "card", body, fontSize=11.5, leading=15.5, leftIndent=12, bulletIndent=0, spaceAfter=6
        ),
    }


@cache
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
    return Paragraph(with_fallback(text if markup else escape(text)), chosen)


def cell_text(text: str, width: float, style: str = "body") -> Paragraph | str:
    """A table cell's text: a plain string when one line of DejaVu holds it (cheap to lay
    out, centred like the figures), else a paragraph that wraps and draws emoji."""
    chosen = styles()[style]
    runs = font_runs(text, chosen.fontName)
    plain = len(runs) == 1 and runs[0][0] == chosen.fontName
    if plain and text_width(text, chosen.fontName, chosen.fontSize) <= width - 5:
        return text
    return para(text, style)


class OneLine(Flowable):  # type: ignore[misc]
    """One line of plain text in a paragraph style, without a paragraph's markup parsing (a
    sheet's headings: a tenth of the cost of a Paragraph)."""

    def __init__(self, text: str, style: ParagraphStyle) -> None:
        """Keep the text and the style's font, size, leading and spacing."""
        super().__init__()
        self.text, self.style = text, style
        self.spaceBefore, self.spaceAfter = style.spaceBefore, style.spaceAfter

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """As wide as the frame, one leading tall."""
        self.width, self.height = avail_width, self.style.leading
        return self.width, self.height

    def draw(self) -> None:
        """The text on its baseline, as a Paragraph would put it."""
        self.canv.setFont(self.style.fontName, self.style.fontSize)
        self.canv.setFillColor(self.style.textColor)
        self.canv.drawString(0, self.height - self.style.fontSize, self.text)


def line(title: str, style: str = "body") -> Flowable:
    """Plain text (never markup) on one line when DejaVu has all its characters and it fits
    the narrowest page, else a paragraph (wrapped, emoji in the fallback font)."""
    return heading_line(title, style)


def heading_line(title: str, style: str = "h2") -> Flowable:
    """A heading: one plain line when DejaVu has all its characters and it fits the
    narrowest page, else a paragraph."""
    chosen = styles()[style]
    runs = font_runs(title, chosen.fontName)
    fits_line = text_width(title, chosen.fontName, chosen.fontSize) <= FRAME_WIDTH
    if len(runs) == 1 and runs[0][0] == chosen.fontName and fits_line:
        return OneLine(title, chosen)
    return para(title, style)


def section(title: str, needs: float) -> list[Flowable]:
    """A heading that goes to the next page unless `needs` points of what follows fit under
    it (never a heading alone at the foot of a page; a long table still starts at once)."""
    return [CondPageBreak(needs + 30), heading_line(title)]


def name_heads(
    names: Sequence[str], width: float, largest: float = 11
) -> tuple[list[Paragraph | str], float]:
    """Header cells for players and their size: plain strings when every name is one line
    of DejaVu at that size (the table writes them cheaply; set the row's font to the size),
    else paragraphs (wrapped between words, emoji in the fallback font)."""
    size = head_size(names, width - 5, largest)
    one_line = all(
        len(runs) == 1 and runs[0][0] == FONT_BOLD
        for runs in (font_runs(name, FONT_BOLD) for name in names)
    ) and all(text_width(name, FONT_BOLD, size) <= width - 5 for name in names)
    if one_line:
        return list(names), size
    style = head_style(size)
    return [para(name, style) for name in names], size


def labelled(label: str, text: str) -> Paragraph:
    """ "Label: text" with a bold label; both escaped."""
    return para(f"<b>{escape(label)}:</b> {escape(text)}", markup=True)


def heading(title: str, subtitle: str) -> list[Flowable]:
    """The sheet's title and one line under it."""
    return [line(title, "title"), line(subtitle, "subtitle"), Spacer(1, 4 * mm)]


def money(cents: int, lang: str, signed: bool = False) -> str:
    """Euros the way the reader writes them: "0,60 €" in German, "€0.60" in English."""
    number = format_decimal(abs(cents) / 100, format="#,##0.00", locale=lang)
    sign = "−" if cents < 0 else "+" if signed and cents > 0 else ""
    return f"{sign}{number} €" if lang == "de" else f"{sign}€{number}"


class FastTable(Table):  # type: ignore[misc]
    """A reportlab Table that writes its plain one-line texts (the figures of a grid) in one
    text object after the cells, instead of one text object per cell: the same page, for
    about half the cost of a grid of a few hundred figures. Paragraph cells draw as usual."""

    def draw(self) -> None:
        """Draw the table, then the collected texts at once."""
        self._texts: list[tuple[str, float, Any, float, float, str, str]] = []
        super().draw()
        if not self._texts:
            return
        canvas = self.canv
        text = canvas.beginText()
        font: tuple[str, float] | None = None
        color: Any = None
        for name, size, fill, x, y, value, just in self._texts:
            if (name, size) != font:
                font = (name, size)
                text.setFont(name, size)
            if fill != color:
                color = fill
                text.setFillColor(fill)
            if just != "LEFT":
                width = stringWidth(value, name, size)
                x -= width if just == "RIGHT" else width / 2
            text.setTextOrigin(x, y)
            text.textOut(value)
        canvas.drawText(text)

    def _drawCell(self, cellval: Any, cellstyle: Any, pos: Any, size: Any) -> None:
        """Keep a plain one-line text for later; anything else the usual way."""
        just, valign = cellstyle.alignment, cellstyle.valign
        if (
            not isinstance(cellval, str)
            or "\n" in cellval
            or valign != "MIDDLE"
            or just not in ("LEFT", "CENTRE", "CENTER", "RIGHT")
            or cellstyle.href
            or cellstyle.destination
        ):
            super()._drawCell(cellval, cellstyle, pos, size)
            return
        if not cellval:
            return
        colpos, rowpos = pos
        colwidth, rowheight = size
        if just == "LEFT":
            x = colpos + cellstyle.leftPadding
        elif just == "RIGHT":
            x = colpos + colwidth - cellstyle.rightPadding
        else:
            x = colpos + (colwidth + cellstyle.leftPadding - cellstyle.rightPadding) * 0.5
        y = (
            rowpos
            + (cellstyle.bottomPadding + rowheight - cellstyle.topPadding + cellstyle.leading) / 2.0
            - cellstyle.fontsize
        )
        self._texts.append(
            (cellstyle.fontname, cellstyle.fontsize, cellstyle.color, x, y, cellval, just)
        )


def grid_style(header_rows: int = 1, sum_rows: int = 0) -> list[tuple[Any, ...]]:
    """Light inner grid, a black outer box, a shaded header and a rule above the sum rows."""
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, NUMBER_SIZE),
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
    """Header cells for players, one size for all: the names pre-printed as large as their
    column allows (at least 9 pt, wrapped between words only), or empty to write them in."""
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
        canvas.drawString(MARGIN_X, MARGIN_BOTTOM - 8 * mm, f"Mautisch · {footer}")
        canvas.drawRightString(
            page.size[0] - MARGIN_X, MARGIN_BOTTOM - 8 * mm, lang("Page %(n)s", n=doc.page)
        )
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
    line = Table([[label, ""]], colWidths=[None, width], rowHeights=[10 * mm])
    line.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT_BOLD, 11),
            ("LINEBELOW", (1, 0), (1, 0), 0.6, RULE),
            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
        ]
    )
    line.hAlign = "LEFT"
    return line


def side_by_side(
    blocks: Sequence[Flowable], columns: int, gap: float = 5 * mm, width: float = FRAME_WIDTH
) -> Table:
    """Blocks (e.g. the sets of a match) next to each other in equal columns, tops aligned."""
    column = column_width(columns, gap, width)
    cells: list[Flowable | str] = []
    for index in range(columns):
        cells += [blocks[index] if index < len(blocks) else "", ""]
    row = Table([cells[:-1]], colWidths=[column, gap] * (columns - 1) + [column])
    row.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, 10),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ]
    )
    return row


def column_width(columns: int, gap: float = 5 * mm, width: float = FRAME_WIDTH) -> float:
    """The width of one of `columns` equal columns of `side_by_side`."""
    return float((width - gap * (columns - 1)) / columns)
