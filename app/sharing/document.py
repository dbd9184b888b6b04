"""The evening on A4 for the Stammtisch folder: the sheets' layout (fonts, styles, grid,
render step), so it reads like the score sheets beside it."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from app.sharing.runs import printed
from app.sharing.summary import ALL_PAID
from app.sharing.summary import BALANCES
from app.sharing.summary import PAID
from app.sharing.summary import PAYMENTS_MADE
from app.sharing.summary import PLAYER
from app.sharing.summary import RESULT
from app.sharing.summary import STILL_OPEN
from app.sharing.summary import TABLES
from app.sharing.summary import WHO_PAYS_WHOM
from app.sharing.summary import EveningSummary
from app.sharing.summary import TransferLine
from app.sheets.layout import BOX
from app.sheets.layout import FRAME_WIDTH
from app.sheets.layout import grid_style
from app.sheets.layout import heading
from app.sheets.layout import labelled
from app.sheets.layout import para
from app.sheets.layout import plain_table
from app.sheets.layout import render
from app.sheets.layout import section
from app.sheets.layout import styles
from app.text import Message
from app.text import Name

ROW = 9 * mm  # a line of the grid, with room for a wrapped name
PAID_WIDTH = 28 * mm
AMOUNT_WIDTH = 32 * mm


def subheading(text: str) -> Flowable:
    """A heading inside a section: bold, a little smaller than the section's."""
    style = ParagraphStyle("h3", styles()["h2"], fontSize=11.5, leading=14, spaceBefore=6)
    return para(text, style)


def tables_part(summary: EveningSummary) -> list[Flowable]:
    """A grid: table, winner, result (partners' parties under their totals)."""
    say = summary.said
    head = [say(Message("Table")), say(Message("Winner")), say(RESULT)]
    rows = [
        [
            para(printed(summary.table_title(line))),
            para(printed(summary.runs(line.winner))),
            para("<br/>".join(escape(printed(summary.runs(t))) for t in texts), markup=True),
        ]
        for line in summary.tables
        for texts in [(line.result, *line.parties)]
    ]
    widths = [FRAME_WIDTH * 0.34, FRAME_WIDTH * 0.26, FRAME_WIDTH * 0.4]
    grid = plain_table(
        [head, *rows],
        [*grid_style(), ("ALIGN", (0, 0), (-1, -1), "LEFT")],
        colWidths=widths,
        repeatRows=1,
    )
    return [*section(say(TABLES), 2 * ROW), grid]


def balances_part(summary: EveningSummary) -> list[Flowable]:
    """A grid: player, result as played, still open."""
    say = summary.said
    head = [say(PLAYER), say(RESULT), say(STILL_OPEN)]
    rows = [
        [
            para(printed(summary.runs(Name(each.player)))),
            summary.signed(each.cents),
            summary.signed(each.open),
        ]
        for each in summary.balances
    ]
    grid = plain_table(
        [head, *rows],
        [*grid_style(), ("ALIGN", (0, 0), (0, -1), "LEFT"), ("ALIGN", (1, 1), (-1, -1), "RIGHT")],
        colWidths=[FRAME_WIDTH - 2 * AMOUNT_WIDTH, AMOUNT_WIDTH, AMOUNT_WIDTH],
        repeatRows=1,
    )
    return [subheading(say(BALANCES)), grid]


def transfers_grid(summary: EveningSummary, transfers: tuple[TransferLine, ...]) -> Flowable:
    """Who pays whom, how much, and a box to tick or "✓ bezahlt"."""
    rows = [
        [
            para(printed(summary.transfer_text(each))),
            summary.amount(each),
            ("✓ " + summary.said(PAID)) if each.paid else BOX,
        ]
        for each in transfers
    ]
    return plain_table(
        rows,
        [
            *grid_style(header_rows=0),
            ("ALIGN", (0, 0), (0, -1), "LEFT"),
            ("ALIGN", (1, 0), (1, -1), "RIGHT"),
        ],
        colWidths=[FRAME_WIDTH - AMOUNT_WIDTH - PAID_WIDTH, AMOUNT_WIDTH, PAID_WIDTH],
    )


def settling_part(summary: EveningSummary) -> list[Flowable]:
    """The Kassensturz: balances, what is still open (or that all is paid) with the rounding
    note, the payments made."""
    say = summary.said
    story = [*section(summary.settling_heading, 3 * ROW)]
    if summary.balances:
        story += balances_part(summary)
    story.append(subheading(say(WHO_PAYS_WHOM)))
    if summary.still_open:
        story.append(transfers_grid(summary, summary.still_open))
    notes = [printed(summary.runs(summary.note)), say(ALL_PAID) if summary.all_paid else ""]
    story += [para(note, "note") for note in notes if note]
    if summary.payments:
        story += [subheading(say(PAYMENTS_MADE)), transfers_grid(summary, summary.payments)]
    return story


def titles_part(summary: EveningSummary) -> list[Flowable]:
    """ "Bubenkönig: Bernd, 3 Spiele mit Bube beendet", one line each."""
    say = summary.said
    lines = [
        labelled(say(title.name), f"{printed(summary.people(title))}, {say(title.figure)}")
        for title in summary.titles
    ]
    return [*section(summary.titles_heading, 2 * ROW), *lines]


def evening_pdf(summary: EveningSummary) -> bytes:
    """The evening (month, running account) as an A4 PDF in the summary's language."""
    story = heading(summary.group, summary.date_text)
    if summary.tables:
        story += tables_part(summary)
    if summary.settles:
        story += settling_part(summary)
    if summary.titles:
        story += titles_part(summary)
    footer = f"{summary.group} · {summary.date_text}"
    return render(f"{summary.group} – {summary.date_text}", summary.sheet_lang, story, footer)
