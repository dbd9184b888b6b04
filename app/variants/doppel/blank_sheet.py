"""Blank sheet of Doppel Mau-Mau: games per set for teams A and B, the sets and the match.

dop.game: the team whose two players are out first wins the game; dop.set: 5 games with a lead
of 2 (else on until a 2-game lead); dop.match: 2 sets. Three set blocks stand side by side,
each with room for 14 games (8:6), enough for nearly every set.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable
from reportlab.platypus import Spacer
from reportlab.platypus import Table

from app.sheets.layout import BOX
from app.sheets.layout import PORTRAIT
from app.sheets.layout import Page
from app.sheets.layout import columns
from app.sheets.layout import fixed_height
from app.sheets.layout import grid_style
from app.sheets.layout import labelled
from app.sheets.layout import para
from app.sheets.layout import row_height
from app.sheets.layout import side_by_side
from app.sheets.layout import write_in_heading
from app.sheets.layout import write_in_line
from app.sheets.params import BlankSheet
from app.sheets.record import Lang
from app.translations import N_

KIND = N_("Match sheet")
SETS = 3
GAMES = 14


def page(sheet: BlankSheet) -> Page:
    """Three set blocks side by side: always upright."""
    return PORTRAIT


def story(sheet: BlankSheet, title: str, lang: Lang) -> list[Flowable]:
    """Heading, the teams, the reminder, three set blocks, the match box."""
    top = [
        *write_in_heading(title, lang),
        *teams(sheet.names, lang),
        Spacer(1, 2 * mm),
        para(reminder(lang), "note", markup=True),
        Spacer(1, 4 * mm),
    ]
    bottom: list[Flowable] = [
        Spacer(1, 5 * mm),
        match_box(lang),
        Spacer(1, 3 * mm),
        write_in_line(lang("Winner of the match") + ":", 90 * mm),
    ]
    free = PORTRAIT.height - fixed_height(top + bottom) - 4 * mm
    widths = columns(SETS)
    blocks = [set_block(number, widths[0], free, lang) for number in range(1, SETS + 1)]
    return [*top, side_by_side(blocks, widths), *bottom]


def teams(names: tuple[str, ...], lang: Lang) -> list[Flowable]:
    """Team A = seats 1 + 3, team B = seats 2 + 4 (dop.*), names or lines to fill in."""
    blank = "_" * 18

    def pair(first: str, second: str) -> str:
        """Two partners' names, or lines to write them on."""
        return f"{first or blank} & {second or blank}"

    return [
        labelled(lang("Team A"), pair(names[0], names[2])),
        labelled(lang("Team B"), pair(names[1], names[3])),
    ]


def reminder(lang: Lang) -> str:
    """dop.game, dop.set, dop.match in one sentence each."""
    return lang(
        "<b>Game</b>: the team whose two players are both out first wins it (a 1 in its "
        "column). <b>Set</b>: 5 games and a lead of at least 2 (5:3); otherwise on until one "
        "team leads by 2 (6:4, 7:5 …). <b>Match</b>: the first team to win 2 sets."
    )


def set_block(number: int, width: float, free: float, lang: Lang) -> Table:
    """One set: a row per game (A, B), the set's score and a box for its winner."""
    height = row_height(free - 16 * mm, GAMES + 2)
    rows: list[list[object]] = [[lang("Set %(n)s", n=number), "", ""], [lang("Game"), "A", "B"]]
    rows += [[str(game), "", ""] for game in range(1, GAMES + 1)]
    set_to = lang("Set to")
    rows += [[lang("Games"), "", ""], [f"{set_to}:   {BOX} A   {BOX} B", "", ""]]
    block = Table(
        rows,
        colWidths=[width * 0.3, width * 0.35, width * 0.35],
        rowHeights=[8 * mm, 8 * mm] + [height] * (GAMES + 2),
    )
    block.setStyle(
        grid_style(header_rows=2, sum_rows=2)
        + [("SPAN", (0, 0), (-1, 0)), ("SPAN", (0, -1), (-1, -1))]
    )
    return block


def match_box(lang: Lang) -> Table:
    """The match: sets won per team."""
    rows = [["", lang("Team A"), lang("Team B")], [lang("Sets won"), "", ""]]
    return Table(
        rows,
        colWidths=[44 * mm, 38 * mm, 38 * mm],
        rowHeights=[8 * mm, 12 * mm],
        style=grid_style(header_rows=1),
        hAlign="LEFT",
    )
