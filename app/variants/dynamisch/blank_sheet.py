"""Blank sheet of Dynamisches Maumau: a series of games with minus points and the settlement.
Columns per player follow dyn.score and dyn.score.double; the settlement by pairs, dyn.money.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable
from reportlab.platypus import Spacer
from reportlab.platypus import Table

from app.sheets.layout import FONT
from app.sheets.layout import MUTED
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

KIND = N_("Score sheet")
GAME_COLUMN = 18 * mm
JACK_COLUMN = 27 * mm
# Shares of a player's width: jacks, other cards, the ×2 tick, minus points.
SPLIT = (0.22, 0.22, 0.2, 0.36)
SUITS = "♣  ♠  ♥  ♦"


def page(sheet: BlankSheet) -> Page:
    """Portrait while every name fits its four columns."""
    return page_for(sheet.names, GAME_COLUMN + JACK_COLUMN, 1.0)


def story(sheet: BlankSheet, title: str, lang: Lang) -> list[Flowable]:
    """Heading, the games grid with totals and places, the legend and the settlement box."""
    paper = page(sheet)
    top = write_in_heading(title, lang)
    bottom = [
        Spacer(1, 2 * mm),
        para(legend(lang), "note", markup=True),
        *settlement_box(len(sheet.names), lang),
    ]
    free = paper.height - fixed_height(top + bottom, paper) - 4 * mm
    return [*top, games_grid(sheet, lang, paper, free), *bottom]


def games_grid(sheet: BlankSheet, lang: Lang, paper: Page, free: float) -> Table:
    """Games × players (four small columns each), a sum row and a place row."""
    players = len(sheet.names)
    width = (paper.width - GAME_COLUMN - JACK_COLUMN) / players
    names = name_cells(sheet.names, width)
    head = cell_height(names, width, 10 * mm)
    sub = 7 * mm
    height = row_height(free - head - sub, sheet.rounds + 2)
    first = [
        lang("Game"),
        *[cell for name in names for cell in (name, "", "", "")],
        para(lang("Ended by a jack"), "head"),
    ]
    second: list[object] = [
        "",
        *[mark for _ in names for mark in (lang("J"), lang("C"), "×2", "−")],
        "",
    ]
    rows: list[list[object]] = [first, second]
    rows += [[str(n), *[""] * (4 * players), SUITS] for n in range(1, sheet.rounds + 1)]
    rows += [[lang(label), *[""] * (4 * players), ""] for label in ("Sum", "Place")]
    widths = [GAME_COLUMN] + [width * share for _ in names for share in SPLIT] + [JACK_COLUMN]
    grid = Table(rows, colWidths=widths, rowHeights=[head, sub] + [height] * (sheet.rounds + 2))
    style = grid_style(header_rows=2, sum_rows=2) + [
        ("SPAN", (0, 0), (0, 1)),
        ("SPAN", (-1, 0), (-1, 1)),
        ("FONT", (-1, 2), (-1, -3), FONT, 12),
        ("TEXTCOLOR", (-1, 2), (-1, -3), MUTED),
    ]
    for seat in range(players):
        left = 1 + 4 * seat
        style += [
            ("SPAN", (left, 0), (left + 3, 0)),
            ("LINEAFTER", (left + 3, 0), (left + 3, -1), 0.9, "black"),
        ]
        style += [("SPAN", (left, row), (left + 3, row)) for row in (len(rows) - 2, len(rows) - 1)]
    grid.setStyle(style)
    return grid


def legend(lang: Lang) -> str:
    """What the small columns mean (dyn.score, dyn.score.double)."""
    return lang(
        "<b>J</b> jacks (2 minus points each), <b>C</b> other cards (1 each), <b>×2</b> doubled: "
        "a jack ended the game and the player holds the named suit (circle it on the right), "
        "<b>−</b> minus points of the game. Fewest minus points after the series win."
    )


def settlement_box(players: int, lang: Lang) -> list[Flowable]:
    """The rate, the pairing rule (dyn.money) and one line per paying pair."""
    box: list[Flowable] = [
        para(lang("Settlement"), "h2"),
        write_in_line(lang("Cents per point (at most 10 recommended)") + ":", 30 * mm),
        Spacer(1, 2 * mm),
        para(
            lang(
                "Rank by minus points, fewest first. The 1st receives from the last the "
                "difference of their totals × the rate, the 2nd from the second-last, and so "
                "on; with an odd number of players the middle one neither pays nor receives. "
                "Tied players share the amounts of their places."
            ),
            "note",
        ),
        Spacer(1, 2 * mm),
    ]
    rows: list[list[object]] = [
        [lang("Places"), lang("receives"), lang("pays"), lang("Difference"), lang("Amount")]
    ]
    rows += [
        [f"{place} ← {players + 1 - place}", "", "", "", ""] for place in range(1, players // 2 + 1)
    ]
    pairs = Table(
        rows,
        colWidths=[22 * mm, 52 * mm, 52 * mm, 30 * mm, 30 * mm],
        rowHeights=[7 * mm] + [9 * mm] * (len(rows) - 1),
    )
    pairs.setStyle(grid_style(header_rows=1))
    box.append(pairs)
    return box
