"""Changes pushed to watching phones by `mautisch serve` (a real process on loopback).

A round saved reaches an open event stream as the table's fresh page; a reconnecting phone is
told the current version at once (its catch-up); the streams of one address are bounded; on
PostgreSQL a change made through one process reaches a stream held by another.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import postgres_url
from tests.serve.conftest import START_LIMIT
from tests.serve.conftest import fetch
from tests.serve.conftest import server_env
from tests.serve.streams import open_stream
from tests.serve.streams import read_until

ROUND = {
    "hands": [
        {"jacks": 0, "others": 0},
        {"jacks": 0, "others": 2},
        {"jacks": 1, "others": 1},
        {"jacks": 0, "others": 3},
    ],
    "jack_suit": None,
}
TABLE = {"variant": "dynamisch", "name": "Freitag", "players": ["Anna", "Ben", "Cem", "Dora"]}


def started(servers: Any, env: dict[str, str], *args: str) -> Any:
    """A server on a free loopback port, waited for."""
    server = servers(env, "serve", "--host", "127.0.0.1", "--port", "0", *args)
    assert server.wait_until_up(time.monotonic() + START_LIMIT), server.errors()
    return server


def new_table(base: str) -> tuple[str, str]:
    """A table through the API: (id, edit token)."""
    made = fetch(base, "/api/v1/tables", "POST", TABLE)
    assert made.status == 201, made.text
    return made.json()["id"], made.json()["edit_token"]


def add_round(base: str, table_id: str, token: str) -> None:
    """One round through the API."""
    added = fetch(
        base, f"/api/v1/tables/{table_id}/rounds", "POST", ROUND, **{"X-Edit-Token": token}
    )
    assert added.status == 201, added.text


def test_a_saved_round_reaches_an_open_stream(tmp_path: Path, servers: Any) -> None:
    server = started(servers, server_env(f"sqlite:///{tmp_path / 'push.sqlite'}"))
    table_id, token = new_table(server.url)
    stream = open_stream(server.url, table_id)
    try:
        first = read_until(stream, b'"version": 0}', 10)
        assert b"HTTP/1.1 200" in first
        assert b"content-type: text/event-stream" in first.lower()
        assert b"id: 0\nevent: version\n" in first
        add_round(server.url, table_id, token)
        add_round(server.url, table_id, token)
        # Each change brings the fresh page itself, as /t/<id>/live renders it.
        later = read_until(stream, b"id: 2\nevent: page\n", 10)
        later += read_until(stream, b"</html>\n\n", 10)
        assert b"id: 1\nevent: page\ndata: " in later
        assert b'data-version="2"' in later.split(b"id: 2\nevent: page\n")[1]
    finally:
        stream.close()
    # A phone back from sleep (it saw version 0) is told the current version first.
    again = open_stream(server.url, table_id, "Last-Event-ID: 0")
    try:
        assert b'id: 2\nevent: version\ndata: {"stream": "' in read_until(again, b"version", 10)
    finally:
        again.close()


def test_streams_of_one_address_are_bounded(tmp_path: Path, servers: Any) -> None:
    env = server_env(f"sqlite:///{tmp_path / 'bound.sqlite'}")
    server = started(servers, env, "--per-address", "3")
    table_id, _ = new_table(server.url)
    held = [open_stream(server.url, table_id) for _ in range(3)]
    try:
        for stream in held:
            assert b"HTTP/1.1 200" in read_until(stream, b"version", 10)
        refused = open_stream(server.url, table_id)
        answer = read_until(refused, b"}", 10)
        refused.close()
        assert answer.startswith(b"HTTP/1.1 429"), answer
        assert b"retry-after: 60" in answer.lower()
        # Ordinary requests of the same address are still answered.
        assert fetch(server.url, f"/api/v1/tables/{table_id}/version").status == 200
    finally:
        for stream in held:
            stream.close()


def test_no_stream_for_a_table_that_does_not_exist(tmp_path: Path, servers: Any) -> None:
    server = started(servers, server_env(f"sqlite:///{tmp_path / 'none.sqlite'}"))
    assert fetch(server.url, "/t/AAAAAAAAAAAAAAAAAAAAAA/events").status == 404


def test_a_plain_wsgi_server_answers_204_so_the_phone_polls(live_server: Any) -> None:
    client = live_server.app.test_client()
    table_id = client.post("/api/v1/tables", json=TABLE).json["id"]
    assert client.get(f"/t/{table_id}/events").status_code == 204


def test_two_processes_on_one_sqlite_file_push_each_others_changes(
    tmp_path: Path, servers: Any
) -> None:
    env = server_env(f"sqlite:///{tmp_path / 'shared.sqlite'}")
    one = started(servers, env)
    other = started(servers, env)
    table_id, token = new_table(one.url)
    stream = open_stream(other.url, table_id)
    try:
        assert b'"version": 0}' in read_until(stream, b'"version": 0}', 10)
        add_round(one.url, table_id, token)
        start = time.monotonic()
        assert b"id: 1\nevent: page" in read_until(stream, b"id: 1\nevent: page", 10)
        assert time.monotonic() - start < 5  # the sweep runs every 2 s
    finally:
        stream.close()


@pytest.mark.postgres
def test_a_change_through_one_process_reaches_a_stream_on_another(
    tmp_path: Path, servers: Any
) -> None:
    env = server_env(postgres_url())
    one = started(servers, env)
    other = started(servers, env)
    table_id, token = new_table(one.url)
    stream = open_stream(other.url, table_id)
    try:
        assert b'"version": 0}' in read_until(stream, b'"version": 0}', 10)
        add_round(one.url, table_id, token)
        assert b"id: 1\nevent: page" in read_until(stream, b"id: 1\nevent: page", 10)
    finally:
        stream.close()
