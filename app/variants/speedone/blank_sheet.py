"""Blank sheet of Speedone: running totals towards the target (spd.opt.target, 200 or 500).
Both scoring modes are printed to tick unless `scoring` chose one (spd.opt.scoring); partner
mode adds the parties' totals (spd.opt.partner).
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable
from reportlab.platypus import Spacer
from reportlab.platypus import Table

from app.sheets.layout import BOX
from app.sheets.layout import FONT_BOLD
from app.sheets.layout import HEAD_SMALLEST
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
from app.variants.speedone.scoring import TARGETS

KIND = N_("Score sheet")
ROUND_COLUMN = 15 * mm
TEAM_COLUMN = 20 * mm
# Two handwritten figures per player (points and running total) need about this much.
PLAYER_ROOM = 18 * mm


def page(sheet: BlankSheet) -> Page:
    """Portrait while every name and the two columns of figures fit, else landscape (10)."""
    teams = TEAM_COLUMN * 2 if sheet.partner else 0
    return page_for(sheet.names, ROUND_COLUMN + teams, 1.0, numbers=PLAYER_ROOM)


def story(sheet: BlankSheet, title: str, lang: Lang) -> list[Flowable]:
    """Heading, the chosen or tickable options, the rounds grid, the winner line."""
    paper = page(sheet)
    top = [*write_in_heading(title, lang), *options(sheet, lang), Spacer(1, 3 * mm)]
    bottom: list[Flowable] = [
        Spacer(1, 3 * mm),
        para(
            lang(
                "Card points: numbers their face value, skip, reverse and draw two 20, wilds 50. "
                "The game ends after the round in which a total reaches the target."
            ),
            "note",
        ),
        Spacer(1, 2 * mm),
        write_in_line(lang("Winner") + ":", 90 * mm),
    ]
    free = paper.height - fixed_height(top + bottom, paper) - 4 * mm
    return [*top, rounds_grid(sheet, lang, paper, free), *bottom]


def options(sheet: BlankSheet, lang: Lang) -> list[Flowable]:
    """Target, scoring mode and partner parties: printed when chosen, else boxes to tick."""
    if sheet.target:
        target = lang("%(n)s points", n=sheet.target)
    else:
        target = "   ".join(f"{BOX} {value}" for value in TARGETS)
    modes = {
        "winner-takes": lang(
            "<b>Winner takes</b>: the round's winner is credited everybody else's card points; "
            "the highest total wins."
        ),
        "own-points": lang(
            "<b>Own points</b>: everybody writes his own card points; the lowest total wins."
        ),
    }
    chosen = (
        [modes[sheet.scoring]] if sheet.scoring else [f"{BOX} {text}" for text in modes.values()]
    )
    target_label, scoring_label = lang("Target"), lang("Scoring")
    lines = [f"<b>{target_label}:</b> {target}", f"<b>{scoring_label}:</b>", *chosen]
    if sheet.partner:
        partners_label = lang("Partners")
        lines.append(f"<b>{partners_label}:</b> {escape(partners(sheet.names, lang))}")
    return [para(line, "body", markup=True) for line in lines]


def partners(names: tuple[str, ...], lang: Lang) -> str:
    """Who plays with whom (spd.opt.partner: players 1 + 3 against 2 + 4)."""
    if not names[0]:
        return lang("team A = players 1 + 3, team B = players 2 + 4; the teams' totals count.")
    return lang(
        "team A = %(a1)s & %(a2)s, team B = %(b1)s & %(b2)s; the teams' totals count.",
        a1=names[0],
        a2=names[2],
        b1=names[1],
        b2=names[3],
    )


def rounds_grid(sheet: BlankSheet, lang: Lang, paper: Page, free: float) -> Table:
    """Rounds × players (points and running total each), plus the parties' totals."""
    players = len(sheet.names)
    teams = ["Team A (1 + 3)", "Team B (2 + 4)"] if sheet.partner else []
    width = (paper.width - ROUND_COLUMN - TEAM_COLUMN * len(teams)) / players
    names = name_cells(sheet.names, width)
    team_cells = [para(team, "head") for team in teams]
    head = max(cell_height(names, width, 10 * mm), cell_height(team_cells, TEAM_COLUMN, 10 * mm))
    sub = 7 * mm
    height = row_height(free - head - sub, sheet.rounds)
    first = [lang("Round"), *[cell for name in names for cell in (name, "")], *team_cells]
    second: list[object] = [
        "",
        *[mark for _ in names for mark in (lang("Pts."), "Σ")],
        *["Σ" for _ in teams],
    ]
    rows: list[list[object]] = [first, second]
    rows += [[str(n), *[""] * (2 * players + len(teams))] for n in range(1, sheet.rounds + 1)]
    widths = (
        [ROUND_COLUMN]
        + [width * share for _ in names for share in (0.45, 0.55)]
        + [TEAM_COLUMN] * len(teams)
    )
    grid = Table(rows, colWidths=widths, rowHeights=[head, sub] + [height] * sheet.rounds)
    style = grid_style(header_rows=2) + [
        ("SPAN", (0, 0), (0, 1)),
        ("FONT", (1, 1), (-1, 1), FONT_BOLD, HEAD_SMALLEST),
    ]
    for seat in range(players):
        left = 1 + 2 * seat
        style += [
            ("SPAN", (left, 0), (left + 1, 0)),
            ("LINEAFTER", (left + 1, 0), (left + 1, -1), 0.9, "black"),
        ]
    grid.setStyle(style)
    return grid
