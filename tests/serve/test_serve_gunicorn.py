"""gunicorn as docs/deploy.md starts it: stopped with live streams open, it ends within seconds
and the streams end with it, so the phones reconnect at once.

The server is a real gunicorn process on a free loopback port, stopped by its pid.
"""

from __future__ import annotations

import contextlib
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serve.conftest import ROOT
from tests.serve.conftest import START_LIMIT
from tests.serve.conftest import fetch
from tests.serve.conftest import server_env
from tests.serve.streams import open_stream
from tests.serve.streams import read_until

pytest.importorskip("gunicorn", reason="gunicorn is not installed (pip install gunicorn)")
pytest.importorskip("uvicorn_worker", reason="uvicorn-worker is not installed")

STOP_WITHIN = 10.0  # seconds from SIGTERM until gunicorn has ended


def documented_command() -> list[str]:
    """The gunicorn command of docs/deploy.md, its arguments as a shell reads them."""
    text = (ROOT / "docs" / "deploy.md").read_text()
    found = re.search(r"^\.venv/bin/gunicorn (?:.*\\\n)*.*$", text, re.M)
    assert found, "docs/deploy.md shows no gunicorn command"
    return shlex.split(found.group(0).replace("\\\n", " "))


def free_port() -> int:
    """A loopback port free just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def gunicorn(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """gunicorn started with the documented arguments (two workers, a free port, a SQLite
    file); its process and address. Killed by its pid if a test left it running."""
    port = free_port()
    args = documented_command()[1:]
    args[args.index("--workers") + 1] = "2"
    args[args.index("--bind") + 1] = f"127.0.0.1:{port}"
    env = server_env(f"sqlite:///{tmp_path / 'gunicorn.db'}")
    log = (tmp_path / "gunicorn.log").open("wb")
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), *args],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=log,
    )
    try:
        yield process, f"http://127.0.0.1:{port}"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        log.close()


def wait_until_answering(base: str, process: subprocess.Popen[bytes]) -> None:
    """Ask the start page until the server answers (or fail when it ended or took too long)."""
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline:
        assert process.poll() is None, "gunicorn ended while starting"
        try:
            if fetch(base, "/").status == 200:
                return
        except OSError:
            time.sleep(0.2)
    pytest.fail("gunicorn did not answer in time")


def test_the_documented_gunicorn_stops_within_seconds_with_streams_open(
    gunicorn: tuple[subprocess.Popen[bytes], str],
) -> None:
    """Two phones watch a table; SIGTERM: gunicorn ends within 10 s, both streams end."""
    process, base = gunicorn
    wait_until_answering(base, process)
    created = fetch(
        base, "/api/v1/tables", "POST", {"variant": "dynamisch", "players": ["Anna", "Ben"]}
    )
    assert created.status == 201, created.text
    table_id = created.json()["id"]
    with contextlib.ExitStack() as held:
        streams = [held.enter_context(open_stream(base, table_id)) for _ in range(2)]
        for stream in streams:
            assert b"event: version\n" in read_until(stream, b"event: version\n", 10)
        stopped_at = time.monotonic()
        process.send_signal(signal.SIGTERM)
        for stream in streams:
            stream.settimeout(STOP_WITHIN)
            while stream.recv(65536):  # the stream ends: the phone's EventSource reconnects
                pass
    process.wait(STOP_WITHIN)
    assert time.monotonic() - stopped_at < STOP_WITHIN
