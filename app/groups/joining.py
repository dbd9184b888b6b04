"""Tables join a group afterwards: "Tische von heute hinzufügen" on the group page lists
this phone's tables of the last 24 hours that are in no group, one tap each."""

from __future__ import annotations

from datetime import timedelta

from flask import abort
from flask import flash
from flask import redirect
from flask import request
from flask import url_for
from flask_babel import gettext as _
from sqlalchemy import select
from werkzeug.wrappers import Response

from app.groups import bp
from app.rights.phone import device_table_ids
from app.rights.phone import edit_token
from app.rights.phone import require_group_editor
from app.store.db import db
from app.store.models import Table
from app.store.models import utcnow
from app.store.settings import update_table
from app.web.found import group_or_404

RECENT = timedelta(hours=24)


def tables_of_today() -> list[Table]:
    """This phone's tables of the last 24 hours, in no group, that it may edit; newest first."""
    ids = device_table_ids()
    if not ids:
        return []
    query = select(Table).where(
        Table.id.in_(ids),
        Table.group_id.is_(None),
        Table.deleted_at.is_(None),
        Table.created_at >= utcnow() - RECENT,
    )
    found = [t for t in db.session.scalars(query) if edit_token(t) is not None]
    return sorted(found, key=lambda t: ids.index(t.id))


@bp.post("/g/<id:group_id>/tische-von-heute")
def add_table(group_id: str) -> Response:
    """Put one of this phone's tables into the group (its editor and the table's)."""
    group = group_or_404(group_id)
    require_group_editor(group)
    table = next((t for t in tables_of_today() if t.id == request.form.get("table")), None)
    if table is None:
        abort(403, description=_("Only a table this phone started today can be added here."))
    update_table(table, {"group": group.id})
    flash(_("Table added to the group."), "success")
    return redirect(url_for("groups.view", group_id=group.id) + "#heute")
