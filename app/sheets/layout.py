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
from functools import lru_cache
from pathlib import Path
from typing import Any
from typing import Self
from xml.sax.saxutils import escape

from babel.numbers import format_decimal
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.pagesizes import landscape
from reportlab.lib.rl_accel import escapePDF
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase import ttfonts
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
from reportlab.platypus.tables import CellStyle

from app.text import Message
from app.text import say

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
KEPT_SUBSETS = 32  # per font: a few dozen tables and sheets in use at once


class Kept(bytes):
    """A stream's content kept per process (a font subset, its ToUnicode map) with its
    compressed form, made once with it."""

    flate: bytes

    def __new__(cls, content: bytes) -> Self:
        """The content and its compressed form."""
        kept = super().__new__(cls, content)
        kept.flate = zlib.compress(content, 1)
        return kept


class Subset(Kept):
    """A font subset as embedded, with the widths of its glyphs as the PDF writes them."""

    widths: bytes


MAKE_CMAP = ttfonts.makeToUnicodeCMap


@lru_cache(maxsize=4 * KEPT_SUBSETS)
def kept_cmap(name: str, codes: tuple[int, ...]) -> Kept:
    """A subset's ToUnicode map (how a reader gets the text back): it depends on nothing but
    the subset's name and characters, so it is made and compressed once."""
    return Kept(MAKE_CMAP(name, list(codes)).encode())


# reportlab's fonts look the map maker up by this name when a PDF is written.
ttfonts.makeToUnicodeCMap = lambda name, subset: kept_cmap(name, tuple(subset))


class KeptFont(TTFont):  # type: ignore[misc]
    """A TrueType font that keeps the subsets it embedded (the last few, per process).

    reportlab cuts a subset of the font file for every PDF, from the characters the PDF
    uses in the order it first uses them; the next version of a table, or the same sheet
    asked again, uses the same characters, so the subset (compressed, with its widths) is
    kept. The key is exactly the subset's characters: a new character makes a new subset.
    """

    def __init__(self, name: str, path: Path) -> None:
        """Load the font; its face takes the kept subsets (instead of cutting each anew)."""
        super().__init__(name, str(path))
        self.cut = self.face.makeSubset
        self.kept = lru_cache(maxsize=KEPT_SUBSETS)(self.subset)
        self.face.makeSubset = lambda codes: self.kept(tuple(codes))

    def subset(self, codes: tuple[int, ...]) -> Subset:
        """The subset of these characters: cut, compressed, its glyph widths written."""
        subset = Subset(self.cut(list(codes)))
        widths = pdfdoc.PDFArray([self.face.getCharWidth(code) for code in codes])
        subset.widths = widths.format(None)  # plain numbers: no document needed
        return subset

    def addObjects(self, doc: pdfdoc.PDFDocument) -> None:
        """The font's objects in the PDF, each subset's widths as written when it was cut."""
        state = self.state[doc]
        names = [self.getSubsetInternalName(n, doc)[1:] for n in range(len(state.subsets))]
        subsets = [tuple(codes) for codes in state.subsets]
        super().addObjects(doc)
        fonts = doc.idToObject["BasicFonts"].dict
        for name, codes in zip(names, subsets, strict=True):
            fonts[name].Widths = self.kept(codes).widths


class FastFlate(pdfdoc.PDFStreamFilterZCompress):  # type: ignore[misc]
    """Flate at zlib's fastest level: a sheet's streams (its page, two font subsets) are
    written in half the time for about 9 % more bytes (issue 14: a filled sheet ≤ 30× an
    empty page). Any PDF reader decodes it as before: the format is the same."""

    def encode(self, text: str | bytes) -> bytes:
        """The stream compressed at level 1 (a kept one: compressed when it was made)."""
        if isinstance(text, Kept):
            return text.flate
        return zlib.compress(text.encode("utf8") if isinstance(text, str) else text, 1)


# reportlab looks its Flate filter up by this name when it writes a stream.
pdfdoc.PDFZCompress = FastFlate()
# A page's compressed stream is written as is, not also spelt out in ASCII85 (a text form
# for mail of old, a quarter more bytes): any reader decodes both.
rl_config.useA85 = 0


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

    def say(self, text: Message, **values: Any) -> str:
        """A message (a variant's, a house rule's) in the sheet's language."""
        words = say(text, self.code)
        return words % values if values else words


@cache
def register_fonts() -> None:
    """Register DejaVu Sans (regular + bold) with reportlab, once per process."""
    pdfmetrics.registerFont(KeptFont(FONT, FONT_DIR / "DejaVuSans.ttf"))
    pdfmetrics.registerFont(KeptFont(FONT_BOLD, FONT_DIR / "DejaVuSans-Bold.ttf"))
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
    font = KeptFont(FALLBACK, FONT_DIR / "Symbola.ttf")
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


