"""The group page's "Heute Abend" card: during an evening and on the day after, its leader by
money, its titles and who still owes whom, all derived from the evening's rounds and the
payments made (the evening page's Kassensturz, as the group settles)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC
from datetime import date
from datetime import datetime
from datetime import timedelta

from flask import current_app

from app.awards.types import Title
from app.groups import evening_page
from app.groups.evening import Evening
from app.groups.evening import evening_of
from app.groups.evening import evening_start
from app.groups.evening import month_key
from app.groups.kassensturz import group_choice
from app.groups.kassensturz import kassensturz
from app.groups.stats import Balance
from app.groups.stats import TableResult
from app.ratings.ledger import GroupRatings
from app.settlement.plan import Transfer
from app.statistics.evenings import EveningLine
from app.statistics.evenings import evening_lines
from app.statistics.window import Window
from app.store.models import Group
from app.text import InputError

SHOWN_DAYS = 1  # the card stays the day after the evening, for who still owes whom


@dataclass(frozen=True)
class Tonight:
    """What the card shows."""

    evening: Evening
    leader: list[Balance]  # the evening's best money balance (ties share it); [] without
    # Without money: who is first by the evening's places (tables, then games won).
    ahead: list[EveningLine]
    titles: list[Title]
    transfers: list[Transfer] | None  # what is still open; None where it cannot be settled
    all_paid: bool


def current_day(rated: GroupRatings, now: datetime | None = None) -> date | None:
    """The evening of the group's newest table while it runs or on the day after, else None."""
    newest = rated.tables[-1].evening if rated.tables else None
    if newest is None:
        return None
    starts = evening_start(current_app.config["EVENING_STARTS"])
    today = evening_of(now or datetime.now(UTC), starts)
    return newest if today - timedelta(days=SHOWN_DAYS) <= newest <= today else None


def first_placed(rated: GroupRatings, night: date) -> list[EveningLine]:
    """The evening's first place by tables won, then games won (ties share it)."""
    window = Window(night, night + timedelta(days=1))
    lines = evening_lines(rated.games, rated.tables, window).get(night, [])
    return [line for line in lines if line.place == 1 and (line.tables_won or line.games_won)]


def tonight_card(group: Group, rated: GroupRatings, newest: list[TableResult]) -> Tonight | None:
    """The card for the group's current evening (None when there is none); `rated` is the
    group's ratings and record, `newest` its newest evening's tables as read."""
    day = current_day(rated)
    starts = evening_start(current_app.config["EVENING_STARTS"])
    tables = [r for r in newest if evening_of(r.played_at, starts) == day]
    if day is None or not tables:
        return None
    night = Evening(group.id, group.name, list(group.players), day, tables)
    balances = night.balances()
    best = balances[0].cents if balances else 0
    leader = [b for b in balances if b.cents == best] if best > 0 else []
    ahead = [] if leader else first_placed(rated, night.date)
    try:
        view = evening_page.view_of(night)
        # What a payment was made for: the month's tables, as the record has them.
        every = [t for t in rated.tables if t.evening and month_key(t.evening) == night.month_key]
        found = kassensturz(group, view, group_choice(group), every, starts)
    except InputError:  # the group's Kasse holder did not play for money tonight
        return Tonight(night, leader, ahead, night.titles(), None, False)
    transfers = list(found.plan.transfers)
    return Tonight(night, leader, ahead, night.titles(), transfers, found.all_paid)
