"""Helpers shared by the test areas: tables played through the real store (`app.store`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app import store
from app.models import Table


def played_table(
    variant: str,
    players: list[str],
    options: dict[str, Any],
    rounds: Iterable[dict[str, Any]],
    name: str = "",
    group_id: str | None = None,
) -> Table:
    """A new table with its rounds entered one by one, as a phone would (needs an app context)."""
    table, _token = store.create_table(variant, name, players, options, group_id)
    for body in rounds:
        store.add_round(table, body)
    return table
