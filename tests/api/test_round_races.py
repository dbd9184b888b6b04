"""Two phones, one table, over real HTTP: corrections, deletes, undo and new rounds
interleave at random; no round is changed that its client did not see.

Each client reads the table, waits a moment (so the other one often gets in between), then
acts on what it saw: corrects or deletes a round with its etag in If-Match, undoes with the
table version in If-Match, or adds a round with `expected_number`. Every round's input is
unique, so the change log tells exactly which round each write touched. Checked afterwards:
- a successful correction/delete changed the very round input its client saw (the log's
  `before` is what the client read), and no etag or table version was used by two successful
  writes (nobody overwrote a change they had not seen);
- an added round landed at the number its client expected;
- rounds are numbered 1..n with distinct ids; every 409 showed the round now at that number.
On a SQLite file and, with TEST_DATABASE_URL, on PostgreSQL (skipped with the reason otherwise).
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from app.store.db import db
from app.store.models import Change
from tests.api.test_concurrency import call
from tests.conftest import LiveServer
from tests.conftest import file_app

STEPS = 35  # per client: with undo entries the log stays within store.CHANGE_LIMIT
TIME_LIMIT = 90.0  # seconds for the whole run; a slower machine makes fewer steps
_tokens = itertools.count(0)
_token_lock = threading.Lock()


def unique_input() -> dict[str, Any]:
    """A Deluxe round whose cards (1-9 for seats 1-3) are used by no other write."""
    with _token_lock:
        n = next(_tokens)
    return {"cards": [0, n // 81 % 9 + 1, n // 9 % 9 + 1, n % 9 + 1]}


@dataclass
class Log:
    """What one client did and saw."""

    name: str
    edits: list[tuple[str, dict[str, Any], dict[str, Any]]] = field(default_factory=list)
    deletes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    adds: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    undos: list[int] = field(default_factory=list)
    conflicts: int = 0
    problems: list[str] = field(default_factory=list)


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    """The app served for real on a SQLite file or on the PostgreSQL test database."""
    app: Flask = (
        file_app(tmp_path) if request.param == "sqlite" else request.getfixturevalue("pg_app")
    )
    with LiveServer(app) as live:
        yield live
    with app.app_context():
        db.engine.dispose()


def play(url: str, headers: dict[str, str], log: Log, seed: int, deadline: float) -> None:
    """One phone: read, hesitate, act on what was read; note every success and conflict."""
    rng = random.Random(seed)
    for _step in range(STEPS):
        if time.monotonic() > deadline:
            return
        status, seen = call("GET", url)
        if status != 200:
            log.problems.append(f"GET {status}")
            return
        time.sleep(rng.uniform(0, 0.02))
        rounds = seen["rounds"]
        choice = rng.random()
        if rounds and choice < 0.35:
            target = rng.choice(rounds)
            new = unique_input()
            status, answer = call(
                "PUT",
                f"{url}/rounds/{target['number']}",
                new,
                {**headers, "If-Match": f'"{target["etag"]}"'},
            )
            if status == 200:
                log.edits.append((target["etag"], target["input"], new))
            else:
                conflict(log, status, answer, target["number"])
        elif rounds and choice < 0.55:
            target = rng.choice(rounds)
            tag = {**headers, "If-Match": target["etag"]}
            for _again in range(rng.choice((1, 2))):  # sometimes a resent DELETE
                status, answer = call("DELETE", f"{url}/rounds/{target['number']}", None, tag)
                if status == 200:
                    log.deletes.append((target["etag"], target["input"]))
                else:
                    conflict(log, status, answer, target["number"])
        elif choice < 0.7:
            status, answer = call(
                "POST", f"{url}/undo", None, {**headers, "If-Match": f'"{seen["version"]}"'}
            )
            if status == 200:
                log.undos.append(seen["version"])
            elif status == 409 and answer.get("field") == "If-Match":
                log.conflicts += 1
            else:
                log.problems.append(f"undo {status} {answer}")
        else:
            expected = len(rounds) + 1
            new = unique_input()
            status, answer = call(
                "POST", f"{url}/rounds", {**new, "expected_number": expected}, headers
            )
            if status == 201:
                log.adds.append((expected, new))
            elif status == 409 and answer.get("field") == "expected_number":
                log.conflicts += 1
                there = answer["current"]
                if there is not None and there["number"] != expected:
                    log.problems.append(f"409 names round {there['number']}, not {expected}")
            else:
                log.problems.append(f"add {status} {answer}")


def conflict(log: Log, status: int, answer: Any, number: int) -> None:
    """A refused correction/delete: 409 naming If-Match, with round `number` as it is now."""
    if status != 409 or answer.get("field") != "If-Match":
        log.problems.append(f"{status} {answer}")
        return
    log.conflicts += 1
    current = answer["current"]
    if current is not None and current["number"] != number:
        log.problems.append(f"409 shows round {current['number']} for {number}")


def test_two_phones_never_change_a_round_they_did_not_see(server: LiveServer) -> None:
    """Random interleavings of corrections, deletes, undo and new rounds from two clients."""
    status, made = call(
        "POST",
        f"{server.url}/api/v1/tables",
        {
            "variant": "deluxe",
            "name": "Zwei Handys",
            "players": ["A", "B", "C", "D"],
            "options": {"rounds": 100},
        },
    )
    assert status == 201, made
    url = f"{server.url}/api/v1/tables/{made['id']}"
    headers = {"X-Edit-Token": made["edit_token"]}
    for _ in range(4):
        assert call("POST", f"{url}/rounds", unique_input(), headers)[0] == 201
    logs = [Log("A"), Log("B")]
    deadline = time.monotonic() + TIME_LIMIT
    threads = [
        threading.Thread(target=play, args=(url, headers, log, seed, deadline))
        for seed, log in enumerate(logs)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIME_LIMIT + 60)
    assert not any(thread.is_alive() for thread in threads)
    assert [p for log in logs for p in log.problems] == []

    with server.app.app_context():
        changes = list(
            db.session.scalars(
                select(Change).where(Change.table_id == made["id"]).order_by(Change.id)
            )
        )
    edits = {(c.round_number, repr(c.before), repr(c.after)) for c in changes if c.kind == "edit"}
    edited = {(repr(c.before), repr(c.after)) for c in changes if c.kind == "edit"}
    deleted = [repr(c.before) for c in changes if c.kind == "delete"]
    added = {(c.round_number, repr(c.after)) for c in changes if c.kind == "add"}
    assert edits  # the log is what the checks below read

    used = [etag for log in logs for etag, *_ in log.edits + log.deletes]  # type: ignore[misc]
    assert len(used) == len(set(used)), "one etag let two writes through"
    versions = [v for log in logs for v in log.undos]
    assert len(versions) == len(set(versions)), "one table version let two undos through"
    for log in logs:
        for _etag, before, after in log.edits:
            assert (repr(before), repr(after)) in edited, f"{log.name} corrected another round"
        for _etag, before in log.deletes:
            assert repr(before) in deleted, f"{log.name} deleted another round"
        for number, body in log.adds:
            assert (number, repr(body)) in added, f"{log.name}'s round is not round {number}"

    final = call("GET", url)[1]
    assert [r["number"] for r in final["rounds"]] == list(range(1, len(final["rounds"]) + 1))
    assert len({r["id"] for r in final["rounds"]}) == len(final["rounds"])
    done = sum(len(log.edits) + len(log.deletes) + len(log.adds) for log in logs)
    assert done >= 10 and sum(log.conflicts for log in logs) >= 1
