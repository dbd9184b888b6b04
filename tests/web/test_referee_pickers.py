"""The card pickers are rendered once per variant, deck size and language; each page marks
its own picked cards in the cached tiles."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from app.referee.pickers import grid_rows


def test_pickers_are_rendered_once_and_marked_per_question(client: FlaskClient) -> None:
    """A second question of the same variant reuses the tiles; the picks are its own."""
    client.get("/referee?variant=deluxe&top=D7")
    misses = grid_rows.cache_info().misses
    page = client.get("/referee?variant=deluxe&top=H10&play=HA,HA").get_data(as_text=True)
    assert grid_rows.cache_info().misses == misses  # no grid rendered again
    checked = re.findall(r'name="(\w+)" value="(\w+)"[^>]*checked', page)
    assert ("top", "H10") in checked and ("play", "HA") in checked
    assert ("top", "D7") not in checked
    # The twin: badge ×2 and the second copy as a hidden input (the form works without JS).
    assert re.search(
        r'value="HA"[^>]*checked>.*?<b class="tile-count" aria-hidden="true">×2</b>'
        r'<input type="hidden" name="play" value="HA" data-extra>',
        page,
        re.S,
    )


def test_each_language_has_its_own_tiles(client: FlaskClient) -> None:
    """German tiles say Bube, English ones jack."""
    german = client.get("/referee?variant=dynamisch&lang=de").get_data(as_text=True)
    english = client.get("/referee?variant=dynamisch&lang=en").get_data(as_text=True)
    assert 'aria-label="Herz-Bube"' in german and 'aria-label="hearts jack"' in english
