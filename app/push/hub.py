"""Who watches which table in this process, and handing them a table's new version.

Writes run in worker threads; the streams live in the event loop. `in_loop` is the one
thread-safe door (loop.call_soon_threadsafe); the blinker receivers (`from_thread` and the
save's answer ones) go through it. A version is handed on only when it is newer than the last
one handed on for that table, so a change heard twice (from this process and through
PostgreSQL) reaches a phone once.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

SEEN_TABLES = 10_000  # the newest versions remembered, for deduplication (oldest dropped)
READY_KEPT = 2.0  # s: how long a save's "answer rendered" is kept for the pushes after it


class Full(Exception):
    """No further stream may be opened: `per_client` says whether this client's bound was hit."""

    def __init__(self, per_client: bool) -> None:
        super().__init__("per client" if per_client else "in total")
        self.per_client = per_client


class Hub:
    """The event streams of this process, bounded in total and per client address."""

    def __init__(self, total: int, per_client: int) -> None:
        self.total = total
        self.per_client = per_client
        self.loop: asyncio.AbstractEventLoop | None = None
        self.watchers: dict[str, set[asyncio.Queue[int]]] = {}
        self.clients: Counter[str] = Counter()
        self.versions: OrderedDict[str, int] = OrderedDict()
        # The open streams' names, with the version their phone's own save answer carried.
        self.answered: dict[str, int] = {}
        # Per table and version: the saving phone's answer is rendered (app.push.events).
        self.ready: dict[tuple[str, int], asyncio.Event] = {}

    def open_streams(self) -> int:
        """How many streams are held now."""
        return sum(self.clients.values())

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Serve in this event loop (the ASGI server's, set at start-up)."""
        self.loop = loop

    def subscribe(self, table_id: str, client: str) -> asyncio.Queue[int]:
        """A queue of the table's new versions for one stream (Full when a bound is reached)."""
        if self.clients[client] >= self.per_client:
            raise Full(per_client=True)
        if self.open_streams() >= self.total:
            raise Full(per_client=False)
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=8)
        self.watchers.setdefault(table_id, set()).add(queue)
        self.clients[client] += 1
        return queue

    def unsubscribe(self, table_id: str, client: str, queue: asyncio.Queue[int]) -> None:
        """The stream ended."""
        queues = self.watchers.get(table_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.watchers[table_id]
        self.clients[client] -= 1
        if self.clients[client] <= 0:
            del self.clients[client]

    def known(self, table_id: str, version: int) -> bool:
        """Note the table's version; False when it was known already (or a newer one was)."""
        if self.versions.get(table_id, -1) >= version:
            return False
        self.versions[table_id] = version
        self.versions.move_to_end(table_id)
        while len(self.versions) > SEEN_TABLES:
            self.versions.popitem(last=False)
        return True

    def publish(self, table_id: str, version: int) -> None:
        """Hand a newer version to the table's streams (in the loop's thread)."""
        if not self.known(table_id, version):
            return
        for queue in self.watchers.get(table_id, ()):
            if queue.full():  # a phone that does not read: it needs the newest version only
                queue.get_nowait()
            queue.put_nowait(version)

    def note_answered(self, stream: str, version: int) -> None:
        """The phone of an open stream got the table at `version` in its own save's answer."""
        if stream in self.answered:
            self.answered[stream] = max(self.answered[stream], version)

    def in_loop(self, work: Callable[..., object], *args: object) -> None:
        """Run `work` in the loop's thread, from any thread (the one thread-safe door)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(work, *args)

    def answered_from_thread(self, _sender: Any = None, **said: Any) -> None:
        """A save's answer is on its way to the phone of a stream (a blinker receiver)."""
        self.in_loop(self.note_answered, str(said["stream"]), int(said["version"]))

    def answer_ready(self, table_id: str, version: int) -> asyncio.Event:
        """Set once the answer to the save that made this version is rendered (in the loop)."""
        key = (table_id, version)
        found = self.ready.get(key)
        if found is None:
            found = self.ready[key] = asyncio.Event()
            asyncio.get_running_loop().call_later(READY_KEPT, self.ready.pop, key, None)
        return found

    def answer_done_from_thread(self, _sender: Any = None, **done: Any) -> None:
        """A save's answer is rendered (a blinker receiver, any thread)."""
        key = (str(done["table_id"]), int(done["version"]))
        self.in_loop(lambda: self.answer_ready(*key).set())

    def from_thread(self, _sender: Any = None, **change: Any) -> None:
        """A committed change, told from any thread (a blinker receiver)."""
        self.in_loop(self.publish, str(change["table_id"]), int(change["version"]))
