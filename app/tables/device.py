"""What this device remembers in its session: its tables (newest first) and their edit tokens.

The edit token lives in the session, not in the address bar: the edit link is claimed once
(`tables.claim`) and from then on this phone may change the table.
"""

from __future__ import annotations

from flask import abort
from flask import session
from flask_babel import gettext as _

from app.models import Table

TABLES_KEY = "tables"
TOKENS_KEY = "edit_tokens"
# The session is a cookie (about 4 KB): an evening's tables fit, a year's do not need to.
REMEMBERED = 30


def device_table_ids() -> list[str]:
    """Ids of the tables made or opened on this device, newest first."""
    return list(session.get(TABLES_KEY, []))


def remember_table(table_id: str, token: str | None = None) -> None:
    """Put a table first in this device's list; with a token, this device may edit it."""
    if token is None and device_table_ids()[:1] == [table_id]:
        return  # already first: leave the session cookie as it is
    ids = [table_id] + [i for i in device_table_ids() if i != table_id]
    kept = ids[:REMEMBERED]
    tokens = {k: v for k, v in session.get(TOKENS_KEY, {}).items() if k in kept}
    if token is not None:
        tokens[table_id] = token
    session[TABLES_KEY] = kept
    session[TOKENS_KEY] = tokens


def edit_token(table: Table) -> str | None:
    """This device's valid edit token for the table, or None for a mere viewer."""
    token = session.get(TOKENS_KEY, {}).get(table.id)
    return token if table.check_edit_token(token) else None


def require_editor(table: Table) -> str:
    """The edit token, or 403: a viewer may look but never change anything."""
    token = edit_token(table)
    if token is None:
        abort(403, description=_("Only a phone that opened the edit link may change this table."))
    return token
