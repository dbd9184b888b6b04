"""Shared fixtures: an app on a throwaway database, its test client, a real server, a browser.

Browser tests drive Debian's Chromium (/usr/bin/chromium) through Playwright at a phone
viewport; `.ci/run` installs it. PostgreSQL tests read TEST_DATABASE_URL.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask.testing import FlaskCliRunner
from werkzeug.serving import make_server

from app.factory import create_app

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    """An app on an empty in-memory SQLite database, instance files in a temp folder."""
    return create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """Real HTTP requests through Flask's test client."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """The app's CLI."""
    return app.test_cli_runner()


@pytest.fixture
def csrf_app(tmp_path: Path) -> Flask:
    """An app with CSRF protection on, as in production."""
    return create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "test"}
    )


def postgres_url() -> str:
    """The PostgreSQL test database, or skip with the reason."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip(
            "TEST_DATABASE_URL is not set: PostgreSQL tests need a server (.ci/run sets it)"
        )
    return url


@pytest.fixture
def pg_app() -> Iterator[Flask]:
    """An app on the PostgreSQL test database, emptied before and after."""
    url = postgres_url()
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "test"})
    with app.app_context():
        from app.store.db import db

        wipe(db)
    yield app
    with app.app_context():
        wipe(db)
        db.engine.dispose()


def wipe(db: Any) -> None:
    """Delete every row (the schema stays, as the migrations made it)."""
    for table in reversed(db.metadata.sorted_tables):
        db.session.execute(table.delete())
    db.session.commit()


class LiveServer:
    """A real threaded HTTP server running an app, on a free port of 127.0.0.1."""

    def __init__(self, app: Flask) -> None:
        """Bind the app to a free port (the thread starts on enter)."""
        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> LiveServer:
        """Start serving in a background thread."""
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        """Stop serving and release the port."""
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


def file_app(tmp_path: Path, **config: Any) -> Flask:
    """An app on a fresh SQLite file (migrated like a real install)."""
    settings = {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'live.sqlite'}",
        "SECRET_KEY": "test",
    }
    settings.update(config)
    return create_app(settings)


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    """The app served for real (SQLite file, CSRF on) for browsers and concurrency tests."""
    with LiveServer(file_app(tmp_path)) as server:
        yield server
        with server.app.app_context():
            from app.store.db import db

            db.engine.dispose()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright."""
    if not shutil.which(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium package")
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium package for browser tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser profile at phone size, German first."""
    ctx = browser.new_context(
        viewport=PHONE, locale="de-DE", device_scale_factor=2, is_mobile=True, has_touch=True
    )
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: Any) -> Any:
    """A page in the phone-sized context; long waits fail fast (5 s)."""
    page = context.new_page()
    page.set_default_timeout(5000)
    return page
