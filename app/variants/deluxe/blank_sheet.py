"""Blank sheet of Maumau-Deluxe: the Strafpunkteliste (penalty-point list, dlx.*), 10 rounds
by default (dlx.out); fewest penalty points win."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable
from reportlab.platypus import Spacer
from reportlab.platypus import Table

from app.sheets.layout import Page
from app.sheets.layout import cell_height
from app.sheets.layout import fixed_height
from app.sheets.layout import grid_style
from app.sheets.layout import name_cells
from app.sheets.layout import page_for
from app.sheets.layout import para
from app.sheets.layout import row_height
from app.sheets.layout import write_in_heading
from app.sheets.layout import write_in_line
from app.sheets.params import BlankSheet
from app.sheets.record import Lang
from app.translations import N_

KIND = N_("Penalty-point list")
ROUND_COLUMN = 20 * mm


def page(sheet: BlankSheet) -> Page:
    """Portrait while every name fits its column."""
    return page_for(sheet.names, ROUND_COLUMN, 1.0)


def story(sheet: BlankSheet, title: str, lang: Lang) -> list[Flowable]:
    """Heading, the rounds × players grid, the winner line and the scoring reminder."""
    paper = page(sheet)
    column = (paper.width - ROUND_COLUMN) / len(sheet.names)
    names = name_cells(sheet.names, column)
    head = cell_height(names, column, 12 * mm)
    top = write_in_heading(title, lang)
    bottom: list[Flowable] = [
        Spacer(1, 5 * mm),
        write_in_line(lang("Overall winner") + ":", 90 * mm),
        Spacer(1, 4 * mm),
        para(
            lang(
                "1 penalty point per card left in hand when a round ends; who goes out deals "
                "the next round. After %(n)s rounds the fewest penalty points win.",
                n=sheet.rounds,
            ),
            "note",
        ),
    ]
    free = paper.height - fixed_height(top + bottom, paper) - head - 4 * mm
    height = row_height(free, sheet.rounds + 1)
    rows: list[list[object]] = [[lang("Round"), *names]]
    rows += [[str(number), *[""] * len(sheet.names)] for number in range(1, sheet.rounds + 1)]
    rows.append([lang("Sum"), *[""] * len(sheet.names)])
    grid = Table(
        rows,
        colWidths=[ROUND_COLUMN] + [column] * len(sheet.names),
        rowHeights=[head] + [height] * (sheet.rounds + 1),
    )
    grid.setStyle(grid_style(header_rows=1, sum_rows=1))
    return [*top, grid, *bottom]
