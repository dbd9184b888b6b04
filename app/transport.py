"""What travels with every answer: security headers, HTTPS-only headers, no caching of edit
links, a session that slides.

- Every answer carries the security headers (no referrer to other sites, no sniffing, the
  content security policy).
- Over HTTPS (directly, or behind a trusted proxy: PROXY_COUNT) the answer carries HSTS and a
  Permissions-Policy, and the cookies are `Secure` (`app.sessions`, `app.i18n`).
- A page or picture that shows an edit link (`g.shows_edit_link`, set where the link is made)
  is `Cache-Control: no-store`: no shared or back-button cache keeps a token.
- The session lasts PERMANENT_SESSION_LIFETIME from its last use, not from its last change:
  a request that used it renews it at most once a day (SESSION_RENEW_AFTER, app.sessions), so
  a phone used every week keeps its tables, an abandoned one forgets them, and the cookie is
  not re-sent on every request.

All of it is one after_request function: an API answer runs one hook, not four.
"""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask import Response
from flask import current_app
from flask import g
from flask import request
from flask import session
from flask import url_for

from app.sessions import RENEWED_KEY
from app.sessions import renew

__all__ = ["RENEWED_KEY", "group_edit_url", "init_transport", "mark_edit_link", "table_edit_url"]

HSTS = "max-age=31536000"
# The app uses none of these; a page that is ever injected into cannot ask for them either.
PERMISSIONS = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"
# Edit links carry the token: never send them as a referrer to another site.
SECURITY = (
    ("Referrer-Policy", "same-origin"),
    ("X-Content-Type-Options", "nosniff"),
    (
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'",
    ),
)

# With the lower-case name each answer compares against (header names are case-insensitive).
SECURITY_LOWER = tuple((name.lower(), name, value) for name, value in SECURITY)


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
    """Security headers; HSTS and Permissions-Policy over HTTPS; no-store where an edit link is
    shown; the renewal of a session this request used."""
    headers = response.headers
    # One pass over the few headers there are: Werkzeug's `in` raises and catches a KeyError
    # for every header that is missing, which is each of these on nearly every answer.
    present = {name.lower() for name, _value in headers}
    for lower, name, value in SECURITY_LOWER:
        if lower not in present:
            headers.add(name, value)
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", HSTS)
        headers.setdefault("Permissions-Policy", PERMISSIONS)
    if g.get("shows_edit_link") and "no-store" not in headers.get("Cache-Control", ""):
        headers["Cache-Control"] = "no-store"
    every: timedelta = current_app.config["SESSION_RENEW_AFTER"]
    renew(session._get_current_object(), every)  # type: ignore[attr-defined]
    return response


def init_transport(app: Flask) -> None:
    """Install the hook (the session lifetime and its renewal interval are settings)."""
    app.config.setdefault("SESSION_RENEW_AFTER", timedelta(days=1))
    app.after_request(finish_response)
