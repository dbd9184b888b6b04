"""This phone's tables and groups, and what it may change: the one place that decides edit rights.

The phone remembers in its signed session cookie: the ids it looked at under `tables`/`groups`,
and apart from them `{id: edit_token}` under `edit_tokens`/`group_tokens` (their order under
`..._order`), each list bounded so the cookie (at most 4 KB) stays so; looking never pushes an
edit right out, only a newer edit right does. Tokens are checked against the stored hash on
every use. An edit link is claimed once into the session, keeping the token out of the address
bar; a group's editor may change all its tables. Pages only: the JSON API uses X-Edit-Token
per table.
"""

from __future__ import annotations

import secrets
from typing import NamedTuple
from typing import Protocol

from flask import abort
from flask import session
from flask_babel import gettext as _

from app.store.db import db
from app.store.models import Group
from app.store.models import Table
from app.web.headers import group_edit_url
from app.web.headers import mark_edit_link
from app.web.headers import offline_copy
from app.web.headers import table_edit_url

TABLES_KEY = "tables"
TABLE_TOKENS_KEY = "edit_tokens"
GROUPS_KEY = "groups"
GROUP_TOKENS_KEY = "group_tokens"
PHONE_KEY = "phone"
# The session is a cookie (a browser keeps at most 4 KB of it): the tables looked at and,
# apart, the tables this phone may edit, 30 of each; the groups share it, 12 of each. Each kept
# edit token takes about 60 bytes of the cookie, so more cannot fit.
TABLES_KEPT = 30
GROUPS_KEPT = 12


class Guarded(Protocol):
    """A table or group as its edit rights see it: a model or a TableHead."""

    @property
    def id(self) -> str:
        """Its public id."""
        ...

    def check_edit_token(self, token: str | None) -> bool:
        """Is `token` its edit token?"""
        ...


class GuardedTable(Guarded, Protocol):
    """A table as its edit rights see it: itself and its group."""

    @property
    def group_id(self) -> str | None:
        """Its group's id, if it belongs to one."""
        ...

    @property
    def group(self) -> Guarded | None:
        """Its group, if it belongs to one."""
        ...


def remembered_ids(ids_key: str) -> list[str]:
    """The ids kept under `ids_key`, newest first (a tampered value counts as none)."""
    value = session.get(ids_key, [])
    return [str(i) for i in value] if isinstance(value, list) else []


def remembered_tokens(tokens_key: str) -> dict[str, str]:
    """The edit tokens kept under `tokens_key`, by id (a tampered value counts as none)."""
    tokens = session.get(tokens_key, {})
    if not isinstance(tokens, dict):
        return {}
    return {str(k): v for k, v in tokens.items() if isinstance(v, str)}


def remembered_token(tokens_key: str, item_id: str) -> str | None:
    """The edit token kept for an id, unchecked (the caller checks it against the stored hash)."""
    return remembered_tokens(tokens_key).get(item_id)


def editable_ids(ids_key: str, tokens_key: str) -> list[str]:
    """The ids this phone holds a token for, most recently used first (a session from before
    the order was kept: in the order of the ids list, then the rest)."""
    tokens = remembered_tokens(tokens_key)
    order = remembered_ids(order_key(tokens_key)) or remembered_ids(ids_key)
    ordered = [i for i in order if i in tokens]
    return ordered + [i for i in tokens if i not in ordered]


def order_key(tokens_key: str) -> str:
    """Where the order of the tokens under `tokens_key` is kept (the cookie's JSON sorts keys)."""
    return f"{tokens_key}_order"


