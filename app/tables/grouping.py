"""A table's group, chosen in its settings (`tables.group`): into one of the groups this phone
may edit, to another, or out. A table already in another group asks before it moves. Logged
with the settings, so undo takes it back."""

from __future__ import annotations

from flask import abort
from flask import flash
from flask import redirect
from flask import request
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app.rights.phone import require_editor
from app.store.settings import update_table
from app.tables import bp
from app.tables.group_choice import NO_GROUP
from app.tables.group_choice import may_choose
from app.tables.settings import render_settings
from app.tables.settings import settings_form
from app.web.found import table_or_404


@bp.post("/t/<id:table_id>/group")
def group(table_id: str) -> Response | tuple[str, int]:
    """Put the table into the chosen group, or out; ask first when it is in another group."""
    table = table_or_404(table_id)
    require_editor(table)
    target = request.form.get("group", NO_GROUP)
    if not may_choose(table, target):
        abort(403, description=_("Only a phone with the group's edit link may put tables into it."))
    if target == (table.group_id or NO_GROUP):
        return redirect(url_for("tables.view", table_id=table.id))
    if table.group is not None and target != NO_GROUP and request.form.get("move") != "yes":
        return render_settings(table, settings_form(table), asked=target)
    update_table(table, {"group": target or None})
    flash(_("Group changed. Undo takes it back."))
    return redirect(url_for("tables.view", table_id=table.id))
