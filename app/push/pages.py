"""Pushed pages rendered and compressed once per table version and key, a fair share of
threads per table.

The phones of one table hear of a change at the same moment. The first stream of a key starts
its render in a worker thread; the others of that key await the same result in the event loop,
holding no thread (a page of a version at least as new as the one asked for is taken as it
is). One table's renders take at most PER_TABLE threads at a time, so a table with hundreds of
phones (or one client's hundreds of streams) waits for its own renders and delays no other
table's.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Hashable
from typing import Any
from typing import TypeVar

from flask import Flask

from app.push.packed import SharedPage
from app.push.render import Role
from app.push.render import Viewer
from app.push.render import for_phone
from app.push.render import rendered
from app.push.render import role

PER_TABLE = 2  # threads one table's renders may take at a time
KEPT = 256  # keys: only the burst after a change needs them, the oldest go first
T = TypeVar("T")
Flight = tuple[int, "asyncio.Future[SharedPage | None]"]


class Pages:
    """The newest page per key, rendered once and awaited by every stream of the key."""

    def __init__(self, app: Flask, kept: int = KEPT) -> None:
        self.app = app
        self.kept = kept
        self.flights: OrderedDict[Hashable, Flight] = OrderedDict()
        self.lanes: dict[str, asyncio.Semaphore] = {}
        self.waiting: Counter[str] = Counter()

    async def page(self, table_id: str, viewer: Viewer, version: int) -> str | None:
        """The phone's page at `version` or newer (None: gone, refused, failed: it fetches)."""
        shared = await self.shared(table_id, viewer, version)
        if shared is None or viewer.role is None:
            return None
        return for_phone(shared.html, viewer.role)

    async def shared(self, table_id: str, viewer: Viewer, version: int) -> SharedPage | None:
        """The page of the phone's key at `version` or newer, as every phone of the key gets it
        (None: gone, refused, failed); the phone's role is decided on the way (viewer.role)."""
        if viewer.role is None:
            viewer.role = await self.in_lane(table_id, role, self.app, table_id, viewer)
        found: Role | None = viewer.role
        if found is None:
            return None
        key = viewer.page_key(table_id, found)
        flight = self.flights.get(key)
        if flight is None or flight[0] < version or (flight[1].done() and not flight[1].result()):
            flight = (version, asyncio.get_running_loop().create_future())
            self.keep(key, flight)
            page: SharedPage | None = None
            try:
                page = await self.in_lane(
                    table_id, packed_page, self.app, viewer.environ(table_id), found.editor
                )
            finally:  # a failed render is not kept: the next change renders anew
                flight[1].set_result(page)
        return await asyncio.shield(flight[1])

    def keep(self, key: Hashable, flight: Flight) -> None:
        """Remember the key's newest render; the least recently used beyond `kept` go."""
        self.flights[key] = flight
        self.flights.move_to_end(key)
        while len(self.flights) > self.kept:
            self.flights.popitem(last=False)

    async def in_lane(self, table_id: str, work: Callable[..., T], *args: object) -> T:
        """Run `work` in a worker thread, at most PER_TABLE of the table's at a time."""
        lane = self.lanes.setdefault(table_id, asyncio.Semaphore(PER_TABLE))
        self.waiting[table_id] += 1
        try:
            async with lane:
                return await asyncio.to_thread(work, *args)
        finally:
            self.waiting[table_id] -= 1
            if not self.waiting[table_id]:
                del self.waiting[table_id], self.lanes[table_id]


def packed_page(app: Flask, environ: dict[str, Any], editor: bool) -> SharedPage | None:
    """The live copy rendered and packed for the phones (in a worker thread)."""
    html, _shown, base = rendered(app, environ)
    return None if html is None else SharedPage(html, editor, base)
