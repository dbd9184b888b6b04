"""`GET /t/<id>/events`: one watching phone's event stream (text/event-stream), held in the loop.

On connect the phone is told the table's version at once (it may have slept through changes:
comparing with the version it shows is its catch-up), then for each newer version its fresh
page (event "page", app.push.render; "version" when that cannot be had, and the phone fetches
it), and a ping every PING seconds (keeps proxies and NAT from dropping an idle stream and
lets the phone see that the stream is alive). Beyond the hub's bounds the answer is 429 (this
client) or 503 (the server), with Retry-After: the phone polls instead. The stream is gzipped
when the phone accepts it, from pieces compressed alone (app.push.packed): a page is compressed
once for all phones of its key, and an open stream holds no compressor.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Awaitable
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from app.push.hub import Full
from app.push.hub import Hub
from app.push.packed import GZIP_HEADER
from app.push.packed import deflated

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
Lookup = Callable[[str], Awaitable[int | None]]
# The event of a newer version for a phone told the first one, compressed when asked (None:
# nothing to push, the phone is told the version).
Render = Callable[[int, int, bool], Awaitable[bytes | None]]

PING = 20.0  # s
# The phone that saved waits for its answer, rendered by its request's thread; the pushes' renders
# start when it is rendered, or this long after the change (a save with no page to answer).
AFTER_SAVE = 0.06  # s
RETRY = 3000  # ms: how soon a browser reconnects after the stream broke
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-store"),
    (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
]


def event(name: str, data: dict[str, Any], event_id: int | None = None) -> bytes:
    """One Server-Sent Event."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {name}\ndata: {json.dumps(data)}\n\n".encode()


PINGED = event("ping", {})
PINGED_PACKED = deflated(PINGED)


class Writer:
    """The open answer's body, each event sent at once; gzipped when the phone accepts gzip,
    from pieces compressed alone (the stream keeps no compressor)."""

    def __init__(self, send: Send, gzip: bool) -> None:
        self.send = send
        self.gzip = gzip
        self.head = GZIP_HEADER if gzip else b""  # goes with the first event

    async def write(self, chunk: bytes, packed: bool = False) -> None:
        """Send an event at once (`packed`: it is compressed already)."""
        if self.gzip and not packed:
            chunk = PINGED_PACKED if chunk == PINGED else deflated(chunk, small=True)
        body, self.head = self.head + chunk, b""
        await self.send({"type": "http.response.body", "body": body, "more_body": True})


def accepts_gzip(scope: dict[str, Any]) -> bool:
    """Does the request's Accept-Encoding name gzip?"""
    return any(
        name == b"accept-encoding" and b"gzip" in value.lower()
        for name, value in scope.get("headers", [])
    )


async def refuse(send: Send, status: int, text: str, retry_after: int | None = None) -> None:
    """A plain JSON error answer, for the log and tools: EventSource shows no body to a player
    (the page polls instead, and says whether it is current in its own words)."""
    headers = [(b"content-type", b"application/json"), (b"cache-control", b"no-store")]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": json.dumps({"error": text}).encode()})


async def stream(
    hub: Hub,
    lookup: Lookup,
    render: Render,
    table_id: str,
    client: str,
    scope: dict[str, Any],
    receive: Receive,
    send: Send,
) -> None:
    """Serve one phone's stream until it goes away."""
    version = await lookup(table_id)
    if version is None:
        await refuse(send, 404, "There is no table with this link.")
        return
    try:
        queue = hub.subscribe(table_id, client)
    except Full as full:
        if full.per_client:
            await refuse(send, 429, "Too many live views from this address.", 60)
        else:
            await refuse(send, 503, "Too many live views on this server.", 60)
        return
    hub.known(table_id, version)  # what this phone is told now is no news to the sweep
    # The stream's name: the phone sends it with a save (X-Stream), so the version its own
    # answer carries is not pushed to it again.
    name = secrets.token_urlsafe(12)
    hub.answered[name] = 0
    newest = hub.versions.get(table_id, version)
    if newest > version:  # published between the lookup and the subscription
        queue.put_nowait(newest)
    gone = asyncio.ensure_future(disconnected(receive))
    waiting: asyncio.Future[int] | None = None
    gzip = accepts_gzip(scope)
    headers = HEADERS + ([(b"content-encoding", b"gzip")] if gzip else [])
    out = Writer(send, gzip)
    try:
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await out.write(f"retry: {RETRY}\n\n".encode())
        first = {"stream": name, "table": table_id, "version": version}
        await out.write(event("version", first, version))
        while not gone.done():
            waiting = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait(
                {waiting, gone}, timeout=PING, return_when=asyncio.FIRST_COMPLETED
            )
            if waiting in done:
                fresh = waiting.result()
                if fresh > version:
                    await told(out, render, table_id, version, fresh, hub, name)
                    version = fresh
            else:
                waiting.cancel()
                if not gone.done():
                    await out.write(PINGED)
    except OSError:
        pass  # the phone went away while we wrote
    finally:
        gone.cancel()
        if waiting is not None:
            waiting.cancel()
        hub.unsubscribe(table_id, client, queue)
        hub.answered.pop(name, None)


async def told(
    out: Writer, render: Render, table_id: str, before: int, version: int, hub: Hub, name: str
) -> None:
    """Send the event of a newer version: the fresh page or what changed since `before`, else
    the version alone; nothing when the phone's own save answer carried it."""
    with suppress(TimeoutError):
        await asyncio.wait_for(hub.answer_ready(table_id, version).wait(), AFTER_SAVE)
    if hub.answered.get(name, 0) >= version:
        return
    page = await render(before, version, out.gzip)
    if page is None:
        await out.write(event("version", {"table": table_id, "version": version}, version))
    else:
        await out.write(page, packed=out.gzip)


async def disconnected(receive: Receive) -> None:
    """Returns when the phone closed the stream."""
    while (await receive())["type"] != "http.disconnect":
        pass
