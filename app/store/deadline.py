"""A client-side deadline for every PostgreSQL command, also when the server went silent.

`statement_timeout` is the server's own bound, but a server that stalls (the TCP peer alive, no
answer: a frozen host, a hung proxy) never applies it, and the kernel acknowledges our bytes
and keepalives, so no TCP timeout fires either. Here a watchdog thread notes when each pooled
connection started its command; a command still running DEADLINE seconds later (the
statement timeout and a margin) has its socket shut down. The waiting thread then gets a
disconnect, SQLAlchemy drops the connection and the request is answered 503 (app.web.timeouts).

The ping before a kept connection is used (SQLAlchemy's pessimistic recipe: a `checkout`
listener that raises DisconnectionError) runs under a shorter deadline, so a request on a stalled
database gives up within the ping and one connect timeout.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from typing import Any

import psycopg
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError

PING_SECONDS = 2.0  # a kept connection answers SELECT 1 at once when its server is there
MARGIN_SECONDS = 2.0  # past statement_timeout: the server's own cancel comes first
TICK = 0.25  # s between the watchdog's looks
FRESH = "mautisch_fresh"  # connection record info: just connected, no ping needed


class Watchdog:
    """The commands running on one engine's connections, and since when."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.lock = threading.Lock()
        self.due: dict[int, tuple[float, psycopg.Connection[Any]]] = {}
        self.thread: threading.Thread | None = None

    def arm(self, connection: psycopg.Connection[Any], seconds: float | None = None) -> None:
        """A command starts on `connection`: it must be done within `seconds`."""
        with self.lock:
            self.due[id(connection)] = (
                time.monotonic() + (self.seconds if seconds is None else seconds),
                connection,
            )
            if self.thread is None:
                self.thread = threading.Thread(target=self.run, name="db-deadline", daemon=True)
                self.thread.start()

    def forget(self, connection: psycopg.Connection[Any]) -> None:
        """The connection went back to the pool (or was closed)."""
        with self.lock:
            self.due.pop(id(connection), None)

    def run(self) -> None:
        """Look every TICK; cut the connections whose command overran."""
        while True:
            time.sleep(TICK)
            now = time.monotonic()
            with self.lock:
                late = [
                    (key, connection)
                    for key, (deadline, connection) in self.due.items()
                    if deadline < now and running(connection)
                ]
                for key, _connection in late:
                    del self.due[key]
            for _key, connection in late:
                cut(connection)


def running(connection: psycopg.Connection[Any]) -> bool:
    """Is a command in progress (sent, its answer not yet all read)?"""
    if connection.closed:
        return False
    return connection.info.transaction_status == psycopg.pq.TransactionStatus.ACTIVE


def cut(connection: psycopg.Connection[Any]) -> None:
    """Shut the connection's socket down: the thread waiting on it wakes with a disconnect."""
    with (
        contextlib.suppress(OSError, psycopg.Error),
        socket.fromfd(connection.fileno(), socket.AF_INET, socket.SOCK_STREAM) as twin,
    ):
        twin.shutdown(socket.SHUT_RDWR)  # acts on the socket both descriptors share


def watch(engine: Engine, statement_ms: int) -> Watchdog:
    """Bound every command and every ping on the engine's PostgreSQL connections."""
    watchdog = Watchdog(statement_ms / 1000 + MARGIN_SECONDS)

    def started(connection: Any, *_args: Any) -> None:
        """A statement, COMMIT or ROLLBACK is sent on this connection."""
        watchdog.arm(connection.connection.dbapi_connection)

    def connected(_dbapi_connection: Any, record: Any) -> None:
        """A new connection answered just now: its first checkout needs no ping."""
        record.info[FRESH] = True

    def checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        """Ping a kept connection under PING_SECONDS; a silent one is replaced."""
        if record.info.pop(FRESH, False):
            return
        watchdog.arm(dbapi_connection, PING_SECONDS)
        try:
            engine.dialect.do_ping(dbapi_connection)  # SQLAlchemy's ping, outside a transaction
        except psycopg.Error as error:
            raise DisconnectionError(str(error)) from error

    def checkin(dbapi_connection: Any, _record: Any) -> None:
        """Back in the pool: nothing of it is running."""
        if dbapi_connection is not None:
            watchdog.forget(dbapi_connection)

    event.listen(engine, "before_cursor_execute", started)
    event.listen(engine, "commit", started)
    event.listen(engine, "rollback", started)
    event.listen(engine, "connect", connected)
    event.listen(engine, "checkout", checkout)
    event.listen(engine, "checkin", checkin)
    event.listen(engine, "close", checkin)
    return watchdog
