"""Payments are facts (docs/api.md §3): recorded as made, never moved by a correction, an undo
or a table moved; what is open is results − payments, settled by the fewest transfers; the
evening, the month and the running account agree.

The evening is test_groups_api's (worked out by hand there): Anna +90, Ben +40, Cem −20,
Dora −40, Emil −70 over three one-round Deluxe tables (T1 at 10 ct: cards Anna 1, Ben 0,
Cem 2, Dora 3).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.test_groups_api import found_date
from tests.api.test_groups_api import the_evening


def settlement(client: FlaskClient, group: dict[str, Any], query: str = "") -> dict[str, Any]:
    """GET the settlement (200) as JSON."""
    answer = client.get(f"/api/v1/groups/{group['id']}/settlement?{query}")
    assert answer.status_code == 200, answer.json
    found = answer.json
    assert found is not None
    return found


def pay(
    client: FlaskClient,
    group: dict[str, Any],
    payer: str | None,
    payee: str | None,
    cents: int,
    paid_for: dict[str, Any],
) -> dict[str, Any]:
    """POST a payment with the group's token (201)."""
    answer = client.post(
        f"/api/v1/groups/{group['id']}/payments",
        json={"from": payer, "to": payee, "cents": cents, "for": paid_for},
        headers={"X-Group-Token": group["edit_token"]},
    )
    assert answer.status_code == 201, answer.json
    made = answer.json
    assert made is not None
    return made


def fewest_possible(balances: list[int]) -> int:
    """Brute force: n minus the most zero-sum groups any order of the people splits into."""
    people = [cents for cents in balances if cents]
    best = 0
    for order in permutations(people):
        groups, running = 0, 0
        for cents in order:
            running += cents
            groups += running == 0
        best = max(best, groups)
    return len(people) - best


def check_account(found: dict[str, Any]) -> None:
    """open = results − received + made; sums to 0; the transfers settle it, fewest."""
    opened = {row["player"]: row["cents"] for row in found["results"]}
    for paid in found["payments"]:
        opened[paid["from"]] = opened.get(paid["from"], 0) + paid["cents"]
        opened[paid["to"]] = opened.get(paid["to"], 0) - paid["cents"]
    balances = {row["player"]: row["cents"] for row in found["balances"]}
    assert balances == {k: v for k, v in opened.items() if k in balances}
    assert sum(balances.values()) == 0
    left = dict(balances)
    for transfer in found["transfers"]:
        left[transfer["from"]] += transfer["cents"]
        left[transfer["to"]] -= transfer["cents"]
    assert set(left.values()) <= {0}
    assert len(found["transfers"]) == fewest_possible(list(balances.values()))
    assert found["settled"] == (not found["transfers"])


def correct_first_table(client: FlaskClient, table: dict[str, Any], cards: list[int]) -> None:
    """PUT round 1 of a one-round Deluxe table with new cards."""
    answer = client.put(
        f"/api/v1/tables/{table['id']}/rounds/1",
        json={"cards": cards},
        headers={"X-Edit-Token": table["token"]},
    )
    assert answer.status_code == 200, answer.json


