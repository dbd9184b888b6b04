"""The push hub in a real event loop: bounds, one delivery per version, hand-over from threads."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from collections.abc import Coroutine
from typing import Any
from typing import TypeVar

import pytest

from app.push.hub import Full
from app.push.hub import Hub
from app.store.announce import parse
from app.store.announce import payload

T = TypeVar("T")


def in_loop(run: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """`run()` in a fresh event loop on its own thread (Playwright's loop may hold this one)."""
    result: list[T] = []
    worker = threading.Thread(target=lambda: result.append(asyncio.run(run())))
    worker.start()
    worker.join(10)
    assert result, "the loop failed or took longer than 10 s"
    return result[0]


def test_streams_are_bounded_per_address_and_in_total() -> None:
    async def run() -> bool:
        hub = Hub(total=3, per_client=2)
        hub.subscribe("t1", "10.0.0.1")
        hub.subscribe("t1", "10.0.0.1")
        with pytest.raises(Full) as own:
            hub.subscribe("t2", "10.0.0.1")
        assert own.value.per_client
        held = hub.subscribe("t2", "10.0.0.2")
        with pytest.raises(Full) as everyone:
            hub.subscribe("t2", "10.0.0.3")
        assert not everyone.value.per_client
        hub.unsubscribe("t2", "10.0.0.2", held)
        hub.subscribe("t2", "10.0.0.3")  # a place is free again
        assert hub.open_streams() == 3
        return True

    in_loop(run)


def test_a_version_heard_twice_is_delivered_once_and_older_ones_never() -> None:
    async def run() -> bool:
        hub = Hub(total=10, per_client=10)
        queue = hub.subscribe("t1", "a")
        hub.publish("t1", 4)
        hub.publish("t1", 4)  # the same change through PostgreSQL
        hub.publish("t1", 3)  # a late, older one
        hub.publish("t2", 9)  # another table
        assert queue.get_nowait() == 4
        assert queue.empty()
        return True

    in_loop(run)


def test_a_change_told_from_another_thread_reaches_the_loop() -> None:
    async def run() -> int:
        hub = Hub(total=10, per_client=10)
        hub.bind(asyncio.get_running_loop())
        queue = hub.subscribe("t1", "a")
        writer = threading.Thread(target=hub.from_thread, kwargs={"table_id": "t1", "version": 7})
        writer.start()
        writer.join()
        return await asyncio.wait_for(queue.get(), 5)

    assert in_loop(run) == 7


def test_the_notify_payload_reads_back() -> None:
    assert parse(payload("AbC-_9", 12)) == ("AbC-_9", 12)
    assert parse("not ours") is None
    assert parse("") is None
