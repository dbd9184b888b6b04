"""The app factory: configuration, database on start, languages, headers, error pages."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask

from app.factory import create_app
from app.factory import normalise_db_url
from app.store.db import db
from tests.conftest import file_app
from tests.conftest import postgres_url


def test_testing_config_gives_in_memory_tables(app: Flask) -> None:
    """docs/api.md: create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"}) works."""
    with app.app_context():
        assert {"tables", "rounds", "changes", "groups"} <= set(db.metadata.tables)
        assert (
            db.session.execute(
                db.select(db.func.count()).select_from(db.metadata.tables["tables"])
            ).scalar()
            == 0
        )


def test_sqlite_file_is_created_and_migrated_on_start(tmp_path: Path) -> None:
    """No init command: the first start creates and migrates the SQLite file."""
    file_app(tmp_path)
    path = tmp_path / "live.sqlite"
    assert path.exists()
    version = sqlite3.connect(path).execute("SELECT version_num FROM alembic_version").fetchone()
    assert version is not None


def test_start_twice_keeps_data(tmp_path: Path) -> None:
    """A restart upgrades in place and loses nothing."""
    app = file_app(tmp_path)
    with app.app_context():
        db.session.execute(
            db.text(
                "INSERT INTO groups (id, name, players, created_at, edit_token_hash)"
                " VALUES ('g1', 'Stammtisch', '[]', '2026-01-01', 'x')"
            )
        )
        db.session.commit()
        db.engine.dispose()
    again = file_app(tmp_path)
    with again.app_context():
        assert db.session.execute(db.text("SELECT name FROM groups")).scalar() == "Stammtisch"
        db.engine.dispose()


def assert_no_drift(app: Flask) -> None:
    """The migrations produce exactly the schema the models describe."""
    with app.app_context(), db.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert diff == []


def test_migrations_match_models_sqlite(tmp_path: Path) -> None:
    """A model change without a migration fails here (SQLite)."""
    app = file_app(tmp_path)
    assert_no_drift(app)
    with app.app_context():
        db.engine.dispose()


def test_migrations_match_models_postgres() -> None:
    """A model change without a migration fails here (PostgreSQL)."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": postgres_url()})
    assert_no_drift(app)
    with app.app_context():
        db.engine.dispose()


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgres://u@h/d", "postgresql+psycopg://u@h/d"),
        ("postgresql://u@h/d", "postgresql+psycopg://u@h/d"),
        ("sqlite:///x.db", "sqlite:///x.db"),
    ],
)
def test_database_url_forms(url: str, expected: str) -> None:
    """DATABASE_URL in the usual forms reaches the psycopg 3 driver."""
    assert normalise_db_url(url) == expected


def test_database_url_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scale-out path: DATABASE_URL selects the database."""
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite'}")
    app = create_app({"TESTING": True})
    assert app.config["SQLALCHEMY_DATABASE_URI"].endswith("env.sqlite")
    assert (tmp_path / "env.sqlite").exists()
    with app.app_context():
        db.engine.dispose()


def test_security_headers(client) -> None:  # type: ignore[no-untyped-def]
    """Edit links never leak as referrers; no sniffing; scripts only from the app."""
    response = client.get("/")
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]


def test_security_headers_on_every_kind_of_answer(app: Flask) -> None:
    """API answers, static files, 304s, 404s and 405s carry the headers once each; an answer
    that sets one of them itself keeps its own and gets the others."""
    app.add_url_rule(
        "/own-policy",
        "own_policy",
        lambda: ("framed", {"Content-Security-Policy": "frame-ancestors *"}),
    )
    client = app.test_client()
    static = client.get("/static/css/base.css")
    static.close()  # a static answer holds its file open until closed
    answers = [
        client.post("/api/v1/referee", json={"variant": "dynamisch"}),
        static,
        client.get(static.request.path, headers={"If-None-Match": static.headers["ETag"]}),
        client.get("/no-such-page"),
        client.put("/"),
    ]
    assert [answer.status_code for answer in answers] == [400, 200, 304, 404, 405]
    for answer in answers:
        assert answer.headers.getlist("Referrer-Policy") == ["same-origin"]
        assert answer.headers.getlist("X-Content-Type-Options") == ["nosniff"]
        assert len(answer.headers.getlist("Content-Security-Policy")) == 1
    for answer in answers:
        answer.close()
    own = client.get("/own-policy")
    assert own.headers.getlist("Content-Security-Policy") == ["frame-ancestors *"]
    assert own.headers["Referrer-Policy"] == "same-origin"


