"""A PostgreSQL that stalls (connections open, no answer) under a real `mautisch serve`.

Requests that need the database are answered 503 with Retry-After within 10 s, also on
connections the pool kept from before; requests that need none (static files, the rules, the
referee page and API) are answered at once meanwhile, even while every request thread waits on
the database. After the stall the app is well again and nothing acknowledged is lost.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from tests.conftest import postgres_url
from tests.hardening.stall_relay import StallRelay
from tests.serve.conftest import fetch
from tests.serve.conftest import server_env
from tests.serve.test_serve_push import ROUND
from tests.serve.test_serve_push import new_table
from tests.serve.test_serve_push import started

pytestmark = pytest.mark.postgres

THREADS = 4
STALLED_WITHIN = 10.0  # s: a request needing the database hears 503 by then
FREE_WITHIN = 2.0  # s: a request needing none is answered by then, stall or not
REFEREE = {
    "variant": "dynamisch",
    "players": 4,
    "situation": {"top": "HQ", "below": "H9", "hand": ["CJ", "S7", "H9"]},
    "actor": "on_turn",
    "action": {"play": ["CJ"], "wish": {"suit": "S"}},
    "lang": "en",
}


@pytest.fixture
def relay() -> Iterator[StallRelay]:
    """A stallable relay in front of the test database."""
    url = make_url(postgres_url())
    relay = StallRelay((url.host or "127.0.0.1", url.port or 5432))
    yield relay
    relay.close()


def relayed_url(relay: StallRelay) -> str:
    """The test database's URL through the relay."""
    url = make_url(postgres_url()).set(host="127.0.0.1", port=relay.port)
    return url.render_as_string(hide_password=False)


def timed(base: str, path: str, method: str = "GET", body: Any = None, **headers: str) -> Any:
    """A request, its answer and how long it took."""
    start = time.monotonic()
    answer = fetch(base, path, method, body, **headers)
    return answer, time.monotonic() - start


def test_a_stalled_database_is_a_503_within_seconds_and_blocks_nothing_else(
    relay: StallRelay, servers: Any
) -> None:
    server = started(servers, server_env(relayed_url(relay), THREADS=str(THREADS)))
    table_id, token = new_table(server.url)
    rounds = f"/api/v1/tables/{table_id}/rounds"
    edit = {"X-Edit-Token": token}
    # Warm the pool: the requests below meet connections it kept from before the stall.
    with ThreadPoolExecutor(THREADS) as warm:
        list(warm.map(lambda _n: fetch(server.url, f"/t/{table_id}"), range(THREADS * 2)))
    assert fetch(server.url, rounds, "POST", ROUND, **edit).status == 201

    relay.stall()
    with ThreadPoolExecutor(THREADS * 2) as phones:
        # Twice as many database requests as request threads: every thread waits on it.
        waiting = [
            phones.submit(timed, server.url, f"/t/{table_id}?lang=en") for _ in range(THREADS)
        ]
        waiting += [
            phones.submit(timed, server.url, rounds + "?lang=en", "POST", ROUND, **edit)
            for _ in range(THREADS)
        ]
        time.sleep(0.5)
        for path in ("/static/css/base.css", "/rules", "/referee?lang=en"):
            answer, took = timed(server.url, path)
            assert (answer.status, path) == (200, path)
            assert took < FREE_WITHIN, (path, took)
        answer, took = timed(server.url, "/api/v1/referee", "POST", REFEREE)
        assert answer.status == 200, answer.text
        assert took < FREE_WITHIN
        for done in waiting:
            answer, took = done.result(timeout=60)
            assert answer.status == 503, answer.text[:300]
            assert int(answer.headers["retry-after"]) > 0
            assert "nothing was saved" in answer.text
            assert took < STALLED_WITHIN, took

    relay.resume()
    deadline = time.monotonic() + 20
    while fetch(server.url, f"/api/v1/tables/{table_id}").status != 200:
        assert time.monotonic() < deadline, "the app did not recover"
        time.sleep(0.5)
    table = fetch(server.url, f"/api/v1/tables/{table_id}").json()
    assert len(table["rounds"]) == 1  # the one acknowledged before the stall; none of the 503s
    assert fetch(server.url, rounds, "POST", ROUND, **edit).status == 201
