"""What this device may do with groups: the groups remembered in the session cookie.

Session keys, the same shape as the tables' (both kept by `app.device`):
- `session["groups"]`: ids of the groups made, imported or opened here, newest first;
- `session["group_tokens"]`: `{group_id: edit_token}` for the groups this device may edit
  (made or imported here, or their edit link opened here).
Tables created in a group or imported are remembered through `app.tables.device.remember_table`
(`session["tables"]` list, `session["edit_tokens"]` dict), never written here directly.
A token is checked against the stored hash on every use (`check_edit_token`).
"""

from __future__ import annotations

from flask import abort
from flask_babel import gettext as _

from app.db import db
from app.device import remember
from app.device import remembered_ids
from app.device import remembered_token
from app.models import Group

GROUPS_KEY = "groups"
TOKENS_KEY = "group_tokens"
# The session is a cookie (about 4 KB) shared with the tables: a few groups are plenty.
REMEMBERED = 12


def device_group_ids() -> list[str]:
    """Ids of the groups made or opened on this device, newest first."""
    return remembered_ids(GROUPS_KEY)


def remember_group(group_id: str, token: str | None = None) -> None:
    """Put a group first in this device's list; with a token, this device may edit it."""
    remember(GROUPS_KEY, TOKENS_KEY, group_id, token, REMEMBERED)


def group_token(group: Group) -> str | None:
    """This device's valid edit token of the group, or None for a mere viewer."""
    token = remembered_token(TOKENS_KEY, group.id)
    return token if group.check_edit_token(token) else None


def require_group_editor(group: Group) -> str:
    """The group's edit token, or 403: a viewer may look but never change the group."""
    token = group_token(group)
    if token is None:
        abort(403, description=_("Only a phone that opened the group's edit link may change it."))
    return token


def editable_group(group_id: str | None) -> Group | None:
    """For `tables.new?group=<id>`: the group if this device may create tables in it, else None."""
    if not group_id:
        return None
    group = db.session.get(Group, group_id)
    return group if group is not None and group_token(group) is not None else None
