"""The filled score sheet of a table: the record of an evening (`/t/<id>/sheet.pdf`).

The result comes first, so it is on page 1 however long the evening was; then every round
and the chart (set by set where games make sets, dop.set). Everything shown comes from the
table's `Standing`; what differs between variants is asked of its definition. Sized for a dim
pub: figures at 11 pt, names at 9–11 pt, landscape when columns would be too narrow.
"""

from __future__ import annotations

from typing import Any

from babel.dates import format_date
from reportlab.lib.units import mm
from reportlab.platypus import Flowable
from reportlab.platypus import Spacer
from reportlab.platypus import Table

from app.scoring.types import TEAM_SEATS
from app.sheets.chart import RunningTotals
from app.sheets.layout import FONT
from app.sheets.layout import FONT_BOLD
from app.sheets.layout import HEAD_SIZE
from app.sheets.layout import HEAD_SMALLEST
from app.sheets.layout import LANDSCAPE
from app.sheets.layout import NUMBER_SIZE
from app.sheets.layout import PORTRAIT
from app.sheets.layout import RULE
from app.sheets.layout import Page
from app.sheets.layout import fits
from app.sheets.layout import grid_style
from app.sheets.layout import heading
from app.sheets.layout import name_cells
from app.sheets.layout import para
from app.sheets.layout import render
from app.sheets.layout import section
from app.sheets.layout import text_width
from app.sheets.record import Lang
from app.sheets.record import TableRecord
from app.sheets.table_result import describe_options
from app.sheets.table_result import house_rules_section
from app.sheets.table_result import result_section
from app.sheets.table_result import seat_line
from app.tables.pictures import chart_series
from app.variants.registry import find_variant
from app.variants.registry import variant_part

NUMBER_COLUMN = 12 * mm
EXTRA_COLUMN = 22 * mm
TEAM_COLUMN = 15 * mm
PADDING = 6  # points of cell padding beside a figure or a name
SUITS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


def build_table_sheet(record: TableRecord, lang: Lang) -> bytes:
    """The PDF of a table's score sheet in the page's language."""
    day = format_date(record.played_on, format="medium", locale=lang.code)
    title = record.name or record.label
    paper = page_of(record)
    story = heading(title, f"{record.label} · {day}" if record.name else day)
    definition = record.definition
    story += seat_line(definition, record.players, record.options, lang)
    story += [para(describe_options(definition, record.options, lang))]
    story += house_rules_section(definition, record.options, lang)
    story += result_section(record, lang, paper.width)
    if definition.has_sets:
        story += variant_part(record.variant, "sheet").sets_section(
            record.standing, lang, paper.width
        )
    else:
        # The heading stays with the column heads and a few rounds; the rest may follow.
        story += [
            *section(lang("Rounds"), 100),
            rounds_table(record, lang, paper),
            *notes(record, lang),
        ]
    if record.standing.round_points:
        series = chart_series(record.variant, record.players, record.standing, record.options)
        # dop.set: every set starts from 0 games; the lines drop to 0 there.
        restarts = find_variant(record.variant).has_sets
        chart = RunningTotals(series, lang.code, restarts=restarts)
        story += [*section(lang("Running totals"), chart.least(paper.width)), chart]
    return render(
        f"{title} · {record.label} · {day}", lang, story, footer=lang("Score sheet"), page=paper
    )


def figures(record: TableRecord) -> list[str]:
    """Every figure the rounds grid prints (points as written, running totals)."""
    state = record.standing
    if record.definition.team_scores:
        return []
    shown = [
        shown_points(record, index, seat, points[seat])
        for index, points in enumerate(state.round_points)
        for seat in range(len(record.players))
    ]
    return shown + [str(total) for running in state.running_totals for total in running]


def lead_widths(record: TableRecord) -> tuple[list[float], list[float]]:
    """The columns before the players (No., the jack or winner column) and after them (the
    partner teams' totals)."""
    definition = record.definition
    lead = [NUMBER_COLUMN]
    if definition.names_jack_suit:
        lead.append(EXTRA_COLUMN)
    elif definition.names_round_winner:
        words = [word for name in record.players for word in name.split()] or [""]
        widest = max(text_width(word, FONT, HEAD_SIZE) for word in words) + PADDING
        lead.append(min(max(EXTRA_COLUMN, widest), 32 * mm))
    teams = 2 if partner_totals(record) else 0
    return lead, [TEAM_COLUMN] * teams


