"""Fixtures of the table page tests: a table made through the JSON API, and its editor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
TableMaker = Callable[..., tuple[str, str]]


def hands(*cards: tuple[int, int]) -> dict[str, Any]:
    """A Dynamisch round from (jacks, others) per seat, not ended by a jack."""
    return {"hands": [{"jacks": j, "others": o} for j, o in cards], "jack_suit": None}


@pytest.fixture
def make_table(client: FlaskClient) -> TableMaker:
    """Create a table through the API, add rounds; returns (id, edit token)."""

    def make(
        variant: str = "dynamisch",
        rounds: list[dict[str, Any]] | None = None,
        options: dict[str, Any] | None = None,
        players: list[str] | None = None,
    ) -> tuple[str, str]:
        """A new table with the given rounds."""
        created = client.post(
            "/api/v1/tables",
            json={
                "variant": variant,
                "name": "Freitag",
                "players": players or PLAYERS,
                "options": options or {},
            },
        )
        assert created.status_code == 201, created.json
        table, token = created.json["id"], created.json["edit_token"]
        for body in rounds or []:
            added = client.post(
                f"/api/v1/tables/{table}/rounds", json=body, headers={"X-Edit-Token": token}
            )
            assert added.status_code == 201, added.json
        return table, token

    return make


@pytest.fixture
def become_editor() -> Callable[[FlaskClient, str, str], None]:
    """Open a table's edit link with a client, as a phone does (its session keeps the token)."""

    def claim(client: FlaskClient, table: str, token: str) -> None:
        """The edit link answers with a redirect to the table page."""
        assert client.get(f"/t/{table}/edit/{token}").status_code == 302

    return claim
