"""The session cookie: kept for months, sealed (app.web.sealed), opened and sent only when used.

Every session is permanent (PERMANENT_SESSION_LIFETIME): the cookie holds this phone's tables,
groups, edit tokens and CSRF secret, which must outlive a closed browser. Marking each session
permanent by hand on every request changed it on every request, so each answer (JSON, static
files, 304s) signed and sent a new cookie. Here the lifetime is simply the rule, and the cookie
is written only when the session really changed, or when a used session is renewed (at most
once per SESSION_RENEW_AFTER, so it lasts from its last use, not from its last change).

The cookie is opened (decrypted) only when a view or template first touches the session
(`LazySession`): a page that never looks at it pays nothing for it, and sends nothing back.

The JSON API is not cookie-authenticated (docs/api.md); static files, the printable sheets, the
service worker and the view QR code need no session either: those requests get an empty
session (`NoSession`) without looking at the cookie, and never send one back.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

from flask import Flask
from flask import Request
from flask.sessions import SecureCookieSession
from flask.sessions import SecureCookieSessionInterface
from flask.sessions import SessionMixin
from itsdangerous import BadSignature
from itsdangerous import URLSafeTimedSerializer

# Answers that never need this phone's session: the JSON API, the printable sheets, the
# service worker and the manifest, the view link's QR code (static files: app.static_url_path).
SESSIONLESS_PREFIXES = ("/api/", "/sheets/")
SESSIONLESS_PATHS = frozenset({"/sw.js", "/manifest.webmanifest"})
SESSIONLESS_SUFFIXES = ("/sheet.pdf", "/qr-view.svg")
RENEWED_KEY = "renewed"  # when this session's cookie was last sent (seconds since the epoch)
RESEAL_KEY = "_reseal"  # set on a session read from an older, merely signed cookie (app.web.sealed)


class NoSession(SecureCookieSession):
    """The empty session of a request that needs none: never read from or written to a cookie."""


class LazySession(SecureCookieSession):
    """A phone's session whose cookie is decrypted on first use, not when the request starts."""

    def __init__(self, opener: Callable[[], dict[str, Any]] | None = None) -> None:
        """Empty until used; `opener` reads the cookie (None: there is none)."""
        super().__init__()
        self.opener = opener
        self.opened = False

    def open(self) -> None:
        """Read the cookie into the session, once (without counting as a change)."""
        if self.opened:
            return
        self.opened = True
        if self.opener is not None:
            dict.update(self, self.opener())
            self.opener = None


def opening(name: str) -> Callable[..., Any]:
    """The dict method `name` of SecureCookieSession, reading the cookie first."""
    method = getattr(SecureCookieSession, name)

    def opened(self: LazySession, *args: Any, **kwargs: Any) -> Any:
        """Open the session, then do what the method does."""
        self.open()
        return method(self, *args, **kwargs)

    opened.__name__ = name
    return opened


# Every way to read or change the session's content opens it first.
for _name in (
    "__getitem__", "__setitem__", "__delitem__", "__contains__", "__iter__", "__len__",
    "__eq__", "__ne__", "__repr__", "__or__", "__ior__", "get", "setdefault", "pop", "popitem",
    "update", "clear", "copy", "keys", "values", "items",
):
    setattr(LazySession, _name, opening(_name))


class LastingSessionInterface(SecureCookieSessionInterface):
    """Flask's signed cookie session, always permanent, opened lazily, skipped where not needed."""

    def get_expiration_time(self, app: Flask, session: SessionMixin) -> datetime:
        """Every session lasts PERMANENT_SESSION_LIFETIME from its last use."""
        return datetime.now(UTC) + app.permanent_session_lifetime

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """The cookie is sealed, not only signed: its edit tokens cannot be read (app.web.sealed).

        Kept per app while its keys stay the same (deriving the keys costs on every request).
        """
        from app.web.sealed import SealedSerializer

        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()), self.salt)
        kept = app.extensions.get("mautisch_sealed")
        if kept is not None and kept[0] == keys:
            return kept[1]  # type: ignore[no-any-return]
        legacy = super().get_signing_serializer(app)
        sealed = None if legacy is None else SealedSerializer(app, legacy)
        app.extensions["mautisch_sealed"] = (keys, sealed)
        return sealed

    def get_cookie_secure(self, app: Flask) -> bool:
        """`Secure` whenever this request came over HTTPS (behind a trusted proxy too)."""
        from flask import request

        return super().get_cookie_secure(app) or request.is_secure

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """An empty session for the API and static files; elsewhere the phone's, opened on use."""
        if sessionless(app, request.path):
            return NoSession()
        if not app.secret_key:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return LazySession()
        max_age = int(app.permanent_session_lifetime.total_seconds())

        def read() -> dict[str, Any]:
            """The cookie's content; a cookie that does not open is an empty session."""
            serializer = self.get_signing_serializer(app)
            try:
                data = serializer.loads(value, max_age=max_age) if serializer else {}
            except BadSignature:
                return {}
            return data if isinstance(data, dict) else {}

        return LazySession(read)

    def save_session(self, app: Flask, session: SessionMixin, response: object) -> None:
        """Write the cookie only when a used session changed or is due for renewal; never for
        the API or static files, never for a session nobody opened."""
        if isinstance(session, NoSession):
            return
        if isinstance(session, LazySession) and not session.opened:
            return
        super().save_session(app, session, response)  # type: ignore[arg-type]


def renew(session: SessionMixin, every: timedelta) -> None:
    """A session this request used is renewed (its cookie re-sent with a fresh expiry) at most
    once per `every`; one read from a cookie from before sealing is written sealed.

    Called after the view (app.web.headers), so a session nobody opened stays closed."""
    if isinstance(session, NoSession) or (
        isinstance(session, LazySession) and not session.opened
    ):
        return
    resealed = session.pop(RESEAL_KEY, False)
    if not any(key != RENEWED_KEY for key in session):
        return  # nothing to keep (a new phone): no cookie just to say when it was sent
    renewed = session.get(RENEWED_KEY)
    now = int(time.time())
    if resealed or not isinstance(renewed, int) or now - renewed >= every.total_seconds():
        session[RENEWED_KEY] = now  # a change: the cookie goes out with a fresh expiry


def sessionless(app: Flask, path: str) -> bool:
    """Does a request to `path` go without a session (the JSON API, static files, PDFs ...)?"""
    static = app.extensions.get("mautisch_static_prefix")
    if static is None:
        static = (app.static_url_path or "/static").rstrip("/") + "/"
        app.extensions["mautisch_static_prefix"] = static
    return (
        path.startswith(SESSIONLESS_PREFIXES)
        or path.startswith(static)
        or path in SESSIONLESS_PATHS
        or path.endswith(SESSIONLESS_SUFFIXES)
    )


def init_sessions(app: Flask) -> None:
    """Install the lasting session (renewed once a day by default)."""
    app.config.setdefault("SESSION_RENEW_AFTER", timedelta(days=1))
    app.session_interface = LastingSessionInterface()
