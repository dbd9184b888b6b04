"""The share picture of a 10-table evening is small enough for a pub's Wi-Fi (≤ 150 KB) and
still sharp: 1080 px wide, the page's colours exact, the letters' edges smooth (many steps
between ink and paper, not two colours)."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from datetime import timedelta

from flask.testing import FlaskClient
from PIL import Image

from tests.groups.conftest import TableMaker
from tests.groups.samples import hands

LIMIT = 150 * 1024  # bytes
GREEN = (22, 101, 52)  # the band: --accent of static/css/base.css
PAPER = (246, 245, 240)  # --bg
PLAYERS = ["Anna", "Ben", "Cem", "Dora", "Jörg", "Zoë"]


def game(number: int) -> dict[str, object]:
    """One game of four: one goes out, the others keep a few cards (a jack now and then)."""
    cards = [
        (0, 0) if seat == number % 4 else (number * seat % 2, 1 + number * seat % 5)
        for seat in range(4)
    ]
    return hands(*cards)


def test_a_ten_table_evening_is_a_small_sharp_picture(
    client: FlaskClient, make_table: TableMaker, make_group: Callable[..., tuple[str, str]]
) -> None:
    group, _token = make_group(players=PLAYERS)
    start = datetime(2025, 9, 12, 18, 0, tzinfo=UTC)
    for number in range(10):
        make_table(
            "dynamisch",
            [game(number + g) for g in range(6)],
            players=[PLAYERS[(number + seat) % 6] for seat in range(4)],
            options={"games": 6, "rate_cents": 10},
            name=f"Tisch {number + 1}",
            group_id=group,
            created_at=start + timedelta(minutes=20 * number),
        )
    day = (start + timedelta(hours=1)).astimezone().date().isoformat()
    answer = client.get(f"/g/{group}/abend/{day}.png")
    assert answer.status_code == 200 and answer.mimetype == "image/png"

    image = Image.open(io.BytesIO(answer.data))
    assert image.format == "PNG"
    assert len(answer.data) <= LIMIT, len(answer.data)
    width, height = image.size
    assert width == 1080 and height > 3000  # ten cards of tables and the Kassensturz
    rgb = image.convert("RGB")
    assert rgb.getpixel((5, 5)) == GREEN and rgb.getpixel((5, height - 5)) == PAPER
    colours = rgb.getcolors(256)
    assert colours is not None and len(colours) > 40  # smooth edges, not black and white
    white = sum(count for count, colour in colours if colour == (255, 255, 255))
    assert white > width * height // 4  # the cards stay white
