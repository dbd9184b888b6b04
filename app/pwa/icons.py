"""Draw the app icons (static/icons/*.png): a white club on card-table green.

Run by hand when the design changes (the PNGs are committed). No imaging library: signed
distance functions and zlib. Maskable icons keep the club in the central 40 % circle, as
Android crops them.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

import click

GREEN = (20, 83, 45)  # the theme colour #14532d
WHITE = (255, 255, 255)
ICONS = Path(__file__).resolve().parent.parent.parent / "static" / "icons"
SIZES = (192, 512)  # what the manifest names (app.pwa.manifest_data)
# The club in a unit square: three leaves, a filler where they meet, a stem.
LEAVES = ((0.5, 0.355, 0.135), (0.352, 0.565, 0.135), (0.648, 0.565, 0.135), (0.5, 0.52, 0.09))
STEM = ((0.5, 0.5), (0.605, 0.80), (0.395, 0.80))
CORNER = 0.2  # rounding of the plain icon's square


def circle(x: float, y: float, cx: float, cy: float, r: float) -> float:
    """Signed distance to a circle (negative inside)."""
    return math.hypot(x - cx, y - cy) - r


def polygon(x: float, y: float, corners: tuple[tuple[float, float], ...]) -> float:
    """Signed distance (approximate outside the corners) to a convex, clockwise polygon."""
    worst = -math.inf
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = math.hypot(bx - ax, by - ay)
        worst = max(worst, ((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / length)
    return worst


def club(x: float, y: float) -> float:
    """Signed distance to the club."""
    return min(min(circle(x, y, *leaf) for leaf in LEAVES), polygon(x, y, STEM))


def rounded_square(x: float, y: float) -> float:
    """Signed distance to the unit square with rounded corners."""
    qx = abs(x - 0.5) - (0.5 - CORNER)
    qy = abs(y - 0.5) - (0.5 - CORNER)
    return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - CORNER


def coverage(distance: float, size: int) -> float:
    """How much of a pixel a shape covers, from its distance (one pixel of soft edge)."""
    return min(1.0, max(0.0, 0.5 - distance * size))


def pixel(x: float, y: float, size: int, maskable: bool) -> bytes:
    """RGBA of one pixel."""
    back = 1.0 if maskable else coverage(rounded_square(x, y), size)
    mark = coverage(club(x, y), size)
    rgb = [round(g + (w - g) * mark) for g, w in zip(GREEN, WHITE, strict=True)]
    alpha = round(255 * back)
    return bytes((*rgb, alpha))


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """A minimal RGBA PNG (no filter) from raw rows."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        """Length, type, data, CRC."""
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def icon(size: int, maskable: bool) -> bytes:
    """The icon as PNG bytes."""
    rows = [
        b"".join(pixel((i + 0.5) / size, (j + 0.5) / size, size, maskable) for i in range(size))
        for j in range(size)
    ]
    return png(size, size, rows)


def write_icons(folder: Path) -> list[Path]:
    """Write the four icons the manifest names into `folder`; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for size in SIZES:
        for maskable, name in ((False, f"icon-{size}.png"), (True, f"icon-{size}-maskable.png")):
            (folder / name).write_bytes(icon(size, maskable=maskable))
            written.append(folder / name)
    return written


@click.command("icons")
@click.option(
    "--into",
    type=click.Path(file_okay=False, path_type=Path),
    default=ICONS,
    show_default=True,
    help="The folder the PNGs are written to.",
)
def draw_icons(into: Path) -> None:
    """Draw the app icons (a white club on green) as the PNGs the manifest names."""
    for path in write_icons(into):
        click.echo(path)
