"""Memory of `mautisch serve` under many event streams (a real process on loopback, by pid).

Phones open gzipped streams (as browsers do), each receives a pushed page, then all close. An
open stream may hold little (STREAM_BYTES, read from the process's RSS while 2,000 are open),
and what the streams held is given back: after the cycles, with none open, the process stays
within KEPT_BYTES of where it started.
"""

from __future__ import annotations

import selectors
import socket
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import pytest

from tests.serve.conftest import server_env
from tests.serve.streams import open_stream
from tests.serve.test_serve_push import add_round
from tests.serve.test_serve_push import new_table
from tests.serve.test_serve_push import started

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="RSS read from /proc")

TABLES = 100
STREAMS = 2000  # per cycle, STREAMS // TABLES per table
CYCLES = 3
STREAM_BYTES = 50 * 1024
KEPT_BYTES = 50 * 1024 * 1024
WAIT = 120.0  # s for one cycle's streams to get their answer or their page


def rss(pid: int) -> int:
    """The process's resident memory in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


class Phone:
    """One open stream: its socket and what arrived of it, gunzipped."""

    def __init__(self, base: str, table_id: str) -> None:
        self.conn = open_stream(base, table_id, "Accept-Encoding: gzip")
        self.conn.setblocking(False)
        self.raw = b""
        self.text = b""

    def take(self) -> None:
        """Read what arrived (the body is gzipped and not chunk-framed by the test: the gzip
        data is found after the head and inflated as far as it goes)."""
        try:
            chunk = self.conn.recv(65536)
        except BlockingIOError:
            return
        self.raw += chunk
        head, sep, body = self.raw.partition(b"\r\n\r\n")
        if sep and b"chunked" in head.lower():
            self.text = unchunk_inflate(body)

    def has(self, marker: bytes) -> bool:
        """Did the stream bring `marker`?"""
        return marker in self.text


def unchunk_inflate(body: bytes) -> bytes:
    """The chunked body's gzipped bytes, inflated as far as they arrived."""
    data = b""
    while body:
        size_line, sep, rest = body.partition(b"\r\n")
        if not sep:
            break
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0 or len(rest) < size + 2:
            data += rest[:size] if size else b""
            break
        data += rest[:size]
        body = rest[size + 2 :]
    return zlib.decompressobj(31).decompress(data)


def wait_for(phones: list[Phone], marker: bytes) -> None:
    """Read every phone until each has brought `marker` (bounded by WAIT)."""
    selector = selectors.DefaultSelector()
    waiting = {phone.conn.fileno(): phone for phone in phones if not phone.has(marker)}
    for fd, phone in waiting.items():
        selector.register(phone.conn, selectors.EVENT_READ, fd)
    deadline = time.monotonic() + WAIT
    try:
        while waiting and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=1.0):
                phone = waiting[key.data]
                phone.take()
                if phone.has(marker):
                    selector.unregister(phone.conn)
                    del waiting[key.data]
    finally:
        selector.close()
    assert not waiting, f"{len(waiting)} streams did not bring {marker!r}"


def cycle(base: str, tables: list[tuple[str, str]], count: int, version: int) -> list[Phone]:
    """Open `count` streams over the tables, save a round at each table and wait until every
    stream brought the new page; the streams are returned open."""
    phones = [Phone(base, tables[n % len(tables)][0]) for n in range(count)]
    wait_for(phones, f'"version": {version - 1}}}'.encode())
    for table_id, token in tables:
        add_round(base, table_id, token)
    wait_for(phones, f"id: {version}\nevent: page".encode())
    return phones


def close(phones: list[Phone]) -> None:
    """Close the streams and let the server notice."""
    for phone in phones:
        phone.conn.shutdown(socket.SHUT_RDWR)
        phone.conn.close()
    time.sleep(3.0)


def test_open_streams_hold_little_and_give_it_back(tmp_path: Path, servers: Any) -> None:
    env = server_env(
        f"sqlite:///{tmp_path / 'memory.sqlite'}",
        RATELIMIT_TABLES="1000 per hour",  # every table of the test comes from one address
        RATELIMIT_ROUNDS_TABLE="1000 per minute",
        RATELIMIT_ROUNDS_ADDRESS="1000 per minute",
    )
    server = started(servers, env, "--per-address", str(STREAMS + 100), "--connections", "5000")
    tables = [new_table(server.url) for _ in range(TABLES)]
    close(cycle(server.url, tables, TABLES * 2, 1))  # templates, caches and pools warmed up
    start = rss(server.pid)
    held: list[int] = []
    for round_number in range(2, CYCLES + 2):
        phones = cycle(server.url, tables, STREAMS, round_number)
        held.append(rss(server.pid) - start)
        close(phones)
    after = rss(server.pid) - start
    print(
        f"\nRSS at start {start / 2**20:.1f} MB; with {STREAMS} streams open: "
        + ", ".join(f"+{h / 2**20:.1f} MB" for h in held)
        + f"; none open after {CYCLES} cycles: {after / 2**20:+.1f} MB"
    )
    assert max(held) / STREAMS <= STREAM_BYTES, held
    assert after <= KEPT_BYTES, after
