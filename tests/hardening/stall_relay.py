"""A TCP relay on loopback that can stall: it keeps every connection open and forwards nothing.

This is a database host that froze (or a hung proxy): the TCP peer is alive, the kernel
acknowledges what is sent, and no answer ever comes. New connections are accepted and held the
same way. `resume()` forwards again (what was held is passed on).
"""

from __future__ import annotations

import contextlib
import socket
import threading


class StallRelay:
    """Relay 127.0.0.1:<port> to `target`; `stall()` and `resume()` it."""

    def __init__(self, target: tuple[str, int]) -> None:
        """Listen on a free port and relay each connection."""
        self.target = target
        self.flowing = threading.Event()
        self.flowing.set()
        self.lock = threading.Lock()
        self.sockets: list[socket.socket] = []
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(256)
        self.port = int(self.listener.getsockname()[1])
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self) -> None:
        """Each connection: wait until the relay flows, then pump both ways."""
        while True:
            try:
                client, _address = self.listener.accept()
            except OSError:
                return  # closed
            with self.lock:
                self.sockets.append(client)
            threading.Thread(target=self.link, args=(client,), daemon=True).start()

    def link(self, client: socket.socket) -> None:
        """Connect upstream once flowing, then copy both ways."""
        self.flowing.wait()
        try:
            upstream = socket.create_connection(self.target)
        except OSError:
            client.close()
            return
        with self.lock:
            self.sockets.append(upstream)
        for source, sink in ((client, upstream), (upstream, client)):
            threading.Thread(target=self.pump, args=(source, sink), daemon=True).start()

    def pump(self, source: socket.socket, sink: socket.socket) -> None:
        """Copy bytes one way, holding them while stalled, until either side closes."""
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                self.flowing.wait()
                sink.sendall(data)
        for side in (source, sink):
            with contextlib.suppress(OSError):
                side.shutdown(socket.SHUT_RDWR)

    def stall(self) -> None:
        """Forward nothing from now on; every connection stays open."""
        self.flowing.clear()

    def resume(self) -> None:
        """Forward again."""
        self.flowing.set()

    def close(self) -> None:
        """Stop for good: close the listener and every connection."""
        self.flowing.set()
        self.listener.close()
        with self.lock:
            for sock in self.sockets:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self.sockets.clear()
