"""Helpers shared by the test areas: tables played through the real store (`app.store`), QR
codes read back."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

import resvg_py
import zxingcpp
from PIL import Image

from app.store.models import Table
from app.store.rounds import add_round
from app.store.tables import create_table


def played_table(
    variant: str,
    players: list[str],
    options: dict[str, Any],
    rounds: Iterable[dict[str, Any]],
    name: str = "",
    group_id: str | None = None,
) -> Table:
    """A new table with its rounds entered one by one, as a phone would (needs an app context)."""
    table, _token = create_table(variant, name, players, options, group_id)
    for body in rounds:
        add_round(table, body)
    return table


# A terminal's text block per character: the shades of its upper and lower half.
HALVES = {"█": (0, 0), "▀": (0, 255), "▄": (255, 0), " ": (255, 255)}


def qr_text(svg: bytes) -> str:
    """The text of the one QR code an SVG shows, read as a phone's camera reads it: the SVG
    drawn by resvg, the code found and decoded by zxing-cpp."""
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg.decode()))
    return read_qr(Image.open(io.BytesIO(png)))


def terminal_qr_text(drawn: str) -> str:
    """The text of a QR code drawn with text blocks (two modules a character, one above the
    other), read as from a photo of the screen."""
    lines = drawn.splitlines()
    image = Image.new("L", (max(map(len, lines)), 2 * len(lines)), 255)
    for y, line in enumerate(lines):
        for x, block in enumerate(line):
            top, bottom = HALVES[block]
            image.putpixel((x, 2 * y), top)
            image.putpixel((x, 2 * y + 1), bottom)
    return read_qr(image.resize((image.width * 8, image.height * 8), Image.Resampling.NEAREST))


def read_qr(image: Image.Image) -> str:
    """The text of the one QR code in the image (zxing-cpp)."""
    found = zxingcpp.read_barcodes(image)
    assert [code.format for code in found] == [zxingcpp.BarcodeFormat.QRCode]
    return str(found[0].text)
