"""The evening (a month, the running account) as a PNG for a chat: 1080 px wide, as tall as
it needs, in cards: tables, balances, what is still open, payments made, titles.

Drawn in full colour (antialiased text), then saved as a palette PNG: the picture only ever
shows a few colours and the steps between each text colour and the colour it stands on, so a
palette of those loses nothing a phone shows and the file is a third of the full-colour one
(a chat on a pub's Wi-Fi sends it sooner). Every phone and chat reads palette PNGs.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache
from functools import partial

from PIL import Image
from PIL import ImageColor
from PIL.PngImagePlugin import PngInfo

from app.sharing.painter import BODY
from app.sharing.painter import INK
from app.sharing.painter import PAD
from app.sharing.painter import WIDTH
from app.sharing.painter import Painter
from app.sharing.runs import Run
from app.sharing.runs import Said
from app.sharing.summary import ALL_PAID
from app.sharing.summary import BALANCES
from app.sharing.summary import PAID
from app.sharing.summary import PAYMENTS_MADE
from app.sharing.summary import RESULT
from app.sharing.summary import STILL_OPEN
from app.sharing.summary import TABLES
from app.sharing.summary import WHO_PAYS_WHOM
from app.sharing.summary import EveningSummary
from app.sharing.summary import TransferLine
from app.sheets.layout import FONT
from app.sheets.layout import FONT_BOLD
from app.text import Message
from app.text import Name

AMOUNT = 220  # a column of amounts: "−12,30 €" in bold with room to spare
INNER = WIDTH - 2 * PAD
# The page's colours (static/css/base.css, light): card-table green on off-white.
BACKGROUND = "#f6f5f0"
MUTED = "#56615a"
ACCENT = "#166534"
ON_ACCENT = "#ffffff"
CARD = "#ffffff"
LINE = "#cfd5cf"
OK = "#15803d"
SMALL, HEAD, BIG = 34, 50, 64
# What is drawn on what: text (and the band) in the first colour on the second.
INKS_ON = (
    (ON_ACCENT, ACCENT),
    (ACCENT, BACKGROUND),
    (MUTED, BACKGROUND),
    (INK, CARD),
    (MUTED, CARD),
    (OK, CARD),
)
# Steps from a text colour to its ground (antialiased edges). Few enough that the palette's
# colours lie far apart, so each drawn colour is kept exactly, and smooth edges all the same.
STEPS = 16


def paint(painter: Painter, summary: EveningSummary) -> None:
    """Everything, in reading order: the green band, the tables, the Kassensturz, the titles."""
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
                plain=[summary.winner_text(line), summary.runs(line.result)],
                muted=[summary.runs(party) for party in line.parties],
            )
            card(painter, text)
    if summary.settles:
        settling(painter, summary)
    if summary.titles:
        heading(painter, summary.titles_heading)
        for each in summary.titles:
            people = summary.people(each)
            card(
                painter,
                partial(
                    lines, bold=summary.runs(each.name), plain=[people], muted=[say(each.figure)]
                ),
            )
    mark = "Mautisch"
    painter.text(mark, FONT, SMALL, MUTED, x=WIDTH - PAD - painter.width(mark, FONT, SMALL))
    painter.y += PAD // 2


def settling(painter: Painter, summary: EveningSummary) -> None:
    """The Kassensturz: balances, who pays whom (or all paid) with the rounding note, the
    payments made."""
    heading(painter, summary.settling_heading)
    if summary.balances:
        card(painter, lambda p: balances(p, summary))
    card(painter, lambda p: still_open(p, summary))
    if summary.payments:
        card(painter, lambda p: transfers(p, summary, PAYMENTS_MADE, summary.payments))


def band(painter: Painter, summary: EveningSummary) -> int:
    """The group's name and the date on green; the band's height."""
    painter.y = PAD
    painter.text((Run(summary.group, True),), FONT_BOLD, BIG, ON_ACCENT)
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


def lines(painter: Painter, bold: Said, plain: list[Said], muted: list[Said | str]) -> None:
    """A bold first line, plain lines, muted last ones."""
    painter.text(bold, FONT_BOLD)
    for line in plain:
        if line:
            painter.text(line)
    for quiet in muted:
        if quiet:
            painter.text(quiet, FONT, SMALL, MUTED)


def row(painter: Painter, left: Said, amounts: list[str]) -> None:
    """A name or a transfer on the left (wrapped), its amounts right-aligned in columns."""
    top, right = painter.y, WIDTH - PAD
    for amount in reversed(amounts):
        painter.put(right - painter.width(amount, FONT_BOLD, BODY), amount, FONT_BOLD, BODY, INK)
        right -= AMOUNT
    painter.y = top
    painter.text(left, x=PAD, right=right - 24)


def balances(painter: Painter, summary: EveningSummary) -> None:
    """ "Salden": a line per player, the result as played and what is still open."""
    say = summary.said
    painter.text(say(BALANCES), FONT_BOLD)
    right = WIDTH - PAD
    for label in (say(STILL_OPEN), say(RESULT)):
        painter.put(right - painter.width(label, FONT, SMALL), label, FONT, SMALL, MUTED)
        right -= AMOUNT
    painter.y += round(SMALL * 1.3)
    for each in summary.balances:
        amounts = [summary.signed(each.cents), summary.signed(each.open)]
        row(painter, summary.runs(Name(each.player)), amounts)


def still_open(painter: Painter, summary: EveningSummary) -> None:
    """ "Wer zahlt wem": the open transfers, or that everything is paid; the rounding note."""
    transfers(painter, summary, WHO_PAYS_WHOM, summary.still_open)
    for extra in (summary.runs(summary.note), summary.runs(ALL_PAID) if summary.all_paid else ()):
        if extra:
            painter.y += 8
            painter.text(extra, FONT, SMALL, MUTED)


def transfers(
    painter: Painter, summary: EveningSummary, title: Message, shown: tuple[TransferLine, ...]
) -> None:
    """ "Jörg → Anna ... 0,70 €" a line each under the title, "✓ bezahlt" under a paid one."""
    painter.text(summary.said(title), FONT_BOLD)
    paid = "✓ " + summary.said(PAID)
    for transfer in shown:
        row(painter, summary.transfer_text(transfer), [summary.amount(transfer)])
        if transfer.paid:
            painter.text(paid, FONT, SMALL, OK)


@cache
def palette() -> Image.Image:
    """The picture's palette: the page's colours and the steps between each text and its
    ground (the card lines are drawn without steps)."""
    colours: list[tuple[int, ...]] = [ImageColor.getrgb(LINE)[:3]]
    for ink, ground in INKS_ON:
        front, back = ImageColor.getrgb(ink)[:3], ImageColor.getrgb(ground)[:3]
        for step in range(STEPS):
            mixed = tuple(
                round(a + (b - a) * step / (STEPS - 1)) for a, b in zip(front, back, strict=True)
            )
            if mixed not in colours:
                colours.append(mixed)
    holder = Image.new("P", (1, 1))
    holder.putpalette([value for colour in colours for value in colour])
    return holder


def evening_png(summary: EveningSummary) -> bytes:
    """The evening as a PNG, 1080 px wide and as tall as its content."""
    dry = Painter()
    paint(dry, summary)
    image = Image.new("RGB", (WIDTH, dry.y), BACKGROUND)
    paint(Painter(image), summary)
    about = PngInfo()  # what a chat or a screen reader may show for it
    about.add_itxt("Title", f"{summary.group} – {summary.date_text}")
    about.add_itxt("Software", "Mautisch")
    buffer = io.BytesIO()
    few = image.quantize(palette=palette(), dither=Image.Dither.NONE)
    # Not optimize=True: several times slower for a few % fewer bytes.
    few.save(buffer, "PNG", pnginfo=about)
    return buffer.getvalue()
