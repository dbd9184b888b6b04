"""The phone that saved is not pushed its own change again (a real `mautisch serve`).

Its save's answer already carries the new state (app.tables.answer); the phone names its event
stream with the save (X-Stream, the name its stream told it), so that stream skips the version
the answer carried: the render of the editor's page for it is not made. Every other stream
gets the change, and the saving phone's stream gets the next change as before.
"""

from __future__ import annotations

import http.client
import re
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlencode
from urllib.parse import urlsplit

from tests.serve.conftest import fetch
from tests.serve.conftest import server_env
from tests.serve.streams import open_stream
from tests.serve.streams import read_until
from tests.serve.test_serve_push import add_round
from tests.serve.test_serve_push import new_table
from tests.serve.test_serve_push import started
from tests.serve.test_serve_push_cost import editor_cookie

QUIET = 2.0  # s: far beyond a push's delay on an idle server


def stream_name(stream: socket.socket) -> str:
    """The name the stream's first event tells its phone."""
    first = read_until(stream, b'"version": 0}', 10)
    found = re.search(rb'"stream": "([^"]+)"', first)
    assert found is not None, first
    return found[1].decode()


def save_in_place(
    base: str, table_id: str, cookie: str, **headers: str
) -> http.client.HTTPResponse:
    """The round form posted as offline.js posts it: the answer is what changed since 0."""
    form = fetch(base, f"/t/{table_id}/rounds/new", Cookie=cookie).text
    fields = dict(
        re.findall(
            r'<input id="(csrf_token|idempotency_key)" name="\1" type="hidden" value="([^"]*)"',
            form,
        )
    )
    hands = {f"hands-{seat}-others": str(seat + 1) for seat in range(4)}
    hands["hands-0-others"] = "0"  # Anna is out
    body = urlencode(
        {
            **fields,
            **hands,
            "expected_number": "1",
            "jack_suit": "",
            "direction": "clockwise",
            "next_dealer": "",
        }
    )
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    connection.request(
        "POST",
        f"/t/{table_id}/rounds/new",
        body=body,
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": cookie,
            "X-Answer": "table",
            "X-Changes-From": "0",
            **headers,
        },
    )
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return answer


def test_the_saving_phone_is_not_pushed_its_own_change(tmp_path: Path, servers: Any) -> None:
    server = started(servers, server_env(f"sqlite:///{tmp_path / 'own.sqlite'}"))
    table_id, token = new_table(server.url)
    cookie = editor_cookie(server.url, table_id, token)
    own = open_stream(server.url, table_id, f"Cookie: {cookie}")
    other = open_stream(server.url, table_id, f"Cookie: {cookie}")  # the same editor's tablet
    reader = open_stream(server.url, table_id)
    try:
        name = stream_name(own)
        assert stream_name(other) != name
        stream_name(reader)
        answer = save_in_place(server.url, table_id, cookie, **{"X-Stream": name})
        assert answer.status == 200 and answer.getheader("X-Table-Version") == "1"
        assert answer.getheader("X-Changes-Base") == "0"
        for phone in (other, reader):
            assert b"id: 1\nevent: page" in read_until(phone, b"id: 1\nevent: page", 10)
        assert b"id: 1\n" not in read_until(own, b"id: 1\n", QUIET)
        # The next change, from elsewhere, reaches it as before.
        add_round(server.url, table_id, token)
        assert b"id: 2\nevent: page" in read_until(own, b"id: 2\nevent: page", 10)
    finally:
        for phone in (own, other, reader):
            phone.close()


def test_a_save_naming_no_stream_is_pushed_to_every_stream(tmp_path: Path, servers: Any) -> None:
    """Without the header (no script, another tab, an old page): every stream gets it."""
    server = started(servers, server_env(f"sqlite:///{tmp_path / 'all.sqlite'}"))
    table_id, token = new_table(server.url)
    cookie = editor_cookie(server.url, table_id, token)
    own = open_stream(server.url, table_id, f"Cookie: {cookie}")
    try:
        stream_name(own)
        answer = save_in_place(server.url, table_id, cookie, **{"X-Stream": "not-a-stream"})
        assert answer.status == 200
        assert b"id: 1\nevent: page" in read_until(own, b"id: 1\nevent: page", 10)
    finally:
        own.close()
