"""The filled score sheet of a table: the record of an evening (`/t/<id>/sheet.pdf`).

Title (name, variant, date), the players in seating order, the options and house rules that
differ from the defaults, every round with its points and the running totals, then the result
(table_result). Where games make sets (dop.set) the games show set by set instead
(table_doppel). Everything shown comes from the table's `Standing`: no points computed here;
whatever differs between variants is asked of the table's definition.
"""

from __future__ import annotations

from typing import Any

from babel.dates import format_date
from reportlab.lib.units import mm
from reportlab.platypus import Flowable
from reportlab.platypus import Spacer
from reportlab.platypus import Table

from app.scoring.types import TEAM_SEATS
from app.sheets.chart import running_totals_drawing
from app.sheets.layout import FONT
from app.sheets.layout import FONT_BOLD
from app.sheets.layout import FRAME_WIDTH
from app.sheets.layout import RULE
from app.sheets.layout import Lang
from app.sheets.layout import grid_style
from app.sheets.layout import heading
from app.sheets.layout import name_cells
from app.sheets.layout import para
from app.sheets.layout import render
from app.sheets.record import TableRecord
from app.sheets.table_doppel import sets_section
from app.sheets.table_result import describe_options
from app.sheets.table_result import house_rules_section
from app.sheets.table_result import result_section
from app.sheets.table_result import seat_line
from app.tables.pictures import chart_series

NUMBER_COLUMN = 10 * mm
EXTRA_COLUMN = 22 * mm
TEAM_COLUMN = 12 * mm
SUITS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


def build_table_sheet(record: TableRecord, lang: Lang) -> bytes:
    """The PDF of a table's score sheet in the page's language."""
    day = format_date(record.played_on, format="medium", locale=lang.code)
    title = record.name or record.label
    story = heading(title, f"{record.label} · {day}" if record.name else day)
    definition = record.definition
    seats = seat_line(definition, record.players, record.options, lang)
    story += [para(seats, "body", markup=True)]
    story += [para(describe_options(definition, record.options, lang), "body")]
    story += house_rules_section(definition, record.options, lang)
    if definition.has_sets:
        story += sets_section(record.standing, lang)
    else:
        story += [para(lang("Rounds"), "h2"), rounds_table(record, lang), *notes(record, lang)]
    if record.standing.round_points:
        series = chart_series(record.variant, record.players, record.standing)
        drawing = running_totals_drawing(series, FRAME_WIDTH, font=FONT)
        story += [para(lang("Running totals"), "h2"), drawing]
    story += result_section(record, lang)
    return render(f"{title} · {record.label} · {day}", lang, story, footer=lang("Score sheet"))


def rounds_table(record: TableRecord, lang: Lang) -> Flowable:
    """No. | extra | per player the round's points and the running total | team totals."""
    state, players = record.standing, record.players
    if not state.round_points:
        return para(lang("No rounds entered yet."), "body")
    extra = extra_column(record, lang)
    teams = partner_totals(record)
    lead = [NUMBER_COLUMN] + [EXTRA_COLUMN] * len(extra[:1])
    tail = [TEAM_COLUMN] * (2 * len(teams[:1]))
    width = (FRAME_WIDTH - sum(lead) - sum(tail)) / (2 * len(players))
    rows = header_rows(record, extra[:1], len(tail), lang)
    for index, (points, running) in enumerate(
        zip(state.round_points, state.running_totals, strict=True)
    ):
        cells = [
            cell
            for seat in range(len(players))
            for cell in (shown_points(record, index, seat, points[seat]), str(running[seat]))
        ]
        team_cells = teams[index] if teams else []
        rows.append([str(index + 1), *[column[index] for column in extra[1:]], *cells, *team_cells])
    grid = Table(rows, colWidths=lead + [width] * (2 * len(players)) + tail, repeatRows=2)
    grid.setStyle(rounds_style(len(lead), len(players), size=7 if len(players) > 6 else 8.5))
    return grid


def header_rows(record: TableRecord, extra: list[Any], teams: int, lang: Lang) -> list[list[Any]]:
    """Names over pairs of columns (points, Σ), then the pair labels; the team columns last."""
    # A variant that keeps no points, only wins (Terroristen), heads its columns "Win".
    points_label = lang("Win") if record.definition.scores_wins else lang("Pts.")
    names = name_cells(record.players)
    return [
        [
            lang("No."),
            *extra,
            *[cell for name in names for cell in (name, "")],
            *[para(f"Team {team}", "head") for team in TEAM_SEATS][:teams],
        ],
        ["", *[""] * len(extra), *[points_label, "Σ"] * len(names), *["Σ"] * teams],
    ]


def notes(record: TableRecord, lang: Lang) -> list[Flowable]:
    """What the marks in the rounds mean, when there are any."""
    if any(detail.get("doubled") for detail in record.standing.details):
        text = lang(
            "×2: minus points doubled – a jack ended the game and the player held the named suit."
        )
        return [Spacer(1, 1.5 * mm), para(text, "note")]
    return []


def rounds_style(first: int, players: int, size: float) -> list[tuple[Any, ...]]:
    """The grid, a bold running total and a black line after each player's pair of columns."""
    style = grid_style(header_rows=2) + [
        ("FONT", (0, 2), (-1, -1), FONT, size),
        ("FONT", (first, 1), (-1, 1), FONT, 7),
    ]
    for seat in range(players):
        left = first + 2 * seat
        style += [
            ("SPAN", (left, 0), (left + 1, 0)),
            ("LINEAFTER", (left + 1, 0), (left + 1, -1), 0.9, RULE),
            ("FONT", (left + 1, 2), (left + 1, -1), FONT_BOLD, size),
        ]
    return style


def extra_column(record: TableRecord, lang: Lang) -> list[Any]:
    """A column that tells a round apart: header first, then one cell per round; or empty.

    The suit named when a jack ended the game (dyn.score.double), or the round's winner where
    the round names one (Speedone, Terroristen).
    """
    definition = record.definition
    if definition.names_jack_suit:
        suits = [SUITS.get(detail.get("jack_suit") or "", "") for detail in record.standing.details]
        jack = lang("Jack")
        return [lang("Ended by"), [f"{jack} {suit}" if suit else "" for suit in suits]]
    if definition.names_round_winner:
        return [
            lang("Winner"),
            [para(record.players[body["winner"]], "cell_center") for body in record.rounds],
        ]
    return []


def shown_points(record: TableRecord, index: int, seat: int, points: int) -> str:
    """A round's points as written: "×2" marks doubled minus points (dyn.score.double);
    where a round scores only a win (Terroristen) just the winner's 1 shows."""
    if record.definition.scores_wins:
        return str(points) if points else ""
    details = record.standing.details
    doubled = index < len(details) and seat in details[index].get("doubled", [])
    return f"{points} ×2" if doubled else str(points)


def partner_totals(record: TableRecord) -> list[list[str]]:
    """Partners scored seat by seat (Speedone, spd.opt.partner): the teams' running totals
    (players 1+3 and 2+4)."""
    definition = record.definition
    if definition.team_scores or not definition.has_teams(record.options):
        return []
    return [
        [str(sum(running[s] for s in TEAM_SEATS[t])) for t in TEAM_SEATS]
        for running in record.standing.running_totals
    ]
