"""Which groups a table's settings offer: the groups this phone may edit, and "no group"
when it may take the table out."""

from __future__ import annotations

from typing import NamedTuple

from flask_babel import gettext as _
from sqlalchemy import select

from app.rights.phone import device_group_ids
from app.rights.phone import group_token
from app.store.db import db
from app.store.models import Group
from app.store.models import Table

NO_GROUP = ""  # the choice "in no group"


class GroupChoice(NamedTuple):
    """A group the table may go into (or NO_GROUP), as the settings page offers it."""

    id: str
    name: str


def group_choices(table: Table) -> list[GroupChoice]:
    """The groups this phone may edit, its table's own first; "no group" when the phone may
    take it out (no group now, or the current group's editor)."""
    ids = device_group_ids()
    found = db.session.scalars(
        select(Group).where(Group.id.in_(ids), Group.deleted_at.is_(None))
    ).all()
    editable = [g for g in sorted(found, key=lambda g: ids.index(g.id)) if group_token(g)]
    choices = [GroupChoice(g.id, g.name) for g in editable]
    if table.group is not None and table.group.id not in {c.id for c in choices}:
        choices.insert(0, GroupChoice(table.group.id, table.group.name))
    if table.group is None or group_token(table.group) is not None:
        choices.append(GroupChoice(NO_GROUP, _("In no group")))
    return choices


def may_choose(table: Table, target: str) -> bool:
    """Into a group with its edit right; out of one with the current group's."""
    if target == (table.group_id or NO_GROUP):
        return True
    group = table.group if target == NO_GROUP else db.session.get(Group, target)
    return group is not None and group.deleted_at is None and group_token(group) is not None
