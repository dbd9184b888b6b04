"""A new table: variant, name, players in seating order, options (`tables.new`)."""

from __future__ import annotations

from flask import flash
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app.rights.phone import editable_group
from app.rights.phone import remember_table
from app.store.tables import create_table
from app.tables import bp
from app.tables.fielderrors import error_list
from app.tables.forms import NewTableForm
from app.tables.forms import group_refusal
from app.tables.home import device_tables

RECENT_NAMES = 24
# Every page's summary of a refused form (templates/base.html) asks the form for its errors.
bp.add_app_template_global(error_list, "form_error_list")


def recent_names() -> list[str]:
    """Player names of this device's tables, most recent first, each once (ignoring case)."""
    names: dict[str, str] = {}
    for table in device_tables():
        for name in table.players:
            names.setdefault(name.casefold(), name)
    return list(names.values())[:RECENT_NAMES]


@bp.route("/t/new", methods=["GET", "POST"])
def new() -> Response | str:
    """Show the form; on a valid post create the table and open it as its editor."""
    form = NewTableForm()
    if form.validate_on_submit() and form.table_input is not None:
        table, token = create_table(*form.table_input, group_id=form.group.data or None)
        remember_table(table.id, token)
        flash(_("Table created. Share the view link below with the others at the table."))
        return redirect(url_for("tables.view", table_id=table.id))
    notice = None
    if request.args.get("group") and not form.is_submitted():
        notice = start_in_group(form, request.args["group"])
    members = group_members(form.group.data)
    return render_template(
        "tables/new.html",
        form=form,
        recent_names=chip_names(members),
        group_members=members,
        group_notice=notice,
    )


def group_members(group_id: str | None) -> list[str]:
    """The members of the group the table starts in (this phone may edit it), else none."""
    group = editable_group(group_id)
    return list(group.players) if group is not None else []


def chip_names(members: list[str]) -> list[str]:
    """The names offered as chips: the group's members first, then this phone's recent ones."""
    names: dict[str, str] = {}
    for name in [*members, *recent_names()]:
        names.setdefault(name.casefold(), name)
    return list(names.values())[: RECENT_NAMES + len(members)]


def start_in_group(form: NewTableForm, group_id: str) -> str | None:
    """`?group=<id>` from the group page: prefill a group this device may edit, else say why not."""
    group = editable_group(group_id)
    if group is None:
        return group_refusal(group_id)
    form.prefill(group)
    return None
