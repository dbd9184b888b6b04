"""The app as one ASGI application: event streams in the event loop, the rest through Flask.

`/t/<id>/events` (app.push) is answered here, so thousands of idle streams cost an entry in the
loop each, not a thread. Every other request goes to the Flask app through a2wsgi's
WSGIMiddleware, which runs it in a bounded thread pool (`threads`). At start-up the push hub is
bound to the loop, a sweep of the watched tables' versions starts (app.push.sweep) and, on
PostgreSQL, a LISTEN task hears the other processes' changes.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from typing import Any

from a2wsgi import WSGIMiddleware
from flask import Flask

from app.push.events import Receive
from app.push.events import Scope
from app.push.events import Send
from app.push.events import stream
from app.push.hub import Hub
from app.push.listen import libpq_url
from app.push.listen import listen
from app.push.pages import Pages
from app.push.render import Viewer
from app.push.sweep import sweep
from app.serve.lanes import LANE_THREADS
from app.serve.lanes import needs_no_database
from app.store.announce import answer_done
from app.store.announce import answered
from app.store.announce import table_changed
from app.store.groups import find_group
from app.store.payments import group_key
from app.store.tables import table_head

EVENTS = re.compile(r"/t/([^/]+)/events")
GROUP_EVENTS = re.compile(r"/g/([^/]+)/events")
# Seconds between sweeps of the watched tables' versions: SQLite has no NOTIFY to hear other
# processes by; on PostgreSQL the sweep only backs up LISTEN.
SWEEP = {"sqlite": 2.0, "postgresql": 15.0}
log = logging.getLogger(__name__)


async def no_page(_told: int, _version: int, _gzip: bool) -> bytes | None:
    """A group's stream carries versions only: its page fetches itself."""
    return None


