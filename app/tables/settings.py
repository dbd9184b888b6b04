"""Fix a table after the fact (`tables.settings`, `tables.close`).

The new-table form with the variant fixed, so every option reads and is checked as on a new
table; `update_table` checks it against the rounds played.
"""

from __future__ import annotations

from typing import Any

from flask import flash
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response
from wtforms import RadioField

from app.rights.phone import require_editor
from app.store.models import Table
from app.store.settings import update_table
from app.store.tables import table_state
from app.tables import bp
from app.tables.display import form_value
from app.tables.forms import NewTableForm
from app.tables.forms import house_field_name
from app.tables.group_choice import group_choices
from app.text import InputError
from app.variants.registry import Variant
from app.web.found import table_or_404
from app.web.navigation import current_lang


class SettingsForm(NewTableForm):
    """The new-table form for one existing table: its variant cannot change."""

    def __init__(self, table: Table, *args: Any, **kwargs: Any) -> None:
        """The form of this table's variant (a posted variant is ignored)."""
        super().__init__(*args, **kwargs)
        self.table = table
        self.variant.data = table.variant

    def chosen(self) -> Variant:
        """Always the table's own variant."""
        return self.table.definition


def field_text(field: str, value: Any) -> Any:
    """A stored option as its form field holds it: tap choices and switches as text."""
    unbound = getattr(NewTableForm, field, None)
    if getattr(unbound, "field_class", None) is RadioField and value is not None:
        return form_value(value) if isinstance(value, bool) else str(value)
    return value


def settings_data(table: Table) -> dict[str, Any]:
    """The table's settings as the form's values."""
    definition = table.definition
    options = definition.stored_options(table.options)
    data: dict[str, Any] = {
        "variant": table.variant,
        "name": table.name,
        "players": list(table.players),
    }
    for option, field in definition.form_fields.items():
        data[field] = field_text(field, options.get(option))
    for rule in definition.house_rules:
        data[house_field_name(definition, rule)] = form_value(options[rule.option])
    return data


def settings_form(table: Table) -> SettingsForm:
    """The settings form filled in with the table's settings."""
    return SettingsForm(table, data=settings_data(table))


def render_settings(
    table: Table, form: SettingsForm, status: int = 200, asked: str | None = None
) -> tuple[str, int]:
    """The settings page (400 when a sent form is shown again with its errors); `asked`: the
    group the table would move to, asked about first."""
    definition = table.definition
    state = table_state(table)
    return render_template(
        "tables/settings.html",
        table=table,
        form=form,
        played=len(state.round_points),
        open_ended=definition.open_ended(table.options),
        closed=table.closed,
        money=definition.money_when is not None,
        groups=group_choices(table),
        asked=asked,
    ), status


@bp.route("/t/<id:table_id>/settings", methods=["GET", "POST"])
def settings(table_id: str) -> Response | tuple[str, int]:
    """Show the table's settings; save a change (logged, undoable) and show the table."""
    table = table_or_404(table_id)
    require_editor(table)
    form = settings_form(table)
    if not form.is_submitted():
        return render_settings(table, form)
    if form.validate() and form.table_input is not None:
        _variant, name, players, options = form.table_input
        try:
            update_table(table, {"name": name, "players": players, "options": options})
        except InputError as error:
            form.show_input_error(error)
        else:
            flash(_("Settings saved. Undo takes the change back."))
            return redirect(url_for("tables.view", table_id=table.id))
    return render_settings(table, form, 400)


@bp.post("/t/<id:table_id>/close")
def close(table_id: str) -> Response:
    """End an open-ended table by hand, or open it again (one tap each, undoable)."""
    table = table_or_404(table_id)
    require_editor(table)
    closing = request.form.get("closed") == "yes"
    try:
        update_table(table, {"closed": closing})
    except InputError as error:
        flash(error.message(current_lang()), "error")
        return redirect(url_for("tables.settings", table_id=table.id))
    flash(_("The table is finished.") if closing else _("The table is open again."))
    return redirect(url_for("tables.view", table_id=table.id))
