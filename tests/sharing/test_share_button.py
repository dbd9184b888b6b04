"""static/js/share.js in Chromium at phone size: the picture goes to the share sheet where the
browser can share files, else it is downloaded. A real server (127.0.0.1 is a secure
context, as the Web Share API needs) serves the app's script and, on a page and an address
of this test, the real picture."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Response

from app.sharing import EveningSummary
from app.sharing import evening_png
from tests.conftest import LiveServer
from tests.conftest import file_app

PAGE = (
    '<!doctype html><html lang="de"><title>Abend</title>'
    '<button data-share data-url="/test-evening.png"'
    ' data-filename="mautisch-2026-11-26.png">Teilen</button>'
    '<script src="/static/js/share.js"></script></html>'
)
# The browser's own share sheet, recorded instead of shown (a headless browser has none).
SHARE_SHEET = """
Object.defineProperty(navigator, "canShare", {value: (data) => !!(data.files || []).length});
Object.defineProperty(navigator, "share", {value: async (data) => {
  const file = data.files[0];
  window.shared = {name: file.name, type: file.type, size: file.size, title: data.title};
}});
"""


@pytest.fixture
def png(summary: EveningSummary) -> bytes:
    """The evening's picture."""
    return evening_png(summary)


@pytest.fixture
def server(tmp_path: Path, png: bytes) -> Iterator[LiveServer]:
    """The app served for real, with a page holding a share button and the picture."""
    app = file_app(tmp_path)
    app.add_url_rule("/test-evening", "test_evening", lambda: Response(PAGE, mimetype="text/html"))
    app.add_url_rule(
        "/test-evening.png", "test_evening_png", lambda: Response(png, mimetype="image/png")
    )
    with LiveServer(app) as live:
        yield live


def test_the_share_sheet_gets_the_picture_as_a_file(
    page: Any, server: LiveServer, png: bytes
) -> None:
    """Where files can be shared, the tap hands the PNG to the share sheet, named and typed."""
    page.add_init_script(SHARE_SHEET)
    page.goto(f"{server.url}/test-evening")
    page.get_by_role("button", name="Teilen").tap()
    page.wait_for_function("window.shared !== undefined")
    assert page.evaluate("window.shared") == {
        "name": "mautisch-2026-11-26.png",
        "type": "image/png",
        "size": len(png),
        "title": "Abend",
    }


def test_without_a_share_sheet_the_picture_is_downloaded(
    page: Any, server: LiveServer, png: bytes
) -> None:
    """Chromium on Linux shares no files: the same tap downloads the PNG under its name."""
    page.goto(f"{server.url}/test-evening")
    with page.expect_download() as info:
        page.get_by_role("button", name="Teilen").tap()
    download = info.value
    assert download.suggested_filename == "mautisch-2026-11-26.png"
    assert Path(download.path()).read_bytes() == png
