"""Entering, correcting and deleting rounds (`tables.round_new`, `round_edit`, `round_delete`).

A correction or delete names the very round the phone saw (its etag), so nothing lands on
another round changed meanwhile; a new round carries the number the phone expected, so two
phones entering "round 3" at once do not silently make rounds 3 and 4.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import TypeVar

from flask import abort
from flask import flash
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app.rights.phone import require_editor
from app.store.models import Round
from app.store.models import Table
from app.store.rounds import ROUND_LIMIT
from app.store.rounds import Added
from app.store.rounds import NumberTaken
from app.store.rounds import RoundConflict
from app.store.rounds import TableFinished
from app.store.rounds import add_round
from app.store.rounds import delete_round
from app.store.rounds import edit_round
from app.store.rounds import remembered_key
from app.store.rounds import round_at
from app.store.tables import round_rows
from app.store.tables import table_state
from app.tables import bp
from app.tables.answer import after_change
from app.tables.doubts import needs_asking
from app.tables.round_base import RoundForm
from app.tables.round_forms import round_form
from app.tables.round_text import body_points
from app.tables.round_text import points_text
from app.tables.round_text import round_name
from app.text import InputError
from app.variants import registry as variants
from app.web.found import table_or_404
from app.web.navigation import current_lang

T = TypeVar("T")


def stored_round(table: Table, number: int) -> Round:
    """Round `number` of the table, or 404."""
    found = round_at(table, number) if 1 <= number <= ROUND_LIMIT else None
    if found is None:
        abort(
            404,
            description=_("%(what)s does not exist at this table.", what=round_name(table, number)),
        )
    return found


# The delete pages and buttons name the row as the variant does ("Spiel 2 löschen?").
bp.add_app_template_global(round_name)


def saved(form: RoundForm, change: Callable[[], T]) -> T | None:
    """Run a store change; what the store refuses is shown on the form, nothing is half-saved."""
    try:
        return change()
    except LookupError:
        abort(404)
    except InputError as error:
        form.show_input_error(error)
    except TableFinished:
        form.show_error(_("The table is finished meanwhile: this round was not saved."))
    return None


def back_to_table(table: Table) -> Response:
    """PRG: after a change, show the table."""
    return redirect(url_for("tables.view", table_id=table.id))


def expected_number(form: RoundForm) -> int | None:
    """The number the form expected its round to get (None if missing or tampered with)."""
    value = form.expected_number.data or ""
    return int(value) if value.isdigit() and 0 < int(value) <= ROUND_LIMIT + 1 else None


def taken_text(table: Table, taken: NumberTaken, wanted: int) -> str:
    """What another phone entered meanwhile, in words, and what saving this one now does."""
    if taken.current is None:
        return _(
            "Another phone changed the rounds meanwhile: this one would now be %(what)s.",
            what=round_name(table, taken.number, inside=True),
        )
    return _(
        "%(what)s was just entered on another phone: %(points)s.",
        what=round_name(table, wanted),
        points=points_text(table, taken.points) if taken.points is not None else "",
    )


def first_ask(table: Table, form: RoundForm, number: int) -> bool:
    """An implausible new round is asked about before it is saved. Not asked: one sent before
    under its key (a double tap, a replay: it lands where it landed), and one kept on the
    phone while offline, sent later without the number its form expected (static/js/
    offline.js): nobody is there to answer, and the rules allow it."""
    key = form.idempotency_key.data or ""
    wanted = expected_number(form)
    if wanted is None or (key and remembered_key(table, key) is not None):
        return False
    return needs_asking(table, form, wanted)


@bp.route("/t/<id:table_id>/rounds/new", methods=["GET", "POST"])
def round_new(table_id: str) -> Response | str:
    """Enter a finished game with taps."""
    table = table_or_404(table_id)
    require_editor(table)
    state = table_state(table)
    if state.finished:
        flash(_("The table is finished: no more rounds can be entered."), "error")
        return back_to_table(table)
    form = round_form(table, dealer=state.next_dealer)
    number = len(state.round_points) + 1
    if not form.is_submitted():
        form.expected_number.data = str(number)
    taken: int | None = None  # the number another phone's round took, when one did

    def add() -> Added:
        """Save the round at the number the phone expected."""
        return add_round(
            table,
            form.round_body,
            form.idempotency_key.data or None,
            expected_number=expected_number(form),
        )

    added = None
    if form.validate_on_submit() and not first_ask(table, form, number):
        wanted = expected_number(form) or number
        try:
            added = saved(form, add)
        except NumberTaken as conflict:
            # Nothing was saved: offer this one as the next number (the form keeps its key).
            form.show_error(taken_text(table, conflict, wanted))
            number = conflict.number
            form.expected_number.data = str(number)
            taken = wanted
    if added:
        # A form sent twice (same key) lands here too: its round, wherever it is now.
        saved_number = added.round.number if added.round is not None else None
        if saved_number is not None:
            flash(_("%(what)s saved.", what=round_name(table, saved_number)))
        return after_change(table, saved_number)
    return render_template(
        "tables/round_form.html",
        table=table,
        form=form,
        dealer=state.next_dealer,
        number=number,
        taken=taken,
        taken_as=round_name(table, number, inside=True),
    )


def conflict_text(table: Table, current: Round) -> str:
    """A stale correction in words: the round as it is now, at its number now."""
    return _(
        "Someone else changed this meanwhile: %(what)s now stands at %(points)s. "
        "Check it; saving again replaces it with what you entered.",
        what=round_name(table, current.number, inside=True),
        points=body_points(table, current.data, " · "),
    )


def corrected(table: Table, number: int) -> Response:
    """PRG after a correction: the table, with the round named."""
    flash(_("%(what)s corrected.", what=round_name(table, number)))
    return after_change(table, number)


def already_says(table: Table, current: Round, body: Any) -> bool:
    """Does the round hold this input already? Then a stale correction was sent twice: done."""
    try:
        wanted = variants.validate_round(table.variant, table.players, table.options, body)
    except InputError:  # the table's options changed under the correction: not the same input
        return False
    return bool(current.data == wanted)


def version_of(form: RoundForm) -> int | None:
    """The round version an older page's form started from (None if missing or tampered)."""
    value = form.version.data or ""
    return int(value) if value.isdigit() else None