def test_payments_stay_through_corrections_undo_and_moves(client: FlaskClient) -> None:
    """After every step: the payments are the same, the account holds, and the evening, its
    month and the running account agree."""
    group, tables = the_evening(client)
    day = found_date(client, group)
    first = pay(client, group, "Emil", "Anna", 70, {"evening": day})
    second = pay(client, group, "Dora", "Ben", 40, {"evening": day})
    made = [(p["id"], p["from"], p["to"], p["cents"]) for p in (first, second)]

    def step() -> dict[str, Any]:
        evening = settlement(client, group, f"evening={day}")
        month = settlement(client, group, f"month={day[:7]}")
        running = settlement(client, group, "open=all")
        for found in (evening, month, running):
            assert [(p["id"], p["from"], p["to"], p["cents"]) for p in found["payments"]] == made
            check_account(found)
        assert evening["balances"] == month["balances"] == running["balances"]
        return evening

    after_pay = step()
    assert [(t["from"], t["to"], t["cents"]) for t in after_pay["transfers"]] == [
        ("Cem", "Anna", 20)
    ]
    # T1 corrected, Cem 2 → 4 cards: best to worst Ben 0, Anna 1, Dora 3, Cem 4, so Ben gets
    # 40 from Cem and Anna 20 from Dora (before: Ben 30 from Dora, Anna 10 from Cem).
    correct_first_table(client, tables[0], [1, 0, 4, 3])
    corrected = step()
    assert {r["player"]: r["cents"] for r in corrected["results"]} == {
        "Anna": 100,
        "Ben": 50,
        "Cem": -50,
        "Dora": -30,
        "Emil": -70,
    }
    # Dora paid Ben 40 but owes only 30 now: she is 10 ahead, Cem owes all his 50.
    assert {r["player"]: r["cents"] for r in corrected["balances"]} == {
        "Anna": 30,
        "Ben": 10,
        "Cem": -50,
        "Dora": 10,
        "Emil": 0,
    }
    undone = client.post(
        f"/api/v1/tables/{tables[0]['id']}/undo", headers={"X-Edit-Token": tables[0]["token"]}
    )
    assert undone.status_code == 200
    assert step()["transfers"] == after_pay["transfers"]
    out = client.patch(
        f"/api/v1/tables/{tables[1]['id']}",
        json={"group": None},
        headers={"X-Edit-Token": tables[1]["token"], "X-Group-Token": group["edit_token"]},
    )
    assert out.status_code == 200
    moved = step()
    # Without T2 Emil lost nothing, yet paid Anna 70: Anna owes it back, by the fewest moves.
    assert {r["player"]: r["cents"] for r in moved["balances"]}["Emil"] == 70
    back = client.patch(
        f"/api/v1/tables/{tables[1]['id']}",
        json={"group": group["id"]},
        headers={"X-Edit-Token": tables[1]["token"], "X-Group-Token": group["edit_token"]},
    )
    assert back.status_code == 200
    assert step()["transfers"] == after_pay["transfers"]


def test_a_month_payment_stays_out_of_its_evenings_undo(client: FlaskClient) -> None:
    """The month shows the evening's payments; undo on the month takes back only the month's."""
    group, _tables = the_evening(client)
    day = found_date(client, group)
    evening_paid = pay(client, group, "Cem", "Anna", 20, {"evening": day})
    month = settlement(client, group, f"month={day[:7]}")
    assert [p["id"] for p in month["payments"]] == [evening_paid["id"]]
    assert ("Cem", "Anna", 20) not in [(t["from"], t["to"], t["cents"]) for t in month["transfers"]]
    token = {"X-Group-Token": group["edit_token"]}
    nothing = client.post(
        f"/api/v1/groups/{group['id']}/settlement/undo?month={day[:7]}", headers=token
    ).json
    assert nothing is not None and [p["id"] for p in nothing["payments"]] == [evening_paid["id"]]
    month_paid = pay(client, group, "Dora", "Ben", 40, {"month": day[:7]})
    after = client.post(
        f"/api/v1/groups/{group['id']}/settlement/undo?month={day[:7]}", headers=token
    ).json
    assert after is not None
    assert [p["id"] for p in after["payments"]] == [evening_paid["id"]]
    assert month_paid["id"] not in [
        p["id"] for p in settlement(client, group, "open=all")["payments"]
    ]


