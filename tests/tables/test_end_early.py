"""A series stopped early (app/tables/end_early.py): ended from its page after 2 of 8 rounds,
it counts as finished for the evening's settling-up; undo takes the end back.

The table: Deluxe, 8 rounds agreed, 10 ct a point, Anna, Ben, Cem, Dora; two rounds with cards
0/1/2/3 and 0/2/3/5, so the totals are Anna 0, Ben 3, Cem 5, Dora 8. Settled after them
(dyn.money: the best receives from the worst the difference × rate, the second from the third):
Anna +80 from Dora, Ben +20 from Cem.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.test_groups_api import found_date
from tests.api.test_groups_api import new_group
from tests.api.test_groups_api import put_into

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
SETTLED = [
    {"player": "Anna", "cents": 80},
    {"player": "Ben", "cents": 20},
    {"player": "Cem", "cents": -20},
    {"player": "Dora", "cents": -80},
]


def stopped_table(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """The module's table, two of eight rounds played, in a new group; (table, group)."""
    made = client.post(
        "/api/v1/tables",
        json={"variant": "deluxe", "players": PLAYERS, "options": {"rounds": 8, "rate_cents": 10}},
    ).json
    assert made is not None
    table = {"id": made["id"], "token": made["edit_token"]}
    for cards in ([0, 1, 2, 3], [0, 2, 3, 5]):
        played = client.post(
            f"/api/v1/tables/{table['id']}/rounds",
            json={"cards": cards},
            headers={"X-Edit-Token": table["token"]},
        )
        assert played.status_code == 201
    group = new_group(client)
    assert put_into(client, table, group, group["edit_token"]).status_code == 200
    return table, group


def results(client: FlaskClient, group: dict[str, Any]) -> Any:
    """The evening's settlement over the API."""
    return client.get(f"/api/v1/groups/{group['id']}/settlement").json


def test_the_page_ends_a_stopped_money_table_and_the_evening_settles_it(
    client: FlaskClient,
) -> None:
    """The evening lists the table as not finished with its rounds and links it; its page
    offers "Hier beenden und abrechnen" after 2 of 8 rounds; ended, the evening settles it."""
    table, group = stopped_table(client)
    day = found_date(client, group)
    evening = client.get(f"/g/{group['id']}/abend/{day}?lang=de").get_data(as_text=True)
    unsettled = evening.split('class="unsettled"')[1].split("</ul>")[0]
    assert f'href="/t/{table["id"]}"' in unsettled and "2 von 8 Runden" in unsettled
    assert results(client, group)["unsettled_tables"] == [table["id"]]

    client.get(f"/t/{table['id']}/edit/{table['token']}")
    page = client.get(f"/t/{table['id']}?lang=de").get_data(as_text=True)
    assert "Hier beenden und abrechnen (nach 2 von 8 Runden)" in page
    assert "Ja, nach 2 von 8 Runden beenden" in page
    ended = client.post(f"/t/{table['id']}/close", data={"closed": "yes"}, follow_redirects=True)
    assert ended.status_code == 200 and "Hier beenden" not in ended.get_data(as_text=True)

    found = results(client, group)
    assert (found["tables"], found["unsettled_tables"]) == ([table["id"]], [])
    assert found["results"] == SETTLED
    evening = client.get(f"/g/{group['id']}/abend/{day}?lang=de").get_data(as_text=True)
    assert 'class="unsettled"' not in evening


def test_ending_early_is_a_setting_undone_like_the_others(client: FlaskClient) -> None:
    """Over the API `closed: true` ends the series after its 2 rounds; undo reopens it."""
    table, group = stopped_table(client)
    url = f"/api/v1/tables/{table['id']}"
    headers = {"X-Edit-Token": table["token"]}
    ended = client.patch(url, json={"closed": True}, headers=headers).json
    assert (ended["closed"], ended["finished"], ended["options"]["rounds"]) == (True, True, 8)
    assert results(client, group)["results"] == SETTLED
    undone = client.post(f"{url}/undo", headers=headers).json
    assert undone["undone"]["kind"] == "settings"
    assert (undone["closed"], undone["finished"]) == (False, False)
    assert results(client, group)["unsettled_tables"] == [table["id"]]


def test_a_table_that_ends_by_a_target_cannot_be_ended_early(client: FlaskClient) -> None:
    """Speed One ends at its target, not after a number of games: `closed` is 400 and its
    page offers no end-early button."""
    made = client.post("/api/v1/tables", json={"variant": "speedone", "players": PLAYERS[:3]}).json
    assert made is not None
    headers = {"X-Edit-Token": made["edit_token"]}
    closing = client.patch(
        f"/api/v1/tables/{made['id']}?lang=en", json={"closed": True}, headers=headers
    )
    assert (closing.status_code, closing.json["field"]) == (400, "closed")
    client.get(f"/t/{made['id']}/edit/{made['edit_token']}")
    assert "End here" not in client.get(f"/t/{made['id']}?lang=en").get_data(as_text=True)
