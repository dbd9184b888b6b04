"""Doppel on a filled sheet: every set with its games, the sets table and the match; the
first sets[0].A + sets[0].B of `round_points` are set 1, and so on (dop.set, dop.match).
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable
from reportlab.platypus import Table

from app.scoring.types import Standing
from app.sheets.layout import FRAME_WIDTH
from app.sheets.layout import columns
from app.sheets.layout import grid_style
from app.sheets.layout import para
from app.sheets.layout import side_by_side
from app.sheets.record import Lang

COLUMNS = 3  # at most 3 sets decide a match


def sets_section(state: Standing, lang: Lang, width: float = FRAME_WIDTH) -> list[Flowable]:
    """One block of games per set (three side by side), then the sets and the match."""
    story: list[Flowable] = [para(lang("Games by set"), "h2")]
    sets = state.sets or []
    if not sets:
        return [*story, para(lang("No rounds entered yet."), "body")]
    widths = columns(COLUMNS, width)
    blocks = []
    start = 0
    for number, played in enumerate(sets, start=1):
        games = played["A"] + played["B"]
        blocks.append(set_block(number, state, start, games, widths[0], lang))
        start += games
    return [*story, side_by_side(blocks, widths), sets_table(sets, lang)]


def set_block(
    number: int, state: Standing, start: int, games: int, width: float, lang: Lang
) -> Table:
    """Game number, a 1 for the team that won it, and the set's score after it."""
    rows: list[list[object]] = [
        [lang("Set %(n)s", n=number), "", "", ""],
        [lang("Game"), "A", "B", lang("Score")],
    ]
    for index in range(start, start + games):
        points, running = state.round_points[index], state.running_totals[index]
        rows.append(
            [
                str(index - start + 1),
                str(points["A"] or ""),
                str(points["B"] or ""),
                f"{running['A']}:{running['B']}",
            ]
        )
    block = Table(
        rows, colWidths=[width * 0.25, width * 0.2, width * 0.2, width * 0.35], repeatRows=2
    )
    block.setStyle(grid_style(header_rows=2) + [("SPAN", (0, 0), (-1, 0))])
    return block


def sets_table(sets: list[dict[str, object]], lang: Lang) -> Table:
    """Set, games per team, the set's winner; the last row is the match in sets."""
    rows: list[list[object]] = [[lang("Set"), "Team A", "Team B", lang("Set to")]]
    for number, played in enumerate(sets, start=1):
        rows.append([str(number), str(played["A"]), str(played["B"]), played["winner"] or "–"])
    won = {team: sum(1 for s in sets if s["winner"] == team) for team in ("A", "B")}
    rows.append([lang("Match"), str(won["A"]), str(won["B"]), ""])
    return Table(
        rows,
        colWidths=[30 * mm, 26 * mm, 26 * mm, 26 * mm],
        style=grid_style(header_rows=1, sum_rows=1),
        hAlign="LEFT",
        spaceBefore=4 * mm,
    )
