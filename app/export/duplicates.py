"""Is a backup already here? Importing it twice would silently make a twin, so the import page
asks first. "Already here": a live table or group with the backup's id (its original) or the
same content (an earlier import, which has new ids).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlalchemy import or_
from sqlalchemy import select

from app.export.plans import GroupPlan
from app.export.plans import TablePlan
from app.groups.results import group_tables
from app.store.db import db
from app.store.models import Group
from app.store.models import Table
from app.store.tables import round_rows

CANDIDATES = 20  # same-named tables or groups compared (newest first): a twin is recent


def fingerprint(content: Any) -> str:
    """A short digest of JSON-like content (key order does not matter)."""
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def table_content(
    variant: str, name: str, players: list[str], options: dict[str, Any], rounds: list[Any]
) -> dict[str, Any]:
    """What makes a table the same table, whatever its id, times and change log."""
    return {
        "variant": variant,
        "name": name,
        "players": players,
        "options": options,
        "rounds": rounds,
    }


def planned_table(plan: TablePlan) -> dict[str, Any]:
    """The content of a table in a backup."""
    data = [r.data for r in plan.rounds]
    return table_content(plan.variant, plan.name, plan.players, plan.options, data)


def stored_table(table: Table) -> dict[str, Any]:
    """The content of a stored table, its options as a backup writes them."""
    data = [r.data for r in round_rows(table.id)]
    options = table.definition.stored_options(table.options)
    return table_content(table.variant, table.name, list(table.players), options, data)


def planned_group(plan: GroupPlan) -> dict[str, Any]:
    """The content of a group in a backup."""
    return {
        "name": plan.name,
        "players": plan.players,
        "tables": [planned_table(t) for t in plan.tables],
    }


def stored_group(group: Group) -> dict[str, Any]:
    """The content of a stored group, its tables in the order a backup lists them."""
    return {
        "name": group.name,
        "players": list(group.players),
        "tables": [stored_table(t) for t in group_tables(group) if t.deleted_at is None],
    }


def already_here(plan: TablePlan | GroupPlan) -> Table | Group | None:
    """The table or group here that the backup is a copy of (or the original of), or None."""
    if isinstance(plan, GroupPlan):
        groups = db.session.scalars(
            select(Group)
            .where(
                Group.deleted_at.is_(None), or_(Group.id == plan.source_id, Group.name == plan.name)
            )
            .order_by(Group.created_at.desc())
            .limit(CANDIDATES)
        )
        wanted = fingerprint(planned_group(plan))
        return next(
            (g for g in groups if g.id == plan.source_id or fingerprint(stored_group(g)) == wanted),
            None,
        )
    tables = db.session.scalars(
        select(Table)
        .where(
            Table.deleted_at.is_(None),
            or_(
                Table.id == plan.source_id,
                (Table.name == plan.name) & (Table.variant == plan.variant),
            ),
        )
        .order_by(Table.created_at.desc())
        .limit(CANDIDATES)
    )
    wanted = fingerprint(planned_table(plan))
    return next(
        (t for t in tables if t.id == plan.source_id or fingerprint(stored_table(t)) == wanted),
        None,
    )
