"""A group's ratings, computed once per state of its tables and kept for the next look.

The state is the group's players (their spelling) and every table in it that is not deleted,
with the table's version, which every change bumps (a round, a correction, an undo, a rename):
a change, a deleted or restored table and a table moved in or out all make a new state, so
the ratings are never stale. Looking costs one small statement while nothing changed.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from threading import Lock
from typing import Any

from flask import current_app

from app.groups.evening import evening_of
from app.groups.evening import evening_start
from app.groups.replay import Checkpoint
from app.groups.replay import rate_group
from app.groups.results import group_results
from app.groups.results import versions_of
from app.groups.stats import TableResult
from app.ratings.ledger import GroupRatings
from app.store.models import Group

KEPT_GROUPS = 64  # the groups whose ratings stay in memory, most recently looked at
_kept: OrderedDict[str, tuple[str, GroupRatings, Checkpoint]] = OrderedDict()
_lock = Lock()


def group_state(group: Group) -> str:
    """A digest of what the ratings depend on: the players and each table's id, version and
    time (which evening it belongs to)."""
    return state_of(group, versions_of(group))


def state_of(group: Group, versions: list[tuple[str, Any]]) -> str:
    """The state from the tables' ids, versions and times as `versions_of` read them."""
    rows = sorted(versions)
    return hashlib.sha256(repr((list(group.players), rows)).encode()).hexdigest()


def group_ratings(
    group: Group, state: str | None = None, results: list[TableResult] | None = None
) -> GroupRatings:
    """The group's ratings now: kept ones while the state is the same, else rated anew. A
    caller that has the tables already passes the `state` it read before them, so a change in
    between makes a new state, never a kept stale rating."""
    state = group_state(group) if state is None else state
    with _lock:
        kept = _kept.get(group.id)
        if kept is not None and kept[0] == state:
            _kept.move_to_end(group.id)
            return kept[1]
    tables = group_results(group) if results is None else results
    # The older evenings usually stay as they were: go on from before the newest one.
    starts = evening_start(current_app.config["EVENING_STARTS"])
    rated, checkpoint = rate_group(
        tables,
        list(group.players),
        lambda moment: evening_of(moment, starts),
        resume=kept[2] if kept is not None else None,
    )
    with _lock:
        _kept[group.id] = (state, rated, checkpoint)
        _kept.move_to_end(group.id)
        while len(_kept) > KEPT_GROUPS:
            _kept.popitem(last=False)
    return rated