def test_the_pot_takes_every_loss_and_pays_nobody(client: FlaskClient) -> None:
    """Group set to the pot: each loser pays his whole loss into it (to null); the group shows
    what the pot holds and who paid in."""
    group, _tables = the_evening(client)
    token = {"X-Group-Token": group["edit_token"]}
    set_pot = client.patch(
        f"/api/v1/groups/{group['id']}", json={"settle": {"mode": "pot"}}, headers=token
    )
    assert set_pot.status_code == 200 and set_pot.json["settle"] == {"mode": "pot"}  # type: ignore[index]
    found = settlement(client, group)
    assert sorted((t["from"], t["to"], t["cents"]) for t in found["transfers"]) == [
        ("Cem", None, 20),
        ("Dora", None, 40),
        ("Emil", None, 70),
    ]
    day = found_date(client, group)
    pay(client, group, "Emil", None, 70, {"evening": day})
    shown = client.get(f"/api/v1/groups/{group['id']}").json
    assert shown is not None and shown["pot"]["cents"] == 70
    assert shown["pot"]["paid_in"] == [{"player": "Emil", "cents": 70}]
    assert len(settlement(client, group)["transfers"]) == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"transfer": [], "paid": True}, "transfer"),
        ({}, "transfer"),
        ({"transfer": "x", "paid": "ja"}, "paid"),
        ({"transfer": "x", "paid": True, "more": 1}, "more"),
    ],
)
def test_a_malformed_tick_is_a_400_naming_the_field(
    client: FlaskClient, body: dict[str, Any], field: str
) -> None:
    """Never a 500: the field the player got wrong is named."""
    group, _tables = the_evening(client)
    answer = client.post(
        f"/api/v1/groups/{group['id']}/settlement/paid",
        json=body,
        headers={"X-Group-Token": group["edit_token"]},
    )
    assert answer.status_code == 400 and answer.json is not None
    assert answer.json["field"] == field


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("round_to=", "round_to"),
        ("mode=", "mode"),
        ("month=2026-13", "month"),
        ("open=some", "open"),
        ("evening=2026-11-26&month=2026-11", "month"),
    ],
)
def test_an_empty_or_wrong_query_value_is_a_400(
    client: FlaskClient, query: str, field: str
) -> None:
    """`round_to=` and `mode=` (empty) are refused, not taken as the default."""
    group, _tables = the_evening(client)
    answer = client.get(f"/api/v1/groups/{group['id']}/settlement?{query}")
    assert answer.status_code == 400 and answer.json is not None
    assert answer.json["field"] == field


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"from": "Fritz", "to": "Anna", "cents": 5, "for": {"evening": "2026-11-26"}}, "from"),
        ({"from": "Ben", "to": "Anna", "cents": 0, "for": {"evening": "2026-11-26"}}, "cents"),
        ({"from": "Ben", "to": "Anna", "cents": 5, "for": {"week": "48"}}, "for"),
        ({"from": "Ben", "to": "Anna", "cents": 5, "for": {"evening": ""}}, "evening"),
        ({"from": None, "to": None, "cents": 5, "for": {"month": "2026-11"}}, "to"),
        ({"from": "Ben", "to": "Anna", "cents": 5}, "for"),
    ],
)
def test_a_malformed_payment_is_a_400_naming_the_field(
    client: FlaskClient, body: dict[str, Any], field: str
) -> None:
    """Every malformed payment body: 400 with the field."""
    group, _tables = the_evening(client)
    answer = client.post(
        f"/api/v1/groups/{group['id']}/payments",
        json=body,
        headers={"X-Group-Token": group["edit_token"]},
    )
    assert answer.status_code == 400 and answer.json is not None, answer.json
    assert answer.json["field"] == field


def test_a_payment_needs_the_token_and_is_deleted_only_by_its_delete(client: FlaskClient) -> None:
    """403 without X-Group-Token; DELETE 204, then 404."""
    group, _tables = the_evening(client)
    body = {"from": "Cem", "to": "Anna", "cents": 20, "for": {"month": "2026-11"}}
    refused = client.post(f"/api/v1/groups/{group['id']}/payments", json=body)
    assert refused.status_code == 403
    made = pay(client, group, "cem", "ANNA", 20, {"month": "2026-11"})
    assert (made["from"], made["to"], made["for"]) == ("Cem", "Anna", {"month": "2026-11"})
    url = f"/api/v1/groups/{group['id']}/payments/{made['id']}"
    assert client.delete(url).status_code == 403
    token = {"X-Group-Token": group["edit_token"]}
    assert client.delete(url, headers=token).status_code == 204
    assert client.delete(url, headers=token).status_code == 404
