"""How long the app takes from process start to its first answered request, against bare Flask.

Run by hand: `.venv/bin/python benchmarks/bench_startup.py [repeats]`. Each start is a new
Python process serving through waitress on a loopback port; the clock runs from starting the
process until `GET /` has been answered. The baseline, a minimal Flask app served the same way,
is measured in the same run (starts alternate), so the ratio compares across machines. The app
starts on a SQLite file whose schema is already current (a restart, the usual case); the very
first start, which creates the schema and compiles the modules, is printed apart. Two floors
are printed with it: the minimal app that only imports SQLAlchemy's ORM (what loading the
models costs before anything of the app), and the app's libraries answering with one query.
"""

from __future__ import annotations

import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WAIT = 30.0  # seconds: a start that takes longer has failed

SERVE = "from waitress import serve; serve(app, host='127.0.0.1', port={port}, _quiet=True)"
MINIMAL = (
    "from flask import Flask\n"
    "app = Flask(__name__)\n"
    "app.add_url_rule('/', 'home', lambda: 'Mau!')\n"
)
# The minimal app with SQLAlchemy's ORM imported (as Flask-SQLAlchemy imports it): the floor of
# any start that loads the models before the first answer.
ORM = MINIMAL + "import flask_sqlalchemy\n"
# The libraries every request of the app needs, and nothing of the app: the floor of its start.
LIBRARIES = (
    "from flask import Flask\n"
    "from flask_sqlalchemy import SQLAlchemy\n"
    "import flask_babel, flask_wtf.csrf\n"
    "app = Flask(__name__)\n"
    "app.config['SQLALCHEMY_DATABASE_URI'] = 'sqlite://'\n"
    "db = SQLAlchemy(app)\n"
    "app.add_url_rule('/', 'home', lambda: str(db.session.scalar(db.text('SELECT 1'))))\n"
)
MAUTISCH = "from app.factory import create_app\napp = create_app()\n"
COMMAND = (
    "from app.serve.command import main\n"
    "main(['serve', '--host', '127.0.0.1', '--port', '{port}'])\n"
)


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def answered(port: int) -> bool:
    """True once `GET /` on the port gets a 200."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        connection.request("GET", "/")
        return connection.getresponse().status == 200
    except OSError:
        return False
    finally:
        connection.close()


def time_to_first_answer(program: str, env: dict[str, str]) -> float:
    """Seconds from starting `program` in a new interpreter to its first answered request."""
    port = free_port()
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", program.replace("{port}", str(port))],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while not answered(port):
            if process.poll() is not None:
                raise SystemExit(f"the server exited with status {process.returncode}")
            if time.perf_counter() - start > WAIT:
                raise SystemExit(f"no answer within {WAIT:.0f} s")
            time.sleep(0.002)
        return time.perf_counter() - start
    finally:
        process.terminate()
        process.wait(10)


def main(repeats: int) -> None:
    """Print the medians of both kinds of start and their ratio."""
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        env["DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.sqlite'}"
        env["SECRET_KEY"] = "bench"
        # As on any installed machine, Python keeps compiled modules between starts (here in
        # the temporary folder, not in the work tree); the first start of each kind fills it.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        first = time_to_first_answer(MAUTISCH + SERVE, env)
        time_to_first_answer(MINIMAL + SERVE, env)
        time_to_first_answer(ORM + SERVE, env)
        time_to_first_answer(LIBRARIES + SERVE, env)
        time_to_first_answer(COMMAND, env)
        minimal: list[float] = []
        orm: list[float] = []
        libraries: list[float] = []
        app: list[float] = []
        command: list[float] = []
        for _ in range(repeats):
            minimal.append(time_to_first_answer(MINIMAL + SERVE, env))
            orm.append(time_to_first_answer(ORM + SERVE, env))
            libraries.append(time_to_first_answer(LIBRARIES + SERVE, env))
            app.append(time_to_first_answer(MAUTISCH + SERVE, env))
            command.append(time_to_first_answer(COMMAND, env))
    base = statistics.median(minimal)
    floor = statistics.median(libraries)
    with_orm = statistics.median(orm)
    ours = statistics.median(app)
    served = statistics.median(command)
    print(f"time to the first answered request, median of {repeats} starts")
    print(f"  minimal Flask app        {base * 1000:7.0f} ms")
    print(f"  … importing SQLAlchemy   {with_orm * 1000:7.0f} ms   ratio {with_orm / base:.2f}")
    print(f"  its libraries, one query {floor * 1000:7.0f} ms   ratio {floor / base:.2f}")
    print(f"  create_app()             {ours * 1000:7.0f} ms   ratio {ours / base:.2f}")
    print(f"  mautisch serve           {served * 1000:7.0f} ms   ratio {served / base:.2f}")
    print(f"  first start (new schema) {first * 1000:7.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
