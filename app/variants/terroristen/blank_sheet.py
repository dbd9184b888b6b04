"""Blank sheet of Terroristen-Mau-Mau: a tally of wins (the seed keeps no points), with the
table manners as reminders, since the referee cannot watch them (ter.greet.cq … ter.manners).
"""

from __future__ import annotations

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.units import mm
from reportlab.platypus import Flowable
from reportlab.platypus import Paragraph
from reportlab.platypus import Spacer
from reportlab.platypus import Table

from app.sheets.layout import PORTRAIT
from app.sheets.layout import Page
from app.sheets.layout import fixed_height
from app.sheets.layout import grid_style
from app.sheets.layout import head_size
from app.sheets.layout import head_style
from app.sheets.layout import para
from app.sheets.layout import row_height
from app.sheets.layout import styles
from app.sheets.layout import write_in_heading
from app.sheets.layout import write_in_line
from app.sheets.params import BlankSheet
from app.sheets.record import Lang
from app.translations import N_

KIND = N_("Tally of wins")
NAME_COLUMN = 48 * mm
SUM_COLUMN = 20 * mm
# The "Table manners" of ter.*, in rule order; the msgids carry the German seed's calls.
MANNERS = (
    N_(
        "<b>♣Q</b>: everybody says “Bonjourno” with a little bow. If its player is not the first "
        "to say it, he and the last to say it each get a card. (Some tables use ♣9.)"
    ),
    N_("<b>♦K</b>: the same with “Good morning, Sir”."),
    N_(
        "<b>Spades</b>: say “Pik” before playing a spade; “Pik, Pik” for ♠J when spades are wished."
    ),
    N_(
        "<b>Second-to-last card</b>: knock first; if you forget, or the next player has already "
        "played, you may be given 6 cards."
    ),
    N_(
        "<b>Last card</b>: say “Mau” (“Mau, Mau” with a jack), or you are back in with 6 new cards."
    ),
    N_(
        "<b>Questions or swearing</b> during the game: one card. Missing your turn or not "
        "correcting your mistake: cards until you wake up. Handing a penalty card to the wrong "
        "player: a card for you."
    ),
)


def page(sheet: BlankSheet) -> Page:
    """One row per player: always upright."""
    return PORTRAIT


def story(sheet: BlankSheet, title: str, lang: Lang) -> list[Flowable]:
    """Heading, one tally row per player, the winner line and the table manners."""
    top = write_in_heading(title, lang)
    bottom: list[Flowable] = [
        Spacer(1, 4 * mm),
        write_in_line(lang("Winner of the evening") + ":", 90 * mm),
        para(lang("Table manners"), "h2"),
        *[Paragraph(lang(text), styles()["bullet"], bulletText="•") for text in MANNERS],
    ]
    free = PORTRAIT.height - fixed_height(top + bottom) - 10 * mm - 4 * mm
    height = row_height(free, len(sheet.names), largest=30 * mm)
    rows: list[list[object]] = [[lang("Player"), lang("Wins (one stroke per game won)"), "Σ"]]
    name_style = head_style(head_size(sheet.names, NAME_COLUMN - 6, largest=14), TA_LEFT)
    rows += [[para(name, name_style), "", ""] for name in sheet.names]
    tally = Table(
        rows,
        colWidths=[NAME_COLUMN, PORTRAIT.width - NAME_COLUMN - SUM_COLUMN, SUM_COLUMN],
        rowHeights=[10 * mm] + [height] * len(sheet.names),
    )
    tally.setStyle(grid_style(header_rows=1) + [("ALIGN", (0, 1), (0, -1), "LEFT")])
    return [*top, tally, *bottom]
