"""Play again (`tables.again`): one tap starts a new table like this one.

The dealer continues from the last game; this phone becomes the new table's editor.
"""

from __future__ import annotations

from flask import flash
from flask import redirect
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app.rights.phone import remember_table
from app.rights.phone import require_editor
from app.store.tables import play_again
from app.tables import bp
from app.web.found import table_or_404


@bp.post("/t/<id:table_id>/again")
def again(table_id: str) -> Response:
    """A new table with the same settings; open it as its editor."""
    table = table_or_404(table_id)
    require_editor(table)
    fresh, token = play_again(table)
    remember_table(fresh.id, token)
    flash(_("New table started: same players, same rules. Have fun!"))
    return redirect(url_for("tables.view", table_id=fresh.id))
