"""Throughput and tail latency through gunicorn: the table page against a hello route.

Run by hand (POSIX; gunicorn is in the `bench` extra):
`.venv/bin/python benchmarks/bench_server.py [requests-per-run]`. It seeds a throwaway SQLite
file with an 80-round table, starts gunicorn (sync workers, 2 of them) on 127.0.0.1 with the
app plus a hello route, and sends each URL `requests` times over 32 concurrent connections
(bounded: at most 60 seconds per run), each with the session cookie of a phone that opened
the table before. Printed: requests per second and the 50th/99th
percentile latency of each, and the table page's ratios against hello on the same server.
The load generator runs on the same machine: the ratios, not the absolute numbers, compare.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_pages import table_with_rounds  # noqa: E402

from app.factory import create_app  # noqa: E402

CONNECTIONS = 32
WORKERS = 2
TIME_LIMIT = 60.0
# The app gunicorn serves: the real app plus a hello route of the same app.
WSGI = """
from app.factory import create_app

app = create_app()
app.add_url_rule("/bench-hello", "bench_hello", lambda: "hello")
"""


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(port: int, seconds: float = 30.0) -> None:
    """Wait until the server answers."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/bench-hello")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


def phone_cookie(port: int, path: str) -> str:
    """The session cookie a phone has after opening `path` once (it then remembers the table)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return (answer.getheader("Set-Cookie") or "").split(";")[0]


def load(port: int, path: str, requests: int, cookie: str) -> tuple[float, list[float]]:
    """Send `requests` GETs over CONNECTIONS threads; requests per second and latencies."""
    latencies: list[float] = []
    lock = threading.Lock()
    left = [requests]
    deadline = time.monotonic() + TIME_LIMIT

    def worker() -> None:
        """Take requests off the shared count until none are left (or time is up)."""
        while time.monotonic() < deadline:
            with lock:
                if left[0] <= 0:
                    return
                left[0] -= 1
            start = time.perf_counter()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            headers = {"Accept-Encoding": "gzip, br", "Cookie": cookie}
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            answer.read()
            connection.close()
            assert answer.status == 200, (path, answer.status)
            with lock:
                latencies.append(time.perf_counter() - start)

    threads = [threading.Thread(target=worker) for _ in range(CONNECTIONS)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(latencies) / (time.perf_counter() - began), latencies


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of them lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(requests: int) -> None:
    """Seed, serve, load, print."""
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{folder}/bench.sqlite"
        seeding = create_app({"SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "bench"})
        table_id, _token = table_with_rounds(seeding, 80)
        (Path(folder) / "bench_wsgi.py").write_text(WSGI)
        port = free_port()
        env = {
            **os.environ,
            "DATABASE_URL": database,
            "SECRET_KEY": "bench",
            "PYTHONPATH": f"{folder}{os.pathsep}{ROOT}",
        }
        server = subprocess.Popen(
            [
                str(Path(sys.executable).with_name("gunicorn")),
                "--workers",
                str(WORKERS),
                "--worker-class",
                "sync",
                "--bind",
                f"127.0.0.1:{port}",
                "--backlog",
                "256",
                "--log-level",
                "warning",
                "bench_wsgi:app",
            ],
            env=env,
            cwd=folder,
        )
        try:
            wait_for(port)
            results = {}
            # Every request comes from a phone that watches the table (it has its cookie).
            cookie = phone_cookie(port, f"/t/{table_id}")
            for name, path in (("hello", "/bench-hello"), ("table page", f"/t/{table_id}")):
                load(port, path, min(200, requests), cookie)  # warm-up
                rate, latencies = load(port, path, requests, cookie)
                results[name] = (rate, percentile(latencies, 0.99))
                median = 1000 * statistics.median(latencies)
                print(
                    f"{name:12} {rate:8.0f} req/s   p50 {median:7.1f} ms"
                    f"   p99 {1000 * results[name][1]:7.1f} ms   ({len(latencies)} requests)"
                )
            hello, page = results["hello"], results["table page"]
            print(
                f"table page / hello: throughput {page[0] / hello[0]:.2f}×, "
                f"p99 {page[1] / hello[1]:.2f}×"
            )
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
