"""The fresh page for one watching phone, rendered where its stream is held.

Telling a phone only the new version costs it a round trip for the page afterwards (300 ms on
a pub's Wi-Fi). Instead the stream carries the page itself: the live copy (`tables.live`) as the
phone would have fetched it, from its own cookies, language and address, so an editor's page
keeps its controls. Rendered through the Flask app like any request (werkzeug's EnvironBuilder).

A phone without rights to the table sees what every such phone sees in its language under the
same address: that page is rendered once per change and handed to all of them (app.push.shared);
an editor's page carries its own form tokens and is rendered for it alone.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Response

from app.push.shared import Shared
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


class Viewer:
    """What the page of one watching phone depends on, taken from its stream's request."""

    def __init__(self, scope: dict[str, Any]) -> None:
        self.headers = [
            (name.decode("latin-1"), value.decode("latin-1"))
            for name, value in scope.get("headers", [])
            if name in PASSED
        ]
        self.query = scope.get("query_string", b"").decode("latin-1")
        self.scheme = scope.get("scheme", "http")
        peer = scope.get("client")
        self.address = str(peer[0]) if peer else "127.0.0.1"
        self.root = scope.get("root_path", "")

    def reader_key(self, table_id: str, lang: str) -> tuple[Any, ...]:
        """What the page of a phone without rights depends on: the table, the language, the
        address the phone used (host, scheme, prefix, forwarded headers) and the query. Not
        its cookies: they hold only this phone's own lists and rights, which such a page
        does not show."""
        address = tuple(
            (name.lower(), value)
            for name, value in self.headers
            if name.lower() not in ("cookie", "accept-language", "user-agent")
        )
        return (table_id, lang, self.query, self.scheme, self.root, address)

    def environ(self, table_id: str) -> dict[str, Any]:
        """The WSGI environ of this phone's fetch of the live copy."""
        builder = EnvironBuilder(
            path=f"/t/{table_id}/live",
            base_url=f"{self.scheme}://localhost{self.root}",
            query_string=self.query,
            headers=self.headers,
            environ_base={"REMOTE_ADDR": self.address},
        )
        try:
            return builder.get_environ()
        finally:
            builder.close()


def page(app: Flask, table_id: str, viewer: Viewer, shared: Shared) -> str | None:
    """The live copy's HTML for this phone, or None (gone, refused, failed: it fetches)."""
    with app.request_context(viewer.environ(table_id)):
        head = table_head(table_id)
        if head is None:
            return None
        key = None if can_edit(head) else viewer.reader_key(table_id, current_lang())
    if key is None:
        return rendered(app, viewer.environ(table_id))[0]
    return shared.get(key, head.version, lambda: rendered(app, viewer.environ(table_id)))


def rendered(app: Flask, environ: dict[str, Any]) -> tuple[str | None, int]:
    """The live copy's HTML and the version it shows ((None, -1) unless answered 200)."""
    answer = Response.from_app(app.wsgi_app, environ)
    try:
        if answer.status_code != 200:
            return None, -1
        return answer.get_data(as_text=True), int(answer.headers.get("X-Table-Version", -1))
    finally:
        answer.close()
