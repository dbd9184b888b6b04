"""What travels with every answer: security headers, no caching of edit links, the session.

An answer showing an edit link is `no-store`, so no cache keeps a token. The session (this
phone's edit tokens) lasts from its last use, renewed at most once per SESSION_RENEW_AFTER,
not on every request: a background request (service worker, live poll) would send back the
cookie it started with, over one that just got a new CSRF secret.
"""

from __future__ import annotations

import time
from datetime import timedelta

from flask import Flask
from flask import Response
from flask import g
from flask import request
from flask import url_for
from flask.sessions import SecureCookieSessionInterface
from flask.sessions import SessionMixin

HSTS = "max-age=31536000"
# The app uses none of these; a page that is ever injected into cannot ask for them either.
PERMISSIONS = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"
SECURITY = {
    # Edit links carry the token: never send them as a referrer to another site.
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'"
    ),
}
RENEWED_KEY = "renewed"  # when this session's cookie was last sent (seconds since the epoch)


class SessionCookie(SecureCookieSessionInterface):
    """Flask's session cookie, `Secure` per request (http at home, https behind a proxy)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """SESSION_COOKIE_SECURE, or this request came over HTTPS."""
        return super().get_cookie_secure(app) or request.is_secure

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Save as Flask does, renewing a used session's cookie when it is due."""
        if session.accessed and session:
            renewed = session.get(RENEWED_KEY)
            now = int(time.time())
            every: timedelta = app.config["SESSION_RENEW_AFTER"]
            if not isinstance(renewed, int) or now - renewed >= every.total_seconds():
                session.permanent = True
                session[RENEWED_KEY] = now
        super().save_session(app, session, response)


def offline_copy() -> bool:
    """The service worker asks for the copy it may keep (static/sw.js): the page as this phone
    sees it, but without any edit link, so nothing kept offline holds a token."""
    return request.headers.get("X-Offline-Copy") == "1"


def mark_edit_link() -> None:
    """The answer being built shows an edit link: it must not be cached."""
    g.shows_edit_link = True


def table_edit_url(table_id: str, token: str) -> str:
    """A table's edit link: the token after "#", so no server or proxy ever logs it."""
    return url_for("editlinks.claim_table", table_id=table_id, _external=True) + "#" + token


def group_edit_url(group_id: str, token: str) -> str:
    """A group's edit link: the token after "#", so no server or proxy ever logs it."""
    return url_for("editlinks.claim_group", group_id=group_id, _external=True) + "#" + token


def finish_response(response: Response) -> Response:
    """The headers every answer carries; no-store where an edit link is shown."""
    headers = response.headers
    for name, value in SECURITY.items():
        headers.setdefault(name, value)
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", HSTS)
        headers.setdefault("Permissions-Policy", PERMISSIONS)
    if g.get("shows_edit_link") and "no-store" not in headers.get("Cache-Control", ""):
        headers["Cache-Control"] = "no-store"
    return response


def init_transport(app: Flask) -> None:
    """Install the session cookie and the hook (the renewal interval is a setting)."""
    app.config.setdefault("SESSION_RENEW_AFTER", timedelta(days=1))
    app.session_interface = SessionCookie()
    app.after_request(finish_response)
