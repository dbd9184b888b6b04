"""Fixtures of the group and export tests: tables and groups made through the real store."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event

from app.store.db import db
from app.store.models import Group
from app.store.models import Table
from tests.groups.samples import PLAYERS
from tests.groups.samples import SAMPLES
from tests.helpers import played_table

TableMaker = Callable[..., str]


@pytest.fixture
def make_table(app: Flask) -> TableMaker:
    """Create a table through the store, add rounds; returns its id."""

    def make(
        variant: str,
        rounds: list[dict[str, Any]] | None = None,
        players: list[str] | None = None,
        options: dict[str, Any] | None = None,
        name: str = "",
        group_id: str | None = None,
        created_at: datetime | None = None,
    ) -> str:
        """The id of a new table with the sample's (or the given) options and rounds."""
        sample_options, sample_rounds = SAMPLES[variant]
        with app.app_context():
            table = played_table(
                variant,
                players or PLAYERS,
                sample_options if options is None else options,
                sample_rounds if rounds is None else rounds,
                name,
                group_id,
            )
            if created_at is not None:
                table.created_at = created_at
                db.session.commit()
            return table.id

    return make


@pytest.fixture
def make_group(app: Flask) -> Callable[..., tuple[str, str]]:
    """Create a group directly (name, players); returns (id, edit token)."""

    def make(name: str = "Stammtisch", players: list[str] | None = None) -> tuple[str, str]:
        """The id and edit token of a new group."""
        with app.app_context():
            group = Group(name=name, players=players or PLAYERS + ["Emil"])
            token = group.set_edit_token()
            db.session.add(group)
            db.session.commit()
            return group.id, token

    return make


@pytest.fixture
def loaded(app: Flask) -> Iterator[list[str]]:
    """The ids of the tables loaded from the database while the test runs."""
    seen: list[str] = []

    def note(table: Table, _context: Any) -> None:
        seen.append(table.id)

    event.listen(Table, "load", note)
    yield seen
    event.remove(Table, "load", note)
