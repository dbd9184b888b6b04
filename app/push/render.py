"""The fresh page for one watching phone, rendered where its stream is held.

Telling a phone only the new version costs it a round trip for the page afterwards (300 ms on
a pub's Wi-Fi). Instead the stream carries the page itself: the live copy (`tables.live`) as the
phone would have fetched it, from its own cookies, language and address, so an editor's page
keeps its controls. Rendered through the Flask app like any request (werkzeug's EnvironBuilder).

What a page depends on is decided once per stream (`Role`): the cookie a stream was opened with
does not change while it is open. Phones of one role, language and address see the same page
but for their form tokens (the CSRF token, a fresh idempotency key per one-tap form), so a page
is rendered once per table version and key (app.push.pages) and an editor's copy gets its own
tokens put in (`for_phone`). Only the query parameters the live copy reads count, so a phone
cannot force renders of its own by adding others.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl
from urllib.parse import urlencode

from flask import Flask
from flask_wtf.csrf import generate_csrf
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Response

from app.rights.phone import can_edit
from app.store.tables import table_head
from app.web.navigation import current_lang

# The phone's headers that shape its page; Accept-Encoding is left out (the stream is
# compressed as a whole, app.push.events).
PASSED = (
    b"cookie",
    b"accept-language",
    b"host",
    b"x-forwarded-for",
    b"x-forwarded-proto",
    b"x-forwarded-host",
    b"x-forwarded-port",
    b"x-forwarded-prefix",
    b"user-agent",
)
# The query parameters the live copy reads: its language, and all rounds or the last ones.
RELEVANT = ("lang", "rounds")
# A form token's value in a rendered page (our templates and WTForms put name before value).
PER_PHONE = re.compile(r'(name="(csrf_token|idempotency_key)"[^>]*?value=")[^"]*"')


@dataclass(frozen=True)
class Role:
    """What of a phone shapes its page: may it edit, its language, its CSRF token."""

    editor: bool
    lang: str
    token: str | None


class Viewer:
    """What the page of one watching phone depends on, taken from its stream's request."""

    def __init__(self, scope: dict[str, Any]) -> None:
        self.headers = [
            (name.decode("latin-1"), value.decode("latin-1"))
            for name, value in scope.get("headers", [])
            if name in PASSED
        ]
        asked = parse_qsl(scope.get("query_string", b"").decode("latin-1"))
        self.query = urlencode(sorted((k, v) for k, v in asked if k in RELEVANT))
        self.scheme = scope.get("scheme", "http")
        peer = scope.get("client")
        self.address = str(peer[0]) if peer else "127.0.0.1"
        self.root = scope.get("root_path", "")
        self.role: Role | None = None  # decided at the first render (app.push.pages)

    def page_key(self, table_id: str, role: Role) -> tuple[Any, ...]:
        """What the page depends on besides the phone's tokens: the table, the role, the
        address the phone used (host, scheme, prefix, forwarded headers) and the query. Not
        its cookies: they hold this phone's own lists and rights, which the page does not show."""
        address = tuple(
            (name.lower(), value)
            for name, value in self.headers
            if name.lower() not in ("cookie", "accept-language", "user-agent")
        )
        return (table_id, role.editor, role.lang, self.query, self.scheme, self.root, address)

    def environ(self, table_id: str) -> dict[str, Any]:
        """The WSGI environ of this phone's fetch of the live copy."""
        builder = EnvironBuilder(
            path=f"/t/{table_id}/live",
            base_url=f"{self.scheme}://localhost{self.root}",
            query_string=self.query,
            # The changes since the newest version this key was rendered at, where kept: the
            # phones of the key showing that version get only those (app.tables.changes).
            headers=[*self.headers, ("X-Changes-From", "any")],
            environ_base={"REMOTE_ADDR": self.address},
        )
        try:
            return builder.get_environ()
        finally:
            builder.close()


def role(app: Flask, table_id: str, viewer: Viewer) -> Role | None:
    """The phone's role at the table (None: no such table)."""
    with app.request_context(viewer.environ(table_id)):
        head = table_head(table_id)
        if head is None:
            return None
        editor = can_edit(head)
        return Role(editor, current_lang(), generate_csrf() if editor else None)


def rendered(app: Flask, environ: dict[str, Any]) -> tuple[str | None, int, int | None]:
    """The live copy's HTML, the version it shows, and the version its changes start from
    (None: it is the whole page); (None, -1, None) unless answered 200."""
    answer = Response.from_app(app.wsgi_app, environ)
    try:
        if answer.status_code != 200:
            return None, -1, None
        base = answer.headers.get("X-Changes-Base")
        return (
            answer.get_data(as_text=True),
            int(answer.headers.get("X-Table-Version", -1)),
            int(base) if base is not None else None,
        )
    finally:
        answer.close()


def for_phone(html: str, role: Role) -> str:
    """The shared page with this phone's tokens: its CSRF token, a new idempotency key."""
    if not role.editor:
        return html
    key = uuid.uuid4().hex  # a one-tap save of this page is this phone's own

    def own(found: re.Match[str]) -> str:
        """The phone's value for one token field."""
        return f'{found[1]}{role.token if found[2] == "csrf_token" else key}"'

    return PER_PHONE.sub(own, html)
