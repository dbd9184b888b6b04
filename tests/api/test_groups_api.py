"""Groups, evenings and the Kassensturz over JSON (docs/api.md §3), with figures worked out
by hand.

The evening: three Deluxe tables of one round each (1 penalty point per card left; the best
receives from the worst the difference × rate, the second from the third, dlx.out/dyn.money):
- T1 Anna, Ben, Cem, Dora, cards 1/0/2/3 at 10 ct: Ben +30 (Dora), Anna +10 (Cem);
- T2 Anna, Ben, Cem, Emil (a guest), cards 0/2/3/7 at 10 ct: Anna +70 (Emil), Ben +10 (Cem);
- T3 Anna, Cem, Dora, cards 0/1/2 at 5 ct: Anna +10 (Dora), Cem ±0;
plus a Terroristen table without money. Balances: Anna +90, Ben +40, Cem −20, Dora −40,
Emil −70 — three transfers settle them (Anna/Cem/Emil and Ben/Dora sum to zero), greedy
largest-to-largest takes four, table by table five.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def new_table(
    client: FlaskClient, players: list[str], cards: list[int], rate: int
) -> dict[str, Any]:
    """A finished one-round Deluxe money table made over the API; its id and edit token."""
    made = client.post(
        "/api/v1/tables",
        json={
            "variant": "deluxe",
            "players": players,
            "options": {"rounds": 1, "rate_cents": rate},
        },
    ).json
    assert made is not None
    played = client.post(
        f"/api/v1/tables/{made['id']}/rounds",
        json={"cards": cards},
        headers={"X-Edit-Token": made["edit_token"]},
    )
    assert played.status_code == 201 and played.json and played.json["finished"]
    return {"id": made["id"], "token": made["edit_token"]}


def new_group(client: FlaskClient, name: str = "Dienstag") -> dict[str, Any]:
    """A group of the four regulars made over the API."""
    answer = client.post("/api/v1/groups", json={"name": name, "players": PLAYERS})
    assert answer.status_code == 201
    made = answer.json
    assert made is not None and made["tables"] == [] and made["players"] == PLAYERS
    return made


def put_into(
    client: FlaskClient, table: dict[str, Any], group: dict[str, Any] | None, token: str | None
) -> Any:
    """PATCH the table into `group` (None: out of its group) with the given group token."""
    headers = {"X-Edit-Token": table["token"]}
    if token is not None:
        headers["X-Group-Token"] = token
    return client.patch(
        f"/api/v1/tables/{table['id']}",
        json={"group": group["id"] if group else None},
        headers=headers,
    )


def the_evening(client: FlaskClient) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The evening of the module docstring, started outside any group, then put into one."""
    tables = [
        new_table(client, PLAYERS, [1, 0, 2, 3], 10),
        new_table(client, ["Anna", "Ben", "Cem", "Emil"], [0, 2, 3, 7], 10),
        new_table(client, ["anna", "Cem", "Dora"], [0, 1, 2], 5),
    ]
    free = client.post("/api/v1/tables", json={"variant": "terroristen", "players": PLAYERS}).json
    assert free is not None
    tables.append({"id": free["id"], "token": free["edit_token"]})
    group = new_group(client)
    for table in tables:
        assert put_into(client, table, group, group["edit_token"]).status_code == 200
    return group, tables


def test_tables_join_a_group_afterwards_and_show_as_one_evening(client: FlaskClient) -> None:
    """Put in afterwards, every table is the group's and tonight's evening."""
    group, tables = the_evening(client)
    shown = client.get(f"/api/v1/groups/{group['id']}").json
    assert shown is not None
    assert [t["id"] for t in shown["tables"]] == [t["id"] for t in tables]
    assert len(shown["evenings"]) == 1
    evening = shown["evenings"][0]
    assert evening["tables"] == [t["id"] for t in tables]
    assert {t["evening"] for t in shown["tables"]} == {evening["date"]}
    assert shown["tables"][0]["variant"] == "deluxe" and shown["tables"][0]["finished"]


