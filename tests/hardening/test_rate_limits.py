"""Creating tables, groups and imports is rate-limited per client address.

The suite's apps have no limits (TESTING); these tests switch them on with low limits.
"""

from __future__ import annotations

import io

import pytest
from flask import Flask

from app.factory import create_app


def limited_app(database: str, **limits: str) -> Flask:
    """An app with rate limits on and the given low limits."""
    return create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": database,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": True,
            **limits,
        }
    )


def test_api_tables_get_a_429_with_retry_after() -> None:
    """The fourth table within the hour: 429, Retry-After, the contract's error object."""
    app = limited_app("sqlite://", RATELIMIT_TABLES="3 per hour")
    client = app.test_client()
    body = {"variant": "terroristen", "players": ["Anna", "Ben"]}
    for _ in range(3):
        assert client.post("/api/v1/tables", json=body).status_code == 201
    answer = client.post("/api/v1/tables?lang=en", json=body)
    assert answer.status_code == 429
    assert answer.json is not None
    assert answer.json["field"] is None
    assert "at most 3 an hour" in answer.json["error"]
    assert 3000 < int(answer.headers["Retry-After"]) <= 3600
    # Another address has its own count; the page shares the count with the API.
    other = client.post("/api/v1/tables", json=body, environ_base={"REMOTE_ADDR": "10.9.8.7"})
    assert other.status_code == 201
    page = client.post("/t/new?lang=de", data={"variant": "terroristen", "players": "Anna\nBen"})
    assert page.status_code == 429
    assert "höchstens 3 pro Stunde" in page.get_data(as_text=True)
    assert "Retry-After" in page.headers


@pytest.mark.parametrize(
    ("setting", "url", "data"),
    [
        ("RATELIMIT_GROUPS", "/groups/new", {"name": "Stammtisch", "players": "Anna\nBen"}),
        ("RATELIMIT_IMPORTS", "/import", {}),
    ],
)
def test_groups_and_imports_are_limited(setting: str, url: str, data: dict[str, str]) -> None:
    """Groups and imports have their own limits (a bad import counts too)."""
    app = limited_app("sqlite://", **{setting: "2 per hour"})
    client = app.test_client()

    def send() -> int:
        """One form post (an import with a file that is no backup)."""
        form = dict(data)
        if url == "/import":
            return client.post(
                url,
                data={"backup": (io.BytesIO(b"{}"), "b.json")},
                content_type="multipart/form-data",
            ).status_code
        return client.post(url, data=form).status_code

    assert [send() < 429 for _ in range(2)] == [True, True]
    assert send() == 429
    # Reading is never limited.
    assert client.get("/groups").status_code == 200


def test_limits_can_be_switched_off_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """RATELIMIT_ENABLED=False in the environment: no limit, however low it is set."""
    monkeypatch.setenv("RATELIMIT_ENABLED", "False")
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "SECRET_KEY": "test",
            "RATELIMIT_TABLES": "1 per hour",
        }
    )
    client = app.test_client()
    body = {"variant": "terroristen", "players": ["Anna", "Ben"]}
    assert [client.post("/api/v1/tables", json=body).status_code for _ in range(3)] == [201] * 3


def test_processes_share_one_count_in_redis(redis_url: str) -> None:
    """Two apps (as two server processes) on one RATELIMIT_STORAGE_URI count together."""
    settings = {"RATELIMIT_TABLES": "2 per hour", "RATELIMIT_STORAGE_URI": redis_url}
    first = limited_app("sqlite://", **settings).test_client()
    second = limited_app("sqlite://", **settings).test_client()
    body = {"variant": "terroristen", "players": ["Anna", "Ben"]}
    assert first.post("/api/v1/tables", json=body).status_code == 201
    assert second.post("/api/v1/tables", json=body).status_code == 201
    assert first.post("/api/v1/tables", json=body).status_code == 429
    assert second.post("/api/v1/tables", json=body).status_code == 429
