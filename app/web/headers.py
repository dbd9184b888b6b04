"""What travels with every answer: security headers, no caching of edit links, and a session
cookie that lasts from its last use.

- Every answer carries the security headers (no referrer to other sites, no sniffing, the
  content security policy); an answer that set one of them itself keeps its own.
- Over HTTPS (directly, or behind a trusted proxy: PROXY_COUNT) the answer carries HSTS and a
  Permissions-Policy, and the session cookie is `Secure` (the language cookie: app.web.i18n).
- A page or picture that shows an edit link (`mark_edit_link`, called where the link is made)
  is `Cache-Control: no-store`: no shared or back-button cache keeps a token.
- The session is Flask's signed cookie. It holds this phone's tables and their edit tokens
  (app.rights.phone), so it lasts PERMANENT_SESSION_LIFETIME from its last use: a request that used
  it sends it again at most once per SESSION_RENEW_AFTER. Not on every request
  (SESSION_REFRESH_EACH_REQUEST is off): a background request (service worker, live poll)
  would send back the cookie it started with, over one that just got a new CSRF secret.
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
    """Flask's signed session cookie, `Secure` whenever this request came over HTTPS (the same
    app answers http on the home network and https behind a proxy), and sent again at most once
    per SESSION_RENEW_AFTER when a request used it."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """SESSION_COOKIE_SECURE, or this request came over HTTPS."""
        return super().get_cookie_secure(app) or request.is_secure

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Mark a used session whose cookie is due for renewal as changed, then save as Flask
        does (a session nobody touched is left alone)."""
        if session.accessed and session:
            renewed = session.get(RENEWED_KEY)
            now = int(time.time())
            every: timedelta = app.config["SESSION_RENEW_AFTER"]
            if not isinstance(renewed, int) or now - renewed >= every.total_seconds():
                session.permanent = True
                session[RENEWED_KEY] = now
        super().save_session(app, session, response)


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
