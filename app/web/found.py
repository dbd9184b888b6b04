"""A table or group by the id in the address: 404 when there is none, 410 when it was deleted.

The store answers None or a `deleted_at`; saying so in HTTP is the web layer's (the blueprints
turn a 410 into the page that offers the restore).
"""

from __future__ import annotations

from flask import abort
from flask_babel import gettext as _

from app.store.groups import find_group
from app.store.models import Group
from app.store.models import Table
from app.store.tables import TableHead
from app.store.tables import find_table
from app.store.tables import table_head


def table_or_404(table_id: str, deleted_ok: bool = False) -> Table:
    """The table; 404, or 410 once deleted unless `deleted_ok` (restore, the recently deleted)."""
    table = find_table(table_id)
    if table is None:
        abort(404, description=_("There is no table with this link."))
    if table.deleted_at is not None and not deleted_ok:
        table_gone()
    return table


def head_or_404(table_id: str) -> TableHead:
    """The table's head (version, edit rights, group); 404 and 410 as `table_or_404`."""
    head = table_head(table_id)
    if head is None:
        abort(404, description=_("There is no table with this link."))
    if head.deleted_at is not None:
        table_gone()
    return head


def table_gone() -> None:
    """410 for a deleted table."""
    abort(
        410,
        description=_(
            "This table was deleted. It can be restored for 30 days from the list of recently "
            "deleted tables."
        ),
    )


def group_or_404(group_id: str, deleted_ok: bool = False) -> Group:
    """The group; 404, or 410 once deleted unless `deleted_ok`."""
    group = find_group(group_id)
    if group is None:
        abort(404, description=_("There is no group with this link."))
    if group.deleted_at is not None and not deleted_ok:
        abort(
            410,
            description=_(
                "This group was deleted. It can be restored for 30 days from the list of recently "
                "deleted groups."
            ),
        )
    return group
