"""The session cookie: kept for months, sealed (app.sealed), sent only when it changes.

Every session is permanent (PERMANENT_SESSION_LIFETIME): the cookie holds this phone's tables,
groups, edit tokens and CSRF secret, which must outlive a closed browser. Marking each session
permanent by hand on every request changed it on every request, so each answer (JSON, static
files, 304s) signed and sent a new cookie. Here the lifetime is simply the rule, and the cookie
is written only when the session really changed.

The JSON API is not cookie-authenticated (docs/api.md); static files, the printable sheets, the
service worker and the view QR code need no session either: those requests get an empty
session without opening the cookie, and never send one back.
"""

from __future__ import annotations

from datetime import UTC
from datetime import datetime

from flask import Flask
from flask import Request
from flask.sessions import SecureCookieSession
from flask.sessions import SecureCookieSessionInterface
from flask.sessions import SessionMixin
from itsdangerous import URLSafeTimedSerializer

# Answers that never need this phone's session: the JSON API, the printable sheets, the
# service worker and the manifest, the view link's QR code (static files: app.static_url_path).
SESSIONLESS_PREFIXES = ("/api/", "/sheets/")
SESSIONLESS_PATHS = frozenset({"/sw.js", "/manifest.webmanifest"})
SESSIONLESS_SUFFIXES = ("/sheet.pdf", "/qr-view.svg")


class LastingSessionInterface(SecureCookieSessionInterface):
    """Flask's signed cookie session, always permanent, and skipped where nothing needs it."""

    def get_expiration_time(self, app: Flask, session: SessionMixin) -> datetime:
        """Every session lasts PERMANENT_SESSION_LIFETIME from its last change."""
        return datetime.now(UTC) + app.permanent_session_lifetime

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """The cookie is sealed, not only signed: its edit tokens cannot be read (app.sealed)."""
        from app.sealed import SealedSerializer

        legacy = super().get_signing_serializer(app)
        return None if legacy is None else SealedSerializer(app, legacy)

    def get_cookie_secure(self, app: Flask) -> bool:
        """`Secure` whenever this request came over HTTPS (behind a trusted proxy too)."""
        from flask import request

        return super().get_cookie_secure(app) or request.is_secure

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """An empty session for the API and static files; the phone's own elsewhere."""
        if sessionless(app, request.path):
            return self.session_class()
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: SessionMixin, response: object) -> None:
        """Write the cookie only when the session changed; never for the API or static files."""
        from flask import request

        if sessionless(app, request.path):
            return
        super().save_session(app, session, response)  # type: ignore[arg-type]


def sessionless(app: Flask, path: str) -> bool:
    """Does a request to `path` go without a session (the JSON API, static files, PDFs ...)?"""
    static = (app.static_url_path or "/static").rstrip("/") + "/"
    return (
        path.startswith((*SESSIONLESS_PREFIXES, static))
        or path in SESSIONLESS_PATHS
        or path.endswith(SESSIONLESS_SUFFIXES)
    )


def init_sessions(app: Flask) -> None:
    """Install the lasting session."""
    app.session_interface = LastingSessionInterface()
