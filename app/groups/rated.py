"""A group's ratings, computed once per state of its tables and kept for the next look.

The state is the group's players (their spelling) and every table in it that is not deleted,
with the table's version, which every change bumps (a round, a correction, an undo, a rename):
a change, a deleted or restored table and a table moved in or out all make a new state, so
the ratings are never stale. Looking costs one small statement while nothing changed.

A new state replays only what the checkpoint before the newest evening does not cover
(app.groups.replay): usually the newest evening's tables, read alone. The checkpoint is
stored too (app.store.derived), with the program that made it, so a start of the server goes
on from it instead of replaying every game the group ever played.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import time
from collections import OrderedDict
from datetime import datetime
from datetime import time as clock
from functools import cache
from functools import partial
from pathlib import Path
from threading import Lock
from typing import Any

from flask import current_app

from app.groups.evening import evening_of
from app.groups.evening import evening_start
from app.groups.replay import Checkpoint
from app.groups.replay import Stamp
from app.groups.replay import newest_cut
from app.groups.replay import played_on
from app.groups.results import as_utc
from app.groups.results import read_tables
from app.groups.results import versions_of
from app.groups.stats import TableResult
from app.ratings.ledger import GroupRatings
from app.ratings.snapshot import ratings_from
from app.ratings.snapshot import ratings_json
from app.store.derived import store_checkpoint
from app.store.derived import stored_checkpoint
from app.store.models import Group

KEPT_GROUPS = 64  # the groups whose ratings stay in memory, most recently looked at
# Per group: the state, the ratings, the checkpoint and the tables played on it, as read.
_kept: OrderedDict[str, tuple[str, GroupRatings, Checkpoint, list[TableResult]]] = OrderedDict()
_lock = Lock()


def state_of(group: Group, versions: list[tuple[str, Any]]) -> str:
    """A digest of what the ratings depend on: the players and each table's id, version and
    time (which evening it belongs to), as `versions_of` read them."""
    rows = sorted(versions)
    return hashlib.sha256(repr((list(group.players), rows)).encode()).hexdigest()


@cache
def program(starts: clock) -> str:
    """A digest of what turns tables into ratings besides the tables: this program's code, the
    rating library, when an evening starts and the server's time zone (the evenings)."""
    digest = hashlib.sha256(importlib.metadata.version("openskill").encode())
    digest.update(repr((starts, time.tzname, time.timezone, time.altzone)).encode())
    for path in sorted(Path(__file__).resolve().parents[1].rglob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def stamps_of(versions: list[tuple[str, Any]]) -> list[Stamp]:
    """The tables as a checkpoint covers them, in the order they are played (by start)."""
    stamps = [(table_id, version, as_utc(at)) for table_id, (version, at) in versions]
    return sorted(stamps, key=lambda stamp: (stamp[2], stamp[0]))


def stored(group: Group, made_by: str) -> Checkpoint | None:
    """The group's stored checkpoint, if this program made it."""
    data = stored_checkpoint(group.id, made_by)
    if data is None:
        return None
    keys = [(i, version, datetime.fromisoformat(at)) for i, version, at in data["keys"]]
    return Checkpoint(keys, ratings_from(data["rated"]))


def store(group: Group, made_by: str, checkpoint: Checkpoint) -> None:
    """Store the group's checkpoint in place of its last one."""
    keys = [[table_id, version, at.isoformat()] for table_id, version, at in checkpoint.keys]
    store_checkpoint(group.id, made_by, {"keys": keys, "rated": ratings_json(checkpoint.rated)})


def resume_from(
    group: Group, kept: Checkpoint | None, stamps: list[Stamp], cut: int, made_by: str
) -> Checkpoint | None:
    """The checkpoint to go on from: the kept one where it covers every table before the
    newest evening, else the longer of it and the stored one where they hold."""
    regulars = list(group.players)
    found = kept if kept is not None and kept.holds(stamps, cut, regulars) else None
    if cut == 0 or (found is not None and len(found.keys) == cut):
        return found
    other = stored(group, made_by)
    if other is None or not other.holds(stamps, cut, regulars):
        return found
    return other if found is None or len(other.keys) > len(found.keys) else found


def group_ratings(group: Group) -> GroupRatings:
    """The group's ratings now (app.groups.rated.group_record)."""
    return group_record(group)[0]


def group_record(group: Group) -> tuple[GroupRatings, list[TableResult]]:
    """The group's ratings now and the tables played on from the checkpoint (the newest
    evening's, oldest first, as read): kept ones while the state is the same, else rated on
    from the checkpoint (or anew). The versions are read before the tables, so a change in
    between makes a new state, never a kept stale rating; a table changed in between is
    covered with its older version, so the next look replays it."""
    versions = versions_of(group)
    state = state_of(group, versions)
    with _lock:
        kept = _kept.get(group.id)
        if kept is not None and kept[0] == state:
            _kept.move_to_end(group.id)
            return kept[1], kept[3]
    rated, checkpoint, newest = rate_now(group, versions, kept[2] if kept is not None else None)
    with _lock:
        _kept[group.id] = (state, rated, checkpoint, newest)
        _kept.move_to_end(group.id)
        while len(_kept) > KEPT_GROUPS:
            _kept.popitem(last=False)
    return rated, newest


def rate_now(
    group: Group, versions: list[tuple[str, Any]], kept: Checkpoint | None
) -> tuple[GroupRatings, Checkpoint, list[TableResult]]:
    """Rate the group's tables on from the best checkpoint: only the tables it does not cover
    are read. A new checkpoint (before the newest evening) is stored."""
    starts = evening_start(current_app.config["EVENING_STARTS"])
    stamps = stamps_of(versions)
    cut = newest_cut([evening_of(at, starts) for _id, _version, at in stamps])
    made_by = program(starts)
    resume = resume_from(group, kept, stamps, cut, made_by)
    start = len(resume.keys) if resume is not None else 0
    read = {r.table_id: r for r in read_tables([table_id for table_id, *_ in stamps[start:]])}
    results = [read[table_id] for table_id, *_ in stamps[start:] if table_id in read]
    evening = partial(evening_of, starts=starts)
    checkpoint = resume
    if checkpoint is None or start < cut:
        before = resume.rated if resume is not None else GroupRatings(list(group.players))
        covered = {table_id for table_id, *_ in stamps[start:cut]}
        older = [r for r in results if r.table_id in covered]
        checkpoint = Checkpoint(stamps[:cut], played_on(before, older, evening))
        if cut:
            store(group, made_by, checkpoint)
    tonight = {table_id for table_id, *_ in stamps[cut:]}
    newest = [r for r in results if r.table_id in tonight]
    return played_on(checkpoint.rated, newest, evening), checkpoint, newest
