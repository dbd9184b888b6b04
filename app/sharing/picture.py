"""The evening as a PNG for a chat (1080 px wide, as tall as it needs), drawn with Pillow in
the app's fonts: DejaVu Sans, and Symbola for what DejaVu lacks (the sheets' `font_runs`)."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache
from functools import partial

from PIL import Image
from PIL import ImageDraw
from PIL import ImageFont

from app.sharing.summary import ALL_PAID
from app.sharing.summary import PAID
from app.sharing.summary import SETTLING_UP
from app.sharing.summary import TABLES
from app.sharing.summary import TITLES
from app.sharing.summary import EveningSummary
from app.sheets.layout import FONT
from app.sheets.layout import FONT_BOLD
from app.sheets.layout import FONT_DIR
from app.sheets.layout import font_runs
from app.text import both

WIDTH = 1080  # a chat picture: full width on a phone without scaling up
PAD = 56
INNER = WIDTH - 2 * PAD
# The page's colours (static/css/base.css, light): card-table green on off-white.
BACKGROUND = "#f6f5f0"
INK = "#17201b"
MUTED = "#56615a"
ACCENT = "#166534"
ON_ACCENT = "#ffffff"
CARD = "#ffffff"
LINE = "#cfd5cf"
OK = "#15803d"
# Sizes in pixels: read on a phone where the picture is shown ~1/3 of its size.
BODY, SMALL, HEAD, BIG = 40, 34, 50, 64


@cache
def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """A shipped font at a size (loaded once)."""
    return ImageFont.truetype(str(FONT_DIR / f"{face}.ttf"), size)


class Painter:
    """Lays the picture out top to bottom; without an image it only measures the height."""

    def __init__(self, image: Image.Image | None = None) -> None:
        """Start at the top."""
        self.draw = ImageDraw.Draw(image) if image is not None else None
        self.y = 0

    def width(self, text: str, face: str, size: int) -> float:
        """The drawn width of a text, each run in the font that has its glyphs."""
        return sum(font(run, size).getlength(piece) for run, piece in font_runs(text, face))

    def put(self, x: float, text: str, face: str, size: int, fill: str) -> None:
        """One line of text at x on the current line."""
        if self.draw is None:
            return
        for run, piece in font_runs(text, face):
            self.draw.text((x, self.y), piece, font=font(run, size), fill=fill)
            x += font(run, size).getlength(piece)

    def lines(self, text: str, face: str, size: int, width: float) -> list[str]:
        """The text broken between words to `width` (a word too long breaks anywhere)."""
        result: list[str] = []
        for word in text.split():
            line = f"{result[-1]} {word}" if result else word
            if result and self.width(line, face, size) <= width:
                result[-1] = line
                continue
            while self.width(word, face, size) > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and self.width(word[:cut], face, size) > width:
                    cut -= 1
                result.append(word[:cut])
                word = word[cut:]
            result.append(word)
        return result or [""]

    def text(
        self,
        text: str,
        face: str = FONT,
        size: int = BODY,
        fill: str = INK,
        x: float = PAD,
        right: float = WIDTH - PAD,
    ) -> None:
        """A paragraph between x and `right`, wrapped, moving down."""
        for line in self.lines(text, face, size, right - x):
            self.put(x, line, face, size, fill)
            self.y += round(size * 1.3)


def paint(painter: Painter, summary: EveningSummary) -> None:
    """Everything, in reading order: the green band, the tables, the transfers, the titles."""
    say = summary.said
    if painter.draw is not None:
        painter.draw.rectangle((0, 0, WIDTH, band(Painter(), summary)), fill=ACCENT)
    band(painter, summary)
    painter.y += PAD // 2
    if summary.tables:
        heading(painter, say(TABLES))
        for line in summary.tables:
            text = partial(
                lines,
                bold=summary.table_title(line),
                plain=[summary.winner_text(line)],
                muted=say(line.result),
            )
            card(painter, text)
    if summary.transfers:
        heading(painter, say(SETTLING_UP))
        card(painter, lambda p: transfers(p, summary))
    if summary.titles:
        heading(painter, say(TITLES))
        for each in summary.titles:
            people = say(both(list(each.people)))
            card(
                painter, partial(lines, bold=say(each.name), plain=[people], muted=say(each.figure))
            )
    mark = "Mautisch"
    painter.text(mark, FONT, SMALL, MUTED, x=WIDTH - PAD - painter.width(mark, FONT, SMALL))
    painter.y += PAD // 2


def band(painter: Painter, summary: EveningSummary) -> int:
    """The group's name and the date on green; the band's height."""
    painter.y = PAD
    painter.text(summary.group, FONT_BOLD, BIG, ON_ACCENT)
    painter.text(summary.date_text, FONT, BODY, ON_ACCENT)
    painter.y += PAD // 2
    return painter.y


def heading(painter: Painter, text: str) -> None:
    """A section's heading in green."""
    painter.y += 12
    painter.text(text, FONT_BOLD, HEAD, ACCENT)
    painter.y += 4


def card(painter: Painter, body: Callable[[Painter], None]) -> None:
    """A white card around what `body` draws (measured by a dry run first)."""
    dry = Painter()
    body(dry)
    if painter.draw is not None:
        shape = (PAD - 24, painter.y, WIDTH - PAD + 24, painter.y + dry.y + 40)
        painter.draw.rounded_rectangle(shape, radius=24, fill=CARD, outline=LINE, width=2)
    painter.y += 20
    body(painter)
    painter.y += 20 + 20


def lines(painter: Painter, bold: str, plain: list[str], muted: str) -> None:
    """A bold first line, plain lines, a muted last one."""
    painter.text(bold, FONT_BOLD)
    for line in plain:
        painter.text(line)
    if muted:
        painter.text(muted, FONT, SMALL, MUTED)


def transfers(painter: Painter, summary: EveningSummary) -> None:
    """ "Jörg → Anna ... 0,70 €" a line each, "✓ bezahlt" under a paid one; the note."""
    paid = "✓ " + summary.said(PAID)
    for transfer in summary.transfers:
        amount = summary.amount(transfer)
        right = WIDTH - PAD - painter.width(amount, FONT_BOLD, BODY)
        painter.put(right, amount, FONT_BOLD, BODY, INK)
        painter.text(summary.transfer_text(transfer), x=PAD, right=right - 24)
        if transfer.paid:
            painter.text(paid, FONT, SMALL, OK)
    for extra in (summary.note, ALL_PAID if summary.all_paid else ""):
        if extra:
            painter.y += 8
            painter.text(summary.said(extra), FONT, SMALL, MUTED)


def evening_png(summary: EveningSummary) -> bytes:
    """The evening as a PNG, 1080 px wide and as tall as its content."""
    dry = Painter()
    paint(dry, summary)
    image = Image.new("RGB", (WIDTH, dry.y), BACKGROUND)
    paint(Painter(image), summary)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")  # not optimize=True: several times slower for a few % fewer bytes
    return buffer.getvalue()
