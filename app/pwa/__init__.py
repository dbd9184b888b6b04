"""Installable on a phone: the web app manifest, the service worker and the offline page.

The service worker (static/sw.js) is served from the root so its scope covers every page, and
`no-cache`, so a new version reaches the phones on their next visit.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import Blueprint
from flask import Response
from flask import current_app
from flask import jsonify
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _

from app.pwa.icons import draw_icons
from app.tables.live import no_flashes
from app.web.navigation import current_lang

THEME = "#14532d"  # the base template's theme-color
BACKGROUND = "#f6f5f0"  # base.css --bg (light)
STATIC_LITERAL = re.compile(r'"/static/(?P<name>[^"]+)"')

bp = Blueprint("pwa", __name__)
bp.cli.add_command(draw_icons)


def icon(size: int, purpose: str) -> dict[str, str]:
    """One PNG icon of the manifest (static/icons, drawn by `flask pwa icons`)."""
    name = f"icon-{size}.png" if purpose == "any" else f"icon-{size}-maskable.png"
    return {
        "src": url_for("static", filename=f"icons/{name}"),
        "sizes": f"{size}x{size}",
        "type": "image/png",
        "purpose": purpose,
    }


def manifest_data() -> dict[str, Any]:
    """What a phone needs to install Mautisch as an app."""
    return {
        "id": "/",
        "name": "Mautisch",
        "short_name": "Mautisch",
        "description": _("Score keeping and a rules referee for Mau-Mau tables"),
        "lang": current_lang(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [icon(192, "any"), icon(512, "any"), icon(192, "maskable"), icon(512, "maskable")],
    }


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest (application/manifest+json)."""
    response = jsonify(manifest_data())
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = "no-cache"
    return revalidated(response)


def revalidated(response: Response) -> Response:
    """With an ETag, answered 304 when the phone's copy is current: the service worker asks
    again with the ETag of the copy it keeps (static/sw.js), once per version of itself."""
    response.add_etag()
    response.make_conditional(request)
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, its static links hashed: a changed file changes the worker."""
    source = Path(str(current_app.static_folder), "sw.js").read_text(encoding="utf-8")
    linked = STATIC_LITERAL.sub(
        lambda match: '"' + url_for("static", filename=match["name"]) + '"', source
    )
    response = Response(linked, mimetype="text/javascript")
    response.add_etag()
    response.make_conditional(request)
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> Response:
    """Shown by the service worker for a page that is neither reachable nor kept on the phone."""
    # Fetched by the service worker in the background: it must not take the flash messages.
    page = render_template("pwa/offline.html", get_flashed_messages=no_flashes)
    return revalidated(Response(page, mimetype="text/html"))
