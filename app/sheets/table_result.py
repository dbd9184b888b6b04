"""The head and result parts of a filled sheet, read from the table's `Standing` only; the
texts name the rule behind them where a reader might ask why (dyn.money, spd.opt.scoring).
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from babel.numbers import format_currency
from reportlab.lib.units import mm
from reportlab.platypus import Flowable
from reportlab.platypus import Table

from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import Winner
from app.scoring.types import team_of
from app.sheets.layout import FRAME_WIDTH
from app.sheets.layout import grid_style
from app.sheets.layout import labelled
from app.sheets.layout import para
from app.sheets.layout import section
from app.sheets.layout import side_by_side
from app.sheets.record import Lang
from app.sheets.record import TableRecord
from app.store.standings import places
from app.text import Message
from app.translations import N_
from app.variants.registry import Variant

HOUSE_RULES = Message("House rules")
RANKING_WIDTH = 148 * mm  # place, name, total, amount
SIDE_BY_SIDE = 240 * mm  # from this width (landscape) the transfers stand beside the ranking
SCORING = {
    "winner-takes": N_("Winner takes (highest total wins)"),
    "own-points": N_("Own points (lowest total wins)"),
    "wins": N_("Games won (most wins)"),
    "points": N_("Points (lowest total wins)"),
}


def money(cents: int, lang: str, signed: bool = False) -> str:
    """Euros the way the reader writes them ("0,60 €", "€0.60"), "−" and "+" as signs."""
    sign = "−" if cents < 0 else "+" if signed and cents > 0 else ""
    return sign + format_currency(abs(cents) / 100, "EUR", locale=lang)


def team_text(team: str, players: list[str], lang: Lang) -> str:
    """ "Team A (Anna & Cem)"."""
    first, second = TEAM_SEATS[team]
    return lang(
        "Team %(team)s (%(first)s & %(second)s)",
        team=team,
        first=players[first],
        second=players[second],
    )


def winner_text(winner: Winner, players: list[str], lang: Lang) -> str:
    """A seat, tied seats, a team or tied teams (partners), by name."""
    if winner is None:
        return "–"
    if isinstance(winner, list):
        return ", ".join(winner_text(each, players, lang) for each in winner)
    if isinstance(winner, str):
        return team_text(winner, players, lang)
    return players[winner]


def seat_line(
    variant: Variant, players: list[str], options: dict[str, Any], lang: Lang
) -> list[Flowable]:
    """The players in seating order (and the teams where partners play)."""
    # A no-break space: the seat number never ends a line without its name.
    seats = " · ".join(f"{seat}.\u00a0{name}" for seat, name in enumerate(players, start=1))
    lines = [labelled(lang("Players in seating order"), seats)]
    if variant.has_teams(options):
        lines.append(para(" · ".join(team_text(team, players, lang) for team in TEAM_SEATS)))
    return lines


def describe_options(variant: Variant, options: dict[str, Any], lang: Lang) -> str:
    """The table's options in one line: series length (or sets), target and scoring, partners,
    money rate. Each option reads the same at every variant that has it."""
    parts: list[str] = []
    if "games" in options:
        games = options["games"]
        parts.append(
            lang.count("%(num)s game", "%(num)s games", games) if games else lang("Open-ended")
        )
    if "rounds" in options:
        parts.append(lang.count("%(num)s round", "%(num)s rounds", options["rounds"]))
    if "target" in options:
        parts.append(lang("Target %(n)s", n=options["target"]))
    if "scoring" in options:
        scoring = SCORING[options["scoring"]]  # inline, pybabel would take "scoring" for a msgid
        parts.append(lang(scoring))
    if options.get("scoring") == "points" and "limit" in options:
        parts.append(lang("Limit %(n)s", n=options["limit"]))
    if variant.team_option and options.get(variant.team_option):
        parts.append(lang("Partners"))
    if variant.has_sets:
        parts.append(lang("Sets to 5 games with a lead of 2, match to 2 sets"))
    if options.get("rate_cents"):
        parts.append(lang("%(rate)s per point", rate=money(options["rate_cents"], lang.code)))
    return " · ".join(parts)


def house_rules_section(variant: Variant, options: dict[str, Any], lang: Lang) -> list[Flowable]:
    """The house rules that differ from the default, each with what it means; else nothing."""
    changed = variant.changed_house_rules(options)
    if not changed:
        return []
    lines = [
        f"<b>{escape(lang.say(rule.title))}:</b> {escape(lang.say(meaning))}"
        for rule, meaning in changed
    ]
    heading = f"<b>{escape(lang.say(HOUSE_RULES))}</b>"
    return [para("<br/>".join([heading, *lines]), "body", markup=True)]


def status_text(state: Standing, lang: Lang) -> str:
    """Finished, or how far the table got ("game 3 of 8", "best 142 of 200", "set 2 at 4:3")."""
    if state.finished:
        return lang("Finished.")
    progress = state.progress
    texts = {
        "games": lang(
            "Still running: %(played)s of %(of)s played.",
            played=progress.get("played"),
            of=progress.get("of"),
        ),
        "open": lang("Still running: %(played)s games played.", played=progress.get("played")),
        "target": lang(
            "Still running: best total %(best)s of %(target)s.",
            best=progress.get("best"),
            target=progress.get("target"),
        ),
        "set": lang(
            "Still running: set %(set)s at %(A)s:%(B)s.",
            **{k: progress.get(k) for k in ("set", "A", "B")},
        ),
    }
    return texts.get(progress.get("kind", ""), lang("Still running."))


def result_section(record: TableRecord, lang: Lang, width: float = FRAME_WIDTH) -> list[Flowable]:
    """Heading, status, winner (or leader), ranking with amounts, transfers; on a landscape
    page the transfers stand beside the ranking."""
    state, players = record.standing, record.players
    story: list[Flowable] = [*section(lang("Result"), 80), para(status_text(state, lang))]
    if state.finished:
        story.append(labelled(lang("Winner"), winner_text(state.winner, players, lang)))
    elif state.leader is not None:
        story.append(labelled(lang("Leading"), winner_text(state.leader, players, lang)))
    ranking: list[Flowable] = []
    if not record.definition.team_scores and state.round_points:
        ranking.append(ranking_table(ranking_rows(record, lang), lang))
    money_part = (
        transfers(state, players, record.options["rate_cents"], lang) if state.settlement else []
    )
    if ranking and money_part and width > SIDE_BY_SIDE:
        gap = 8 * mm
        widths = [RANKING_WIDTH, width - RANKING_WIDTH - gap]
        return [*story, side_by_side([ranking, money_part], widths, gap)]
    return [*story, *ranking, *money_part]


def ranking_rows(record: TableRecord, lang: Lang) -> list[tuple[str, int, int | None]]:
    """Best first: name (or team), total, amount in cents (money tables) — partners scored seat
    by seat are ranked as teams (spd.opt.partner), everybody else seat by seat."""
    state = record.standing
    if state.teams:
        order = dict.fromkeys(team_of(seat) for seat in state.ranking)
        return [(team_text(team, record.players, lang), state.teams[team], None) for team in order]
    amounts = state.settlement.amounts_cents if state.settlement else None
    return [
        (record.players[seat], state.totals[seat], amounts[seat] if amounts else None)
        for seat in state.ranking
    ]


def ranking_table(rows: list[tuple[str, int, int | None]], lang: Lang) -> Table:
    """Place, player (or team), total and, for money tables, the amount won or paid."""
    with_money = any(amount is not None for _, _, amount in rows)
    header: list[object] = [lang("Place"), lang("Player"), lang("Total")]
    cells = [header + [lang("Amount")] * with_money]
    for place, (name, total, amount) in zip(
        places([total for _, total, _ in rows]), rows, strict=True
    ):
        money_cell = [money(amount or 0, lang.code, signed=True)] if with_money else []
        cells.append([f"{place}.", para(name), str(total), *money_cell])
    return Table(
        cells,
        colWidths=[18 * mm, RANKING_WIDTH - 74 * mm, 24 * mm] + [32 * mm] * with_money,
        style=grid_style(header_rows=1)
        + [("ALIGN", (2, 1), (-1, -1), "RIGHT"), ("ALIGN", (1, 1), (1, -1), "LEFT")],
        hAlign="LEFT",
        spaceBefore=3 * mm,
    )


def transfers(state: Standing, players: list[str], rate: int, lang: Lang) -> list[Flowable]:
    """Who pays whom (dyn.money: last to first, second-last to second …)."""
    assert state.settlement is not None
    lines = [
        lang(
            "%(payer)s pays %(payee)s %(amount)s",
            payer=players[t.payer],
            payee=players[t.payee],
            amount=money(t.cents, lang.code),
        )
        for t in state.settlement.transfers
    ] or [lang("Nobody pays anything.")]
    heading = lang("Settlement at %(rate)s per point", rate=money(rate, lang.code))
    return [para(heading, "h2"), *[para(line, "body") for line in lines]]
