"""Downloads (CSV for spreadsheets, JSON as a complete backup) and the import of a backup.

Downloading needs only the view link (reading is open to whoever has it); an import makes a
new table or group whose edit tokens this device keeps.
"""

from __future__ import annotations

import re
import unicodedata

from flask import Blueprint
from flask import Response
from flask import flash
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response as Redirect
from wtforms import SelectChoice

from app.export.backup import csv_file
from app.export.backup import csv_part
from app.export.backup import group_backup
from app.export.backup import json_text
from app.export.backup import spreadsheet
from app.export.backup import table_backup
from app.export.duplicates import already_here
from app.export.forms import CANCEL
from app.export.forms import KEEP
from app.export.forms import REPLACE
from app.export.forms import ImportForm
from app.export.money import money_backup
from app.export.parse import parse_backup
from app.export.plans import RoundPlan
from app.export.restore import Restored
from app.export.restore import restore
from app.export.rows import group_contents
from app.export.rows import stored_changes
from app.export.rows import stored_rounds
from app.rights.phone import can_edit
from app.rights.phone import group_token
from app.rights.phone import remember_group
from app.rights.phone import remember_table
from app.scoring import Standing
from app.store.groups import delete_group
from app.store.kasse import ibans
from app.store.models import Group
from app.store.models import Table
from app.store.payments import group_payments
from app.store.standings import standing_after
from app.store.tables import delete_table
from app.text import InputError
from app.text import say
from app.web.found import group_or_404
from app.web.found import table_or_404
from app.web.navigation import current_lang

bp = Blueprint("export", __name__)


def file_name(name: str, ident: str, extension: str) -> str:
    """An ASCII download name from the table's or group's name ("mautisch-freitag-<id>.csv")."""
    # NFKD splits "ö" into "o" + a mark that ASCII drops; "ß" has no such split.
    spelled = unicodedata.normalize("NFKD", name.replace("ß", "ss"))
    ascii_name = spelled.encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:40]
    return "-".join(part for part in ("mautisch", slug, ident) if part) + "." + extension


def download(body: str, mimetype: str, filename: str) -> Response:
    """A file download (never shown inline)."""
    headers = {"Content-Disposition": f'attachment; filename="{filename}"'}
    return Response(body, mimetype=mimetype, headers=headers)


def json_download(data: dict[str, object], filename: str) -> Response:
    """A JSON file (app.export.backup.json_text)."""
    return download(json_text(data), "application/json", filename)


def get_group(group_id: str) -> Group:
    """The group, or 404; a deleted group's exports are gone (410) like its pages."""
    return group_or_404(group_id)


def table_rounds(table: Table) -> tuple[list[RoundPlan], Standing]:
    """The table's rounds as stored now, and their standing."""
    rounds = stored_rounds(Table.id == table.id).get(table.id, [])
    return rounds, standing_after(table, [r.data for r in rounds])


@bp.get("/t/<id:table_id>/export.csv")
def table_csv(table_id: str) -> Response:
    """One row per round and player, for spreadsheets."""
    table = table_or_404(table_id)
    sheet = spreadsheet(current_lang())
    text = csv_file([csv_part(table, *table_rounds(table), sheet)], sheet)
    return download(text, "text/csv", file_name(table.name, table.id, "csv"))


@bp.get("/t/<id:table_id>/export.json")
def table_json(table_id: str) -> Response:
    """The complete backup of a table."""
    table = table_or_404(table_id)
    rounds, state = table_rounds(table)
    changes = stored_changes(Table.id == table.id).get(table.id, [])
    backup = table_backup(table, rounds, changes, state)
    return json_download(backup, file_name(table.name, table.id, "json"))


@bp.get("/g/<id:group_id>/export.csv")
def group_csv(group_id: str) -> Response:
    """The rows of all the group's tables, oldest table first."""
    group = get_group(group_id)
    sheet = spreadsheet(current_lang())
    parts = [
        csv_part(table, rounds, state, sheet)
        for table, rounds, _changes, state in group_contents(group, with_changes=False)
    ]
    text = csv_file(parts, sheet)
    return download(text, "text/csv", file_name(group.name, group.id, "csv"))


@bp.get("/g/<id:group_id>/export.json")
def group_json(group_id: str) -> Response:
    """The complete backup of a group and all its tables."""
    group = get_group(group_id)
    tables = [table_backup(*table) for table in group_contents(group, with_changes=True)]
    # The IBANs in full only for a phone (or a client) holding the group's edit right.
    token = group_token(group) or request.headers.get("X-Group-Token")
    full = ibans(group) if group.check_edit_token(token) else None
    backup = group_backup(group, tables, money_backup(group, group_payments(group), full))
    return json_download(backup, file_name(group.name, group.id, "json"))


