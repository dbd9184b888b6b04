"""A PostgreSQL that stalls or refuses: 503 with Retry-After within seconds, static files still
served, nothing saved, and the app well again by itself once the database is back.

The app reaches PostgreSQL (TEST_DATABASE_URL) through a small TCP relay on loopback. Stalled,
the relay drops the connections it carried (as a restarting server does) and accepts new ones
without ever answering; refusing, it stops listening. The app runs in a real threaded server.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from sqlalchemy.engine import make_url

from tests.conftest import LiveServer
from tests.conftest import file_app
from tests.conftest import postgres_url
from tests.conftest import wipe
from tests.hardening.test_refused_characters import walk_app
from tests.serve.conftest import ROOT
from tests.serve.conftest import server_env

ANSWER_WITHIN = 8.0  # seconds: the connect timeout (3 s) and a pre-ping, with room to spare
PLAYERS = ["Anna", "Ben"]


class Relay:
    """A TCP relay on 127.0.0.1 to the database; `stall()`, `refuse()` and `resume()` it."""

    def __init__(self, target: tuple[str, int]) -> None:
        """Listen on a free port; relay each connection to `target` while up."""
        self.target = target
        self.mode = "up"
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        self.listener = self.listen(0)
        self.port = self.listener.getsockname()[1]

    def listen(self, port: int) -> socket.socket:
        """A listening socket on the port, its accept loop in a thread."""
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen(64)
        threading.Thread(target=self.accept, args=(listener,), daemon=True).start()
        return listener

    def accept(self, listener: socket.socket) -> None:
        """Relay (up) or hold without a word (stalled) each connection."""
        while True:
            try:
                client, _address = listener.accept()
            except OSError:
                return  # closed
            with self.lock:
                self.sockets.append(client)
            if self.mode == "up":
                upstream = socket.create_connection(self.target)
                with self.lock:
                    self.sockets.append(upstream)
                for source, sink in ((client, upstream), (upstream, client)):
                    threading.Thread(target=self.pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def pump(source: socket.socket, sink: socket.socket) -> None:
        """Copy bytes one way until either side closes."""
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for side in (source, sink):
            with contextlib.suppress(OSError):
                side.shutdown(socket.SHUT_RDWR)

    def drop(self) -> None:
        """Close every connection it carries or holds."""
        with self.lock:
            for sock in self.sockets:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self.sockets.clear()

    def stall(self) -> None:
        """Drop the links; new connections are accepted and never answered."""
        self.mode = "stalled"
        self.drop()

    def refuse(self) -> None:
        """Drop the links and stop listening: a connection is refused."""
        self.mode = "refused"
        self.listener.close()
        self.drop()

    def resume(self) -> None:
        """Relay again (listening again on the same port after a refusal)."""
        if self.mode == "refused":
            self.listener = self.listen(self.port)
        self.drop()
        self.mode = "up"

    def close(self) -> None:
        """Stop for good."""
        self.listener.close()
        self.drop()


@pytest.fixture
def relayed() -> Iterator[tuple[LiveServer, Relay]]:
    """The app served for real, its PostgreSQL reached through the relay."""
    url = make_url(postgres_url())
    relay = Relay((url.host or "127.0.0.1", url.port or 5432))
    app = walk_app(url.set(host="127.0.0.1", port=relay.port).render_as_string(False))
    from app.store.db import db

    with app.app_context():
        wipe(db)
    with LiveServer(app) as server:
        yield server, relay
    relay.resume()
    with app.app_context():
        wipe(db)
        db.engine.dispose()
    relay.close()


def timed(method: str, url: str, **kwargs: Any) -> tuple[requests.Response, float]:
    """One request and how long its answer took."""
    started = time.monotonic()
    answer = requests.request(method, url, timeout=15, **kwargs)
    return answer, time.monotonic() - started


def assert_unavailable(answer: requests.Response, seconds: float) -> None:
    """A 503 in time, with Retry-After and the sentence that nothing was saved."""
    assert answer.status_code == 503, answer.text[:300]
    assert seconds < ANSWER_WITHIN
    assert int(answer.headers["Retry-After"]) > 0
    assert "nothing was saved" in answer.text


@pytest.mark.parametrize("failure", ["stall", "refuse"])
def test_a_lost_postgres_is_a_503_and_the_app_recovers(
    relayed: tuple[LiveServer, Relay], failure: str
) -> None:
    """API and page answer 503 within seconds, static files 200, nothing saved; then well."""
    server, relay = relayed
    made = requests.post(
        f"{server.url}/api/v1/tables", json={"variant": "terroristen", "players": PLAYERS}
    ).json()
    table = f"{server.url}/api/v1/tables/{made['id']}"
    token = {"X-Edit-Token": made["edit_token"]}
    getattr(relay, failure)()

    answer, seconds = timed("POST", f"{table}/rounds?lang=en", json={"winner": 0}, headers=token)
    assert_unavailable(answer, seconds)
    assert answer.json()["error"].startswith("The database cannot be reached")
    answer, seconds = timed("GET", f"{server.url}/t/{made['id']}?lang=en")
    assert_unavailable(answer, seconds)
    assert answer.headers["Content-Type"].startswith("text/html")
    answer, seconds = timed("GET", f"{server.url}/static/css/base.css")
    assert answer.status_code == 200
    assert seconds < 2

    relay.resume()
    answer, seconds = timed("GET", table)
    assert answer.status_code == 200
    assert answer.json()["rounds"] == []  # the refused round was not saved
    answer, seconds = timed("POST", f"{table}/rounds", json={"winner": 0}, headers=token)
    assert answer.status_code == 201


@pytest.mark.parametrize("command", [["serve", "--host", "127.0.0.1", "--port", "0"], ["migrate"]])
def test_start_with_the_database_unreachable_says_so_in_one_sentence(command: list[str]) -> None:
    """`mautisch serve` and `mautisch migrate`: exit status 1, the database named, no password,
    no traceback (no server needed: nothing listens on the port)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://mautisch:geheim-123@127.0.0.1:{port}/mautisch"
    ended = subprocess.run(
        [sys.executable, "-m", "app.serve.command", *command],
        cwd=ROOT,
        env=server_env(url),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ended.returncode == 1
    assert "Traceback" not in ended.stderr
    assert len(ended.stderr.strip().splitlines()) == 1, ended.stderr
    assert f"127.0.0.1:{port}/mautisch" in ended.stderr
    assert "cannot be reached" in ended.stderr
    assert "geheim" not in ended.stderr + ended.stdout


def test_a_request_waits_a_bounded_time_for_a_pooled_connection(tmp_path: Path) -> None:
    """Every connection of the pool in use: the next request is a 503 after the pool wait."""
    app = file_app(
        tmp_path,
        SQLALCHEMY_ENGINE_OPTIONS={"pool_size": 1, "max_overflow": 0},
        DB_POOL_TIMEOUT_MS=1000,
    )
    client = app.test_client()
    made = client.post("/api/v1/tables", json={"variant": "terroristen", "players": PLAYERS}).json
    assert made is not None
    from app.store.db import db

    with app.app_context(), db.engine.connect():  # the pool's only connection, held
        started = time.monotonic()
        answer = client.get(f"/api/v1/tables/{made['id']}?lang=en")
        waited = time.monotonic() - started
    assert answer.status_code == 503
    assert answer.headers["Retry-After"]
    assert answer.json is not None and "nothing was saved" in answer.json["error"]
    assert 0.9 < waited < 4, answer.json
    assert client.get(f"/api/v1/tables/{made['id']}").status_code == 200
