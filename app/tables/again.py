"""Play again (`tables.again`): one tap starts a new table like this one.

The dealer continues from the last game; this phone becomes the new table's editor.
"""

from __future__ import annotations

import re

from flask import flash
from flask import redirect
from flask import url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from app.rights.phone import remember_table
from app.rights.phone import require_editor
from app.scoring.names import NAME_LIMIT
from app.store.models import Table
from app.store.tables import play_again
from app.tables import bp
from app.tables.display import say
from app.web.found import table_or_404

# "Dienstagsrunde (2)": the number a table played again carries after its name.
NUMBERED = re.compile(r"^(?P<base>.*?) \((?P<n>\d{1,4})\)$")


def again_name(table: Table) -> str:
    """The next table's name: the same with the next number, "Dienstagsrunde (2)", "(3)" …,
    so the start page never lists two tables alike; an unnamed table gets its variant's."""
    name = table.name or say(table.definition.label)
    found = NUMBERED.match(name)
    base, number = (found["base"], int(found["n"]) + 1) if found else (name, 2)
    suffix = f" ({number})"
    return base[: NAME_LIMIT - len(suffix)].rstrip() + suffix


@bp.post("/t/<id:table_id>/again")
def again(table_id: str) -> Response:
    """A new table with the same settings, named apart; open it as its editor."""
    table = table_or_404(table_id)
    require_editor(table)
    fresh, token = play_again(table, again_name(table))
    remember_table(fresh.id, token)
    flash(_("New table started: same players, same rules. Have fun!"))
    return redirect(url_for("tables.view", table_id=fresh.id))