def page_of(record: TableRecord) -> Page:
    """Portrait when every player's two columns hold the widest figure at 11 pt and the
    name's longest word at 9 pt; else landscape (ten players, long names)."""
    if record.definition.has_sets or not record.standing.round_points:
        return PORTRAIT
    lead, tail = lead_widths(record)
    widest = max(
        (text_width(text, FONT_BOLD, NUMBER_SIZE) for text in set(figures(record))), default=0
    )
    column = (PORTRAIT.width - sum(lead) - sum(tail)) / len(record.players)
    if column >= 2 * (widest + PADDING) and fits(record.players, column - PADDING):
        return PORTRAIT
    return LANDSCAPE


def rounds_table(record: TableRecord, lang: Lang, paper: Page = PORTRAIT) -> Flowable:
    """No. | extra | per player the round's points and the running total | team totals."""
    state, players = record.standing, record.players
    if not state.round_points:
        return para(lang("No rounds entered yet."), "body")
    extra = extra_column(record, lang)
    teams = partner_totals(record)
    lead, tail = lead_widths(record)
    width = (paper.width - sum(lead) - sum(tail)) / (2 * len(players))
    rows = header_rows(record, extra[:1], len(tail), lang, 2 * width)
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
    grid.setStyle(rounds_style(len(lead), len(players)))
    return grid


def header_rows(
    record: TableRecord, extra: list[Any], teams: int, lang: Lang, width: float
) -> list[list[Any]]:
    """Names over pairs of columns (points, Σ), then the pair labels; the team columns last."""
    # A variant that keeps no points, only wins, heads its columns "Win".
    points_label = (
        lang("Win") if record.definition.scores_wins_for(record.options) else lang("Pts.")
    )
    names = name_cells(record.players, width)
    return [
        [
            lang("No."),
            *extra,
            *[cell for name in names for cell in (name, "")],
            *[para(f"Team {team}", "head") for team in list(TEAM_SEATS)[:teams]],
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


def rounds_style(first: int, players: int) -> list[tuple[Any, ...]]:
    """The grid with its rows close (2 pt above a figure, 2.5 pt under it), a bold running
    total and a black line after each player's pair of columns."""
    style = grid_style(header_rows=2) + [
        ("FONT", (first, 1), (-1, 1), FONT, HEAD_SMALLEST),
        ("FONT", (1, 2), (first - 1, -1), FONT, HEAD_SIZE),
        ("TOPPADDING", (0, 2), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 2), (-1, -1), 2.5),
    ]
    for seat in range(players):
        left = first + 2 * seat
        style += [
            ("SPAN", (left, 0), (left + 1, 0)),
            ("LINEAFTER", (left + 1, 0), (left + 1, -1), 0.9, RULE),
            ("FONT", (left + 1, 2), (left + 1, -1), FONT_BOLD, NUMBER_SIZE),
        ]
    return style


def extra_column(record: TableRecord, lang: Lang) -> list[Any]:
    """A column per round: the suit a closing jack named (dyn.score.double) or the round's
    winner where it names one; header first, or empty."""
    definition = record.definition
    if definition.names_jack_suit:
        suits = [SUITS.get(detail.get("jack_suit") or "", "") for detail in record.standing.details]
        jack = lang("Jack")
        return [lang("Ended by"), [f"{jack} {suit}" if suit else "" for suit in suits]]
    if definition.names_round_winner:
        names = [record.players[body["winner"]] for body in record.rounds]
        return [lang("Winner"), [para(name, "cell_center") for name in names]]
    return []


def shown_points(record: TableRecord, index: int, seat: int, points: int) -> str:
    """A round's points as written: "×2" marks doubled minus points (dyn.score.double);
    where a round scores only a win just the winner's 1 shows."""
    if record.definition.scores_wins_for(record.options):
        return str(points) if points else ""
    details = record.standing.details
    doubled = index < len(details) and seat in details[index].get("doubled", [])
    return f"{points} ×2" if doubled else str(points)


def partner_totals(record: TableRecord) -> list[list[str]]:
    """Partners scored seat by seat (spd.opt.partner): the teams' running totals
    (players 1+3 and 2+4)."""
    definition = record.definition
    if definition.team_scores or not definition.has_teams(record.options):
        return []
    return [
        [str(sum(running[s] for s in TEAM_SEATS[t])) for t in TEAM_SEATS]
        for running in record.standing.running_totals
    ]
