"""A small hand-checked group, made through the real store: its tables, games and places.

Anna, Ben, Cem and Dora; the tables on three days, oldest first:
1. Dynamisch, 2 games, 10 cents a point. Minus points [0, 5, 3, 3], then [2, 0, 1, 4]. Totals
   2, 5, 4, 7: the series is one rated result, places 1, 3, 2, 4. Anna receives (7 − 2) × 10 =
   50 from Dora, Cem (5 − 4) × 10 = 10 from Ben (dyn.money).
2. Doppel, 10 games: team A (Anna + Cem) wins the first set 5:0, team B (Ben + Dora) the
   second 5:0; each set is one rated result.
3. Terroristen, 1 game, "anna", the guest "Gast" and "CEM": Gast wins, the others tie second.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from typing import Any

import pytest
from flask import Flask

from app.store.db import db
from app.store.models import Group
from app.store.models import Table
from app.store.rounds import add_round
from app.store.tables import create_table

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def hands(*others: int) -> dict[str, Any]:
    """A Dynamisch game body: so many cards (no jacks) per seat, not ended by a jack."""
    return {"hands": [{"jacks": 0, "others": n} for n in others], "jack_suit": None}


TABLES: list[tuple[str, list[str], dict[str, Any], list[dict[str, Any]]]] = [
    ("dynamisch", PLAYERS, {"games": 2, "rate_cents": 10}, [hands(0, 5, 3, 3), hands(2, 0, 1, 4)]),
    ("doppel", PLAYERS, {}, [{"winner": "A"}] * 5 + [{"winner": "B"}] * 5),
    ("terroristen", ["anna", "Gast", "CEM"], {"games": 1}, [{"winner": 1}]),
]


@pytest.fixture
def small_group(app: Flask) -> Callable[..., dict[str, Any]]:
    """Make the group on the given app; its id and its tables' ids and edit tokens."""

    def make(on: Flask = app) -> dict[str, Any]:
        """The group of this module's docstring."""
        with on.app_context():
            group = Group(name="Krone", players=PLAYERS)
            group.set_edit_token()
            db.session.add(group)
            db.session.commit()
            made = []
            for day, (variant, players, options, rounds) in enumerate(TABLES, start=1):
                table, token = create_table(variant, "", players, options, group.id)
                table.created_at = datetime(2025, 9, day, 19, 30, tzinfo=UTC)
                db.session.commit()
                for body in rounds:
                    add_round(db.session.get(Table, table.id), body)
                made.append((table.id, token))
            return {"id": group.id, "tables": made}

    return make
