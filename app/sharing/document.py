"""The evening on A4 for the Stammtisch folder: the sheets' layout (fonts, styles, grid,
render step), so it reads like the score sheets beside it."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from app.sharing.summary import ALL_PAID
from app.sharing.summary import PAID
from app.sharing.summary import SETTLING_UP
from app.sharing.summary import TABLES
from app.sharing.summary import TITLES
from app.sharing.summary import EveningSummary
from app.sheets.layout import FRAME_WIDTH
from app.sheets.layout import grid_style
from app.sheets.layout import heading
from app.sheets.layout import labelled
from app.sheets.layout import para
from app.sheets.layout import plain_table
from app.sheets.layout import render
from app.sheets.layout import section
from app.text import Message
from app.text import both

ROW = 9 * mm  # a line of the grid, with room for a wrapped name
PAID_WIDTH = 28 * mm
AMOUNT_WIDTH = 32 * mm


def tables_part(summary: EveningSummary) -> list[Flowable]:
    """A grid: table, winner, result."""
    say = summary.said
    head = [say(Message("Table")), say(Message("Winner")), say(Message("Result"))]
    rows = [
        [para(summary.table_title(line)), para(say(line.winner)), para(say(line.result))]
        for line in summary.tables
    ]
    widths = [FRAME_WIDTH * 0.4, FRAME_WIDTH * 0.25, FRAME_WIDTH * 0.35]
    grid = plain_table(
        [head, *rows],
        [*grid_style(), ("ALIGN", (0, 0), (-1, -1), "LEFT")],
        colWidths=widths,
        repeatRows=1,
    )
    return [*section(say(TABLES), 2 * ROW), grid]


def transfers_part(summary: EveningSummary) -> list[Flowable]:
    """A grid: who pays whom, how much, paid or not; the note under it."""
    say = summary.said
    rows = [
        [
            para(summary.transfer_text(each)),
            summary.amount(each),
            ("✓ " + say(PAID)) if each.paid else "☐",
        ]
        for each in summary.transfers
    ]
    widths = [FRAME_WIDTH - AMOUNT_WIDTH - PAID_WIDTH, AMOUNT_WIDTH, PAID_WIDTH]
    grid = plain_table(
        rows,
        [
            *grid_style(header_rows=0),
            ("ALIGN", (0, 0), (0, -1), "LEFT"),
            ("ALIGN", (1, 0), (1, -1), "RIGHT"),
        ],
        colWidths=widths,
    )
    notes = [say(summary.note), say(ALL_PAID) if summary.all_paid else ""]
    return [
        *section(say(SETTLING_UP), 2 * ROW),
        grid,
        *(para(note, "note") for note in notes if note),
    ]


def titles_part(summary: EveningSummary) -> list[Flowable]:
    """ "Bubenkönig: Bernd, 3 Spiele mit Bube beendet", one line each."""
    say = summary.said
    lines = [
        labelled(say(title.name), f"{say(both(list(title.people)))}, {say(title.figure)}")
        for title in summary.titles
    ]
    return [*section(say(TITLES), 2 * ROW), *lines]


def evening_pdf(summary: EveningSummary) -> bytes:
    """The evening as an A4 PDF in the summary's language."""
    story = heading(summary.group, summary.date_text)
    if summary.tables:
        story += tables_part(summary)
    if summary.transfers:
        story += transfers_part(summary)
    if summary.titles:
        story += titles_part(summary)
    footer = f"{summary.group} · {summary.date_text}"
    return render(f"{summary.group} – {summary.date_text}", summary.sheet_lang, story, footer)
