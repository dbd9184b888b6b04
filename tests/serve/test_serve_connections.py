"""Connections that would lock the others out of `mautisch serve` (a real process on loopback).

A connection that sends no request, or its head a line a second, is closed within seconds;
so is one that trickles its second request after a first was answered. One address may hold
`--per-address` + 100 connections: beyond, it hears 429 at once, while a phone from another
address (127.0.0.2) is served as usual.
"""

from __future__ import annotations

import socket
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from tests.serve.conftest import server_env
from tests.serve.streams import connect
from tests.serve.test_serve_push import started

CLOSED_WITHIN = 8.0  # s: the head timeout (5 s) and room for a busy machine
PER_ADDRESS = 20  # live views per address: 120 connections per address
GET = b"GET /rules HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def closed_after(conn: socket.socket, trickle: bytes | None, limit: float) -> float | None:
    """Seconds until the server closed `conn` (None: still open after `limit`), sending
    `trickle` once a second meanwhile."""
    start = time.monotonic()
    conn.settimeout(1.0)
    while time.monotonic() - start < limit:
        if trickle is not None:
            with suppress(OSError):
                conn.sendall(trickle)
        try:
            chunk = conn.recv(65536)
        except TimeoutError:
            continue
        except OSError:
            return time.monotonic() - start
        if not chunk:
            return time.monotonic() - start
    return None


def answer_of(conn: socket.socket) -> bytes:
    """One whole answer with a Content-Length body."""
    conn.settimeout(10)
    got = b""
    while b"\r\n\r\n" not in got:
        got += conn.recv(65536)
    head, _, body = got.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += conn.recv(65536)
    return head


def test_silent_and_slow_connections_are_closed(tmp_path: Path, servers: Any) -> None:
    server = started(servers, server_env(f"sqlite:///{tmp_path / 'c.sqlite'}"))
    silent, slow, second = conns = [connect(server.url) for _ in range(3)]
    try:
        slow.sendall(b"GET /rules HTTP/1.1\r\n")
        second.sendall(GET)
        assert b"200 OK" in answer_of(second)  # a kept connection, then a slow second request
        took = [
            closed_after(silent, None, 15),
            closed_after(slow, b"X-Slow: 1\r\n", 15),
            closed_after(second, b"X-Slow: 1\r\n", 15),
        ]
    finally:
        for conn in conns:
            conn.close()
    assert all(t is not None and t < CLOSED_WITHIN for t in took), took
    # A request whose head comes at once is served on a kept connection.
    kept = connect(server.url)
    for _ in range(2):
        kept.sendall(GET)
        assert b"200 OK" in answer_of(kept)
    kept.close()


def test_one_address_holds_its_share_and_another_gets_through(tmp_path: Path, servers: Any) -> None:
    env = server_env(f"sqlite:///{tmp_path / 'c.sqlite'}")
    server = started(servers, env, "--per-address", str(PER_ADDRESS))
    share = PER_ADDRESS + 100
    held = [connect(server.url) for _ in range(share)]
    try:
        for _ in range(5):
            with connect(server.url) as refused:
                head = answer_of(refused)
            assert head.startswith(b"HTTP/1.1 429"), head
            assert b"retry-after: 10" in head.lower()
        other = socket.create_connection(
            ("127.0.0.1", server.port), timeout=10, source_address=("127.0.0.2", 0)
        )
        with other:
            other.sendall(GET)
            assert b"200 OK" in answer_of(other)
    finally:
        for conn in held:
            conn.close()
