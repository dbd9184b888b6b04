"""Starting for real: `mautisch serve` processes, many at once, and databases they cannot use.

Every server here is a real process on a loopback port (or all interfaces, where the test is
about the machine's address), started by pid, waited for within a bound, stopped by pid.
"""

from __future__ import annotations

import re
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory

from app.store.setup import MIGRATIONS
from tests.conftest import file_app
from tests.serve.conftest import PLAYERS
from tests.serve.conftest import ROOT
from tests.serve.conftest import START_LIMIT
from tests.serve.conftest import fetch
from tests.serve.conftest import server_env

LAN = "192.168.1.20:5000"
LAZY = ("reportlab", "segno")
HEAD = ScriptDirectory(str(MIGRATIONS)).get_current_head()


def migrated_file(tmp_path: Path) -> Path:
    """A SQLite file migrated to the newest revision (as a first start leaves it)."""
    app = file_app(tmp_path)
    with app.app_context():
        from app.store.db import db

        db.engine.dispose()
    return tmp_path / "live.sqlite"


def run_command(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """`mautisch …` run to its end (bounded)."""
    return subprocess.run(
        [sys.executable, "-m", "app.serve.command", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=START_LIMIT,
        check=False,
    )


def test_a_current_database_starts_without_the_heavy_imports(tmp_path: Path) -> None:
    """reportlab and segno are loaded by what needs them, not by every start."""
    env = server_env(f"sqlite:///{migrated_file(tmp_path)}")
    program = (
        "import sys\n"
        "from app.factory import create_app\n"
        "app = create_app()\n"
        "assert app.test_client().get('/').status_code == 200\n"
        f"print([name for name in {LAZY!r} if name in sys.modules])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=START_LIMIT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_migrate_command_creates_the_schema(tmp_path: Path) -> None:
    """`mautisch migrate` brings a new database to the newest revision and exits 0."""
    path = tmp_path / "new.sqlite"
    done = run_command(server_env(f"sqlite:///{path}"), "migrate")
    assert done.returncode == 0, done.stderr
    assert "up to date" in done.stdout
    stored = sqlite3.connect(path).execute("SELECT version_num FROM alembic_version").fetchall()
    assert stored == [(HEAD,)]


@pytest.mark.parametrize("command", [("serve", "--host", "127.0.0.1", "--port", "0"), ("migrate",)])
def test_an_unknown_revision_stops_with_one_sentence(tmp_path: Path, command: tuple[str]) -> None:
    """A database from a newer version: exit status 1 and a sentence, no traceback, no restarts."""
    path = migrated_file(tmp_path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'f00dfeed'")
    done = run_command(server_env(f"sqlite:///{path}"), *command)
    assert done.returncode == 1
    assert "The database is at schema revision 'f00dfeed', which this version" in done.stderr
    assert "Die Datenbank hat den Schemastand 'f00dfeed'" in done.stderr
    assert "Traceback" not in done.stderr
    assert "Beenden mit" not in done.stdout


def test_a_busy_port_stops_with_a_sentence(tmp_path: Path) -> None:
    """Another program on the port: exit status 1 and a sentence naming the port."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        env = server_env(f"sqlite:///{tmp_path / 'busy.sqlite'}")
        done = run_command(env, "serve", "--host", "127.0.0.1", "--port", str(port))
    assert done.returncode == 1
    assert f"Port {port} auf 127.0.0.1 ist nicht frei / is not free" in done.stderr
    assert "Traceback" not in done.stderr


def test_five_fresh_starts_of_four_processes(tmp_path: Path, servers: Any) -> None:
    """Four servers started at once on one new SQLite file all come up, five times over."""
    for attempt in range(5):
        path = tmp_path / f"fresh-{attempt}.sqlite"
        env = server_env(f"sqlite:///{path}")
        group = [servers(env, "serve", "--host", "127.0.0.1", "--port", "0") for _ in range(4)]
        deadline = time.monotonic() + START_LIMIT
        for server in group:
            assert server.wait_until_up(deadline), (attempt, server.output, server.errors())
        for server in group:
            answer = fetch(server.url, "/")
            assert answer.status == 200, (attempt, server.errors())
            assert "Mautisch" in answer.text
        stored = sqlite3.connect(path).execute("SELECT version_num FROM alembic_version")
        assert stored.fetchall() == [(HEAD,)]
        for server in group:
            server.stop()


def test_the_machines_address_with_another_host_gets_links_with_that_host(
    tmp_path: Path, servers: Any
) -> None:
    """`mautisch serve` listens on all interfaces; a phone's Host is the host of its links."""
    server = servers(server_env(f"sqlite:///{tmp_path / 'lan.sqlite'}"), "serve", "--port", "0")
    assert server.wait_until_up(time.monotonic() + START_LIMIT), server.errors()
    shown = re.findall(r"^  (http://\S+)", server.output, flags=re.MULTILINE)
    network = [link for link in shown if "localhost" not in link]
    base = network[0] if network else server.url  # a machine without any network address
    home = fetch(base, "/", Host=LAN)
    assert home.status == 200
    assert "Mautisch" in home.text
    created = fetch(
        base, "/api/v1/tables", "POST", {"variant": "dynamisch", "players": PLAYERS}, Host=LAN
    )
    assert created.status == 201, created.text
    table = created.json()["id"]
    page = fetch(base, f"/t/{table}", Host=LAN)
    assert page.status == 200
    assert f'id="view-link" value="http://{LAN}/t/{table}"' in page.text


def test_flask_db_commands_still_find_the_migrations(tmp_path: Path) -> None:
    """`flask --app app db …` (development) still works: Flask-Migrate knows our folder."""
    env = server_env(f"sqlite:///{migrated_file(tmp_path)}")
    done = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", "db", "current"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=START_LIMIT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"{HEAD} (head)" in done.stdout
