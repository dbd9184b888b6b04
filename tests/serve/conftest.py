"""Real `mautisch serve` processes for the serving tests: started by pid, bounded, stopped by pid.

Each server is `python -m app.serve.command serve …` in the repository (the console script's
code), on a loopback port the system picks (`--port 0`); it says which in its start-up lines.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]
UP = "Beenden mit Strg+C"  # the last line `mautisch serve` prints once it listens
START_LIMIT = 90.0  # seconds for a start, four at once on two busy cores included
LOCAL = re.compile(r"http://localhost:(\d+)/")
PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


# What a test's server gets only from the test, never from the environment it runs in.
OWN_SETTINGS = (
    "DATABASE_URL",
    "PUBLIC_URL",
    "PROXY_COUNT",
    "PORT",
    "HOST",
    "THREADS",
    "CONNECTIONS",
    "PER_ADDRESS",
)


def server_env(database_url: str, **settings: str) -> dict[str, str]:
    """The environment of a server process: its database, a fixed secret, nothing inherited."""
    env = {key: value for key, value in os.environ.items() if key not in OWN_SETTINGS}
    env.update(DATABASE_URL=database_url, SECRET_KEY="serve-tests", **settings)
    return env


class ServerProcess:
    """One `mautisch serve` process; its output is read until it says it listens."""

    def __init__(self, env: dict[str, str], *args: str, log: Path) -> None:
        """Start the process (it runs until stop())."""
        self.log = log
        self.log_file = log.open("wb")
        self.output = ""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app.serve.command", *args],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=self.log_file,
        )

    @property
    def pid(self) -> int:
        """The process id."""
        return self.process.pid

    def wait_until_up(self, deadline: float) -> bool:
        """Read the start-up lines until the server listens (True) or it ended or time ran out."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while UP not in self.output:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return False
            chunk = os.read(fd, 4096)
            if not chunk:
                return False  # the process ended
            self.output += chunk.decode("utf-8", "replace")
        return True

    @property
    def port(self) -> int:
        """The port the server announced."""
        found = LOCAL.search(self.output)
        assert found, self.output
        return int(found.group(1))

    @property
    def url(self) -> str:
        """The server's loopback address."""
        return f"http://127.0.0.1:{self.port}"

    def errors(self) -> str:
        """What the process wrote to stderr so far."""
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        """Stop the process by its pid: terminate, and kill if it does not end within 10 s."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.log_file.close()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Any]:
    """Start servers with `start(env, *args)`; every one still running is stopped at the end."""
    started: list[ServerProcess] = []

    def start(env: dict[str, str], *args: str) -> ServerProcess:
        """One more server process, not yet waited for."""
        server = ServerProcess(env, *args, log=tmp_path / f"server-{len(started)}.log")
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@dataclass(frozen=True)
class Answer:
    """A server's answer to one real HTTP request."""

    status: int
    text: str
    headers: dict[str, str]

    def json(self) -> Any:
        """The body as JSON."""
        return json.loads(self.text)


def fetch(base: str, path: str, method: str = "GET", body: Any = None, **headers: str) -> Answer:
    """One real HTTP request to a server (a Host header of our choice may go with it)."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        data = None if body is None else json.dumps(body)
        if data is not None:
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=data, headers=headers)
        answer = connection.getresponse()
        text = answer.read().decode()
        return Answer(answer.status, text, {k.lower(): v for k, v in answer.getheaders()})
    finally:
        connection.close()


def new_table(client: FlaskClient, **headers: str) -> tuple[str, str]:
    """A Dynamisch table made through the API; returns (id, edit token)."""
    created = client.post(
        "/api/v1/tables",
        json={"variant": "dynamisch", "name": "Freitag", "players": PLAYERS},
        headers=headers,
    )
    assert created.status_code == 201, created.json
    return created.json["id"], created.json["edit_token"]
