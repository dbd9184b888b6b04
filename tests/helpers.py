"""Helpers shared by the test areas: tables played through the real store (`app.store`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.store.models import Table
from app.store.rounds import add_round
from app.store.tables import create_table


def played_table(
    variant: str,
    players: list[str],
    options: dict[str, Any],
    rounds: Iterable[dict[str, Any]],
    name: str = "",
    group_id: str | None = None,
) -> Table:
    """A new table with its rounds entered one by one, as a phone would (needs an app context)."""
    table, _token = create_table(variant, name, players, options, group_id)
    for body in rounds:
        add_round(table, body)
    return table
