"""A phone at a quiet table under a hostile load: idle sockets, a round loop, a stalled database.

Run by hand (POSIX, PostgreSQL): `TEST_DATABASE_URL=postgresql+psycopg://… .venv/bin/python
benchmarks/bench_hostile_load.py [idle-connections]` (default 5000, lowered to what the
open-file limit allows). It starts `mautisch serve` on 127.0.0.1 with its database reached
through a TCP relay that can stall (tests/hardening/stall_relay.py), then runs four phases:

- baseline: only the phone (127.0.0.2) — every second it loads its table page and asks the
  referee, every third second it saves a round at its own table and times the push to its
  own open event stream;
- load: meanwhile 127.0.0.1 keeps trying to hold `idle-connections` idle sockets, and
  127.0.0.3 holds 200 event streams on its own table and saves rounds in a loop;
- stall: the same, with PostgreSQL stalled (connections open, no answer) for 30 s;
- after: the database back, the load going on.

Printed per phase: the phone's page, referee and push times (50th percentile and maximum) and
answers; the round loop's answers; the idle sockets the server let one address hold. At the
end: whether every round the loop had acknowledged is in its table. The baseline phase is the
same run's comparison; the load generator shares the machine, so compare phases, not machines.
"""

from __future__ import annotations

import http.client
import json
import os
import resource
import selectors
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from contextlib import suppress
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy.engine import make_url  # noqa: E402

from tests.hardening.stall_relay import StallRelay  # noqa: E402

PHONE, FLOODER, BUSY = "127.0.0.2", "127.0.0.1", "127.0.0.3"
STREAMS = 200
PHASES = (("baseline", 15.0), ("load", 20.0), ("stall", 30.0), ("after", 20.0))
TABLE = {"variant": "terroristen", "players": ["Anna", "Ben", "Cem"]}
REFEREE = {
    "variant": "dynamisch",
    "players": 4,
    "situation": {"top": "HQ", "below": "H9", "hand": ["CJ", "S7", "H9"]},
    "actor": "on_turn",
    "action": {"play": ["CJ"], "wish": {"suit": "S"}},
    "lang": "en",
}
UP = "Beenden mit Strg+C"


class Server:
    """`mautisch serve` on a free port of 127.0.0.1, stopped by its pid."""

    def __init__(self, database_url: str) -> None:
        env = dict(os.environ, DATABASE_URL=database_url, SECRET_KEY="bench")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app.serve.command", "serve", "--host", "127.0.0.1"]
            + ["--port", "0"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert self.process.stdout is not None
        output = ""
        deadline = time.monotonic() + 90
        while UP not in output and time.monotonic() < deadline:
            output += self.process.stdout.readline()
        self.port = int(output.split("http://localhost:")[1].split("/")[0])

    def stop(self) -> None:
        """Terminate (kill after 10 s)."""
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


def request(
    port: int, source: str, method: str, path: str, body: Any = None, **headers: str
) -> tuple[int, bytes, float]:
    """One request from `source`: status, body, seconds (599 when it failed)."""
    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        data = None if body is None else json.dumps(body)
        if data is not None:
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=headers)
        answer = conn.getresponse()
        return answer.status, answer.read(), time.monotonic() - start
    except OSError:
        return 599, b"", time.monotonic() - start
    finally:
        conn.close()


