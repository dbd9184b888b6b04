"""Blank sheet of Mau-Mau: one grid for either scoring. A table that counts wins strokes the
winner's cell (mau.score.wins); one that counts points writes each hand's points and ticks a
game ended with a jack, which counts double (mau.score.points)."""

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

KIND = N_("Games sheet")
# The sheet's kind by the scoring chosen (mau.score.wins, mau.score.points); none: both fit.
KINDS = {"wins": N_("Tally of wins"), "points": N_("Score sheet")}
GAME_COLUMN = 16 * mm
JACK_COLUMN = 22 * mm


def kind(sheet: BlankSheet) -> str:
    """A tally when wins are counted, a points list for points, a games sheet for either."""
    return KINDS.get(sheet.scoring or "", KIND)


def page(sheet: BlankSheet) -> Page:
    """Portrait while every name fits its column."""
    return page_for(sheet.names, GAME_COLUMN + JACK_COLUMN, 1.0)


def story(sheet: BlankSheet, title: str, lang: Lang) -> list[Flowable]:
    """Heading, the limit to write in, the games grid with sums and places, the legend."""
    paper = page(sheet)
    limit_words = {"wins": None, "points": N_("Points limit")}.get(
        sheet.scoring or "", N_("Points limit (empty: count wins)")
    )
    limit = [write_in_line(lang(limit_words) + ":", 30 * mm)] if limit_words else []
    top = [*write_in_heading(title, lang), *limit, Spacer(1, 3 * mm)]
    bottom = [
        Spacer(1, 2 * mm),
        para(legend(lang), "note", markup=True),
        Spacer(1, 3 * mm),
        write_in_line(lang("Winner of the evening") + ":", 90 * mm),
    ]
    free = paper.height - fixed_height(top + bottom, paper) - 4 * mm
    return [*top, games_grid(sheet, lang, paper, free), *bottom]


def games_grid(sheet: BlankSheet, lang: Lang, paper: Page, free: float) -> Table:
    """Games × players, the "Mau-Mau" tick column, a sum row and a place row."""
    players = len(sheet.names)
    width = (paper.width - GAME_COLUMN - JACK_COLUMN) / players
    names = name_cells(sheet.names, width)
    head = cell_height(names, width, 10 * mm)
    height = row_height(free - head, sheet.rounds + 2)
    rows: list[list[object]] = [[lang("Game"), *names, para(lang("Ended by a jack"), "head")]]
    rows += [[str(n), *[""] * players, ""] for n in range(1, sheet.rounds + 1)]
    rows += [[lang(label), *[""] * players, ""] for label in ("Sum", "Place")]
    grid = Table(
        rows,
        colWidths=[GAME_COLUMN] + [width] * players + [JACK_COLUMN],
        rowHeights=[head] + [height] * (sheet.rounds + 2),
    )
    grid.setStyle(grid_style(header_rows=1, sum_rows=2))
    return grid


def legend(lang: Lang) -> str:
    """How either scoring fills the grid (mau.score.wins, mau.score.points)."""
    return lang(
        "<b>Wins</b>: a stroke in the winner's cell; most strokes win. <b>Points</b>: every "
        "player still holding cards writes their points (7, 8, 9 at face value, 10 = 10, "
        "jack = 20, queen = 3, king = 4, ace = 11); a game ended with a jack (tick it) counts "
        "double. When somebody reaches the limit the table ends; fewest points win."
    )
