"""What travels with every answer: security headers, HTTPS-only headers, no caching of edit
links, a session that slides.

- Every answer carries the security headers (no referrer to other sites, no sniffing, the
  content security policy).
- Over HTTPS (directly, or behind a trusted proxy: PROXY_COUNT) the answer carries HSTS and a
  Permissions-Policy, and the cookies are `Secure` (`app.web.sessions`, `app.web.i18n`).
- A page or picture that shows an edit link (`mark_edit_link`, called where the link is made)
  is `Cache-Control: no-store`: no shared or back-button cache keeps a token.
- The session lasts PERMANENT_SESSION_LIFETIME from its last use, not from its last change:
  a request that used it renews it at most once a day (SESSION_RENEW_AFTER, app.web.sessions), so
  a phone used every week keeps its tables, an abandoned one forgets them, and the cookie is
  not re-sent on every request.

The fixed security headers are added where the answer leaves the app (`SecurityHeaders`, a
WSGI wrapper): as plain name/value pairs after Flask has written its headers, not through a
response object that checks each header again (3 % of a referee answer's CPU time, measured
against the bare JSON route of benchmarks/bench_pages.py). The rest is one after_request
function.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from flask import Flask
from flask import Response
from flask import request
from flask import url_for
from flask.globals import request_ctx

from app.web.sessions import RENEWED_KEY
from app.web.sessions import renew

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

SECURITY_NAMES = frozenset(name.lower() for name, _value in SECURITY)

StartResponse = Callable[..., Any]


class SecurityHeaders:
    """WSGI wrapper: every answer carries the security headers, unless the app set one of
    them itself (then it keeps its own)."""

    def __init__(self, app: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        """Wrap the app's WSGI callable."""
        self.app = app

    def __call__(
        self, environ: dict[str, Any], start_response: StartResponse
    ) -> Iterable[bytes]:
        """Answer as the app does, with the security headers among the headers it sends."""

        def start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            """Add the missing security headers, then start the answer."""
            if any(name.lower() in SECURITY_NAMES for name, _value in headers):
                present = {name.lower() for name, _value in headers}
                headers.extend(pair for pair in SECURITY if pair[0].lower() not in present)
            else:
                headers.extend(SECURITY)
            return start_response(status, headers, *exc_info)

        return self.app(environ, start)


# Where the request notes that its answer shows an edit link (a namespaced WSGI key).
EDIT_LINK_KEY = "mautisch.shows_edit_link"


def mark_edit_link() -> None:
    """The answer being built shows an edit link: it must not be cached."""
    request.environ[EDIT_LINK_KEY] = True


def table_edit_url(table_id: str, token: str) -> str:
    """A table's edit link: the token after "#", so no server or proxy ever logs it."""
    return url_for("editlinks.claim_table", table_id=table_id, _external=True) + "#" + token


def group_edit_url(group_id: str, token: str) -> str:
    """A group's edit link: the token after "#", so no server or proxy ever logs it."""
    return url_for("editlinks.claim_group", group_id=group_id, _external=True) + "#" + token


def finish_response(response: Response) -> Response:
    """HSTS and Permissions-Policy over HTTPS; no-store where an edit link is shown; the
    renewal of a session this request used (the fixed headers: SecurityHeaders).

    The request, its session and the app are read from one lookup of the request's context:
    each of Flask's proxies (request, session, g, current_app) is a lookup of its own, on
    every answer."""
    ctx = request_ctx._get_current_object()  # type: ignore[attr-defined]
    headers = response.headers
    if ctx.request.is_secure:
        headers.setdefault("Strict-Transport-Security", HSTS)
        headers.setdefault("Permissions-Policy", PERMISSIONS)
    if ctx.request.environ.get(EDIT_LINK_KEY) and "no-store" not in headers.get(
        "Cache-Control", ""
    ):
        headers["Cache-Control"] = "no-store"
    every: timedelta = ctx.app.config["SESSION_RENEW_AFTER"]
    renew(ctx.session, every)
    return response


def init_transport(app: Flask) -> None:
    """Install the hook and the headers' wrapper (the session lifetime and its renewal
    interval are settings)."""
    app.config.setdefault("SESSION_RENEW_AFTER", timedelta(days=1))
    app.after_request(finish_response)
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]
