"""Installable on a phone: manifest, icons, the service worker from the root, the offline page."""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

STATIC = Path(__file__).resolve().parents[2] / "static"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG, after checking its signature and header checksum."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert (length, kind) == (13, b"IHDR")
    header = data[16 : 16 + length]
    assert struct.unpack(">I", data[29:33])[0] == zlib.crc32(kind + header)
    width, height = struct.unpack(">II", header[:8])
    return width, height


def test_manifest_makes_the_app_installable(client: FlaskClient) -> None:
    """Name, start URL, standalone display, theme and 192/512 icons (plain and maskable)."""
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.mimetype == "application/manifest+json"
    manifest = answer.json
    assert manifest["name"] == "Mautisch" and manifest["short_name"] == "Mautisch"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/",
        "/",
        "standalone",
    )
    assert manifest["theme_color"] and manifest["background_color"]
    purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200 and image.mimetype == "image/png"
        size = int(icon["sizes"].split("x")[0])
        assert png_size(image.data) == (size, size)
        image.close()


def test_manifest_speaks_the_page_language(client: FlaskClient) -> None:
    """German by default, English on request."""
    assert client.get("/manifest.webmanifest").json["lang"] == "de"
    english = client.get("/manifest.webmanifest?lang=en").json
    assert english["lang"] == "en" and "referee" in english["description"]


def test_service_worker_is_served_from_the_root_scope(client: FlaskClient) -> None:
    """/sw.js: JavaScript, allowed for scope "/", always revalidated; the source in static/."""
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.mimetype == "text/javascript"
    assert answer.headers["Service-Worker-Allowed"] == "/"
    assert answer.headers["Cache-Control"] == "no-cache"
    # The worker keeps the static files under the links the pages use (with their hash).
    served = answer.get_data(as_text=True)
    assert re.search(r'"/static/css/base\.css\?v=[0-9a-f]{12}"', served)
    plain = re.sub(r"\?v=[0-9a-f]{12}\"", '"', served)
    assert plain == (STATIC / "sw.js").read_text()
    answer.close()


def test_every_page_links_the_manifest_and_the_offline_script(client: FlaskClient) -> None:
    """The start page (and every page: base template) links manifest, icon and offline.js."""
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert re.search(r"/static/icons/icon-192\.png\?v=[0-9a-f]{12}", page)
    assert re.search(r'src="/static/js/offline\.js\?v=[0-9a-f]{12}"', page)
    assert 'data-sw="/sw.js"' in page


def test_offline_page_in_both_languages(client: FlaskClient) -> None:
    """The fallback page for a page that is not kept on the phone."""
    german = client.get("/offline")
    assert german.status_code == 200 and "Keine Verbindung" in german.get_data(as_text=True)
    english = client.get("/offline?lang=en").get_data(as_text=True)
    assert "No connection" in english and "data-recent-tables" in english


def test_offline_page_leaves_flash_messages_for_the_next_page(app: Flask) -> None:
    """The worker fetches /offline in the background: it must not eat "Round 3 saved"."""
    client = app.test_client()
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "Runde 3 gespeichert.")]
    assert "Runde 3" not in client.get("/offline").get_data(as_text=True)
    assert "Runde 3 gespeichert." in client.get("/").get_data(as_text=True)


def test_icons_on_disk_are_the_sizes_the_manifest_names() -> None:
    """static/icons holds the four PNGs `flask pwa icons` draws (app.pwa.icons)."""
    for name, size in (
        ("icon-192.png", 192),
        ("icon-512.png", 512),
        ("icon-192-maskable.png", 192),
        ("icon-512-maskable.png", 512),
    ):
        assert png_size((STATIC / "icons" / name).read_bytes()) == (size, size)
