"""`GET /t/<id>/events`: one watching phone's event stream (text/event-stream), held in the loop.

On connect the phone is told the table's version at once (it may have slept through changes:
comparing with the version it shows is its catch-up), then for each newer version its fresh
page (event "page", app.push.render; "version" when that cannot be had, and the phone fetches
it), and a ping every PING seconds (keeps proxies and NAT from dropping an idle stream and
lets the phone see that the stream is alive). Beyond the hub's bounds the answer is 429 (this
client) or 503 (the server), with Retry-After: the phone polls instead. The stream is gzipped
as a whole (flushed after each event) when the phone accepts it: each page is mostly the one
before, so an event costs a few hundred bytes.
"""

from __future__ import annotations

import asyncio
import json
import zlib
from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any

from app.push.hub import Full
from app.push.hub import Hub

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
Lookup = Callable[[str], Awaitable[int | None]]
Render = Callable[[int], Awaitable[str | None]]

PING = 20.0  # s
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


def page_event(html: str, version: int) -> bytes:
    """The fresh page as one event (each line of it a data line)."""
    lines = "".join(f"data: {line}\n" for line in html.splitlines())
    return f"id: {version}\nevent: page\n{lines}\n".encode()


class Writer:
    """The open answer's body, gzipped and flushed per event when the phone accepts gzip."""

    def __init__(self, send: Send, gzip: bool) -> None:
        self.send = send
        self.packer = zlib.compressobj(6, zlib.DEFLATED, 31) if gzip else None

    async def write(self, chunk: bytes) -> None:
        """Send a chunk at once."""
        if self.packer is not None:
            chunk = self.packer.compress(chunk) + self.packer.flush(zlib.Z_SYNC_FLUSH)
        await self.send({"type": "http.response.body", "body": chunk, "more_body": True})


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
        await out.write(event("version", {"table": table_id, "version": version}, version))
        while not gone.done():
            waiting = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait(
                {waiting, gone}, timeout=PING, return_when=asyncio.FIRST_COMPLETED
            )
            if waiting in done:
                fresh = waiting.result()
                if fresh > version:
                    version = fresh
                    await out.write(await told(render, table_id, fresh))
            else:
                waiting.cancel()
                if not gone.done():
                    await out.write(event("ping", {}))
    except OSError:
        pass  # the phone went away while we wrote
    finally:
        gone.cancel()
        if waiting is not None:
            waiting.cancel()
        hub.unsubscribe(table_id, client, queue)


async def told(render: Render, table_id: str, version: int) -> bytes:
    """The event for a newer version: the fresh page, else the version alone."""
    html = await render(version)
    if html is None:
        return event("version", {"table": table_id, "version": version}, version)
    return page_event(html, version)


async def disconnected(receive: Receive) -> None:
    """Returns when the phone closed the stream."""
    while (await receive())["type"] != "http.disconnect":
        pass
