"""A full disk under SQLite: 503 with Retry-After, every acknowledged round kept, and saving
works again once there is room.

The disk is a real small file system (tmpfs), mounted for the test; that needs root, so the
test is skipped with the reason where mounting is not allowed.
"""

from __future__ import annotations

import errno
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import LiveServer
from tests.conftest import file_app

PLAYERS = ["Anna", "Ben"]


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MB tmpfs at a temporary folder, unmounted afterwards."""
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount_point)],
        capture_output=True,
        text=True,
        timeout=20,
    )
    if made.returncode != 0:
        pytest.skip(f"cannot mount a small file system (needs root): {made.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], timeout=20, check=False)


def fill(disk: Path) -> Path:
    """Write a file until the disk is full; returns it (delete it to make room again)."""
    filler = disk / "filler"
    block = b"\0" * 4096
    with filler.open("wb", buffering=0) as out:
        try:
            while True:
                out.write(block)
        except OSError as error:
            assert error.errno == errno.ENOSPC
    return filler


def test_a_full_disk_is_a_503_and_nothing_acknowledged_is_lost(small_disk: Path) -> None:
    """Rounds sent onto a full disk: each a 201 (kept) or a 503 with Retry-After (not kept)."""
    import requests

    app = file_app(small_disk)
    with LiveServer(app) as server:
        made = requests.post(
            f"{server.url}/api/v1/tables", json={"variant": "terroristen", "players": PLAYERS}
        ).json()
        table = f"{server.url}/api/v1/tables/{made['id']}"
        token = {"X-Edit-Token": made["edit_token"]}
        filler = fill(small_disk)
        answers = [
            requests.post(
                f"{table}/rounds?lang=en", json={"winner": i % 2}, headers=token, timeout=15
            )
            for i in range(40)
        ]
        refused = [a for a in answers if a.status_code == 503]
        assert {a.status_code for a in answers} <= {201, 503}
        assert refused, "the disk never filled up"
        assert all(int(a.headers["Retry-After"]) > 0 for a in refused)
        assert all("nothing was saved" in a.json()["error"] for a in refused)
        page = requests.post(
            f"{server.url}/t/{made['id']}/rounds/new?lang=en", data={"winner": "0"}, timeout=15
        )
        assert page.status_code in (400, 403, 503)  # a page, not a 500
        filler.unlink()
        kept = len([a for a in answers if a.status_code == 201])
        assert len(requests.get(table, timeout=15).json()["rounds"]) == kept
        again = requests.post(f"{table}/rounds", json={"winner": 0}, headers=token, timeout=15)
        assert again.status_code == 201
        with app.app_context():
            from app.store.db import db

            db.engine.dispose()
