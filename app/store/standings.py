"""A table's standing, computed once per table version and kept for the next reader.

Every change of a table bumps its `version` in the same transaction (app.store), so the
standing of one version never changes. The rounds and the version are read in one statement,
so the standing is always kept under the version it was computed from (never a newer round
under an older version, even on PostgreSQL, where each statement sees the latest commit).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from collections.abc import Sequence
from functools import lru_cache
from typing import Any
from typing import NamedTuple

from sqlalchemy import Text
from sqlalchemy import cast
from sqlalchemy import select
from sqlalchemy.sql.elements import Cast

from app.scoring import Standing
from app.store.db import db
from app.store.models import Round
from app.store.models import Table
from app.variants import registry as variants

# Enough for a group of a few hundred tables looked at as a whole (a standing is small).
KEPT_TABLES = 2048
_kept: OrderedDict[tuple[str, int], Standing] = OrderedDict()
# A threaded server (waitress) serves several requests of one process at once.
_lock = threading.Lock()


class Versioned(NamedTuple):
    """A standing and the table version it belongs to."""

    standing: Standing
    version: int


def kept_standing(table_id: str, version: int) -> Standing | None:
    """The standing of that table version if it was computed lately, else None."""
    with _lock:
        found = _kept.get((table_id, version))
        if found is not None:
            _kept.move_to_end((table_id, version))
        return found


def keep_standing(table_id: str, version: int, standing: Standing) -> None:
    """Keep a version's standing (the least recently used go beyond KEPT_TABLES)."""
    with _lock:
        _kept[(table_id, version)] = standing
        while len(_kept) > KEPT_TABLES:
            _kept.popitem(last=False)


@lru_cache(maxsize=4096)
def stored_input(text: str) -> Any:
    """A round's stored input, decoded once per distinct text.

    A standing or an API answer reads every round of the table, and the same rounds come back
    with every new version of an evening (many of them the same text: "winner 2"). The value
    is shared by all readers of that text, so nothing may change it: the scoring and the JSON
    only read.
    """
    return json.loads(text)


def input_text() -> Cast[str]:
    """The rounds' stored input as text, for `stored_input` (the database driver would
    decode every round anew)."""
    return cast(Round.data, Text)


def versioned_standing(table: Table) -> Versioned:
    """The standing as stored now, with its version: kept, or read and computed once."""
    found = kept_standing(table.id, table.version)
    if found is not None:
        return Versioned(found, table.version)
    # One statement: the version and the rounds' data as of the same moment.
    query = (
        select(Table.version, input_text())
        .select_from(Table)
        .outerjoin(Round, Round.table_id == Table.id)
        .where(Table.id == table.id)
        .order_by(Round.number)
    )
    rows = db.session.execute(query).all()
    version = rows[0][0] if rows else table.version
    rounds: list[Any] = [stored_input(text) for _version, text in rows if text is not None]
    standing = standing_after(table, rounds)
    # Kept only when the table's settings were read at the same version (a settings change
    # in between must not leave a standing of the old settings under the new version).
    if version == table.version:
        keep_standing(table.id, version, standing)
    return Versioned(standing, version)


def standing_after(table: Table, rounds: Sequence[Mapping[str, Any]]) -> Standing:
    """The table's standing after the given rounds' input (its settings as stored): the one
    place that says what a standing depends on, for the pages, the API and the groups."""
    return variants.standing(
        table.variant, table.players, table.options, rounds, table.closed, table.first_dealer
    )


def standing_of(table: Table) -> Standing:
    """The table's standing as stored now (computed at most once per version)."""
    return versioned_standing(table).standing


def places(totals: Sequence[Any]) -> list[int]:
    """Place numbers for totals in ranking order: equal totals share a place and the next
    place skips as many (1., 1., 3.). The page's result box and the score sheet both say so."""
    result: list[int] = []
    for index, total in enumerate(totals):
        result.append(result[-1] if index and total == totals[index - 1] else index + 1)
    return result
