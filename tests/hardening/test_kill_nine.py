"""kill -9 of a running server under write load loses no acknowledged round.

A real `mautisch serve` process (started and stopped by pid, tests/serve/conftest.py) takes
rounds from four writer threads; mid-load it is killed with SIGKILL and started again on the
same database. Every round the server acknowledged (201) must be there, as sent, and the
database must be consistent: rounds numbered 1..n without gaps, and on SQLite
`PRAGMA integrity_check` ok. Bounded: three cycles of about two seconds of load each.
"""

from __future__ import annotations

import http.client
import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import postgres_url
from tests.serve.conftest import START_LIMIT
from tests.serve.conftest import fetch
from tests.serve.conftest import server_env

CYCLES = 3
LOAD_SECONDS = 2.0
WRITERS = 4
PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def write_load(base: str, table: str, token: str, stop: threading.Event) -> list[tuple[int, int]]:
    """Rounds from four threads until `stop`: (number, winner) of every acknowledged one."""
    acknowledged: list[tuple[int, int]] = []
    lock = threading.Lock()

    def writer(seat: int) -> None:
        """Post rounds won by `seat` until stopped or the server is gone."""
        while not stop.is_set():
            try:
                answer = fetch(
                    base,
                    f"/api/v1/tables/{table}/rounds",
                    "POST",
                    {"winner": seat},
                    **{"X-Edit-Token": token},
                )
            except (OSError, http.client.HTTPException):
                return  # the server was killed mid-request or mid-answer: not acknowledged
            if answer.status == 201:
                number = answer.json()["round"]["number"]
                with lock:
                    acknowledged.append((number, seat))

    threads = [threading.Thread(target=writer, args=(seat,)) for seat in range(WRITERS)]
    for thread in threads:
        thread.start()
    stop.wait()
    for thread in threads:
        thread.join(40)
    return acknowledged


def start(servers: Any, env: dict[str, str]) -> Any:
    """A server, waited for until it listens."""
    server = servers(env, "serve", "--host", "127.0.0.1", "--port", "0")
    assert server.wait_until_up(time.monotonic() + START_LIMIT), server.errors()
    return server


def kill_cycles(servers: Any, database_url: str) -> None:
    """Load, kill -9, restart, check; CYCLES times on one table."""
    env = server_env(database_url)
    server = start(servers, env)
    made = fetch(
        server.url,
        "/api/v1/tables",
        "POST",
        {"variant": "terroristen", "players": PLAYERS, "options": {"games": None}},
    )
    assert made.status == 201, made.text
    table, token = made.json()["id"], made.json()["edit_token"]
    everything: dict[int, int] = {}
    figures: list[str] = []
    for cycle in range(CYCLES):
        stop = threading.Event()
        result: list[list[tuple[int, int]]] = []
        loader = threading.Thread(
            target=lambda url, done, out: out.append(write_load(url, table, token, done)),
            args=(server.url, stop, result),
        )
        loader.start()
        time.sleep(LOAD_SECONDS)
        server.process.kill()  # SIGKILL to this pid: no shutdown code runs
        server.process.wait(10)
        stop.set()
        loader.join(60)
        acknowledged = result[0]
        server = start(servers, env)
        rounds = json.loads(fetch(server.url, f"/api/v1/tables/{table}").text)["rounds"]
        kept = {r["number"]: r["input"]["winner"] for r in rounds}
        assert sorted(kept) == list(range(1, len(rounds) + 1))  # no gap, no double number
        missing = [(n, seat) for n, seat in acknowledged if kept.get(n) != seat]
        everything.update(acknowledged)
        figures.append(
            f"{database_url.split(':')[0]} cycle {cycle + 1}: {len(acknowledged)} acknowledged, "
            f"{len(missing)} missing, {len(rounds)} stored"
        )
        assert acknowledged, "the load acknowledged no round before the kill"
        assert missing == []
    assert all(kept.get(n) == seat for n, seat in everything.items())
    server.stop()
    print("\n" + "\n".join(figures))


def test_kill_nine_sqlite(servers: Any, tmp_path: Path) -> None:
    """SQLite: nothing acknowledged is lost, and the file passes integrity_check."""
    path = tmp_path / "fault.sqlite"
    kill_cycles(servers, f"sqlite:///{path}")
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []


@pytest.mark.postgres
def test_kill_nine_postgres(servers: Any, pg_app: Any) -> None:
    """PostgreSQL: nothing acknowledged is lost; rounds stay numbered without gaps."""
    kill_cycles(servers, postgres_url())
