"""Connections that cannot lock the others out: a bounded time to send a request, and a fair
share of the connections for each client address.

uvicorn bounds the connections in total (`limit_concurrency`, answered 503) and closes an idle
kept connection after `timeout_keep_alive`, but only once a response went out: a connection
that never sends a request, or sends its head a byte at a time, is held for ever, and one
client holding thousands of them fills the bound for everyone. This asyncio protocol stands in
front of uvicorn's own (it forwards every call of asyncio's Protocol interface to it):

- a request head must be complete within HEAD_SECONDS of the connection opening or of its
  first byte; else the connection is closed. It watches the client's bytes with its own h11
  parser, so a body or an event stream that lasts is not cut;
- a request head longer than HEAD_LIMIT is answered with the API's JSON error (414 for an
  overlong address, 431 for overlong headers) and closed: uvicorn's own parser stops at about
  64 KB with a bare plain-text 400, and the app (app.web.sizes) answers shorter ones itself;
- one address may hold `per_address` connections; beyond, a new one is answered 429 and
  closed. A pub's phones behind one NAT address fit easily. Behind a reverse proxy every
  connection comes from the proxy, so there the proxy bounds its clients and this bound is off.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any
from typing import ClassVar
from typing import cast

import h11
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from app.web.sizes import MAX_ADDRESS

HEAD_SECONDS = 5.0
HEAD_LIMIT = 48 * 1024  # bytes of a request head: below uvicorn's parser's own limit
REQUEST_ROOM = 100  # connections per address beyond its live views (app.push.hub)
TOO_MANY = json.dumps({"error": "Too many open connections from this address."}).encode()
REFUSAL = (
    b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\nretry-after: 10\r\n"
    b"connection: close\r\ncontent-length: " + str(len(TOO_MANY)).encode() + b"\r\n\r\n" + TOO_MANY
)


def answer(status: str, sentence: str) -> bytes:
    """A whole HTTP answer with the API's error object, closing the connection."""
    body = json.dumps({"error": sentence, "field": None}).encode()
    return (
        f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\nconnection: close\r\n"
        f"content-length: {len(body)}\r\n\r\n"
    ).encode() + body


LONG_ADDRESS = answer(
    "414 URI Too Long",
    f"The address is too long: more than {HEAD_LIMIT} bytes, at most {MAX_ADDRESS}. Send long "
    "data in the request body instead.",
)
LONG_HEADERS = answer(
    "431 Request Header Fields Too Large",
    f"The request's headers are too long: more than {HEAD_LIMIT} bytes.",
)


def head_size(head: h11.Request) -> int:
    """About the bytes of a request head: its target and its header lines."""
    lines = sum(len(name) + len(value) + 4 for name, value in head.headers.raw_items())
    return len(head.method) + len(head.target) + lines


class Gate:
    """The open connections of one process per client address."""

    def __init__(self, per_address: int | None) -> None:
        self.per_address = per_address
        self.open: Counter[str] = Counter()

    def admit(self, address: str) -> bool:
        """Count a new connection from `address`; False when its share is used up."""
        if self.per_address is not None and self.open[address] >= self.per_address:
            return False
        self.open[address] += 1
        return True

    def release(self, address: str) -> None:
        """A counted connection closed."""
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class Guarded(asyncio.Protocol):
    """uvicorn's HTTP protocol behind a head timeout and the gate (made by `guarded`)."""

    gate: ClassVar[Gate]

    def __init__(self, **uvicorn: Any) -> None:
        # uvicorn makes its protocol with keywords (config, server_state, app_state, _loop).
        self.inner = AutoHTTPProtocol(**uvicorn)
        self.shadow: h11.Connection | None = h11.Connection(
            h11.SERVER, max_incomplete_event_size=HEAD_LIMIT
        )
        self.line_ended = False  # the current head's request line is complete
        self.timer: asyncio.TimerHandle | None = None
        self.transport: asyncio.Transport | None = None
        self.address: str | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Admit the connection (or refuse it) and start waiting for its first head."""
        self.transport = cast(asyncio.Transport, transport)
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else "-"
        if not self.gate.admit(address):
            self.transport.write(REFUSAL)
            self.transport.close()
            return
        self.address = address
        self.inner.connection_made(transport)
        self.wait_for_head()

    def data_received(self, data: bytes) -> None:
        """Watch for a complete request head, then hand the bytes on."""
        if self.address is None:
            return  # refused
        if self.shadow is not None and not self.watch(data):
            return
        self.inner.data_received(data)

    def watch(self, data: bytes) -> bool:
        """Follow the client's requests: time each head, stop at its end. False when the
        head is too long and the connection was answered and closed here."""
        shadow = self.shadow
        assert shadow is not None
        if shadow.their_state is h11.IDLE and self.timer is None:
            self.wait_for_head()  # the first bytes of the next request
        if shadow.their_state is h11.IDLE and not self.line_ended:
            self.line_ended = b"\n" in data
        try:
            shadow.receive_data(data)
            while (found := shadow.next_event()) not in (h11.NEED_DATA, h11.PAUSED):
                if isinstance(found, h11.Request):
                    self.head_done()
                    if head_size(found) > HEAD_LIMIT:  # it came whole, in one read
                        return self.refuse(len(found.target) <= HEAD_LIMIT)
                elif isinstance(found, h11.EndOfMessage):
                    # Answer our own parser (uvicorn answers the client) to read the next one.
                    shadow.send(h11.Response(status_code=204, headers=[]))
                    shadow.send(h11.EndOfMessage())
                    shadow.start_next_cycle()
                    self.line_ended = False
        except h11.RemoteProtocolError as error:
            self.head_done()
            self.shadow = None
            if error.error_status_hint == 431:  # the head grew past HEAD_LIMIT unfinished
                return self.refuse(self.line_ended)
        except (h11.ProtocolError, RuntimeError):
            # Closing, upgraded or malformed: uvicorn answers that itself.
            self.head_done()
            self.shadow = None
        return True

    def refuse(self, headers: bool) -> bool:
        """Answer a head that is too long (its headers, or else its address) and close."""
        assert self.transport is not None
        self.transport.write(LONG_HEADERS if headers else LONG_ADDRESS)
        self.transport.close()
        return False

    def wait_for_head(self) -> None:
        """Close the connection unless a head is complete within HEAD_SECONDS."""
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(HEAD_SECONDS, self.too_slow)

    def head_done(self) -> None:
        """A head arrived in time."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def too_slow(self) -> None:
        """No complete head in time: close (an idle or a slow-loris connection)."""
        self.timer = None
        if self.transport is not None:
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        """Free the connection's place and tell uvicorn."""
        self.head_done()
        if self.address is not None:
            self.gate.release(self.address)
            self.inner.connection_lost(exc)

    def eof_received(self) -> bool | None:
        """The client closed its side."""
        return self.inner.eof_received() if self.address is not None else None

    def pause_writing(self) -> None:
        """The client reads slower than we write (uvicorn's flow control)."""
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        """The client caught up."""
        self.inner.resume_writing()


def guarded(per_address: int | None) -> type[Guarded]:
    """A protocol class for uvicorn's `http` setting, with a gate of its own for one process."""
    return type("GuardedHTTP", (Guarded,), {"gate": Gate(per_address)})