class PushApp:
    """The ASGI callable: routes the event streams, hands the rest to Flask."""

    def __init__(self, flask_app: Flask, threads: int, hub: Hub) -> None:
        self.flask_app = flask_app
        self.hub = hub
        self.threads = threads
        self.pages = Pages(flask_app)  # rendered once per change and key (app.push.pages)
        self.wsgi = WSGIMiddleware(flask_app, workers=threads)  # type: ignore[arg-type]
        # Requests that need no database: threads a stalled one cannot hold (app.serve.lanes).
        self.no_database = WSGIMiddleware(flask_app, workers=LANE_THREADS)  # type: ignore[arg-type]
        self.proxies = int(flask_app.config.get("PROXY_COUNT") or 0)
        self.tasks: list[asyncio.Task[None]] = []
        table_changed.connect(hub.from_thread, weak=False)
        answered.connect(hub.answered_from_thread, weak=False)
        answer_done.connect(hub.answer_done_from_thread, weak=False)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Lifespan, an event stream, or a Flask request."""
        if scope["type"] == "lifespan":
            await self.lifespan(receive, send)
            return
        path = EVENTS.fullmatch(scope.get("path", ""))
        if scope["type"] == "http" and path and scope["method"] in ("GET", "HEAD"):
            table_id, viewer = path[1], Viewer(scope)

            async def render(told: int, version: int, gzip: bool) -> bytes | None:
                return await self.page(table_id, viewer, told, version, gzip)

            client = self.client(scope)
            await stream(self.hub, self.version, render, table_id, client, scope, receive, send)
            return
        group = GROUP_EVENTS.fullmatch(scope.get("path", ""))
        if scope["type"] == "http" and group and scope["method"] in ("GET", "HEAD"):
            # A group's page is told the version only and fetches itself (app.groups.live).
            client = self.client(scope)
            key = group_key(group[1])
            await stream(self.hub, self.group_version, no_page, key, client, scope, receive, send)
            return
        lane = self.no_database if needs_no_database(scope.get("path", "")) else self.wsgi
        await lane(scope, receive, send)  # type: ignore[arg-type]

    def client(self, scope: Scope) -> str:
        """The client's address: the socket's, or (behind PROXY_COUNT proxies) the one the
        first proxy saw, as werkzeug's ProxyFix reads it."""
        if self.proxies:
            forwarded = [
                value.decode("latin-1")
                for name, value in scope.get("headers", [])
                if name == b"x-forwarded-for"
            ]
            hops = [hop.strip() for hop in ",".join(forwarded).split(",") if hop.strip()]
            if len(hops) >= self.proxies:
                return hops[-self.proxies]
        peer = scope.get("client")
        return str(peer[0]) if peer else "-"

    async def version(self, table_id: str) -> int | None:
        """The table's version, None for no table or a deleted one (read in a worker thread)."""

        def read() -> int | None:
            with self.flask_app.app_context():
                head = table_head(table_id)
                return None if head is None or head.deleted_at is not None else head.version

        return await asyncio.to_thread(read)

    async def group_version(self, key: str) -> int | None:
        """The group's push version, None for no group or a deleted one."""

        def read() -> int | None:
            with self.flask_app.app_context():
                found = find_group(key.removeprefix("g:"))
                return None if found is None or found.deleted_at else found.version

        return await asyncio.to_thread(read)

    def start_tasks(self) -> None:
        """The sweep, and on PostgreSQL the LISTEN task."""
        database = self.flask_app.config["SQLALCHEMY_DATABASE_URI"]
        url = libpq_url(database)
        every = SWEEP["postgresql" if url is not None else "sqlite"]
        self.tasks.append(asyncio.create_task(sweep(self.hub, self.flask_app, every, noted)))
        if url is not None:
            self.tasks.append(asyncio.create_task(listen(self.hub, url)))

    async def page(
        self, table_id: str, viewer: Viewer, told: int, version: int, gzip: bool
    ) -> bytes | None:
        """The phone's fresh page, or the changes since the version it was `told`, as its event
        (None when neither fits: the phone fetches what changed since the version it shows),
        compressed when `gzip` (the shared page's pieces, app.push.packed)."""
        try:
            shared = await self.pages.shared(table_id, viewer, version)
            if shared is None or viewer.role is None:
                return None
            if shared.base is not None and shared.base != told:
                return None
            return shared.body(version, viewer.role, gzip)
        except Exception as error:  # the phone is told the version and fetches the page
            log.warning("rendering a pushed page failed: %s", error)
            return None

    async def lifespan(self, receive: Receive, send: Send) -> None:
        """Bind the hub to the loop and listen on PostgreSQL while the server runs."""
        while True:
            message: dict[str, Any] = await receive()
            if message["type"] == "lifespan.startup":
                loop = asyncio.get_running_loop()
                # The pushed pages' renders, the streams' first look and the sweep: as many
                # threads as the requests have (the database pool keeps a connection for each).
                loop.set_default_executor(ThreadPoolExecutor(self.threads, "push"))
                self.hub.bind(loop)
                self.start_tasks()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                for task in self.tasks:
                    task.cancel()
                    with suppress(asyncio.CancelledError):
                        await task
                await send({"type": "lifespan.shutdown.complete"})
                return


def noted(error: Exception) -> None:
    """A failed sweep, in the server's log."""
    log.warning("looking at the watched tables failed: %s", error)


def stream_bounds(connections: int, per_address: int) -> Hub:
    """A hub whose streams may take at most 4/5 of the connections: the rest stay free for
    ordinary requests, whatever the phones hold."""
    return Hub(total=max(1, connections * 4 // 5), per_client=per_address)


def serving(threads: int = 8, connections: int = 5000, per_address: int = 200) -> PushApp:
    """The ASGI app for a server started by hand (gunicorn's `app.serve.asgi:serving()`)."""
    from app.factory import create_app

    os.environ["THREADS"] = str(threads)  # sizes the database pool (app.web.timeouts)
    return PushApp(create_app(), threads, stream_bounds(connections, per_address))
