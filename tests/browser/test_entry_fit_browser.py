"""Round entry and the grid at phone widths in Chromium (DejaVu fonts), German and English.

Every stepper keeps − value + on one line at 360, 390 and 412 px, at 100 % and 200 % text;
the rounds grid of up to six players needs no sideways scrolling at 390 px (five at 360 px),
more players scroll inside the grid's box, never the page.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SIX = ["Annegret", "Bartholomäus", "Cem", "Dorothea", "Emil", "Friederike"]
TEN = [f"Spieler {n}" for n in range(1, 11)]

# Every stepper: its −, value and + boxes, and the width of the page.
STEPPER_BOXES = """() => Array.from(document.querySelectorAll('[data-stepper]'))
  .filter(s => s.offsetParent !== null)
  .map(s => {
    const box = e => e.getBoundingClientRect().toJSON();
    const [minus, plus] = s.querySelectorAll('[data-step]');
    return {id: s.querySelector('input').id, minus: box(minus),
            value: box(s.querySelector('input')), plus: box(plus),
            width: document.documentElement.clientWidth};
  })"""


def made(live_server: Any, variant: str, players: list[str], rounds: list[Any]) -> str:
    """A table through the API with its rounds; returns its edit link's path and id."""
    client = live_server.app.test_client()
    body = {"variant": variant, "players": players, "name": "Dienstagsrunde"}
    created = client.post("/api/v1/tables", json=body).json
    assert created, body
    for data in rounds:
        response = client.post(
            f"/api/v1/tables/{created['id']}/rounds",
            json=data,
            headers={"X-Edit-Token": created["edit_token"]},
        )
        assert response.status_code == 201, response.json
    return f"/t/{created['id']}/edit/{created['edit_token']}|{created['id']}"


def open_as_editor(page: Page, live_server: Any, made_link: str) -> str:
    """Open the edit link in the browser (this phone may enter rounds); the table's id."""
    path, table_id = made_link.split("|")
    page.goto(live_server.url + path)
    return table_id


def one_line(stepper: dict[str, Any]) -> bool:
    """− value + side by side on one line, inside the screen."""
    minus, value, plus = stepper["minus"], stepper["value"], stepper["plus"]
    middle = [(box["top"] + box["bottom"]) / 2 for box in (minus, value, plus)]
    return (
        max(middle) - min(middle) < 2
        and minus["right"] <= value["left"] + 1
        and value["right"] <= plus["left"] + 1
        and minus["left"] >= 0
        and plus["right"] <= stepper["width"]
    )


@pytest.mark.parametrize("width", [360, 390, 412])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_stepper_keeps_its_buttons_and_value_on_one_line(
    live_server: Any, page: Page, width: int, lang: str
) -> None:
    """Dynamisch (jacks, other cards), Deluxe (cards per name), Speedone counted card by card:
    at 100 % and 200 % text, each stepper's − value + share one line."""
    page.set_viewport_size({"width": width, "height": 844})
    tables = [
        made(live_server, "dynamisch", SIX, []),
        made(live_server, "deluxe", SIX, []),
        made(live_server, "speedone", SIX, []),
    ]
    for link in tables:
        table_id = open_as_editor(page, live_server, link)
        page.goto(f"{live_server.url}/t/{table_id}/rounds/new?lang={lang}")
        if page.locator("[data-entry-mode]").count():
            page.locator(".entry-mode label").nth(1).tap()  # the hands counted card by card
        for size in ("100%", "200%"):
            page.evaluate(f"document.documentElement.style.fontSize = '{size}'")
            steppers = page.evaluate(STEPPER_BOXES)
            assert len(steppers) >= len(SIX), (table_id, size)
            broken = [s["id"] for s in steppers if not one_line(s)]
            assert not broken, (width, size, broken[:3], steppers[0])
            sizes = page.evaluate(
                "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
            )
            assert sizes[0] <= sizes[1], (width, size, sizes)


GRID_WIDTH = """() => { const box = document.querySelector('.grid-scroll');
  return [box.scrollWidth, box.clientWidth,
          document.documentElement.scrollWidth, document.documentElement.clientWidth]; }"""


def dynamisch_round(others: list[int]) -> dict[str, Any]:
    """A Dynamisch game with these other cards per seat (the first is out)."""
    return {"hands": [{"jacks": 1, "others": n} for n in others], "jack_suit": "H"}


@pytest.mark.parametrize(("width", "players"), [(390, 6), (360, 5)])
def test_the_grid_of_up_to_six_players_needs_no_sideways_scrolling(
    live_server: Any, page: Page, width: int, players: int
) -> None:
    """Long names and three-digit totals with doubled points: the grid fits the screen."""
    page.set_viewport_size({"width": width, "height": 844})
    names = SIX[:players]
    # The first player is out; the others hold a jack, 9 other cards and the named suit:
    # 2 + 9 = 11 minus points, doubled to 22 per game.
    game = dynamisch_round([0] + [9] * (players - 1))
    game["hands"][0]["jacks"] = 0
    for hand in game["hands"][1:]:
        hand["holds_named_suit"] = True
    link = made(live_server, "dynamisch", names, [game] * 8)
    table_id = open_as_editor(page, live_server, link)
    for lang in ("de", "en"):
        page.goto(f"{live_server.url}/t/{table_id}?lang={lang}")
        sizes = page.evaluate(GRID_WIDTH)
        assert sizes[0] <= sizes[1], sizes  # the grid itself does not scroll
        assert sizes[2] <= sizes[3], sizes
        # Every total is shown whole: 8 games of 22 minus points.
        assert page.locator("tfoot td").nth(1).inner_text() == "176"
        clipped = page.evaluate(
            "Array.from(document.querySelectorAll('.rounds-grid td .running, tfoot td strong'))"
            ".filter(e => e.scrollWidth > e.parentElement.clientWidth).length"
        )
        assert clipped == 0


def test_ten_players_scroll_inside_the_grid_not_the_page(live_server: Any, page: Page) -> None:
    """Speedone with ten: the grid box scrolls sideways, the page never does."""
    game = {"winner": 0, "points": [0] + [20] * 9}
    link = made(live_server, "speedone", TEN, [game, game])
    table_id = open_as_editor(page, live_server, link)
    page.goto(f"{live_server.url}/t/{table_id}?lang=de")
    sizes = page.evaluate(GRID_WIDTH)
    assert sizes[0] > sizes[1]
    assert sizes[2] <= sizes[3], sizes
