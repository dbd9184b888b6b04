"""The hardening tests start real servers the way the serving tests do (tests/serve/), and
Redis servers of their own for the rate limits."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serve.conftest import servers  # noqa: F401  (the fixture, shared)


def listening(port: int) -> bool:
    """Does something accept connections on this loopback port?"""
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture
def redis_url(redis_server: tuple[str, subprocess.Popen[bytes]]) -> str:
    """The address of a Redis server of its own."""
    return redis_server[0]


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A Redis server of its own on a free loopback port (its address and process), stopped
    by its pid afterwards."""
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("redis-server is not installed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while not listening(port):
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}", process
    finally:
        process.terminate()
        process.wait(timeout=10)
