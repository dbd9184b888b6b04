"""Raw event-stream and connection helpers for the push tests (plain sockets, no library)."""

from __future__ import annotations

import socket
import time
from urllib.parse import urlsplit


def connect(base: str, timeout: float = 10.0) -> socket.socket:
    """A TCP connection to the server."""
    parts = urlsplit(base)
    return socket.create_connection((parts.hostname or "", parts.port or 80), timeout=timeout)


def open_stream(base: str, table_id: str, *headers: str) -> socket.socket:
    """A GET of the table's event stream, its answer left to be read."""
    conn = connect(base)
    lines = [f"GET /t/{table_id}/events HTTP/1.1", "Host: 127.0.0.1", *headers, "", ""]
    conn.sendall("\r\n".join(lines).encode())
    return conn


def read_until(conn: socket.socket, marker: bytes, limit: float) -> bytes:
    """What arrives until `marker` is among it (or `limit` seconds passed)."""
    got = b""
    deadline = time.monotonic() + limit
    while marker not in got and time.monotonic() < deadline:
        conn.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            chunk = conn.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            break
        got += chunk
    return got
