"""Entering, correcting and deleting rounds (`tables.round_new`, `round_edit`, `round_delete`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import abort
from flask import flash
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app import store
from app.device import require_editor
from app.models import Round
from app.models import Table
from app.navigation import current_lang
from app.tables import bp
from app.tables.round_base import RoundForm
from app.tables.round_forms import round_form
from app.text import InputError

T = TypeVar("T")


def stored_round(table: Table, number: int) -> Round:
    """Round `number` of the table, or 404."""
    found = next((r for r in table.rounds if r.number == number), None)
    if found is None:
        abort(404, description=_("This table has no round %(n)s.", n=number))
    return found


def saved(form: RoundForm, change: Callable[[], T]) -> T | None:
    """Run a store change; what the store refuses is shown on the form, nothing is half-saved."""
    try:
        return change()
    except LookupError:
        abort(404)
    except InputError as error:
        form.show_input_error(error)
    except store.TableFinished:
        form.show_error(_("The table is finished meanwhile: this round was not saved."))
    except store.RoundConflict as conflict:
        # Say what the round is now; the form then starts from that version, so saving
        # again is a deliberate replacement, never a silent overwrite of another phone's entry.
        form.show_error(conflict_text(form.table, conflict))
        form.version.data = str(conflict.current.version)
    return None


def conflict_text(table: Table, conflict: store.RoundConflict) -> str:
    """The conflict in words, with the round's current points per player (or team)."""
    points = conflict.points
    if isinstance(points, dict):
        parts = [f"{_('Team %(team)s', team=team)} {value}" for team, value in points.items()]
    else:
        parts = [f"{name} {value}" for name, value in zip(table.players, points, strict=True)]
    return _(
        "Someone else changed this round meanwhile: round %(n)s now stands at %(points)s. "
        "Check it; saving again replaces it with what you entered.",
        n=conflict.current.number,
        points=" · ".join(parts),
    )


def back_to_table(table: Table) -> Response:
    """PRG: after a change, show the table."""
    return redirect(url_for("tables.view", table_id=table.id))


@bp.route("/t/<table_id>/rounds/new", methods=["GET", "POST"])
def round_new(table_id: str) -> Response | str:
    """Enter a finished game with taps."""
    table = store.get_table(table_id)
    require_editor(table)
    state = store.table_state(table)
    if state.finished:
        flash(_("The table is finished: no more rounds can be entered."), "error")
        return back_to_table(table)
    form = round_form(table, dealer=state.next_dealer)
    added = form.validate_on_submit() and saved(
        form, lambda: store.add_round(table, form.round_body, form.idempotency_key.data or None)
    )
    if added:
        # A form sent twice (same key) lands here too: its round, wherever it is now.
        if added.round is not None:
            flash(_("Round %(n)s saved.", n=added.round.number))
        return back_to_table(table)
    number = len(state.round_points) + 1
    return render_template(
        "tables/round_form.html", table=table, form=form, dealer=state.next_dealer, number=number
    )


def version_of(form: RoundForm) -> int | None:
    """The round version the edit form started from (None if the field was tampered with)."""
    value = form.version.data or ""
    return int(value) if value.isdigit() else None


@bp.route("/t/<table_id>/rounds/<int:number>", methods=["GET", "POST"])
def round_edit(table_id: str, number: int) -> Response | str:
    """Correct an earlier round; everything after it is recomputed."""
    table = store.get_table(table_id)
    require_editor(table)
    stored = stored_round(table, number)
    form = round_form(table, dealer=0, body=stored.data, version=stored.version)
    if form.validate_on_submit() and saved(
        form, lambda: store.edit_round(table, number, form.round_body, version_of(form))
    ):
        flash(_("Round %(n)s corrected.", n=number))
        return back_to_table(table)
    return render_template(
        "tables/round_form.html", table=table, form=form, number=number, editing=True
    )


@bp.post("/t/<table_id>/rounds/<int:number>/delete")
def round_delete(table_id: str, number: int) -> Response | str:
    """Delete a round after a confirm step; later rounds move up."""
    table = store.get_table(table_id)
    require_editor(table)
    stored_round(table, number)
    if request.form.get("confirm") != "yes":
        return render_template("tables/round_delete.html", table=table, number=number)
    try:
        store.delete_round(table, number)
    except LookupError:
        abort(404)
    except InputError as error:
        flash(error.message(current_lang()), "error")
    else:
        flash(_("Round %(n)s deleted.", n=number))
    return back_to_table(table)
