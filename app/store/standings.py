"""A table's standing: derived from its stored rounds whenever it is asked for, never stored,
so a correction of an early round can never leave stale totals behind."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from flask import g
from flask import has_request_context
from sqlalchemy import select

from app.scoring import Standing
from app.store.db import db
from app.store.models import Round
from app.store.models import Table
from app.variants import registry as variants

KEPT = "standings"  # flask.g: this request's rounds and standings by table and version
# Per table and version: its rounds' input, and its standing once scored.
ByVersion = dict[tuple[str, int], tuple[list[Mapping[str, Any]], Standing | None]]


def standing_of(table: Table) -> Standing:
    """The table's standing as stored now: its rounds read in one statement, once per request
    and table version (a save checks the table, saves, and answers with the page). Every change
    of a table's rounds or settings bumps its version (app.store.locking), which forgets it."""
    if not has_request_context():
        return read_standing(table)
    rounds = stored_rounds(table)  # keeps the entry this standing goes with
    kept: ByVersion = g.get(KEPT)
    key = (table.id, table.version)
    standing = kept[key][1]
    if standing is None:
        standing = standing_after(table, rounds)
        kept[key] = (rounds, standing)
    return standing


def stored_rounds(table: Table) -> list[Mapping[str, Any]]:
    """The input of the table's rounds as stored now, by number: read once per request and
    table version, like its standing (a round form's direction of play comes from it)."""
    if not has_request_context():
        return rounds_read(table)
    kept: ByVersion = g.setdefault(KEPT, {})
    key = (table.id, table.version)
    if key not in kept:
        kept[key] = (rounds_read(table), None)
    return kept[key][0]


def forget_standings(table_id: str) -> None:
    """Drop this request's standings of a table (a write of it committed or failed)."""
    kept = g.get(KEPT) if has_request_context() else None
    if isinstance(kept, dict):
        for key in [key for key in kept if key[0] == table_id]:
            del kept[key]


def read_standing(table: Table) -> Standing:
    """The table's standing from its rounds as stored now."""
    return standing_after(table, rounds_read(table))


def rounds_read(table: Table) -> list[Mapping[str, Any]]:
    """The input of the table's rounds, freshly read in one statement, by number."""
    query = select(Round.data).where(Round.table_id == table.id).order_by(Round.number)
    return list(db.session.scalars(query))


def standing_after(table: Table, rounds: Sequence[Mapping[str, Any]]) -> Standing:
    """The table's standing after the given rounds' input (its settings as stored): the one
    place that says what a standing depends on, for the pages, the API and the groups."""
    return variants.standing(
        table.variant, table.players, table.options, rounds, table.closed, table.first_dealer
    )


def places(totals: Sequence[Any]) -> list[int]:
    """Place numbers for totals in ranking order: equal totals share a place and the next
    place skips as many (1., 1., 3.). The page's result box and the score sheet both say so."""
    result: list[int] = []
    for index, total in enumerate(totals):
        result.append(result[-1] if index and total == totals[index - 1] else index + 1)
    return result