@lru_cache(maxsize=4096)
def text_width(text: str, font: str, size: float) -> float:
    """The printed width of a text, the fallback font's characters measured in that font
    (kept: names, figures and labels are measured again and again, sheet after sheet)."""
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
    # A word too wide for its line breaks after one of its own hyphens first ("Marie-Luise-" /
    # "Charlotte"), not anywhere inside ("Marie-Luise-Char" / "lotte").
    body = ParagraphStyle(
        "body", fontName=FONT, bulletFontName=FONT, fontSize=10.5, leading=14,
        embeddedHyphenation=1,
    )
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


class Words(Flowable):  # type: ignore[misc]
    """Plain text in a paragraph style, in runs of fonts (a bold label, a space, its text),
    wrapped where a space is, as a Paragraph wraps it, without a paragraph's markup parsing
    and fragments (a fraction of its cost). Only for text DejaVu has every character of."""

    def __init__(self, runs: Sequence[tuple[str, str]], style: ParagraphStyle, markup: str) -> None:
        """Keep the runs (font, text), the style's size, leading, colour and spacing, and the
        same text as paragraph markup (for a word wider than the line)."""
        super().__init__()
        self.runs, self.style, self.markup = runs, style, markup
        self.spaceBefore, self.spaceAfter = style.spaceBefore, style.spaceAfter
        self.lines: list[list[tuple[str, str]]] = []
        self.paragraph: Paragraph | None = None

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        """As wide as the frame, as many leadings tall as it takes lines; each line's pieces
        (font, text), the space before a word set in that word's font. A word wider than
        the line makes it a paragraph, which breaks the word."""
        size = self.style.fontSize
        lines: list[list[tuple[str, str]]] = [[]]
        x = 0.0
        self.paragraph = None
        for font, text in self.runs:
            space = stringWidth(" ", font, size)
            for word in text.split(" "):
                width = stringWidth(word, font, size)
                if width > avail_width:
                    self.paragraph = Paragraph(self.markup, self.style)
                    self.width, self.height = self.paragraph.wrap(avail_width, avail_height)
                    return self.width, self.height
                spaced = bool(lines[-1])  # a word before it on its line
                if spaced and x + space + width > avail_width:
                    lines.append([])
                    x, spaced = 0.0, False
                row = lines[-1]
                piece = f" {word}" if spaced else word
                if row and row[-1][0] == font:
                    row[-1] = (font, row[-1][1] + piece)
                else:
                    row.append((font, piece))
                x += (space if spaced else 0.0) + width
        self.lines = lines
        self.width, self.height = avail_width, self.style.leading * len(lines)
        return self.width, self.height

    def draw(self) -> None:
        """The lines on their baselines, each piece after the one before, as a Paragraph
        writes them (or the paragraph)."""
        if self.paragraph is not None:
            self.paragraph.drawOn(self.canv, 0, 0)
            return
        size, leading = self.style.fontSize, self.style.leading
        text = self.canv.beginText()
        text.setFillColor(self.style.textColor)
        for number, row in enumerate(self.lines):
            text.setTextOrigin(0, self.height - size - number * leading)
            for font, piece in row:
                text.setFont(font, size, leading)
                text.textOut(piece)
        self.canv.drawText(text)


def plain(text: str, font: str = FONT) -> bool:
    """Whether DejaVu has every character of the text (no run in the fallback font)."""
    runs = font_runs(text, font)
    return len(runs) == 1 and runs[0][0] == font


def line(title: str, style: str = "body") -> Flowable:
    """Plain text (never markup): its words when DejaVu has all its characters, else a
    paragraph (emoji in the fallback font)."""
    chosen = styles()[style]
    if plain(title, chosen.fontName):
        return Words([(chosen.fontName, title)], chosen, escape(title))
    return para(title, style)


def section(title: str, needs: float) -> list[Flowable]:
    """A heading that goes to the next page unless `needs` points of what follows fit under
    it (never a heading alone at the foot of a page; a long table still starts at once)."""
    return [CondPageBreak(needs + 30), line(title, "h2")]


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


def labelled(label: str, text: str) -> Flowable:
    """ "Label: text" with a bold label: words when DejaVu has all their characters, else a
    paragraph (both escaped, emoji in the fallback font)."""
    markup = f"<b>{escape(label)}:</b> {escape(text)}"
    if plain(label) and plain(text):
        return Words([(FONT_BOLD, f"{label}:"), (FONT, text)], styles()["body"], markup)
    return para(markup, markup=True)


def heading(title: str, subtitle: str) -> list[Flowable]:
    """The sheet's title and one line under it."""
    return [line(title, "title"), line(subtitle, "subtitle"), Spacer(1, 4 * mm)]


def money(cents: int, lang: str, signed: bool = False) -> str:
    """Euros the way the reader writes them: "0,60 €" in German, "€0.60" in English."""
    number = format_decimal(abs(cents) / 100, format="#,##0.00", locale=lang)
    sign = "−" if cents < 0 else "+" if signed and cents > 0 else ""
    return f"{sign}{number} €" if lang == "de" else f"{sign}€{number}"