def test_the_evening_settles_in_three_transfers(client: FlaskClient) -> None:
    """Balances as worked out by hand, three transfers, the no-money table unsettled."""
    group, tables = the_evening(client)
    answer = client.get(f"/api/v1/groups/{group['id']}/settlement")
    assert answer.status_code == 200
    found = answer.json
    assert found is not None
    assert found["tables"] == [t["id"] for t in tables[:3]]
    assert found["unsettled_tables"] == [tables[3]["id"]]
    played = [
        {"player": "Anna", "cents": 90},
        {"player": "Ben", "cents": 40},
        {"player": "Cem", "cents": -20},
        {"player": "Dora", "cents": -40},
        {"player": "Emil", "cents": -70},
    ]
    assert found["results"] == played and found["balances"] == played
    assert found["payments"] == [] and found["settled"] is False
    moves = sorted((t["from"], t["to"], t["cents"]) for t in found["transfers"])
    assert moves == [("Cem", "Anna", 20), ("Dora", "Ben", 40), ("Emil", "Anna", 70)]
    assert found["exact"] is True and found["rounding_cents"] == 0
    assert not any(t["girocode"] for t in found["transfers"])  # nobody stored an IBAN
    again = client.get(
        f"/api/v1/groups/{group['id']}/settlement?evening={found_date(client, group)}"
    )
    assert again.json is not None
    assert [t["id"] for t in again.json["transfers"]] == [t["id"] for t in found["transfers"]]


def found_date(client: FlaskClient, group: dict[str, Any]) -> str:
    """The date of the group's one evening."""
    shown = client.get(f"/api/v1/groups/{group['id']}").json
    assert shown is not None
    return str(shown["evenings"][0]["date"])


def test_through_the_kasse_everyone_pays_the_holder(client: FlaskClient) -> None:
    """Kasse Ben: Ben pays Anna 90 and gets 20, 40 and 70 (four transfers, by hand)."""
    group, _tables = the_evening(client)
    found = client.get(f"/api/v1/groups/{group['id']}/settlement?mode=kasse&kasse=ben").json
    assert found is not None
    moves = sorted((t["from"], t["to"], t["cents"]) for t in found["transfers"])
    assert moves == [
        ("Ben", "Anna", 90),
        ("Cem", "Ben", 20),
        ("Dora", "Ben", 40),
        ("Emil", "Ben", 70),
    ]
    assert found["kasse"] == "Ben" and found["method"] == "kasse" and found["exact"] is False


def test_a_kasse_holder_who_did_not_play_is_refused(client: FlaskClient) -> None:
    """A holder without a money table tonight: 400 naming the field `kasse`."""
    group, _tables = the_evening(client)
    answer = client.get(f"/api/v1/groups/{group['id']}/settlement?mode=kasse&kasse=Fritz&lang=de")
    assert answer.status_code == 400
    assert answer.json is not None and answer.json["field"] == "kasse"
    assert "Fritz" in answer.json["error"] and "Kasse" in answer.json["error"]


def test_rounding_to_fifty_cents_is_carried_by_the_biggest_winner(client: FlaskClient) -> None:
    """Direct, 50 ct: Ben 40→50, Cem −20→0, Dora −40→−50, Emil −70→−50; Anna carries the
    rest: 50 instead of 90, so rounding_cents −40; Dora and Emil pay 50 each."""
    group, _tables = the_evening(client)
    found = client.get(f"/api/v1/groups/{group['id']}/settlement?round_to=50").json
    assert found is not None
    assert found["rounding_cents"] == -40 and found["rounding_carrier"] == "Anna"
    assert sorted(t["from"] for t in found["transfers"]) == ["Dora", "Emil"]
    assert sorted(t["to"] for t in found["transfers"]) == ["Anna", "Ben"]
    assert {t["cents"] for t in found["transfers"]} == {50}


def test_rounding_through_the_kasse_is_carried_by_the_holder(client: FlaskClient) -> None:
    """Kasse Ben, 50 ct: Anna 90→100, Cem −20→0, Dora and Emil −50; Ben carries −40."""
    group, _tables = the_evening(client)
    found = client.get(
        f"/api/v1/groups/{group['id']}/settlement?mode=kasse&kasse=Ben&round_to=50"
    ).json
    assert found is not None
    moves = sorted((t["from"], t["to"], t["cents"]) for t in found["transfers"])
    assert moves == [("Ben", "Anna", 100), ("Dora", "Ben", 50), ("Emil", "Ben", 50)]
    assert found["rounding_cents"] == -40 and found["rounding_carrier"] == "Ben"


