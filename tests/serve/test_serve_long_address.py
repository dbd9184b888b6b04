"""An overlong address gets the contract's answer from the app (414, JSON in the API, the
error page for people), not the server's bare plain-text 400.

The server is a real `mautisch serve` process on a loopback port; uvicorn's own parser stops
at about 64 KB with a bare plain-text 400, so heads beyond 48 KB are answered by the server's
guard (app.serve.guard) with the same error object; the app's limit is 8192 bytes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.serve.conftest import START_LIMIT
from tests.serve.conftest import fetch
from tests.serve.conftest import server_env


@pytest.fixture
def base(servers: Callable[..., Any], tmp_path: Path) -> str:
    """A running server's address."""
    server = servers(
        server_env(f"sqlite:///{tmp_path / 'long.db'}"),
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
    )
    assert server.wait_until_up(time.monotonic() + START_LIMIT), server.errors()
    return str(server.url)


@pytest.mark.parametrize("length", [8200, 30_000, 45_000])
def test_an_overlong_api_query_is_a_414_in_json(base: str, length: int) -> None:
    """Queries beyond 8192 bytes, up to the server's own limit: 414 and the error object
    (the path is 23 bytes, the query 10 + length)."""
    answer = fetch(base, "/api/v1/tables/abcdefgh?lang=en&x=" + "a" * length)
    assert answer.status == 414
    assert answer.headers["content-type"] == "application/json"
    body = answer.json()
    assert body["field"] is None
    assert f"{length + 33} bytes, at most 8192" in body["error"]


def test_an_address_just_within_the_limit_is_answered_as_usual(base: str) -> None:
    """8192 bytes of path and query: the view answers (no such table: 404)."""
    path = "/api/v1/tables/abcdefgh?x="
    answer = fetch(base, path + "a" * (8192 - len(path)))
    assert answer.status == 404
    assert answer.json()["field"] is None


def test_an_overlong_page_address_shows_the_error_page(base: str) -> None:
    """A person's page: the error page in German, with the limit."""
    answer = fetch(base, "/t/abcdefgh?x=" + "a" * 9000)
    assert answer.status == 414
    assert answer.headers["content-type"].startswith("text/html")
    assert "Die Adresse ist zu lang" in answer.text
    assert "höchstens 8192" in answer.text


@pytest.mark.parametrize("length", [70_000, 150_000])
def test_an_address_beyond_the_server_parser_is_a_414_in_json(base: str, length: int) -> None:
    """Beyond what uvicorn's parser takes (it answered a plain-text 400): still the JSON 414."""
    answer = fetch(base, "/api/v1/tables/abcdefgh?x=" + "a" * length)
    assert answer.status == 414
    assert answer.headers["content-type"] == "application/json"
    assert answer.json() == {
        "error": "The address is too long: more than 49152 bytes, at most 8192. Send long data "
        "in the request body instead.",
        "field": None,
    }


def test_overlong_headers_are_a_431_in_json(base: str) -> None:
    """A header of 70 KB: 431 with the error object, not the server's plain-text 400."""
    answer = fetch(base, "/api/v1/tables/abcdefgh", **{"X-Filler": "a" * 70_000})
    assert answer.status == 431
    assert answer.headers["content-type"] == "application/json"
    assert answer.json()["error"] == "The request's headers are too long: more than 49152 bytes."