class GridCell(CellStyle):  # type: ignore[misc]
    """A grid's cell before its table's style: the figures' font, centred both ways, 2 pt
    padding beside. A FastTable's cells start so (one object per cell either way) instead of
    being set so by one command per attribute, cell by cell."""

    fontname = FONT
    fontsize = NUMBER_SIZE
    leading = NUMBER_SIZE * 1.2  # as the FONT command sets it
    valign = "MIDDLE"
    alignment = "CENTER"
    leftPadding = 2
    rightPadding = 2


# A text of a grid in place: font, size, colour, x, y, the text, its alignment.
Placed = tuple[str, float, Any, float, float, str, str]


class FastTable(Table):  # type: ignore[misc]
    """A reportlab Table for a grid of figures: its cells start as grid cells (style it with
    `grid_rules`), and it writes its plain one-line texts in one text object after the
    cells, instead of one text object per cell: the same page, for about half the cost of a
    grid of a few hundred figures. Paragraph cells draw as usual."""

    def __init__(
        self, data: list[list[Any]], *args: Any, body: type[GridCell] = GridCell, **kwargs: Any
    ) -> None:
        """The table, its cells starting as grid cells, those under the repeated head rows
        as `body` cells (the part of a table split off at a page break keeps the cells it
        had). Its cells are texts and flowables, never None: reportlab need not copy them."""
        if kwargs.get("cellStyles") is None:
            head = kwargs.get("repeatRows", 0)
            kwargs["cellStyles"] = [
                [(GridCell if index < head else body)("grid") for _ in row]
                for index, row in enumerate(data)
            ]
        kwargs.setdefault("normalizedData", 1)
        super().__init__(data, *args, **kwargs)

    def draw(self) -> None:
        """Draw the table, then the collected texts at once."""
        self._texts: list[Placed] = []
        super().draw()
        if self._texts:
            write_texts(self.canv, self._texts)

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
            or cellstyle.fontname not in (FONT, FONT_BOLD)
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


def write_texts(canvas: Canvas, texts: list[Placed]) -> None:
    """Texts in embedded fonts (font, size, colour, x, y, text, alignment) as one text object.

    The operators are those reportlab's text object writes for each text (its font subset,
    the origin, the string), without its bookkeeping per call: the cursor after each text
    (a width measured and never used) and the subset split of a figure the grid repeats.
    """
    doc = canvas._doc
    text = canvas.beginText()
    code = text._code
    # Per text: its width and its pieces (font subset selection, string); per subset: its
    # selection. A figure the grid repeats is split and measured once.
    shown: dict[tuple[str, float, str], tuple[float, list[tuple[str, str]]]] = {}
    faces: dict[tuple[str, float, int], str] = {}
    # Texts of a grid share their columns and rows: each coordinate is written once.
    numbers: dict[float, str] = {}
    current = ""
    color: Any = None
    for name, size, fill, x, y, value, just in texts:
        # Texts share their style's colour object: a new object sets the colour again.
        if fill is not color:
            color = fill
            text.setFillColor(fill)
        key = (name, size, value)
        known = shown.get(key)
        if known is None:
            font = pdfmetrics.getFont(name)
            pieces = []
            for subset, part in font.splitString(value, doc):
                face = faces.get((name, size, subset))
                if face is None:
                    internal = font.getSubsetInternalName(subset, doc)
                    face = f"{internal} {fp_str(size)} Tf {fp_str(size * 1.2)} TL"
                    faces[(name, size, subset)] = face
                pieces.append((face, f"({escapePDF(part)}) Tj"))
            known = shown[key] = (font.stringWidth(value, size), pieces)
        width, pieces = known
        if just != "LEFT":
            x -= width if just == "RIGHT" else width / 2
        left = numbers.get(x) or numbers.setdefault(x, fp_str(x))
        up = numbers.get(y) or numbers.setdefault(y, fp_str(y))
        code.append(f"1 0 0 1 {left} {up} Tm")
        for face, piece in pieces:
            if face is not current:
                current = face
                code.append(face)
            code.append(piece)
    canvas.drawText(text)


# The style commands that set every cell of a plain Table as a GridCell starts.
GRID_CELLS: list[tuple[Any, ...]] = [
    ("FONT", (0, 0), (-1, -1), GridCell.fontname, GridCell.fontsize),
    ("VALIGN", (0, 0), (-1, -1), GridCell.valign),
    ("ALIGN", (0, 0), (-1, -1), GridCell.alignment),
    ("LEFTPADDING", (0, 0), (-1, -1), GridCell.leftPadding),
    ("RIGHTPADDING", (0, 0), (-1, -1), GridCell.rightPadding),
]


def grid_style(header_rows: int = 1, sum_rows: int = 0) -> list[tuple[Any, ...]]:
    """A plain Table's grid: its cells set as grid cells, then `grid_rules`."""
    return GRID_CELLS + grid_rules(header_rows, sum_rows)


def grid_rules(header_rows: int = 1, sum_rows: int = 0) -> list[tuple[Any, ...]]:
    """Light inner grid, a black outer box, a shaded header and a rule above the sum rows
    (a FastTable's whole grid style: its cells start as grid cells)."""
    commands: list[tuple[Any, ...]] = [
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