def test_german_by_default_english_on_request(client) -> None:  # type: ignore[no-untyped-def]
    """German first; ?lang=en switches and is remembered by a cookie."""
    assert 'lang="de"' in client.get("/").get_data(as_text=True)
    response = client.get("/?lang=en")
    assert 'lang="en"' in response.get_data(as_text=True)
    assert "lang=en" in response.headers["Set-Cookie"]
    assert 'lang="en"' in client.get("/").get_data(as_text=True)


def test_browser_language_is_honoured(client) -> None:  # type: ignore[no-untyped-def]
    """Without a choice, the browser's preferred language among de/en wins."""
    page = client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"}).get_data(as_text=True)
    assert 'lang="en"' in page


def test_unknown_page_is_a_german_404_page(client) -> None:  # type: ignore[no-untyped-def]
    """Humans get a page, in German by default."""
    response = client.get("/does-not-exist")
    assert response.status_code == 404
    assert "Nicht gefunden" in response.get_data(as_text=True)


def test_unknown_api_url_is_json(client) -> None:  # type: ignore[no-untyped-def]
    """API clients never get an HTML page (docs/api.md), and the sentence is in their language."""
    response = client.get("/api/v1/does-not-exist")
    assert response.status_code == 404
    assert response.get_json() == {"error": "Unter dieser Adresse gibt es nichts.", "field": None}
    english = client.get("/api/v1/does-not-exist?lang=en").get_json()
    assert english["error"] == "There is nothing at this address."


def test_wrong_method_and_oversized_body_are_json(client) -> None:  # type: ignore[no-untyped-def]
    """405 and 413 from the API are JSON sentences too, never HTML."""
    response = client.delete("/api/v1/referee?lang=en")
    assert response.status_code == 405
    assert response.get_json()["error"] == "This address does not accept this method."
    big = client.post(
        "/api/v1/referee", data=b"x" * (2 * 1024 * 1024), content_type="application/json"
    )
    assert big.status_code == 413
    assert "1 MB" in big.get_json()["error"]


def test_session_cookie_outlives_the_browser_session(client) -> None:  # type: ignore[no-untyped-def]
    """A phone that sleeps keeps its CSRF secret and its tables: the cookie is persistent."""
    table = client.post(
        "/api/v1/tables", json={"variant": "terroristen", "players": ["Anna", "Ben"]}
    ).get_json()
    response = client.get(f"/t/{table['id']}")  # this phone now remembers the table
    cookie = response.headers.get("Set-Cookie", "")
    assert "Expires=" in cookie or "expires=" in cookie.lower()


def test_secret_key_is_kept_in_instance(tmp_path: Path) -> None:
    """Without configuration a secret is generated once and reused after a restart."""
    config = {"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": None}
    first = create_app(config)
    second = create_app(config)
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
    assert len(first.config["SECRET_KEY"]) >= 32


def test_stock_error_text_is_not_shown_in_english_on_a_german_page(client) -> None:  # type: ignore[no-untyped-def]
    """Werkzeug's default 404 sentence is English: the German page shows its own words only."""
    page = client.get("/does-not-exist").get_data(as_text=True)
    assert "Nicht gefunden" in page
    assert "requested URL" not in page


@pytest.mark.parametrize(
    "path",
    ["/t/a%00b", "/g/a%00b", "/t/" + "x" * 200, "/api/v1/tables/a%00b", "/g/a%00b/export.csv"],
)
def test_impossible_ids_are_404_before_the_database(path: str) -> None:
    """On PostgreSQL a NUL in an id would be a database error (500); it is a plain 404."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": postgres_url()})
    response = app.test_client().get(path)
    assert response.status_code == 404
    with app.app_context():
        db.engine.dispose()
