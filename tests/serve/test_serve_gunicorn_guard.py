"""gunicorn with the app's worker (app.serve.worker): the same connection bounds as `mautisch
serve` — a silent connection closed within seconds, one address held to its share."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.serve.conftest import ROOT
from tests.serve.conftest import server_env
from tests.serve.streams import connect
from tests.serve.test_serve_connections import CLOSED_WITHIN
from tests.serve.test_serve_connections import answer_of
from tests.serve.test_serve_connections import closed_after

pytest.importorskip("uvicorn_worker")
UP_WITHIN = 60.0  # s


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_gunicorns_worker_closes_silent_connections_and_bounds_an_address(tmp_path: Path) -> None:
    port = free_port()
    env = server_env(f"sqlite:///{tmp_path / 'g.sqlite'}", PER_ADDRESS="10")
    log = (tmp_path / "gunicorn.log").open("wb")
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "gunicorn", "--workers", "1"),
            *("--worker-class", "app.serve.worker.StreamWorker"),
            *("--bind", f"127.0.0.1:{port}", "app.serve.asgi:serving(threads=2)"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + UP_WITHIN
        while True:
            try:
                probe = connect(base)
                probe.sendall(b"GET /rules HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                assert b"200 OK" in answer_of(probe)
                probe.close()
                break
            except OSError:
                assert time.monotonic() < deadline, (tmp_path / "gunicorn.log").read_text()
                time.sleep(0.5)
        with connect(base) as silent:
            took = closed_after(silent, None, 15)
        assert took is not None and took < CLOSED_WITHIN, took
        held = [connect(base) for _ in range(110)]
        try:
            with connect(base) as refused:
                assert answer_of(refused).startswith(b"HTTP/1.1 429")
        finally:
            for conn in held:
                conn.close()
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        log.close()
