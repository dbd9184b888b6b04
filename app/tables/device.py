"""What this device may do with a table: the one place that decides edit rights on the pages.

The device remembers its tables (newest first) and their edit tokens in its session
(`app.device`). The edit token lives in the session, not in the address bar: the edit link is
claimed once (`tables.claim`) and from then on this phone may change the table. A phone that
may edit a group (its edit token in `session["group_tokens"]`, `app.groups.access`) may also
change every table of that group, from any phone. The JSON API stays per table (X-Edit-Token,
docs/api.md): this module is for the pages only.
"""

from __future__ import annotations

from typing import NamedTuple

from flask import abort
from flask import url_for
from flask_babel import gettext as _

from app.device import remember
from app.device import remembered_ids
from app.device import remembered_token
from app.groups.access import group_token
from app.models import Table

TABLES_KEY = "tables"
TOKENS_KEY = "edit_tokens"
# The session is a cookie (about 4 KB): an evening's tables fit, a year's do not need to.
REMEMBERED = 30


class EditLink(NamedTuple):
    """The link that hands the pen on; `whole_group` when it is the group's edit link."""

    url: str
    whole_group: bool


def device_table_ids() -> list[str]:
    """Ids of the tables made or opened on this device, newest first."""
    return remembered_ids(TABLES_KEY)


def remember_table(table_id: str, token: str | None = None) -> None:
    """Put a table first in this device's list; with a token, this device may edit it."""
    remember(TABLES_KEY, TOKENS_KEY, table_id, token, REMEMBERED)


def edit_token(table: Table) -> str | None:
    """This device's valid edit token of the table itself, or None."""
    token = remembered_token(TOKENS_KEY, table.id)
    return token if table.check_edit_token(token) else None


def table_group_token(table: Table) -> str | None:
    """This device's valid edit token of the table's group, or None (no group, or a viewer)."""
    return group_token(table.group) if table.group is not None else None


def can_edit(table: Table) -> bool:
    """May this device enter, correct, delete and undo rounds: the table's or its group's editor."""
    return edit_token(table) is not None or table_group_token(table) is not None


def require_editor(table: Table) -> None:
    """403 unless this device may edit the table: a viewer may look but never change anything."""
    if not can_edit(table):
        abort(
            403,
            description=_(
                "Only a phone that opened the edit link of this table or of its group "
                "may change this table."
            ),
        )


def edit_link(table: Table) -> EditLink | None:
    """The edit link this device may pass on, or None for a viewer.

    The table's own link when this phone has it. Only the hash of a table's token is stored,
    so a group editor without it can hand on nothing narrower than the group's edit link.
    """
    token = edit_token(table)
    if token is not None:
        url = url_for("tables.claim", table_id=table.id, token=token, _external=True)
        return EditLink(url, whole_group=False)
    group_edit_token = table_group_token(table)
    if group_edit_token is None:
        return None
    url = url_for("groups.claim", group_id=table.group_id, token=group_edit_token, _external=True)
    return EditLink(url, whole_group=True)
