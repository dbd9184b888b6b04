"""The dealer rule with its direction toggle (dyn.dealer, dyn.twin.reverse) and impossible
rounds (the deck less the discard pile's top card) through the pages and the API."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.web.test_tables_pages import add_round
from tests.web.test_tables_pages import dynamisch_round
from tests.web.test_tables_pages import new_table
from tests.web.test_tables_pages import per_seat
from tests.web.test_tables_pages import saved
from tests.web.test_tables_pages import text

FOUR = ["Anna", "Ben", "Cem", "Dora"]


def dealer_on_page(client: FlaskClient, table_id: str) -> str:
    """The player the table page marks as the next dealer."""
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    marked = r'player-name"><bdi>([^<]+)</bdi></span>(?:(?!</li>).)*badge dealer'
    found = re.search(marked, html, re.S)
    assert found, "no dealer marked"
    return found.group(1)


def test_dealer_is_after_whoever_went_out_in_the_direction_and_it_carries_over(
    client: FlaskClient,
) -> None:
    """Cem goes out while play runs counter-clockwise: Ben deals. The form then starts
    counter-clockwise; Anna goes out: Dora deals (rotation would say Cem, clockwise Ben)."""
    table_id = new_table(client, "dynamisch", FOUR, games=8, rate_cents=0)
    form = client.get(f"/t/{table_id}/rounds/new").get_data(as_text=True)
    assert "Spielrichtung am Ende des Spiels" in form and "gegen den Uhrzeigersinn" in form
    assert re.search(r'<input checked[^>]*name="direction"[^>]*value="clockwise"', form)
    # Game 1 (Anna dealt): Cem out, a twin reversed the direction.
    hands = [(0, 2, False), (0, 1, False), (0, 0, False), (1, 0, False)]
    saved(add_round(client, table_id, dynamisch_round(hands, direction="counterclockwise")))
    assert dealer_on_page(client, table_id) == "Ben"  # rotation would say Ben too; see game 2
    page = text(client.get(f"/t/{table_id}"))
    assert "Spielrichtung: ↺ gegen den Uhrzeigersinn" in page
    # The reversal carries over: the form starts counter-clockwise.
    form = client.get(f"/t/{table_id}/rounds/new").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="direction"[^>]*value="counterclockwise"', form)
    # Game 2 (Ben dealt): Anna out; counter-clockwise the next after Anna is Dora
    # (rotation would say Cem, clockwise would say Ben).
    hands = [(0, 0, False), (0, 1, False), (0, 3, False), (1, 0, False)]
    saved(add_round(client, table_id, dynamisch_round(hands, direction="counterclockwise")))
    assert dealer_on_page(client, table_id) == "Dora"
    # A tapped dealer still wins over the rule (an 8 skipped the next player).
    tapped = dynamisch_round(hands, direction="counterclockwise", next_dealer="2")
    saved(add_round(client, table_id, tapped))
    assert dealer_on_page(client, table_id) == "Cem"
    english = text(client.get(f"/t/{table_id}?lang=en"))
    assert "Direction of play: ↺ counter-clockwise" in english
    # The edit form of game 1 shows its direction.
    edit = client.get(f"/t/{table_id}/rounds/1").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="direction"[^>]*value="counterclockwise"', edit)


def api_table(client: FlaskClient, variant: str, players: list[str]) -> tuple[str, dict[str, str]]:
    """A table made through the API: its id and edit-token header."""
    response = client.post(
        "/api/v1/tables", json={"variant": variant, "name": "", "players": players}
    )
    assert response.status_code == 201, response.json
    return response.json["id"], {"X-Edit-Token": response.json["edit_token"]}


def test_api_next_dealer_follows_the_rule_and_the_given_direction(client: FlaskClient) -> None:
    """POST rounds: `next_dealer` in the answer is the seat after whoever went out, in the
    direction the body gives (else the previous round's); a named next dealer still wins."""
    table_id, headers = api_table(client, "dynamisch", FOUR)
    url = f"/api/v1/tables/{table_id}/rounds"

    def post(body: dict[str, Any], status: int = 201) -> dict[str, Any]:
        """One round, its answer."""
        response = client.post(url, json=body, headers=headers)
        assert response.status_code == status, response.json
        return dict(response.json)

    def hands(out: int) -> list[dict[str, int]]:
        """Everybody holds a card but `out`."""
        return [{"jacks": 0, "others": 0 if seat == out else 1} for seat in range(4)]

    assert post({"hands": hands(2), "jack_suit": None})["next_dealer"] == 3
    assert post({"hands": hands(2), "direction": "counterclockwise"})["next_dealer"] == 1
    assert post({"hands": hands(0)})["next_dealer"] == 3  # still counter-clockwise
    assert post({"hands": hands(0), "next_dealer": 2})["next_dealer"] == 2
    bad = post({"hands": hands(0), "direction": "left"}, status=400)
    assert bad["field"] == "direction"


def test_impossible_deluxe_round_is_refused_on_the_page_and_in_the_api(client: FlaskClient) -> None:
    """[0, 40, 8]: 48 cards in hands, but one of the 48 lies on the discard pile."""
    table_id = new_table(client, "deluxe", ["Anna", "Ben", "Cem"], rounds=10, rate_cents=0)
    response = add_round(client, table_id, per_seat("cards", [0, 40, 8]))
    assert response.status_code == 200
    page = text(response)
    assert "höchstens 47" in page and "Ablagestapel" in page
    english = text(
        client.post(f"/t/{table_id}/rounds/new?lang=en", data=per_seat("cards", [0, 40, 8]))
    )
    assert "at most 47" in english and "discard pile" in english
    api_id, headers = api_table(client, "deluxe", ["Anna", "Ben", "Cem"])
    answer = client.post(
        f"/api/v1/tables/{api_id}/rounds", json={"cards": [0, 40, 8]}, headers=headers
    )
    assert answer.status_code == 400 and answer.json["field"] == "cards"
    assert "47" in answer.json["error"]
    saved(add_round(client, table_id, per_seat("cards", [0, 40, 7])))