def remember(ids_key: str, tokens_key: str, item_id: str, token: str | None, limit: int) -> None:
    """Put an id first in its list (at most `limit` kept); with a token, or when it holds one
    already, put it first among the ids this phone may edit, a list of its own (at most `limit`):
    looking at other tables never pushes an edit right out."""
    ids = remembered_ids(ids_key)
    tokens = remembered_tokens(tokens_key)
    editable = editable_ids(ids_key, tokens_key)
    unchanged = token is None or tokens.get(item_id) == token
    edit_first = item_id not in tokens or editable[:1] == [item_id]
    if ids[:1] == [item_id] and unchanged and edit_first:
        return  # already first: leave the session cookie as it is
    session[ids_key] = ([item_id] + [i for i in ids if i != item_id])[:limit]
    if token is not None:
        tokens[item_id] = token
    if item_id in tokens:
        editable = ([item_id] + [i for i in editable if i != item_id])[:limit]
        session[order_key(tokens_key)] = editable
        session[tokens_key] = {i: tokens[i] for i in editable}


def device_group_ids() -> list[str]:
    """Ids of the groups opened on this device, newest first, then those it may still edit."""
    seen = remembered_ids(GROUPS_KEY)
    return seen + [i for i in editable_ids(GROUPS_KEY, GROUP_TOKENS_KEY) if i not in seen]


def remember_group(group_id: str, token: str | None = None) -> None:
    """Put a group first in this device's list; with a token, this device may edit it."""
    remember(GROUPS_KEY, GROUP_TOKENS_KEY, group_id, token, GROUPS_KEPT)


def group_token(group: Guarded) -> str | None:
    """This device's valid edit token of the group, or None for a mere viewer."""
    token = remembered_token(GROUP_TOKENS_KEY, group.id)
    return token if group.check_edit_token(token) else None


def require_group_editor(group: Group) -> str:
    """The group's edit token, or 403: a viewer may look but never change the group."""
    token = group_token(group)
    if token is None:
        abort(403, description=_("Only a phone that opened the group's edit link may change it."))
    return token


def phone_id() -> str:
    """This phone's own random id (kept in its session): whose payment record an undo takes
    back, so one phone's undo never takes back another's."""
    found = session.get(PHONE_KEY)
    if not isinstance(found, str) or not found:
        found = session[PHONE_KEY] = secrets.token_hex(8)
    return found


def editable_group(group_id: str | None) -> Group | None:
    """For `tables.new?group=<id>`: the group if this device may create tables in it, else None."""
    if not group_id:
        return None
    group = db.session.get(Group, group_id)
    return group if group is not None and group_token(group) is not None else None


class EditLink(NamedTuple):
    """The link that hands the pen on; `whole_group` when it is the group's edit link."""

    url: str
    whole_group: bool


def device_table_ids() -> list[str]:
    """Ids of the tables opened on this device, newest first, then those it may still edit."""
    seen = remembered_ids(TABLES_KEY)
    return seen + [i for i in editable_ids(TABLES_KEY, TABLE_TOKENS_KEY) if i not in seen]


def remember_table(table_id: str, token: str | None = None) -> None:
    """Put a table first in this device's list; with a token, this device may edit it."""
    remember(TABLES_KEY, TABLE_TOKENS_KEY, table_id, token, TABLES_KEPT)


def edit_token(table: GuardedTable) -> str | None:
    """This device's valid edit token of the table itself, or None."""
    token = remembered_token(TABLE_TOKENS_KEY, table.id)
    return token if table.check_edit_token(token) else None


def table_group_token(table: GuardedTable) -> str | None:
    """This device's valid edit token of the table's group, or None (no group, or a viewer)."""
    return group_token(table.group) if table.group is not None else None


def can_edit(table: GuardedTable) -> bool:
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


def edit_link(table: GuardedTable) -> EditLink | None:
    """The edit link this device may pass on, or None: the table's own when held, else the
    group's (only a token's hash is stored, so nothing narrower can be made); none in the copy
    kept offline."""
    if offline_copy():
        return None
    token = edit_token(table)
    if token is not None:
        url = table_edit_url(table.id, token)
        mark_edit_link()
        return EditLink(url, whole_group=False)
    group_edit_token = table_group_token(table)
    if group_edit_token is None:
        return None
    url = group_edit_url(str(table.group_id), group_edit_token)
    mark_edit_link()
    return EditLink(url, whole_group=True)
