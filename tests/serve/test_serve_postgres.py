"""Two app processes on one PostgreSQL database: what one serves, the other sees at once.

This is the scale-out path of docs/deploy.md (several processes behind a proxy): nothing of a
table lives in a process, so a round entered through one server is in the other's table JSON
and moves the other's live version (`/api/v1/tables/<id>/version`, polled by the live view).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask import Flask

from tests.serve.conftest import PLAYERS
from tests.serve.conftest import START_LIMIT
from tests.serve.conftest import fetch
from tests.serve.conftest import server_env

pytestmark = pytest.mark.postgres


def test_a_round_entered_through_one_process_is_seen_through_the_other(
    pg_app: Flask, servers: Any
) -> None:
    """POST a round to server A (X-Edit-Token); server B's table JSON and version show it."""
    url = pg_app.config["SQLALCHEMY_DATABASE_URI"]
    first, second = (
        servers(server_env(url), "serve", "--host", "127.0.0.1", "--port", "0") for _ in range(2)
    )
    deadline = time.monotonic() + START_LIMIT
    for server in (first, second):
        assert server.wait_until_up(deadline), server.errors()
    assert first.port != second.port

    created = fetch(
        first.url, "/api/v1/tables", "POST", {"variant": "dynamisch", "players": PLAYERS}
    )
    assert created.status == 201, created.text
    table, token = created.json()["id"], created.json()["edit_token"]
    before = fetch(second.url, f"/api/v1/tables/{table}/version")
    assert before.status == 200
    etag = before.headers["etag"]
    assert (
        fetch(second.url, f"/api/v1/tables/{table}/version", **{"If-None-Match": etag}).status
        == 304
    )

    hands = [
        {"jacks": 0, "others": 0},
        {"jacks": 1, "others": 3},
        {"jacks": 0, "others": 2},
        {"jacks": 0, "others": 5},
    ]
    entered = fetch(
        first.url,
        f"/api/v1/tables/{table}/rounds",
        "POST",
        {"hands": hands, "jack_suit": None},
        **{"X-Edit-Token": token},
    )
    assert entered.status == 201, entered.text

    seen = fetch(second.url, f"/api/v1/tables/{table}")
    assert seen.status == 200
    assert len(seen.json()["rounds"]) == 1
    assert seen.json()["totals"] == entered.json()["totals"]
    moved = fetch(second.url, f"/api/v1/tables/{table}/version", **{"If-None-Match": etag})
    assert moved.status == 200
    assert moved.json()["version"] != before.json()["version"]
    assert moved.headers["etag"] != etag