def test_paid_ticks_need_the_group_token_and_can_be_undone(client: FlaskClient) -> None:
    """Ticking needs X-Group-Token and records a payment each; every reader sees them; when
    all are paid nothing is open; undo deletes the newest payment of this view."""
    group, _tables = the_evening(client)
    url = f"/api/v1/groups/{group['id']}/settlement"
    transfers = client.get(url).json["transfers"]  # type: ignore[index]
    first = transfers[0]["id"]
    refused = client.post(f"{url}/paid", json={"transfer": first, "paid": True})
    assert refused.status_code == 403 and refused.json["field"] == "X-Group-Token"  # type: ignore[index]
    token = {"X-Group-Token": group["edit_token"]}
    for transfer in transfers:
        done = client.post(
            f"{url}/paid", json={"transfer": transfer["id"], "paid": True}, headers=token
        )
        assert done.status_code == 200
    seen = client.get(url).json
    assert seen is not None and seen["settled"] and seen["transfers"] == []
    assert sorted((p["from"], p["to"], p["cents"]) for p in seen["payments"]) == [
        ("Cem", "Anna", 20),
        ("Dora", "Ben", 40),
        ("Emil", "Anna", 70),
    ]
    assert {b["cents"] for b in seen["balances"]} == {0}
    undone = client.post(f"{url}/undo", headers=token).json
    assert undone is not None and not undone["settled"] and len(undone["payments"]) == 2
    last = transfers[-1]
    assert [(t["from"], t["to"], t["cents"]) for t in undone["transfers"]] == [
        (last["from"], last["to"], last["cents"])
    ]
    unknown = client.post(f"{url}/paid", json={"transfer": "nope", "paid": True}, headers=token)
    assert unknown.status_code == 404 and unknown.json["field"] == "transfer"  # type: ignore[index]


def test_putting_a_table_into_a_group_needs_that_groups_token(client: FlaskClient) -> None:
    """403 without X-Group-Token, 404 for no such group; taking out needs the current group's."""
    table = new_table(client, PLAYERS, [1, 0, 2, 3], 10)
    group = new_group(client)
    other = new_group(client, "Freitag")
    assert put_into(client, table, group, None).status_code == 403
    assert put_into(client, table, group, other["edit_token"]).status_code == 403
    assert put_into(client, table, {"id": "x" * 22}, "t").status_code == 404
    moved = put_into(client, table, group, group["edit_token"])
    assert moved.status_code == 200 and moved.json["group_id"] == group["id"]  # type: ignore[index]
    assert put_into(client, table, None, other["edit_token"]).status_code == 403
    out = put_into(client, table, None, group["edit_token"])
    assert out.status_code == 200 and out.json["group_id"] is None  # type: ignore[index]


def test_a_group_move_is_undone_like_the_other_settings(client: FlaskClient) -> None:
    """Undo takes the table back out of the group; the group's statistics follow at once."""
    table = new_table(client, PLAYERS, [1, 0, 2, 3], 10)
    group = new_group(client)
    put_into(client, table, group, group["edit_token"])
    assert len(client.get(f"/api/v1/groups/{group['id']}").json["tables"]) == 1  # type: ignore[index]
    undone = client.post(
        f"/api/v1/tables/{table['id']}/undo", headers={"X-Edit-Token": table["token"]}
    )
    assert undone.status_code == 200 and undone.json["group_id"] is None  # type: ignore[index]
    assert client.get(f"/api/v1/groups/{group['id']}").json["tables"] == []  # type: ignore[index]
    redone = client.post(
        f"/api/v1/tables/{table['id']}/redo", headers={"X-Edit-Token": table["token"]}
    )
    assert redone.json["group_id"] == group["id"]  # type: ignore[index]


def test_bad_settlement_queries_name_their_field(client: FlaskClient) -> None:
    """Unknown mode, rounding, evening or table: 400 naming it."""
    group, _tables = the_evening(client)
    url = f"/api/v1/groups/{group['id']}/settlement"
    for query, field in [
        ("mode=cash", "mode"),
        ("round_to=3", "round_to"),
        ("mode=kasse", "kasse"),
        ("evening=gestern", "evening"),
        ("tables=abc", "tables"),
    ]:
        answer = client.get(f"{url}?{query}")
        assert answer.status_code == 400, query
        assert answer.json is not None and answer.json["field"] == field


def test_a_new_group_needs_a_name_and_players(client: FlaskClient) -> None:
    """The group's own checks, as JSON errors."""
    answer = client.post("/api/v1/groups", json={"name": "", "players": PLAYERS})
    assert answer.status_code == 400 and answer.json["field"] == "name"  # type: ignore[index]
    answer = client.post("/api/v1/groups", json={"name": "X", "players": ["Anna"]})
    assert answer.status_code == 400 and answer.json["field"] == "players"  # type: ignore[index]
