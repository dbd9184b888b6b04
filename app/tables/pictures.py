"""The table page's pictures: the running totals as a chart, the settlement as arrows.

Inline SVG from the server, light and dark. The score sheet draws the same `chart_series`
(app.sheets.chart), so page and paper show the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import format_currency
from flask_babel import gettext as _
from markupsafe import Markup
from markupsafe import escape

from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import Transfer
from app.store.models import Table
from app.text import say
from app.variants.registry import find_variant
from app.web.charts import line_chart_svg
from app.web.navigation import current_lang

WIDTH = 360
ROW = 52
BOX = 118
NAME_CHARS = 13

Series = list[tuple[str, list[float]]]


def chart_series(
    variant: str, players: list[str], standing: Standing, options: Mapping[str, Any] | None = None
) -> Series:
    """Each player's (teams, parties: each one's) total after every round, starting from 0."""
    definition = find_variant(variant)
    if definition.team_scores:
        # dop.set: the games start again from 0 in every set; the chart drops the lines to 0.
        return [
            (team_name(team, players), [0] + [running[team] for running in standing.running_totals])
            for team, seats in TEAM_SEATS.items()
        ]
    if options is not None and definition.has_teams(options):
        # spd.opt.partner: the parties' totals race to the target, not the seats'.
        return [
            (
                team_name(team, players),
                [0] + [sum(running[s] for s in seats) for running in standing.running_totals],
            )
            for team, seats in TEAM_SEATS.items()
        ]
    return [
        (name, [0] + [running[seat] for running in standing.running_totals])
        for seat, name in enumerate(players)
    ]


def team_name(team: str, players: list[str]) -> str:
    """A team's line in the legend: "A: Anna + Cem"."""
    return f"{team}: " + " + ".join(players[s] for s in TEAM_SEATS[team])


def chart_title(variant: str) -> str:
    """What the lines show: games won in the current set where games make sets (dop.set)."""
    if find_variant(variant).has_sets:
        return _("Games won in the set, game by game")
    return _("Running totals, game by game")


def running_totals_chart(table: Table, standing: Standing) -> Markup | None:
    """The running totals as an inline SVG line chart; None before the first round."""
    if not standing.running_totals:
        return None
    series = chart_series(table.variant, list(table.players), standing, table.options)
    labels = [str(n) for n in range(len(standing.running_totals) + 1)]
    target = table.definition.chart_target(table.options)
    restarts = table.definition.has_sets  # dop.set: every set starts from 0 games
    return line_chart_svg(
        series, labels, chart_title(table.variant), target=target, restarts=restarts
    )


def pictures(table: Table, standing: Standing) -> tuple[Markup | None, str, Markup | None]:
    """The page's pictures: the running totals chart, how to read it, and the settlement
    picture. Drawn only where a page shows them (tables/_pictures.html asks)."""
    return (
        running_totals_chart(table, standing),
        chart_note(table),
        settlement_picture(table, standing),
    )


def chart_note(table: Table) -> str:
    """How to read the lines of this variant: which direction is good (spd.opt.scoring)."""
    return say(table.definition.chart_note(table.options), current_lang())


def money(cents: int) -> str:
    """Euros the page's way ("0,50 €" / "€0.50")."""
    return format_currency(cents / 100, "EUR")


def short(name: str) -> str:
    """A name cut to fit its box on a phone."""
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def transfer_row(players: list[str], transfer: Transfer, top: int) -> str:
    """Payer box → arrow with the amount → payee box."""
    middle = top + ROW // 2
    left_text = 4 + BOX // 2
    right_box = WIDTH - 4 - BOX
    start, end = 4 + BOX + 6, right_box - 6
    return (
        f'<rect class="sp-box sp-payer" x="4" y="{top + 6}" width="{BOX}" height="{ROW - 12}" '
        f'rx="9"/>'
        f'<text x="{left_text}" y="{middle + 5}" text-anchor="middle">'
        f"{escape(short(players[transfer.payer]))}</text>"
        f'<line class="sp-arrow" x1="{start}" y1="{middle}" x2="{end - 9}" y2="{middle}"/>'
        f'<polygon class="sp-head" points="{end},{middle} {end - 12},{middle - 7} '
        f'{end - 12},{middle + 7}"/>'
        f'<text class="sp-amount" x="{(start + end) / 2:.0f}" y="{middle - 7}" '
        f'text-anchor="middle">{escape(money(transfer.cents))}</text>'
        f'<rect class="sp-box sp-payee" x="{right_box}" y="{top + 6}" width="{BOX}" '
        f'height="{ROW - 12}" rx="9"/>'
        f'<text x="{right_box + BOX // 2}" y="{middle + 5}" text-anchor="middle">'
        f"{escape(short(players[transfer.payee]))}</text>"
    )


STYLE = (
    ".sp-pic{display:block;width:100%;height:auto;max-width:32rem;color:inherit}"
    ".sp-pic text{fill:currentColor;font:600 15px system-ui,-apple-system,'Segoe UI',sans-serif}"
    ".sp-pic .sp-amount{font-weight:800}"
    ".sp-pic .sp-box{fill:none;stroke:currentColor;stroke-opacity:.45;stroke-width:1.5}"
    ".sp-pic .sp-payer{stroke:var(--danger,#b42318);stroke-opacity:1}"
    ".sp-pic .sp-payee{stroke:var(--ok,#15803d);stroke-opacity:1;stroke-width:2.5}"
    ".sp-pic .sp-arrow{stroke:var(--accent,#166534);stroke-width:3}"
    ".sp-pic .sp-head{fill:var(--accent,#166534)}"
    "@media print{.sp-pic text{fill:#000}.sp-pic .sp-box,.sp-pic .sp-arrow{stroke:#000}"
    ".sp-pic .sp-head{fill:#000}}"
)


def settlement_picture(table: Table, standing: Standing) -> Markup | None:
    """Who pays whom as arrows (dyn.money); None without money or before the first round.

    The sentences are the picture's description, so a screen reader gets the same.
    """
    settlement = standing.settlement
    if settlement is None or not standing.round_points or not settlement.transfers:
        return None
    players = list(table.players)
    sentences = [
        _(
            "%(payer)s pays %(payee)s %(amount)s",
            payer=players[t.payer],
            payee=players[t.payee],
            amount=money(t.cents),
        )
        for t in settlement.transfers
    ]
    height = ROW * len(settlement.transfers)
    rows = "".join(
        transfer_row(players, t, index * ROW) for index, t in enumerate(settlement.transfers)
    )
    return Markup(
        f'<svg class="sp-pic" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(_('Who pays whom'))}</title>"
        f"<desc>{escape('. '.join(sentences))}</desc>"
        f"<style>{STYLE}</style>{rows}</svg>"
    )
