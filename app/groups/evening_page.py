"""The evening page `/g/<id>/abend/<date>`: its tables and results, the Kassensturz (balances,
transfers, direct or through the Kasse, rounding, paid ticks, GiroCodes).

The way to pay is chosen in the address (`mode`, `kasse`, `round_to`), so a link shows the
same Kassensturz on every phone; ticks and IBANs change only with the group's edit right.
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
from app.groups import page
from app.groups.evening import Evening
from app.groups.evening import evening_start
from app.groups.evening import evenings
from app.groups.evening import month_of
from app.groups.kassensturz import Choice
from app.groups.kassensturz import Kassensturz
from app.groups.kassensturz import kassensturz
from app.groups.kassensturz import read_choice
from app.groups.results import group_results
from app.rights.phone import group_token
from app.rights.phone import remember_group
from app.settlement.iban import masked
from app.store.kasse import last_tick
from app.store.models import Group
from app.text import InputError
from app.variants.registry import find_variant
from app.web.found import group_or_404
from app.web.navigation import current_lang

MONTH = re.compile(r"\d{4}-\d{2}")


def group_evenings(group: Group) -> list[Evening]:
    """The group's evenings, newest first."""
    starts = evening_start(current_app.config["EVENING_STARTS"])
    return evenings(group.id, group.name, group.players, group_results(group), starts)


def find_evening(group: Group, day: str) -> Evening:
    """The evening of this date, or every evening of a month ("2026-11"); 404 when the date
    is wrong or the group played none then."""
    if MONTH.fullmatch(day):
        month = month_of(group_evenings(group), day)
        if month is None:
            abort(404, description=_("This group played no evening in that month."))
        return month
    try:
        wanted = date.fromisoformat(day)
    except ValueError:
        wanted = None
    found = next((e for e in group_evenings(group) if e.date == wanted), None)
    if found is None:
        abort(404, description=_("This group has no evening on that day."))
    return found


def chosen(evening: Evening, group: Group, args: Any) -> tuple[Kassensturz, dict[str, str]]:
    """The Kassensturz the address asks for; a wrong choice falls back to person to person,
    with the sentence at its field."""
    try:
        return kassensturz(group, evening.results, evening.selection, read_choice(args)), {}
    except InputError as error:
        fallback = kassensturz(group, evening.results, evening.selection, Choice())
        return fallback, {error.field or "mode": error.message(current_lang())}


def choice_query(found: Kassensturz) -> dict[str, str]:
    """The address parameters that show this Kassensturz again (hidden fields, links)."""
    query = {"mode": found.choice.mode, "round_to": str(found.choice.round_to)}
    if found.plan.carrier and found.choice.mode == "kasse":
        query["kasse"] = found.plan.carrier
    return query


def date_label(evening: Evening) -> str:
    """The short date of the purpose text: "26.11.", or "11.2026" for a whole month."""
    day = evening.date
    if evening.span == "month":
        return f"{day.month:02d}.{day.year}"
    return f"{day.day:02d}.{day.month:02d}."


def purpose_text(evening: Evening) -> str:
    """The GiroCode's purpose: "Mautisch 26.11.: Dynamisch, Doppel" (the money tables)."""
    names = list(dict.fromkeys(find_variant(r.variant).short_name for r in evening.settled))
    return f"Mautisch {date_label(evening)}: {', '.join(names)}"


def render_evening(
    group: Group, evening: Evening, errors: dict[str, str] | None = None, status: int = 200
) -> tuple[str, int]:
    """The evening page with the Kassensturz the address asks for."""
    args = request.args if request.method == "GET" else request.form
    found, choice_errors = chosen(evening, group, args)
    editor = group_token(group) is not None
    return render_template(
        "groups/evening.html",
        group=group,
        evening=evening,
        lines=[page.table_line(r) for r in evening.results],
        found=found,
        query=choice_query(found),
        errors={**choice_errors, **(errors or {})},
        editor=editor,
        can_undo=editor and last_tick(group) is not None,
        masked=masked,
        page=page,
        titles=evening.titles(),
        lang=current_lang(),
    ), status


@bp.get("/g/<id:group_id>/abend/<day>")
def evening_view(group_id: str, day: str) -> tuple[str, int]:
    """The evening: tables, results, the Kassensturz."""
    group = group_or_404(group_id)
    remember_group(group.id)
    return render_evening(group, find_evening(group, day))
