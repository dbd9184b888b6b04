"""The QR code for the phones when `mautisch serve` writes to no terminal (a service, a log):
it prints where the code is, and `/qr` shows it, read back as a phone's camera reads it."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from app.serve.command import announce
from tests.helpers import qr_text
from tests.serve.conftest import START_LIMIT
from tests.serve.conftest import fetch
from tests.serve.conftest import server_env

SVG = re.compile(r"<svg.*?</svg>", re.S)


def test_a_log_names_the_qr_page(app: Flask) -> None:
    """Output to a file: the addresses, and where the QR code is instead of the code."""
    out = io.StringIO()
    announce(app, "192.168.1.20", 5000, out)
    text = out.getvalue()
    assert "QR-Code für die Handys / QR code for the phones: http://localhost:5000/qr\n" in text
    assert "▀" not in text


@pytest.mark.parametrize(("lang", "title"), [("de", "QR-Code für die Handys"), ("en", "QR code")])
def test_the_qr_page_shows_the_address_the_server_announced(
    app: Flask, lang: str, title: str
) -> None:
    """Opened on the server's own machine (localhost), it still shows the phones' address."""
    announce(app, "192.168.1.20", 5000, io.StringIO())
    page = app.test_client().get(f"/qr?lang={lang}").get_data(as_text=True)
    assert title in page
    svg = SVG.search(page)
    assert svg
    assert qr_text(svg.group(0).encode()) == "http://192.168.1.20:5000/"
    assert 'href="http://192.168.1.20:5000/"' in page


def test_public_url_wins_on_the_qr_page(tmp_path: Path) -> None:
    """PUBLIC_URL set: the code is that address."""
    from app.factory import create_app

    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "SECRET_KEY": "test",
            "PUBLIC_URL": "https://maumau.example.org",
        }
    )
    page = app.test_client().get("/qr").get_data(as_text=True)
    svg = SVG.search(page)
    assert svg
    assert qr_text(svg.group(0).encode()) == "https://maumau.example.org/"


def test_a_real_server_writing_to_a_pipe_points_at_its_qr_page(
    tmp_path: Path, servers: Any
) -> None:
    """`mautisch serve` into a pipe: no code drawn, the /qr address printed and answering."""
    server = servers(server_env(f"sqlite:///{tmp_path / 'qr.sqlite'}"), "serve", "--port", "0")
    assert server.wait_until_up(time.monotonic() + START_LIMIT), server.errors()
    shown = re.findall(r"^  (http://\S+)", server.output, flags=re.MULTILINE)
    network = [link for link in shown if "localhost" not in link]
    if not network:
        pytest.skip("this machine has no network address: no phone link to show")
    assert "▀" not in server.output
    found = re.search(r"QR code for the phones: http://localhost:(\d+)/qr", server.output)
    assert found and int(found.group(1)) == server.port
    page = fetch(server.url, "/qr?lang=en")
    assert page.status == 200
    svg = SVG.search(page.text)
    assert svg
    assert qr_text(svg.group(0).encode()) == network[0]
