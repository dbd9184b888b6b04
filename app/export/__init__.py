"""Downloads (CSV for spreadsheets, JSON as a complete backup) and the import of a backup.

Downloading needs only the view link (reading is open to whoever has it); an import makes a
new table or group whose edit tokens this device keeps.
"""

from __future__ import annotations

import json
import re
import unicodedata

from flask import Blueprint
from flask import Response
from flask import flash
from flask import redirect
from flask import render_template
from flask import url_for
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response as Redirect

from app import store
from app.db import db
from app.device import remember_group
from app.device import remember_table
from app.export.backup import csv_text
from app.export.backup import group_backup
from app.export.backup import table_backup
from app.export.forms import ImportForm
from app.export.parse import parse_backup
from app.export.restore import Restored
from app.export.restore import restore
from app.groups.results import group_rounds
from app.groups.results import group_tables
from app.models import Group
from app.navigation import current_lang
from app.text import InputError

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
    """A JSON file, readable by humans too (indented, umlauts as they are)."""
    return download(json.dumps(data, ensure_ascii=False, indent=2), "application/json", filename)


def get_group(group_id: str) -> Group:
    """The group, or 404."""
    return db.get_or_404(Group, group_id, description=_("There is no group with this link."))


@bp.get("/t/<table_id>/export.csv")
def table_csv(table_id: str) -> Response:
    """One row per round and player, for spreadsheets."""
    table = store.get_table(table_id)
    return download(csv_text([table]), "text/csv", file_name(table.name, table.id, "csv"))


@bp.get("/t/<table_id>/export.json")
def table_json(table_id: str) -> Response:
    """The complete backup of a table."""
    table = store.get_table(table_id)
    return json_download(table_backup(table), file_name(table.name, table.id, "json"))


@bp.get("/g/<group_id>/export.csv")
def group_csv(group_id: str) -> Response:
    """The rows of all the group's tables, oldest table first."""
    group = get_group(group_id)
    return download(
        csv_text(group_tables(group), group_rounds(group)),
        "text/csv",
        file_name(group.name, group.id, "csv"),
    )


@bp.get("/g/<group_id>/export.json")
def group_json(group_id: str) -> Response:
    """The complete backup of a group and all its tables."""
    group = get_group(group_id)
    return json_download(group_backup(group), file_name(group.name, group.id, "json"))


def render_import(form: ImportForm, status: int) -> tuple[str, int]:
    """The import page, with the form's errors."""
    return render_template("export/import.html", form=form), status


@bp.route("/import", methods=["GET", "POST"])
def import_form() -> Redirect | tuple[str, int]:
    """Upload a backup: check all of it, then make a new table or group (or nothing)."""
    form = ImportForm()
    if not form.validate_on_submit():
        return render_import(form, 400 if form.is_submitted() else 200)
    try:
        plan = parse_backup(form.backup.data.read())
    except InputError as error:
        form.backup.errors = [*form.backup.errors, error.message(current_lang())]
        return render_import(form, 400)
    restored = restore(plan)
    keep_tokens(restored)
    if restored.kind == "table":
        flash(_("The table was imported as a new table; this phone may change it."), "success")
        return redirect(url_for("tables.view", table_id=restored.id))
    flash(_("The group was imported with all its tables; this phone may change them."), "success")
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
