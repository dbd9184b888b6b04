"""What travels with every answer: HTTPS-only headers, no caching of edit links, a session that
slides.

- Over HTTPS (directly, or behind a trusted proxy: PROXY_COUNT) the answer carries HSTS and a
  Permissions-Policy, and the cookies are `Secure` (`app.sessions`, `app.i18n`).
- A page or picture that shows an edit link (`g.shows_edit_link`, set where the link is made)
  is `Cache-Control: no-store`: no shared or back-button cache keeps a token.
- The session lasts PERMANENT_SESSION_LIFETIME from its last use, not from its last change:
  a page request renews it at most once a day (SESSION_RENEW_AFTER), so a phone used every
  week keeps its tables, an abandoned one forgets them, and the cookie is not re-sent on
  every request.
"""

from __future__ import annotations

import time
from datetime import timedelta

from flask import Flask
from flask import Response
from flask import current_app
from flask import g
from flask import request
from flask import session
from flask import url_for

from app.sealed import RESEAL_KEY
from app.sessions import sessionless

HSTS = "max-age=31536000"
# The app uses none of these; a page that is ever injected into cannot ask for them either.
PERMISSIONS = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"
RENEWED_KEY = "renewed"  # when this session's cookie was last sent (seconds since the epoch)


def mark_edit_link() -> None:
    """The answer being built shows an edit link: it must not be cached."""
    g.shows_edit_link = True


def table_edit_url(table_id: str, token: str) -> str:
    """A table's edit link: the token after "#", so no server or proxy ever logs it."""
    return url_for("editlinks.claim_table", table_id=table_id, _external=True) + "#" + token


def group_edit_url(group_id: str, token: str) -> str:
    """A group's edit link: the token after "#", so no server or proxy ever logs it."""
    return url_for("editlinks.claim_group", group_id=group_id, _external=True) + "#" + token


def renew_session() -> None:
    """A page request renews the session's lifetime, at most once per SESSION_RENEW_AFTER."""
    if sessionless(current_app, request.path):
        return
    if session.pop(RESEAL_KEY, False):
        pass  # read from a cookie from before sealing: popping it writes the cookie sealed
    renewed = session.get(RENEWED_KEY)
    every: timedelta = current_app.config["SESSION_RENEW_AFTER"]
    now = int(time.time())
    if not isinstance(renewed, int) or now - renewed >= every.total_seconds():
        session[RENEWED_KEY] = now  # a change: the cookie goes out with a fresh expiry


def transport_headers(response: Response) -> Response:
    """HSTS and Permissions-Policy over HTTPS; no-store where an edit link is shown."""
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS)
    if g.get("shows_edit_link") and "no-store" not in response.headers.get("Cache-Control", ""):
        response.headers["Cache-Control"] = "no-store"
    return response


def init_transport(app: Flask) -> None:
    """Install the hooks (the session lifetime and its renewal interval are settings)."""
    app.config.setdefault("SESSION_RENEW_AFTER", timedelta(days=1))
    app.before_request(renew_session)
    app.after_request(transport_headers)
