"""Mau-Mau on the pages: a table that counts points made through the new-table form, a round
entered through its round form (winner, hand points, the closing jack), the totals shown."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

HOUSE = {  # the house rules as the form sends them, all at their defaults
    "house_maumau_jack_on_jack": "false",
    "house_maumau_seven": "stack",
    "house_maumau_nine": "none",
    "house_maumau_ace": "none",
    "house_maumau_draw_play": "true",
    "house_maumau_jack_last": "true",
}


def hidden(html: str, name: str) -> str:
    """The value of a hidden input of the page."""
    found = re.search(rf'name="{name}"[^>]*value="([^"]*)"', html)
    assert found is not None, name
    return found.group(1)


def new_points_table(client: FlaskClient) -> str:
    """Anna, Ben and Cem play for points to 60, made on the English new-table page."""
    data = {
        "variant": "maumau",
        "players-0": "Anna",
        "players-1": "Ben",
        "players-2": "Cem",
        "tally": "points",
        "limit": "60",
        "rate_cents": "0",
        **HOUSE,
    }
    created = client.post("/t/new?lang=en", data=data)
    assert created.status_code == 302, created.get_data(as_text=True)
    return created.headers["Location"].split("/t/")[1].split("?")[0].strip("/")


def test_a_points_table_takes_a_round_through_its_form(client: FlaskClient) -> None:
    """The round form asks the winner, each hand's points and the jack; a game ended with a
    jack counts double: Ben 12 → 24, Cem 7 → 14, the totals on the table page."""
    table = new_points_table(client)
    options = client.get(f"/api/v1/tables/{table}").get_json()["options"]
    assert (options["scoring"], options["limit"]) == ("points", 60)
    form = client.get(f"/t/{table}/rounds/new?lang=en").get_data(as_text=True)
    assert 'name="points-0"' in form and 'name="points-2"' in form
    assert 'name="jack_end"' in form and 'name="winner"' in form
    sent = {
        "idempotency_key": hidden(form, "idempotency_key"),
        "expected_number": hidden(form, "expected_number"),
        "winner": "0",
        "points-0": "0",
        "points-1": "12",
        "points-2": "7",
        "jack_end": "y",
    }
    saved = client.post(f"/t/{table}/rounds/new?lang=en", data=sent)
    assert saved.status_code == 302, saved.get_data(as_text=True)
    stored = client.get(f"/api/v1/tables/{table}").get_json()
    assert [r["input"] for r in stored["rounds"]] == [
        {"winner": 0, "points": [0, 12, 7], "jack_end": True}
    ]
    assert [r["points"] for r in stored["rounds"]] == [[0, 24, 14]]
    assert stored["totals"] == [0, 24, 14]
    page = client.get(f"/t/{table}?lang=en").get_data(as_text=True)
    assert re.search(r'class="running">24<', page) and re.search(r'class="running">14<', page)


def test_the_winners_points_are_refused_with_the_form_kept(client: FlaskClient) -> None:
    """Points for the player who went out: the form is shown again, naming him, the
    entries kept."""
    table = new_points_table(client)
    form = client.get(f"/t/{table}/rounds/new?lang=en").get_data(as_text=True)
    sent = {
        "idempotency_key": hidden(form, "idempotency_key"),
        "expected_number": hidden(form, "expected_number"),
        "winner": "1",
        "points-0": "5",
        "points-1": "9",
        "points-2": "3",
    }
    refused = client.post(f"/t/{table}/rounds/new?lang=en", data=sent)
    html = refused.get_data(as_text=True)
    assert "Ben won the game and so has no cards left: 0 points, not 9." in html
    assert 'value="9"' in html and 'value="5"' in html


def test_the_cards_dealt_are_tapped_on_the_new_table_page(client: FlaskClient) -> None:
    """mau: 5 cards each unless the table says 5–7; the page offers the three as taps, keeps
    the choice, and refuses a deal the deck cannot give with a sentence on the field."""
    page = client.get("/t/new?lang=en").get_data(as_text=True)
    assert "Cards dealt to each player" in page
    assert page.count('name="cards"') == 3
    data = {
        "variant": "maumau",
        **{f"players-{seat}": name for seat, name in enumerate(["Anna", "Ben", "Cem"])},
        "tally": "wins",
        "cards": "7",
        "rate_cents": "0",
        **HOUSE,
    }
    created = client.post("/t/new?lang=en", data=data)
    assert created.status_code == 302, created.get_data(as_text=True)
    table = created.headers["Location"].split("/t/")[1].split("?")[0].strip("/")
    assert client.get(f"/api/v1/tables/{table}").get_json()["options"]["cards"] == 7
    five = ["Anna", "Ben", "Cem", "Dora", "Emil"]
    refused = client.post(
        "/t/new?lang=en",
        data={**data, **{f"players-{seat}": name for seat, name in enumerate(five)}},
    )
    assert refused.status_code == 200 and "/t/" not in refused.headers.get("Location", "")
    html = refused.get_data(as_text=True)
    assert "5 players × 7 cards do not fit one deck of 32" in html
    assert '<a href="#cards-0" data-error-link>' in html
    assert re.search(r'<input[^>]*checked[^>]*name="cards"[^>]*value="7"', html) or re.search(
        r'<input[^>]*name="cards"[^>]*value="7"[^>]*checked', html
    )
