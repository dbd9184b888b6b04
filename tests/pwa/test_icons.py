"""The icon drawing: a white club on green; maskable icons fill the square, plain ones round."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from flask.testing import FlaskCliRunner

from app.pwa.icons import GREEN
from app.pwa.icons import icon

SIZE = 48
STATIC = Path(__file__).resolve().parents[2] / "static"


def pixels(png: bytes) -> list[list[tuple[int, ...]]]:
    """RGBA rows of a PNG written without filters (what make_icons writes)."""
    width, height = struct.unpack(">II", png[16:24])
    data = b""
    at = 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        if kind == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    raw = zlib.decompress(data)
    stride = 1 + 4 * width
    rows = [raw[y * stride : (y + 1) * stride] for y in range(height)]
    assert all(row[0] == 0 for row in rows)
    return [[tuple(row[1 + 4 * x : 5 + 4 * x]) for x in range(width)] for row in rows]


def test_club_is_white_on_green() -> None:
    """The middle of the club is white, beside it the theme green, all opaque."""
    image = pixels(icon(SIZE, maskable=True))
    assert image[SIZE // 2][SIZE // 2] == (255, 255, 255, 255)
    assert image[SIZE // 2][4] == (*GREEN, 255)


def test_maskable_fills_the_square_and_plain_has_round_corners() -> None:
    """Android crops maskable icons itself; the plain icon brings its own rounded corners."""
    assert pixels(icon(SIZE, maskable=True))[0][0] == (*GREEN, 255)
    assert pixels(icon(SIZE, maskable=False))[0][0][3] == 0


def test_club_stays_inside_the_maskable_safe_circle() -> None:
    """Nothing white outside the central circle of radius 40 % (the part every mask keeps)."""
    image = pixels(icon(SIZE, maskable=True))
    centre = SIZE / 2
    for y, row in enumerate(image):
        for x, pixel in enumerate(row):
            if ((x + 0.5 - centre) ** 2 + (y + 0.5 - centre) ** 2) ** 0.5 > 0.4 * SIZE:
                assert pixel[:3] == GREEN, (x, y, pixel)


def test_the_flask_command_draws_the_committed_icons(
    runner: FlaskCliRunner, tmp_path: Path
) -> None:
    """`flask pwa icons` writes the four PNGs the manifest names, the same as static/icons."""
    result = runner.invoke(args=["pwa", "icons", "--into", str(tmp_path)])
    assert result.exit_code == 0, result.output
    drawn = sorted(path.name for path in tmp_path.iterdir())
    assert drawn == [
        "icon-192-maskable.png",
        "icon-192.png",
        "icon-512-maskable.png",
        "icon-512.png",
    ]
    for name in drawn:
        assert (tmp_path / name).read_bytes() == (STATIC / "icons" / name).read_bytes(), name
