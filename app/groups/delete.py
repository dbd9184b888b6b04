"""Delete and restore a group (`groups.delete`, `groups.restore`), and a deleted group's page.

Deleting asks first and takes the group's tables along (restored together); for 30 days the
group's editor can restore it, from its page or from "Zuletzt gelöscht" on the start page.
A deleted group's pages answer 410 with a friendly page (the restore button for its editor).
"""

from __future__ import annotations

from typing import Any

from flask import abort
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from sqlalchemy import func
from sqlalchemy import select
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from app.groups import bp
from app.rights.deletion import deleted
from app.rights.deletion import gone_page
from app.rights.deletion import restored
from app.rights.phone import group_token
from app.rights.phone import require_group_editor
from app.store.db import db
from app.store.groups import delete_group
from app.store.groups import restore_group
from app.store.models import Group
from app.store.models import Table
from app.web.found import group_or_404

# The group pages that show a group: a deleted group is 410 there (restore has its own view).
SHOWN = ("groups.view", "groups.players", "groups.claim", "groups.delete")


@bp.before_request
def refuse_deleted() -> None:
    """A deleted group's pages are gone (410), however they are reached."""
    group_id = (request.view_args or {}).get("group_id")
    if request.endpoint in SHOWN and isinstance(group_id, str):
        group = db.session.get(Group, group_id)  # the id converter checked its form
        if group is not None and group.deleted_at is not None:
            abort(410)


@bp.route("/g/<id:group_id>/delete", methods=["GET", "POST"])
def delete(group_id: str) -> Response | str:
    """Ask first (GET), then move the group and its tables to the recently deleted (POST)."""
    group = group_or_404(group_id)
    require_group_editor(group)
    if request.method == "GET":
        tables = db.session.scalar(
            select(func.count())
            .select_from(Table)
            .where(Table.group_id == group.id, Table.deleted_at.is_(None))
        )
        return render_template("groups/delete.html", group=group, tables=tables)
    return deleted(
        lambda: delete_group(group),
        _(
            "Group deleted with its tables. It can be restored for 30 days under “Recently "
            "deleted” on the start page."
        ),
    )


@bp.post("/g/<id:group_id>/restore")
def restore(group_id: str) -> Response:
    """Bring a deleted group back with its tables (its editor, within 30 days)."""
    group = group_or_404(group_id, deleted_ok=True)
    require_group_editor(group)
    return restored(
        lambda: restore_group(group),
        _("Group restored with its tables."),
        url_for("groups.view", group_id=group.id),
    )


def deleted_page(error: HTTPException) -> tuple[Any, ...]:
    """410 for a deleted group: a friendly page; its editor gets the restore button."""
    group_id = (request.view_args or {}).get("group_id")
    group = db.session.get(Group, group_id) if isinstance(group_id, str) else None
    may_restore = group is not None and group_token(group) is not None
    return gone_page(error, group, "groups/gone.html", group=group, may_restore=may_restore)


bp.register_error_handler(410, deleted_page)