def render_import(
    form: ImportForm, status: int, twin: Table | Group | None = None
) -> tuple[str, int]:
    """The import page, with the form's errors; with `twin`, what to do with the duplicate."""
    may_replace = twin is not None and may_change(twin)
    if not may_replace:  # only an editor of what is here may replace it
        form.duplicate.choices = [c for c in answers() if c.value != REPLACE]
    return render_template(
        "export/import.html",
        form=form,
        twin=twin,
        twin_name=twin and twin_name(twin),
        twin_is_group=isinstance(twin, Group),
        may_replace=may_replace,
    ), status


def answers() -> list[SelectChoice]:
    """The choices of a fresh form (replace, keep both, cancel)."""
    return list(ImportForm.duplicate.kwargs["choices"])


def may_change(twin: Table | Group) -> bool:
    """May this phone replace what is here: it holds the edit link of the table or group."""
    return group_token(twin) is not None if isinstance(twin, Group) else can_edit(twin)


def twin_name(twin: Table | Group) -> str:
    """How the page names what is already here: its name (a table without one: its variant)."""
    if isinstance(twin, Group) or twin.name:
        return twin.name
    return say(twin.definition.label, current_lang())


def twin_url(twin: Table | Group) -> str:
    """The page of what is already here."""
    if isinstance(twin, Group):
        return url_for("groups.view", group_id=twin.id)
    return url_for("tables.view", table_id=twin.id)


@bp.route("/import", methods=["GET", "POST"])
def import_form() -> Redirect | tuple[str, int]:
    """Upload a backup: check all of it, then make a new table or group (or nothing). A
    backup that is already here is not imported before the page has asked: replace it,
    keep both, or cancel."""
    form = ImportForm()
    if not form.validate_on_submit():
        return render_import(form, 400 if form.is_submitted() else 200)
    raw = form.raw()
    try:
        plan = parse_backup(raw)
    except InputError as error:
        form.backup.errors = [*form.backup.errors, error.message(current_lang())]
        return render_import(form, 400)
    twin = already_here(plan)
    answer = form.duplicate.data
    if twin is not None and answer not in (REPLACE, KEEP, CANCEL):
        form.held.data = raw.decode("utf-8", "replace")
        form.duplicate.data = None
        return render_import(form, 200, twin)
    if twin is not None and answer == CANCEL:
        flash(_("Nothing was imported; here is the one that is already here."), "success")
        return redirect(twin_url(twin))
    if twin is not None and answer == REPLACE and not may_change(twin):
        form.held.data = raw.decode("utf-8", "replace")
        form.duplicate.errors = [
            _("Only a phone that may change “%(name)s” can replace it.", name=twin_name(twin))
        ]
        return render_import(form, 403, twin)
    restored = restore(plan)
    keep_tokens(restored)
    if twin is not None and answer == REPLACE:
        name = twin_name(twin)
        # The old one goes to the recently deleted (restorable for 30 days), not away for good.
        if isinstance(twin, Group):
            delete_group(twin)
        else:
            delete_table(twin)
        flash(
            _(
                "The backup replaced “%(name)s”, with new links; the old one can be restored "
                "from the recently deleted for 30 days.",
                name=name,
            ),
            "success",
        )
    elif restored.kind == "table":
        flash(_("The table was imported as a new table; this phone may change it."), "success")
    else:
        flash(
            _("The group was imported with all its tables; this phone may change them."), "success"
        )
    if restored.kind == "table":
        return redirect(url_for("tables.view", table_id=restored.id))
    return redirect(url_for("groups.view", group_id=restored.id))


def keep_tokens(restored: Restored) -> None:
    """This device keeps the new edit tokens (oldest table first, so the newest ends on top)."""
    for table_id, token in restored.table_tokens.items():
        remember_table(table_id, token)
    if restored.kind == "group":
        remember_group(restored.id, restored.token)


@bp.errorhandler(RequestEntityTooLarge)
def too_large(error: RequestEntityTooLarge) -> tuple[str, int]:
    """A file over the request limit never reaches the form: say so on the import page."""
    form = ImportForm(formdata=None)
    form.backup.errors = [_("The file is larger than 1 MB; a backup is far smaller.")]
    return render_import(form, 413)
