"""Undo and redo at the table (`tables.undo`, `tables.redo`), and how their buttons read.

The buttons name what they do ("Runde 7 löschen?"). A tap carries the change it named: if
another phone changed the table meanwhile, nothing is undone and the new question is shown.
"""

from __future__ import annotations

from typing import Any
from typing import NamedTuple

from flask import flash
from flask import redirect
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app.rights.phone import require_editor
from app.store.changelog import redo_preview
from app.store.changelog import undo_preview
from app.store.models import Change
from app.store.models import Table
from app.store.undo import redo_last_undo
from app.store.undo import undo_last_change
from app.tables import bp
from app.tables.display import say
from app.tables.display import winner_text
from app.tables.forms import NewTableForm
from app.tables.round_forms import one_tap
from app.tables.round_text import body_points
from app.tables.round_text import round_name
from app.text import InputError
from app.web.found import table_or_404
from app.web.navigation import current_lang


class Step(NamedTuple):
    """An undo or redo the table page offers: the change, its question and the points."""

    change_id: int
    question: str
    points: str


def undo_question(table: Table, change: Change) -> str:
    """What undoing the change does, as a question ("Delete round 7?")."""
    what = round_name(table, change.round_number, inside=True)
    if change.kind == "add":
        return _("Delete %(what)s?", what=what)
    if change.kind == "delete":
        return _("Bring back %(what)s?", what=what)
    if change.kind == "edit":
        return _("Take back the correction of %(what)s?", what=what)
    return _("Take back the change of the table's settings?")


def redo_question(table: Table, change: Change) -> str:
    """What redoing the undone change does, as a question."""
    what = round_name(table, change.round_number, inside=True)
    if change.kind == "add":
        return _("Enter %(what)s again?", what=what)
    if change.kind == "delete":
        return _("Delete %(what)s after all?", what=what)
    if change.kind == "edit":
        return _("Correct %(what)s again?", what=what)
    return _("Change the table's settings again?")


def shown_value(value: Any) -> str:
    """An option's value as a player reads it."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return str(value)


def option_words(table: Table, option: str, old: Any, new: Any) -> str:
    """One changed option: "Games in the series: 4 → 6", a house rule by its meaning."""
    definition = table.definition
    rule = next((r for r in definition.house_rules if r.option == option), None)
    if rule is not None:
        try:
            return f"{say(rule.title)}: {say(rule.meaning(new))}"
        except KeyError:
            return say(rule.title)
    field = definition.form_fields.get(option)
    unbound = getattr(NewTableForm, field, None) if field else None
    args = getattr(unbound, "args", ())
    label = str(args[0]) if args else option
    return f"{label}: {shown_value(old)} → {shown_value(new)}"


def settings_words(table: Table, change: Change) -> str:
    """What a settings change changed, briefly: "Anna → Anne, Games in the series: 4 → 6"."""
    before, after = change.before or {}, change.after or {}
    parts: list[str] = []
    if before.get("name") != after.get("name"):
        parts.append(f"{before.get('name') or '–'} → {after.get('name') or '–'}")
    for old, new in zip(before.get("players", []), after.get("players", []), strict=False):
        if old != new:
            parts.append(f"{old} → {new}")
    old_options, new_options = before.get("options", {}), after.get("options", {})
    for option in sorted(set(old_options) | set(new_options)):
        if old_options.get(option) != new_options.get(option):
            parts.append(
                option_words(table, option, old_options.get(option), new_options.get(option))
            )
    if before.get("closed") != after.get("closed"):
        parts.append(_("ended by hand") if after.get("closed") else _("open again"))
    return ", ".join(parts)


def undo_step(table: Table) -> Step | None:
    """The undo the page offers (None: nothing to undo, the button is not shown)."""
    change = undo_preview(table)
    if change is None:
        return None
    # The points the round will have (edit: the old ones back) or had (add, delete).
    if change.kind == "settings":
        return Step(change.id, undo_question(table, change), settings_words(table, change))
    body = change.before if change.kind in ("edit", "delete") else change.after
    if change.kind == "add" and body is not None and one_tap(table):
        # A game entered by one tap is named by its winner: "Spiel 7 — Sieg Anna".
        what = round_name(table, change.round_number)
        who = winner_text(table, body.get("winner"))
        return Step(change.id, _("%(what)s — won by %(who)s", what=what, who=who), "")
    return Step(change.id, undo_question(table, change), body_points(table, body))


def redo_step(table: Table) -> Step | None:
    """The redo the page offers after an undo (None: nothing to redo)."""
    change = redo_preview(table)
    if change is None:
        return None
    if change.kind == "settings":
        return Step(change.id, redo_question(table, change), settings_words(table, change))
    body = change.after if change.kind in ("add", "edit") else change.before
    return Step(change.id, redo_question(table, change), body_points(table, body))


def done_text(table: Table, change: Change, undone: bool) -> str:
    """What undo or redo just did, in words."""
    what = round_name(table, change.round_number, inside=True)
    if change.kind == "settings":
        return (
            _("Undone: the change of the settings.")
            if undone
            else _("The settings are changed again.")
        )
    if undone:
        if change.kind == "add":
            return _("Undone: %(what)s is no longer entered.", what=what)
        if change.kind == "delete":
            return _("Undone: %(what)s is back.", what=what)
        return _("Undone: the correction of %(what)s.", what=what)
    if change.kind == "add":
        return _("Redone: %(what)s is entered again.", what=what)
    if change.kind == "delete":
        return _("Redone: %(what)s is deleted again.", what=what)
    return _("Redone: the correction of %(what)s.", what=what)


def named_step(expected: Change | None) -> bool:
    """Is the change the tapped button named still the one the store would take?"""
    wanted = request.form.get("change", "")
    return expected is not None and (not wanted.isdigit() or int(wanted) == expected.id)


def step(table: Table, undo: bool) -> Response:
    """Undo or redo, if the change the phone saw is still the one at hand."""
    require_editor(table)
    preview = undo_preview(table) if undo else redo_preview(table)
    if preview is None:
        flash(_("Nothing to undo.") if undo else _("Nothing to redo."))
        return redirect(url_for("tables.view", table_id=table.id))
    if not named_step(preview):
        flash(_("Another phone changed the table meanwhile: nothing was undone. Look again."))
        return redirect(url_for("tables.view", table_id=table.id))
    try:
        change = undo_last_change(table) if undo else redo_last_undo(table)
    except InputError as error:
        flash(error.message(current_lang()), "error")
        change = None
    except LookupError:
        change = None
    if change is not None:
        flash(done_text(table, change, undone=undo))
    return redirect(url_for("tables.view", table_id=table.id))


@bp.post("/t/<id:table_id>/undo")
def undo(table_id: str) -> Response:
    """Revert the newest change (add, correction, deletion, settings) with one tap."""
    return step(table_or_404(table_id), undo=True)


@bp.post("/t/<id:table_id>/redo")
def redo(table_id: str) -> Response:
    """Re-apply the change undone last (as long as nothing new came after it)."""
    return step(table_or_404(table_id), undo=False)
