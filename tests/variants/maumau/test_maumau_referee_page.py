"""The referee page asks whether the player already drew (mau.draw.play) and the house rule
mau.house.drawplay decides what he may do then."""

from __future__ import annotations

import re

from flask.testing import FlaskClient


def verdict(html: str) -> str:
    """The answer's verdict as plain words."""
    start = html.index('class="verdict')
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html[start : start + 900]))


def test_the_drawn_card_is_asked_and_the_switch_decides(client: FlaskClient) -> None:
    """Drew H7 onto H9: allowed by default, refused with the switch off, both citing why."""
    ask = "/referee?variant=maumau&top=H9&hand=H7,C8&play=H7&lang=de"
    page = client.get(ask).get_data(as_text=True)
    assert 'name="drew"' in page and "Ich habe in diesem Zug schon gezogen" in page
    drew = client.get(ask + "&drew=1").get_data(as_text=True)
    assert re.search(r'name="drew" value="1" checked', drew)
    assert "✓" in verdict(drew) and "mau.draw.play" in drew
    switched = client.get(ask + "&drew=1&draw_play=off").get_data(as_text=True)
    assert "✗" in verdict(switched) and "mau.house.drawplay" in switched


def test_a_variant_where_drawing_ends_the_turn_asks_nothing(client: FlaskClient) -> None:
    """No toggle where the rules never let a drawn card be played in the same turn (dyn.*)."""
    assert 'name="drew"' not in client.get("/referee?variant=dynamisch").get_data(as_text=True)
