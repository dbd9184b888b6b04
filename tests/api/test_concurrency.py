"""Phones saving at the same moment: every round lands, numbered 1..N, none lost or doubled.

A real threaded server (tests/conftest.py `LiveServer`) on a SQLite file and, when
TEST_DATABASE_URL is set, on PostgreSQL; the requests come from a thread pool over HTTP.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tests.conftest import LiveServer
from tests.conftest import file_app

ROUNDS = 120
WORKERS = 24


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    """The app served for real on a SQLite file or on the PostgreSQL test database."""
    app: Flask = (
        file_app(tmp_path) if request.param == "sqlite" else request.getfixturevalue("pg_app")
    )
    with LiveServer(app) as live:
        yield live
    with app.app_context():
        from app.store.db import db

        db.engine.dispose()


def call(
    method: str, url: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    """One HTTP request; the status and the decoded JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=90) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def new_table(server: LiveServer) -> tuple[str, dict[str, str]]:
    """An open-ended Terroristen table (it takes any number of rounds)."""
    status, body = call(
        "POST",
        f"{server.url}/api/v1/tables",
        {"variant": "terroristen", "name": "Lasttest", "players": ["A", "B", "C", "D"]},
    )
    assert status == 201, body
    return f"{server.url}/api/v1/tables/{body['id']}", {"X-Edit-Token": body["edit_token"]}


def test_concurrent_rounds_all_land_numbered_consecutively(server: LiveServer) -> None:
    """Many phones at once: every round lands once, numbered 1..N."""
    url, headers = new_table(server)
    with ThreadPoolExecutor(WORKERS) as pool:
        results = list(
            pool.map(
                lambda i: call("POST", f"{url}/rounds", {"winner": i % 4}, headers), range(ROUNDS)
            )
        )
    assert Counter(status for status, _ in results) == {201: ROUNDS}
    status, table = call("GET", url)
    assert status == 200
    assert [r["number"] for r in table["rounds"]] == list(range(1, ROUNDS + 1))
    assert (
        table["totals"] == [ROUNDS // 4] * 4
    )  # every winner counted once: none lost, none doubled
    assert sorted(body["round"]["number"] for _, body in results) == list(range(1, ROUNDS + 1))
    assert table["version"] == ROUNDS


def test_concurrent_repeats_of_one_idempotency_key_add_one_round(server: LiveServer) -> None:
    """The same Idempotency-Key sent three times at once adds one round."""
    url, headers = new_table(server)
    keys = [f"phone-{i % 20}" for i in range(60)]  # each key sent three times at once
    with ThreadPoolExecutor(WORKERS) as pool:
        results = list(
            pool.map(
                lambda key: call(
                    "POST", f"{url}/rounds", {"winner": 0}, {**headers, "Idempotency-Key": key}
                ),
                keys,
            )
        )
    assert {status for status, _ in results} == {201}
    status, table = call("GET", url)
    assert [r["number"] for r in table["rounds"]] == list(range(1, 21))
    answers: dict[str, set[int]] = {}
    for key, (_, body) in zip(keys, results, strict=True):
        answers.setdefault(key, set()).add(body["round"]["number"])
    assert all(len(numbers) == 1 for numbers in answers.values())


def test_concurrent_edits_and_deletes_keep_numbers_dense(server: LiveServer) -> None:
    """Edits, deletes and adds at once: no lost edit, numbers stay 1..n."""
    url, headers = new_table(server)
    for i in range(40):
        assert call("POST", f"{url}/rounds", {"winner": i % 4}, headers)[0] == 201

    def change(i: int) -> int:
        """Half the workers correct round 1, the others delete the last round or add one."""
        if i % 3 == 0:
            return call("PUT", f"{url}/rounds/1", {"winner": 3}, headers)[0]
        if i % 3 == 1:
            return call("DELETE", f"{url}/rounds/2", None, headers)[0]
        return call("POST", f"{url}/rounds", {"winner": 1}, headers)[0]

    with ThreadPoolExecutor(WORKERS) as pool:
        statuses = list(pool.map(change, range(30)))
    assert set(statuses) == {200, 201}
    _, table = call("GET", url)
    assert [r["number"] for r in table["rounds"]] == list(range(1, 41))  # 10 deleted, 10 added
    assert table["rounds"][0]["version"] == 11