def stream(port: int, source: str, table_id: str) -> socket.socket:
    """An open event stream of the table."""
    conn = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    conn.sendall(f"GET /t/{table_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return conn


def new_table(port: int, source: str) -> tuple[str, dict[str, str]]:
    """A table made from `source`: its id and edit header."""
    status, body, _ = request(port, source, "POST", "/api/v1/tables", TABLE)
    assert status == 201, body
    made = json.loads(body)
    return made["id"], {"X-Edit-Token": made["edit_token"]}


class Load:
    """The hostile load: the idle flood and the busy table; `stop` ends both."""

    def __init__(self, port: int, idle: int) -> None:
        self.port, self.idle = port, idle
        self.running = threading.Event()
        self.answers: Counter[int] = Counter()
        self.held_most = 0
        self.closed = 0
        self.table, self.edit = new_table(port, BUSY)
        self.streams = [stream(port, BUSY, self.table) for _ in range(STREAMS)]

    def start(self) -> None:
        """Start the flood, the stream reader and the round loop."""
        self.running.set()
        for work in (self.flood, self.drain, self.loop):
            threading.Thread(target=work, daemon=True).start()

    def flood(self) -> None:
        """Hold as many idle sockets from FLOODER as the server lets it, reopening the closed."""
        held: list[socket.socket] = []
        while self.running.is_set():
            alive = []
            for conn in held:
                try:
                    conn.setblocking(False)
                    conn.recv(1, socket.MSG_PEEK)
                    gone = True  # closed, or answered (a refusal: 429) before any request
                except BlockingIOError:
                    gone = False
                except OSError:
                    gone = True
                if gone:
                    self.closed += 1
                    conn.close()
                else:
                    alive.append(conn)
            held = alive
            self.held_most = max(self.held_most, len(held))
            while len(held) < self.idle and self.running.is_set():
                try:
                    held.append(
                        socket.create_connection(
                            ("127.0.0.1", self.port), timeout=2, source_address=(FLOODER, 0)
                        )
                    )
                except OSError:
                    break
            time.sleep(1.0)
        for conn in held:
            conn.close()

    def drain(self) -> None:
        """Read the busy table's streams (their phones read what they are sent)."""
        chooser = selectors.DefaultSelector()
        for conn in self.streams:
            conn.setblocking(False)
            chooser.register(conn, selectors.EVENT_READ)
        while self.running.is_set():
            for key, _ in chooser.select(0.5):
                with suppress(OSError):
                    key.fileobj.recv(65536)  # type: ignore[union-attr]
        for conn in self.streams:
            conn.close()

    def loop(self) -> None:
        """Save rounds at the busy table as fast as the server answers."""
        path = f"/api/v1/tables/{self.table}/rounds"
        while self.running.is_set():
            status, _, _ = request(self.port, BUSY, "POST", path, {"winner": 0}, **self.edit)
            self.answers[status] += 1
            if status == 429:
                time.sleep(0.2)

    def stop(self) -> None:
        """End the load."""
        self.running.clear()


def push_time(port: int, conn: socket.socket, table: str, edit: dict[str, str]) -> float | None:
    """Save a round at the phone's table; seconds until its stream carries the new version."""
    start = time.monotonic()
    status, body, _ = request(
        port, PHONE, "POST", f"/api/v1/tables/{table}/rounds", {"winner": 1}, **edit
    )
    if status != 201:
        return None
    marker = f"id: {json.loads(body)['version']}\n".encode()
    got = b""
    conn.settimeout(1.0)
    while marker not in got and time.monotonic() - start < 30:
        with suppress(TimeoutError):
            got += conn.recv(65536)
    return time.monotonic() - start if marker in got else None


def phase(port: int, seconds: float, table: str, edit: dict[str, str]) -> dict[str, Any]:
    """The phone's figures over one phase."""
    figures: dict[str, Any] = {"page": [], "referee": [], "push": [], "answers": Counter()}
    conn = stream(port, PHONE, table)
    end = time.monotonic() + seconds
    beat = 0
    while time.monotonic() < end:
        status, _, took = request(port, PHONE, "GET", f"/t/{table}?lang=en")
        figures["page"].append(took)
        figures["answers"][f"page {status}"] += 1
        status, _, took = request(port, PHONE, "POST", "/api/v1/referee", REFEREE)
        figures["referee"].append(took)
        figures["answers"][f"referee {status}"] += 1
        if beat % 3 == 0:
            pushed = push_time(port, conn, table, edit)
            figures["answers"]["push " + ("ok" if pushed is not None else "none")] += 1
            if pushed is not None:
                figures["push"].append(pushed)
        beat += 1
        time.sleep(max(0.0, 1.0 - (time.monotonic() % 1.0)))
    conn.close()
    return figures


def spread(values: list[float]) -> str:
    """p50 and max in milliseconds."""
    if not values:
        return "-"
    return f"p50 {statistics.median(values) * 1000:7.0f} ms  max {max(values) * 1000:7.0f} ms"


def main() -> None:
    """Run the phases and print the figures."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    idle = min(int(sys.argv[1]) if len(sys.argv) > 1 else 5000, hard - STREAMS - 200)
    url = make_url(os.environ["TEST_DATABASE_URL"])
    relay = StallRelay((url.host or "127.0.0.1", url.port or 5432))
    relayed = url.set(host="127.0.0.1", port=relay.port).render_as_string(hide_password=False)
    server = Server(relayed)
    try:
        table, edit = new_table(server.port, PHONE)
        load = Load(server.port, idle)
        print(f"idle sockets tried from {FLOODER}: {idle}; streams on the busy table: {STREAMS}")
        for name, seconds in PHASES:
            if name == "load":
                load.start()
            if name == "stall":
                relay.stall()
            if name == "after":
                relay.resume()
            before = Counter(load.answers)
            figures = phase(server.port, seconds, table, edit)
            loop = dict(load.answers - before)
            print(f"\n{name} ({seconds:.0f} s)")
            for what in ("page", "referee", "push"):
                print(f"  phone {what:8} {spread(figures[what])}")
            print(f"  phone answers   {dict(sorted(figures['answers'].items()))}")
            print(f"  round loop      {loop}")
            print(
                f"  idle sockets    held at most {load.held_most}, closed or refused {load.closed}"
            )
            load.held_most = load.closed = 0
        load.stop()
        time.sleep(2)
        status, body, _ = request(server.port, PHONE, "GET", f"/api/v1/tables/{load.table}")
        kept = len(json.loads(body)["rounds"]) if status == 200 else -1
        print(
            f"\nrounds acknowledged {load.answers[201]}, in the table {kept}: "
            + ("all there" if kept >= load.answers[201] else "MISSING")
        )
    finally:
        server.stop()
        relay.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


if __name__ == "__main__":
    main()
