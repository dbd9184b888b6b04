"""The fresh page for one watching phone, rendered where its stream is held.

Telling a phone only the new version costs it a round trip for the page afterwards (300 ms on
a pub's Wi-Fi). Instead the stream carries the page itself: the live copy (`tables.live`) as the
phone would have fetched it, from its own cookies, language and address, so an editor's page
keeps its controls. Rendered through the Flask app like any request (werkzeug's EnvironBuilder),
one render per watching phone and change, as its fetch would have cost.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Response

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


def page(app: Flask, table_id: str, viewer: Viewer) -> str | None:
    """The live copy's HTML for this phone, or None (gone, refused, failed: it fetches)."""
    builder = EnvironBuilder(
        path=f"/t/{table_id}/live",
        base_url=f"{viewer.scheme}://localhost{viewer.root}",
        query_string=viewer.query,
        headers=viewer.headers,
        environ_base={"REMOTE_ADDR": viewer.address},
    )
    try:
        environ = builder.get_environ()
    finally:
        builder.close()
    answer = Response.from_app(app.wsgi_app, environ)
    try:
        if answer.status_code != 200:
            return None
        return answer.get_data(as_text=True)
    finally:
        answer.close()
