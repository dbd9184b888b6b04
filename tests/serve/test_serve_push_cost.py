"""What a round costs `mautisch serve` with many streams on one table (a real process).

100 streams of one table, each with its own query string, and 20 of editors: after each round
every stream gets its page, and the server's CPU time per round stays that of a few renders,
not one per stream (Linux: the process's CPU time from /proc).
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.serve.conftest import fetch
from tests.serve.conftest import server_env
from tests.serve.streams import connect
from tests.serve.streams import open_stream
from tests.serve.streams import read_until
from tests.serve.test_serve_push import add_round
from tests.serve.test_serve_push import new_table
from tests.serve.test_serve_push import started

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="CPU time read from /proc")

READERS = 100
EDITORS = 20
ROUNDS = 4
CPU_PER_ROUND = 0.3  # s: a render per role costs tens of ms; one per stream, a second


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of the process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime, stime in clock ticks (USER_HZ)


def query_stream(base: str, table_id: str, query: str) -> socket.socket:
    """A GET of the table's event stream with a query string of its own."""
    conn = connect(base)
    conn.sendall(f"GET /t/{table_id}/events?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return conn


def editor_cookie(base: str, table_id: str, token: str) -> str:
    """The session cookie of a phone that opened the edit link, then the table page."""
    claimed = fetch(base, f"/t/{table_id}/edit/{token}")
    cookie = claimed.headers["set-cookie"].split(";")[0]
    shown = fetch(base, f"/t/{table_id}", Cookie=cookie)
    return shown.headers.get("set-cookie", cookie).split(";")[0]


def test_many_streams_of_one_table_cost_a_few_renders_per_round(
    tmp_path: Path, servers: Any
) -> None:
    env = server_env(f"sqlite:///{tmp_path / 'cost.sqlite'}")
    server = started(servers, env, "--per-address", str(READERS + EDITORS))
    table_id, token = new_table(server.url)
    cookies = [editor_cookie(server.url, table_id, token) for _ in range(EDITORS)]
    phones = [open_stream(server.url, table_id, f"Cookie: {cookie}") for cookie in cookies]
    phones += [query_stream(server.url, table_id, f"x={n}") for n in range(READERS)]
    try:
        for phone in phones:
            assert b"HTTP/1.1 200" in read_until(phone, b'"version": 0}', 10)
        before = cpu_seconds(server.pid)
        for version in range(1, ROUNDS + 1):
            add_round(server.url, table_id, token)
            marker = f"id: {version}\nevent: page".encode()
            for phone in phones:
                assert marker in read_until(phone, marker, 20)
        per_round = (cpu_seconds(server.pid) - before) / ROUNDS
        assert per_round < CPU_PER_ROUND, per_round
    finally:
        for phone in phones:
            phone.close()
