"""A rate limit storage (Redis) that refuses, stalls at the start or stalls later: new tables
are still made within a couple of seconds, never a 500, and the server says where it counts.

Each case runs a real `mautisch serve` process on a loopback port.
"""

from __future__ import annotations

import os
import signal
import socket
import time
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serve.conftest import START_LIMIT
from tests.serve.conftest import fetch
from tests.serve.conftest import server_env

ANSWER_WITHIN = 2.0  # seconds, the storage's socket timeout (0.5 s) with room to spare
BODY = {"variant": "terroristen", "players": ["Anna", "Ben"]}
FALLBACK = "counting in this process's memory"


@pytest.fixture
def stalled_port() -> Iterator[int]:
    """A loopback port that accepts connections (the system's backlog) and never answers."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        yield listener.getsockname()[1]


def refused_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def limited_server(servers: Callable[..., Any], tmp_path: Path, storage: str) -> Any:
    """A running server with rate limits on, counting in `storage`."""
    env = server_env(
        f"sqlite:///{tmp_path / 'limits.db'}",
        RATELIMIT_ENABLED="true",
        RATELIMIT_TABLES="2 per hour",
        RATELIMIT_STORAGE_URI=storage,
    )
    server = servers(env, "serve", "--host", "127.0.0.1", "--port", "0")
    assert server.wait_until_up(time.monotonic() + START_LIMIT), server.errors()
    return server


def timed_statuses(base: str, count: int) -> list[tuple[int, float]]:
    """Create `count` tables one after another: each answer's status and seconds taken."""
    answers = []
    for _ in range(count):
        started = time.monotonic()
        answer = fetch(base, "/api/v1/tables", "POST", BODY)
        answers.append((answer.status, time.monotonic() - started))
    return answers


@pytest.mark.parametrize("state", ["refused", "stalled"])
def test_a_storage_down_at_the_start_counts_in_memory(
    servers: Callable[..., Any], tmp_path: Path, stalled_port: int, state: str
) -> None:
    """Redis refused or stalled from the start: the server starts, says so, and counts alone
    (the third table within the hour is still refused, with Retry-After)."""
    port = refused_port() if state == "refused" else stalled_port
    server = limited_server(servers, tmp_path, f"redis://127.0.0.1:{port}")
    answers = timed_statuses(server.url, 3)
    assert [status for status, _ in answers] == [201, 201, 429]
    assert max(seconds for _, seconds in answers) < ANSWER_WITHIN
    assert FALLBACK in server.errors()


def test_a_storage_that_stalls_later_costs_one_short_wait(
    servers: Callable[..., Any], tmp_path: Path, redis_server: tuple[str, Any]
) -> None:
    """Redis answers at the start, then stops answering (its process stopped): the next table
    is made after the short socket timeout, those after it at once, none with a 500."""
    url, process = redis_server
    server = limited_server(servers, tmp_path, url)
    assert FALLBACK not in server.errors()
    assert [status for status, _ in timed_statuses(server.url, 1)] == [201]
    os.kill(process.pid, signal.SIGSTOP)
    try:
        answers = timed_statuses(server.url, 3)
    finally:
        os.kill(process.pid, signal.SIGCONT)
    # The count in memory starts afresh: two more tables, then the limit.
    assert [status for status, _ in answers] == [201, 201, 429]
    assert max(seconds for _, seconds in answers) < ANSWER_WITHIN
    assert answers[1][1] < answers[0][1]  # only the first waited for the stalled storage
    assert FALLBACK in server.errors()
