"""One client's flood of connections does not stop `mautisch serve` answering the others.

A real server on loopback, behind a (pretended) proxy: 500 phones hold their event streams,
then one client opens 300 idle connections and 100 that trickle their headers a line a second.
Meanwhile ordinary requests are answered within 2 s each and a saved round still reaches the
phones' streams.
"""

from __future__ import annotations

import socket
import threading
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from tests.serve.conftest import fetch
from tests.serve.conftest import server_env
from tests.serve.streams import connect
from tests.serve.streams import open_stream
from tests.serve.streams import read_until
from tests.serve.test_serve_push import add_round
from tests.serve.test_serve_push import new_table
from tests.serve.test_serve_push import started

PHONES = 500
IDLE = 300
SLOW = 100
ANSWER_WITHIN = 2.0  # s
FLOOD_FOR = 12.0  # s


def trickle(held: list[socket.socket], until: float) -> None:
    """Send each slow connection one more header line a second, never ending the headers."""
    while time.monotonic() < until:
        for conn in held:
            with suppress(OSError):  # the server closed it: fine
                conn.sendall(b"X-Slow: 1\r\n")
        time.sleep(1)


def timed_get(base: str, path: str) -> tuple[int, float]:
    """One ordinary request: its status and how long it took."""
    start = time.monotonic()
    status = fetch(base, path).status
    return status, time.monotonic() - start


def test_a_flood_from_one_client_leaves_the_others_answered(tmp_path: Path, servers: Any) -> None:
    env = server_env(f"sqlite:///{tmp_path / 'flood.sqlite'}", PROXY_COUNT="1")
    server = started(servers, env)
    table_id, token = new_table(server.url)
    phones = [
        open_stream(server.url, table_id, f"X-Forwarded-For: 10.1.{n // 250}.{n % 250 + 1}")
        for n in range(PHONES)
    ]
    flood: list[socket.socket] = []
    try:
        for phone in phones:
            assert b"HTTP/1.1 200" in read_until(phone, b'"version": 0}', 10)
        flood += [connect(server.url) for _ in range(IDLE)]
        slow = [connect(server.url) for _ in range(SLOW)]
        flood += slow
        for conn in slow:
            conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        until = time.monotonic() + FLOOD_FOR
        trickler = threading.Thread(target=trickle, args=(slow, until), daemon=True)
        trickler.start()
        answers = []
        while time.monotonic() < until:
            answers.append(timed_get(server.url, "/"))
            answers.append(timed_get(server.url, f"/api/v1/tables/{table_id}/version"))
            time.sleep(0.5)
        assert len(answers) >= 10
        assert all(status == 200 for status, _ in answers), answers
        assert max(took for _, took in answers) < ANSWER_WITHIN, answers
        add_round(server.url, table_id, token)
        for phone in phones:
            assert b"id: 1\nevent: page" in read_until(phone, b"id: 1\nevent: page", 20)
        trickler.join(5)
    finally:
        for conn in phones + flood:
            conn.close()
