"""The evening page `/g/<id>/abend/<date>`: its tables and results, the Kassensturz (results,
payments, what is still open, transfers, GiroCodes). The same page shows a month
(`/abend/2026-11`) and the running account (`/abend/offen`, "Offen insgesamt").

The group settles as its settings say; another way to pay can be previewed in the address
(`mode`, `kasse`, `round_to`), so a link shows the same Kassensturz on every phone. Payments
change only with the group's edit right.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from flask import abort
from flask import current_app
from flask import render_template
from flask import request
from flask_babel import gettext as _

from app.groups import bp
from app.groups import money_words
from app.groups import page
from app.groups.evening import ALL_KEY
from app.groups.evening import Evening
from app.groups.evening import evening_start
from app.groups.evening import running_account
from app.groups.evening_span import evening_on
from app.groups.evening_span import month_from
from app.groups.evening_span import month_stamps
from app.groups.kassensturz import Kassensturz
from app.groups.kassensturz import View
from app.groups.kassensturz import group_choice
from app.groups.kassensturz import kassensturz
from app.groups.kassensturz import read_choice
from app.groups.results import group_results
from app.groups.since_paid import since_paid
from app.rights.phone import group_token
from app.rights.phone import phone_id
from app.rights.phone import remember_group
from app.settlement.account import Scope
from app.settlement.iban import masked
from app.store.models import Group
from app.text import InputError
from app.variants.registry import find_variant
from app.web.found import group_or_404
from app.web.navigation import current_lang

MONTH = re.compile(r"\d{4}-\d{2}")


def find_evening(group: Group, day: str) -> Evening:
    """The evening of this date, every evening of a month ("2026-11"), or the running account
    ("offen"); 404 when the date is wrong or the group played none then. An evening and a month
    read their own tables only (app.groups.evening_span)."""
    if day == ALL_KEY:
        return running_account(
            group.id, group.name, group.players, group_results(group), date.today()
        )
    starts = evening_start(current_app.config["EVENING_STARTS"])
    if MONTH.fullmatch(day):
        first = first_of(day)
        month = month_from(group, first, starts) if first is not None else None
        if month is None:
            abort(404, description=_("This group played no evening in that month."))
        return month
    try:
        wanted: date | None = date.fromisoformat(day)
    except ValueError:
        wanted = None
    found = evening_on(group, wanted, starts) if wanted is not None else None
    if found is None:
        abort(404, description=_("This group has no evening on that day."))
    return found


def first_of(month: str) -> date | None:
    """The first day of the month "2026-11" (None for a month that does not exist)."""
    try:
        return date.fromisoformat(f"{month}-01")
    except ValueError:
        return None


def view_of(evening: Evening) -> View:
    """What the page settles: its evening or month, or (for "offen") the running account."""
    if evening.span == "all":
        return View(None, evening.results)
    return View(Scope(evening.span, evening.key), evening.results)


def paid_for(evening: Evening) -> Scope:
    """What a payment recorded on this page is for (the running account: its tables)."""
    view = view_of(evening)
    return view.scope or Scope.of_tables(r.table_id for r in evening.results)


def settle(group: Group, evening: Evening, args: Any, own: bool = False) -> Kassensturz:
    """The Kassensturz as the address asks (or, with `own`, as the group settles)."""
    starts = evening_start(current_app.config["EVENING_STARTS"])
    choice = group_choice(group) if own else read_choice(args, group)
    every = month_stamps(group, evening, starts)
    return kassensturz(group, view_of(evening), choice, every, starts)


def chosen(evening: Evening, group: Group, args: Any) -> tuple[Kassensturz, dict[str, str]]:
    """The Kassensturz the address asks for; a wrong choice falls back to the group's own
    way, with the sentence at its field."""
    try:
        return settle(group, evening, args), {}
    except InputError as error:
        return settle(group, evening, args, own=True), {
            error.field or "mode": error.message(current_lang())
        }


def choice_query(found: Kassensturz) -> dict[str, str]:
    """The address parameters that show this Kassensturz again (hidden fields, links)."""
    query = {"mode": found.choice.mode, "round_to": str(found.choice.round_to)}
    if found.choice.mode == "kasse" and found.plan.carrier:
        query["kasse"] = found.plan.carrier
    return query


def date_label(evening: Evening) -> str:
    """The short date of the purpose text: "26.11.", or "11.2026" for a whole month."""
    day = evening.date
    if evening.span == "month":
        return f"{day.month:02d}.{day.year}"
    return f"{day.day:02d}.{day.month:02d}."


def purpose_text(evening: Evening) -> str:
    """The GiroCode's purpose: "Mautisch 26.11.: <variants>" (the money tables)."""
    names = list(dict.fromkeys(find_variant(r.variant).short_name for r in evening.settled))
    return f"Mautisch {date_label(evening)}: {', '.join(names)}"


def my_last_payment(found: Kassensturz, evening: Evening) -> Any:
    """This phone's newest payment recorded on this page: what its undo takes back."""
    here = paid_for(evening)
    mine = [p for p in found.payments if p.phone == phone_id() and p.scope == here]
    return mine[-1] if mine else None


def render_evening(
    group: Group, evening: Evening, errors: dict[str, str] | None = None, status: int = 200
) -> tuple[str, int]:
    """The evening page with the Kassensturz the address asks for."""
    args = request.args if request.method == "GET" else request.form
    found, choice_errors = chosen(evening, group, args)
    editor = group_token(group) is not None
    lang = current_lang()
    return render_template(
        "groups/evening.html",
        group=group,
        evening=evening,
        lines=[page.table_line(r) for r in evening.results],
        found=found,
        query=choice_query(found),
        errors={**choice_errors, **(errors or {})},
        editor=editor,
        undo=my_last_payment(found, evening) if editor else None,
        since=since_paid(found, lang),
        masked=masked,
        page=page,
        words=money_words,
        titles=evening.titles() if evening.span != "all" else [],
        lang=lang,
    ), status


@bp.get("/g/<id:group_id>/abend/<day>")
def evening_view(group_id: str, day: str) -> tuple[str, int]:
    """The evening: tables, results, the Kassensturz."""
    group = group_or_404(group_id)
    remember_group(group.id)
    return render_evening(group, find_evening(group, day))