def moved_round(table: Table, etag: str) -> Round | None:
    """The round an etag ("uid.version") named, wherever it is now (None once deleted)."""
    uid = etag.rsplit(".", 1)[0]
    return next((r for r in round_rows(table.id) if r.uid == uid), None)


def current_round(table: Table, conflict: RoundConflict, etag: str) -> Round | None:
    """The round the phone meant, by its id even if it moved; never one at its old number."""
    current = conflict.current
    if not etag:  # an older page's form named the round by its number and version only
        return current
    if current is not None and current.etag.rsplit(".", 1)[0] == etag.rsplit(".", 1)[0]:
        return current
    return moved_round(table, etag) if etag else None


@bp.route("/t/<id:table_id>/rounds/<int:number>", methods=["GET", "POST"])
def round_edit(table_id: str, number: int) -> Response | str:
    """Correct an earlier round; everything after it is recomputed."""
    table = table_or_404(table_id)
    require_editor(table)
    # A correction sent for a round that is gone meanwhile is answered on the form, not 404.
    stored: Round | None = None
    if request.method == "GET":
        stored = stored_round(table, number)
    elif 1 <= number <= ROUND_LIMIT:
        stored = round_at(table, number)
    form = round_form(
        table,
        dealer=0,
        body=stored.data if stored is not None else {},
        version=stored.version if stored is not None else None,
    )
    if stored is not None and not form.is_submitted():
        form.if_match.data = stored.etag
    gone = False
    if form.validate_on_submit() and not needs_asking(table, form, number):
        etag = form.if_match.data or ""
        seen = etag or version_of(form)  # a bare version: an older page's form
        try:
            if saved(form, lambda: edit_round(table, number, form.round_body, seen)):
                return corrected(table, number)
        except RoundConflict as conflict:
            meant = current_round(table, conflict, etag)
            if meant is not None and already_says(table, meant, form.round_body):
                return corrected(table, meant.number)
            if meant is None:
                gone = True
                form.show_error(
                    _(
                        "Another phone deleted this round meanwhile. Nothing was changed; "
                        "enter it again as a new round if it is still missing."
                    )
                )
            else:
                # Saving again deliberately replaces exactly the round shown now.
                number = meant.number
                form.show_error(conflict_text(table, meant))
                form.if_match.data = meant.etag
                form.version.data = str(meant.version)
    return render_template(
        "tables/round_form.html", table=table, form=form, number=number, editing=True, gone=gone
    )


def ask_again(table: Table, meant: Round | None) -> Response | str:
    """A stale delete: ask about that round as it is now, or say it is gone already."""
    if meant is None:
        flash(_("Another phone deleted this round already. Nothing else was deleted."))
        return back_to_table(table)
    return render_template(
        "tables/round_delete.html",
        table=table,
        number=meant.number,
        etag=meant.etag,
        points=body_points(table, meant.data),
        changed=True,
    )


@bp.post("/t/<id:table_id>/rounds/<int:number>/delete")
def round_delete(table_id: str, number: int) -> Response | str:
    """Delete a round after a confirm step; both steps carry the etag, so only the round seen
    is ever deleted (without one, from an older page: the round now at the number)."""
    table = table_or_404(table_id)
    require_editor(table)
    stored = round_at(table, number) if 1 <= number <= ROUND_LIMIT else None
    etag = request.form.get("if_match") or (stored.etag if stored is not None else "")
    if not etag:
        abort(
            404,
            description=_("%(what)s does not exist at this table.", what=round_name(table, number)),
        )
    if stored is None or stored.etag != etag:
        meant = stored if stored is not None and not request.form.get("if_match") else None
        if meant is None:
            meant = moved_round(table, etag)
        return ask_again(table, meant)
    if request.form.get("confirm") != "yes":
        return render_template(
            "tables/round_delete.html",
            table=table,
            number=number,
            etag=etag,
            points=body_points(table, stored.data),
        )
    try:
        delete_round(table, number, etag)
    except LookupError:
        abort(404)
    except InputError as error:
        flash(error.message(current_lang()), "error")
    except RoundConflict as conflict:  # changed between the check above and the lock
        return ask_again(table, current_round(table, conflict, etag))
    else:
        flash(_("%(what)s deleted.", what=round_name(table, number)))
    return back_to_table(table)
