"""`GET /t/<id>/events`: one watching phone's event stream (text/event-stream), held in the loop.

On connect the phone is told the table's version at once (it may have slept through changes:
comparing with the version it shows is its catch-up), then each newer version as it is
committed, and a ping every PING seconds (keeps proxies and NAT from dropping an idle stream and
lets the phone see that the stream is alive). Beyond the hub's bounds the answer is 429 (this
client) or 503 (the server), with Retry-After: the phone polls instead.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any

from app.push.hub import Full
from app.push.hub import Hub

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
Lookup = Callable[[str], Awaitable[int | None]]

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


async def refuse(send: Send, status: int, text: str, retry_after: int | None = None) -> None:
    """A plain JSON error answer."""
    headers = [(b"content-type", b"application/json"), (b"cache-control", b"no-store")]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": json.dumps({"error": text}).encode()})


async def stream(
    hub: Hub, lookup: Lookup, table_id: str, client: str, receive: Receive, send: Send
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
    gone = asyncio.ensure_future(disconnected(receive))
    try:
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        await send_more(send, f"retry: {RETRY}\n\n".encode())
        await send_more(send, event("version", {"table": table_id, "version": version}, version))
        while not gone.done():
            waiting = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait(
                {waiting, gone}, timeout=PING, return_when=asyncio.FIRST_COMPLETED
            )
            if waiting in done:
                fresh = waiting.result()
                told = {"table": table_id, "version": fresh}
                await send_more(send, event("version", told, fresh))
            else:
                waiting.cancel()
                if not gone.done():
                    await send_more(send, event("ping", {}))
    except OSError:
        pass  # the phone went away while we wrote
    finally:
        gone.cancel()
        hub.unsubscribe(table_id, client, queue)


async def send_more(send: Send, chunk: bytes) -> None:
    """A chunk of the open answer."""
    await send({"type": "http.response.body", "body": chunk, "more_body": True})


async def disconnected(receive: Receive) -> None:
    """Returns when the phone closed the stream."""
    while (await receive())["type"] != "http.disconnect":
        pass
