"""The application factory: config, database, blueprints (the web layer's entry point)."""

from __future__ import annotations

import os
import re
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask
from flask_wtf.csrf import CSRFProtect
from jinja2 import FileSystemBytecodeCache
from werkzeug.routing import BaseConverter

from app.serve.links import PublicLinks
from app.store.db import db
from app.web.assets import init_assets

csrf = CSRFProtect()
PROJECT_ROOT = Path(__file__).resolve().parent.parent
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,24}")  # models.ID_LENGTH


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: config, database (created or upgraded on start), blueprints."""
    app = PublicLinks(
        __name__,
        instance_relative_config=True,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI="sqlite:///" + os.path.join(app.instance_path, "mautisch.sqlite"),
        # Per database kind in app.web.timeouts (a server's connections are pinged before use).
        SQLALCHEMY_ENGINE_OPTIONS={},
        # A table page may stay open for a whole evening: form tokens must not expire.
        WTF_CSRF_TIME_LIMIT=None,
        # From the last use (app.web.headers renews it once a day): an abandoned phone forgets.
        PERMANENT_SESSION_LIFETIME=timedelta(days=60),
        # Sent when it changes or is due for renewal, not on every answer (app.web.headers).
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_SAMESITE="Lax",
        MAX_CONTENT_LENGTH=1024 * 1024,
        AUTO_MIGRATE=True,
        # The address in share links and QR codes (None: the one each phone used), and how many
        # reverse proxies stand in front (their X-Forwarded-* headers are believed only then).
        PUBLIC_URL=None,
        PROXY_COUNT=0,
        # When a group's evening begins (server local time): a night runs until the same
        # time next morning, so a table started at 01:00 belongs to the evening before.
        EVENING_STARTS="06:00",
    )
    app.config.from_pyfile("config.py", silent=True)
    if os.environ.get("DATABASE_URL"):
        app.config["SQLALCHEMY_DATABASE_URI"] = normalise_db_url(os.environ["DATABASE_URL"])
    if os.environ.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    for name in ("PUBLIC_URL", "PROXY_COUNT", "EVENING_STARTS"):
        if os.environ.get(name):
            app.config[name] = os.environ[name]
    if test_config is not None:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret(Path(app.instance_path))
    # Compiled templates outlive the process: the first page after a start skips the compiler.
    app.jinja_options = {**app.jinja_options, "bytecode_cache": FileSystemBytecodeCache()}
    app.config["SQLALCHEMY_DATABASE_URI"] = normalise_db_url(app.config["SQLALCHEMY_DATABASE_URI"])

    from app.web.timeouts import database_options

    database_options(app)
    db.init_app(app)
    csrf.init_app(app)
    # First, so that its compression runs after every other after_request function.
    init_assets(app)

    from app.serve import init_serving
    from app.store.setup import register_migrations

    init_serving(app)
    register_migrations(app)

    from app.web.i18n import init_i18n
    from app.web.navigation import init_navigation

    init_i18n(app)
    init_navigation(app)
    # A doubled slash (an id holding an encoded "/") is the 404 it names, not a redirect to
    # another resource: an API client must get JSON, never an HTML redirect page.
    app.url_map.merge_slashes = False
    app.url_map.converters["id"] = PublicIdConverter
    register_blueprints(app)

    from app.web.errors import register_error_handlers

    register_error_handlers(app)
    from app.web.characters import init_characters
    from app.web.sizes import init_sizes

    init_sizes(app)  # before the characters: an overlong query is not read at all
    init_characters(app)
    from app.web.isolation import init_isolation

    init_isolation(app)
    from app.web.headers import init_transport
    from app.web.limits import init_limits
    from app.web.round_limits import init_round_limits
    from app.web.timeouts import init_timeouts

    init_limits(app)
    init_round_limits(app)
    init_timeouts(app)
    init_transport(app)

    from app.store.setup import prepare_database

    with app.app_context():
        prepare_database(app)
    return app


def register_blueprints(app: Flask) -> None:
    """One blueprint per concern; the API is exempt from CSRF (no cookie auth, docs/api.md)."""
    from app import api
    from app import export
    from app import groups
    from app import pwa
    from app import referee
    from app import rules
    from app import sheets
    from app import tables
    from app.rights import editlinks

    csrf.exempt(api.bp)
    for module in (api, tables, referee, rules, sheets, groups, export, pwa, editlinks):
        app.register_blueprint(module.bp)


def normalise_db_url(url: str) -> str:
    """Accept the common `postgres://` / `postgresql://` forms and use the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def instance_secret(instance: Path) -> str:
    """A secret key kept in the instance folder, so sessions survive a restart."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


class PublicIdConverter(BaseConverter):
    """`<id:...>`: an impossible id is a 404 from routing, before it reaches the database (a
    NUL byte, which PostgreSQL refuses, or a 10 kB string)."""

    regex = PUBLIC_ID.pattern
