"""The score-keeping API of docs/api.md §2 through real HTTP requests (Flask test client)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from app.factory import create_app

FOUR = ["Anna", "Ben", "Cem", "Dora"]
DYN_ROUND = {
    "hands": [
        {"jacks": 0, "others": 0},
        {"jacks": 1, "others": 3},
        {"jacks": 0, "others": 3},
        {"jacks": 0, "others": 2},
    ],
    "jack_suit": None,
}


def create(
    client: FlaskClient, variant: str = "dynamisch", players: list[str] = FOUR, **options: Any
) -> tuple[str, dict[str, str]]:
    """A new table: its id and the headers that carry its edit token."""
    response = client.post(
        "/api/v1/tables",
        json={"variant": variant, "name": "Freitag", "players": players, "options": options},
    )
    assert response.status_code == 201, response.json
    return response.json["id"], {"X-Edit-Token": response.json["edit_token"]}


def add(
    client: FlaskClient,
    table: str,
    headers: dict[str, str],
    body: dict[str, Any],
    status: int = 201,
) -> dict[str, Any]:
    """POST one round and check the status."""
    response = client.post(f"/api/v1/tables/{table}/rounds", json=body, headers=headers)
    assert response.status_code == status, response.json
    return dict(response.json)


def test_create_table_returns_the_table_and_its_edit_token(client: FlaskClient) -> None:
    """POST /tables: 201, the table with defaults, the edit token only once."""
    response = client.post(
        "/api/v1/tables",
        json={
            "variant": "dynamisch",
            "name": "Freitag",
            "players": FOUR,
            "options": {"rate_cents": 10},
        },
    )
    assert response.status_code == 201
    body = response.json
    assert len(body["edit_token"]) >= 22
    assert {
        k: body[k]
        for k in (
            "variant",
            "name",
            "players",
            "options",
            "rounds",
            "finished",
            "winner",
            "next_dealer",
            "teams",
            "sets",
        )
    } == {
        "variant": "dynamisch",
        "name": "Freitag",
        "players": FOUR,
        "options": {"games": 8, "rate_cents": 10},
        "rounds": [],
        "finished": False,
        "winner": None,
        "next_dealer": 0,
        "teams": None,
        "sets": None,
    }
    assert body["totals"] == [0, 0, 0, 0]
    assert client.get(f"/api/v1/tables/{body['id']}").json["name"] == "Freitag"
    assert "edit_token" not in client.get(f"/api/v1/tables/{body['id']}").json


def test_api_md_settlement_example(client: FlaskClient) -> None:
    """The GET example of docs/api.md §2, reached through the API."""
    table, headers = create(client, rate_cents=10)
    body = add(client, table, headers, DYN_ROUND)
    assert body["rounds"][0]["number"] == 1 and body["rounds"][0]["points"] == [0, 5, 3, 2]
    assert (body["totals"], body["ranking"], body["next_dealer"]) == ([0, 5, 3, 2], [0, 3, 2, 1], 1)
    assert body["settlement"] == {
        "amounts_cents": [50, -50, -10, 10],
        "transfers": [{"from": 1, "to": 0, "cents": 50}, {"from": 2, "to": 3, "cents": 10}],
    }
    assert body["round"]["number"] == 1


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"variant": "uno", "players": FOUR}, "variant"),
        ({"players": FOUR}, "variant"),
        ({"variant": "dynamisch", "players": ["Anna"]}, "players"),
        ({"variant": "dynamisch", "players": ["Anna", "anna"]}, "players[1]"),
        ({"variant": "dynamisch", "players": ["Anna", ""]}, "players[1]"),
        ({"variant": "dynamisch", "players": ["Anna", "x" * 41]}, "players[1]"),
        ({"variant": "dynamisch", "players": FOUR, "options": {"colour": 1}}, "options.colour"),
        (
            {"variant": "dynamisch", "players": FOUR, "options": {"rate_cents": 1001}},
            "options.rate_cents",
        ),
        ({"variant": "dynamisch", "players": FOUR, "options": {"games": 2.5}}, "options.games"),
        ({"variant": "speedone", "players": FOUR, "options": {"target": 300}}, "options.target"),
        (
            {"variant": "speedone", "players": FOUR[:3], "options": {"partner": True}},
            "options.partner",
        ),
        ({"variant": "doppel", "players": FOUR[:2]}, "players"),
        ({"variant": "dynamisch", "players": FOUR, "owner": "me"}, "owner"),
    ],
)
def test_create_table_bad_input_is_400_naming_the_field(
    client: FlaskClient, payload: dict[str, Any], field: str
) -> None:
    """POST /tables with bad input: 400 naming the field."""
    response = client.post("/api/v1/tables?lang=en", json=payload)
    assert response.status_code == 400
    assert response.json["field"] == field
    assert response.json["error"].endswith(".")


@pytest.mark.parametrize("data", ["not json", "[1, 2]"])
def test_create_table_body_must_be_a_json_object(client: FlaskClient, data: str) -> None:
    """A body that is no JSON object: 400 in the contract's shape."""
    response = client.post("/api/v1/tables", data=data, content_type="application/json")
    assert response.status_code == 400
    assert set(response.json) == {"error", "field"}


def test_errors_speak_german_by_default_and_english_on_request(client: FlaskClient) -> None:
    """Errors are German unless English is asked for."""
    payload = {"variant": "dynamisch", "players": FOUR, "options": {"games": 0}}
    german = client.post("/api/v1/tables", json=payload).json["error"]
    english = client.post("/api/v1/tables?lang=en", json=payload).json["error"]
    assert "ganze Zahl von 1 bis 100" in german
    assert "whole number from 1 to 100" in english


def test_unknown_table_is_404_json(client: FlaskClient) -> None:
    """An unknown table is 404 JSON on every route."""
    for response in (
        client.get("/api/v1/tables/nope"),
        client.get("/api/v1/tables/nope/version"),
        client.post("/api/v1/tables/nope/rounds", json=DYN_ROUND, headers={"X-Edit-Token": "x"}),
        client.put("/api/v1/tables/nope/rounds/1", json=DYN_ROUND, headers={"X-Edit-Token": "x"}),
        client.delete("/api/v1/tables/nope/rounds/1", headers={"X-Edit-Token": "x"}),
    ):
        assert response.status_code == 404
        assert set(response.json) == {"error", "field"}


def test_edit_token_missing_is_401_and_wrong_is_403(client: FlaskClient) -> None:
    """Changes need the edit token: missing 401, wrong 403, nothing changed."""
    table, headers = create(client)
    add(client, table, headers, DYN_ROUND)
    for method, url in (
        ("post", "rounds"),
        ("put", "rounds/1"),
        ("delete", "rounds/1"),
        ("post", "undo"),
    ):
        call = getattr(client, method)
        assert call(f"/api/v1/tables/{table}/{url}", json=DYN_ROUND).status_code == 401
        assert (
            call(
                f"/api/v1/tables/{table}/{url}", json=DYN_ROUND, headers={"X-Edit-Token": "guess"}
            ).status_code
            == 403
        )
    assert len(client.get(f"/api/v1/tables/{table}").json["rounds"]) == 1


FOUR_OUT = [{"jacks": 0, "others": 0}] * 4


@pytest.mark.parametrize(
    ("variant", "options", "body", "field"),
    [
        ("dynamisch", {}, {"hands": FOUR_OUT[:3]}, "hands"),
        ("dynamisch", {}, {"hands": [*FOUR_OUT[:3], {"jacks": -1, "others": 0}]}, "hands[3].jacks"),
        (
            "dynamisch",
            {},
            {"hands": [*FOUR_OUT[:3], {"jacks": 0, "others": 60}]},
            "hands[3].others",
        ),
        ("dynamisch", {}, {"hands": [FOUR_OUT[0], *[{"jacks": 3, "others": 1}] * 3]}, "hands"),
        ("dynamisch", {}, {"hands": [{"jacks": 0, "others": 1}] * 4}, "hands"),
        (
            "dynamisch",
            {},
            {"hands": [*FOUR_OUT[:3], {"jacks": 0, "others": 2.5}]},
            "hands[3].others",
        ),
        (
            "dynamisch",
            {},
            {"hands": [*FOUR_OUT[:3], {"jacks": False, "others": 1}]},
            "hands[3].jacks",
        ),
        ("deluxe", {}, {"cards": [0, 1, 2]}, "cards"),
        ("deluxe", {}, {"cards": [0, 49, 1, 1]}, "cards[1]"),
        ("deluxe", {}, {"cards": [1, 2, 3, 4]}, "cards"),
        ("speedone", {}, {"winner": 0, "points": [3, 1, 2, 3]}, "points[0]"),
        ("speedone", {}, {"winner": 7, "points": [0, 1, 2, 3]}, "winner"),
        ("speedone", {}, {"winner": 0, "points": [0, 700, 2, 3]}, "points[1]"),
        ("terroristen", {}, {"winner": 4}, "winner"),
        ("doppel", {}, {"winner": "C"}, "winner"),
        ("doppel", {}, {"winner": "A", "next_dealer": 9}, "next_dealer"),
    ],
)
def test_bad_round_is_400_naming_the_field(
    client: FlaskClient, variant: str, options: dict[str, Any], body: dict[str, Any], field: str
) -> None:
    """Bad round input: 400 naming the field, nothing stored."""
    table, headers = create(client, variant, **options)
    assert add(client, table, headers, body, 400)["field"] == field
    assert client.get(f"/api/v1/tables/{table}").json["rounds"] == []


def test_round_for_a_finished_table_is_409(client: FlaskClient) -> None:
    """A round for a finished table: 409."""
    table, headers = create(client, games=1)
    assert add(client, table, headers, DYN_ROUND)["finished"] is True
    assert "error" in add(client, table, headers, DYN_ROUND, 409)


def test_put_corrects_a_round_and_recomputes(client: FlaskClient) -> None:
    """PUT corrects a round; totals and winner are recomputed; unknown round 404."""
    table, headers = create(client, games=2, rate_cents=10)
    add(client, table, headers, DYN_ROUND)
    add(client, table, headers, DYN_ROUND)
    assert client.get(f"/api/v1/tables/{table}").json["finished"] is True
    fixed = {"hands": [{"jacks": 0, "others": 4}, *FOUR_OUT[1:]], "jack_suit": None}
    response = client.put(f"/api/v1/tables/{table}/rounds/1", json=fixed, headers=headers)
    assert response.status_code == 200
    body = response.json
    assert body["rounds"][0]["points"] == [4, 0, 0, 0] and body["rounds"][0]["version"] == 2
    assert body["totals"] == [4, 5, 3, 2]
    assert body["winner"] == 3
    assert (
        client.put(f"/api/v1/tables/{table}/rounds/3", json=fixed, headers=headers).status_code
        == 404
    )
    bad = client.put(f"/api/v1/tables/{table}/rounds/1", json={"hands": []}, headers=headers)
    assert (bad.status_code, bad.json["field"]) == (400, "hands")


def test_put_with_a_stale_version_is_409_with_the_current_round(client: FlaskClient) -> None:
    """A stale version (body or If-Match) is 409 with the current round."""
    table, headers = create(client)
    add(client, table, headers, DYN_ROUND)
    first = client.put(
        f"/api/v1/tables/{table}/rounds/1", json={**DYN_ROUND, "version": 1}, headers=headers
    )
    assert first.status_code == 200
    stale = client.put(
        f"/api/v1/tables/{table}/rounds/1", json={**DYN_ROUND, "version": 1}, headers=headers
    )
    assert stale.status_code == 409
    assert stale.json["field"] == "version" and stale.json["error"]
    assert stale.json["current"]["version"] == 2 and stale.json["current"]["points"] == [0, 5, 3, 2]
    by_header = client.put(
        f"/api/v1/tables/{table}/rounds/1", json=DYN_ROUND, headers={**headers, "If-Match": '"1"'}
    )
    assert by_header.status_code == 409
    fresh = client.put(
        f"/api/v1/tables/{table}/rounds/1", json=DYN_ROUND, headers={**headers, "If-Match": '"2"'}
    )
    assert fresh.status_code == 200 and fresh.json["rounds"][0]["version"] == 3
    bad = client.put(
        f"/api/v1/tables/{table}/rounds/1", json={**DYN_ROUND, "version": "2"}, headers=headers
    )
    assert (bad.status_code, bad.json["field"]) == (400, "version")


def test_delete_renumbers_and_recomputes(client: FlaskClient) -> None:
    """DELETE closes the gap (numbers stay 1..n) and recomputes."""
    table, headers = create(client, "terroristen")
    for winner in (0, 1, 2):
        add(client, table, headers, {"winner": winner})
    response = client.delete(f"/api/v1/tables/{table}/rounds/2", headers=headers)
    assert response.status_code == 200
    assert [(r["number"], r["input"]["winner"]) for r in response.json["rounds"]] == [
        (1, 0),
        (2, 2),
    ]
    assert response.json["totals"] == [1, 0, 1, 0]
    assert client.delete(f"/api/v1/tables/{table}/rounds/3", headers=headers).status_code == 404
    assert add(client, table, headers, {"winner": 3})["rounds"][-1]["number"] == 3


def test_correction_may_not_end_the_table_before_its_last_round(client: FlaskClient) -> None:
    """A correction that would end the game early, with rounds after it, is refused."""
    table, headers = create(client, "speedone", target=200)
    add(client, table, headers, {"winner": 0, "points": [0, 50, 50, 50]})
    add(client, table, headers, {"winner": 0, "points": [0, 10, 10, 10]})
    too_much = client.put(
        f"/api/v1/tables/{table}/rounds/1",
        json={"winner": 0, "points": [0, 100, 50, 50]},
        headers=headers,
    )
    assert too_much.status_code == 400
    assert client.get(f"/api/v1/tables/{table}").json["totals"] == [180, 0, 0, 0]


def test_idempotency_key_returns_the_first_answer(client: FlaskClient) -> None:
    """A repeated Idempotency-Key returns the first answer and adds nothing."""
    table, headers = create(client, "terroristen")
    keyed = {**headers, "Idempotency-Key": "phone-1-round-1"}
    first = client.post(f"/api/v1/tables/{table}/rounds", json={"winner": 1}, headers=keyed)
    again = client.post(f"/api/v1/tables/{table}/rounds", json={"winner": 1}, headers=keyed)
    assert (first.status_code, again.status_code) == (201, 201)
    assert first.json == again.json
    assert len(client.get(f"/api/v1/tables/{table}").json["rounds"]) == 1
    other = client.post(
        f"/api/v1/tables/{table}/rounds",
        json={"winner": 2},
        headers={**headers, "Idempotency-Key": "phone-1-round-2"},
    )
    assert len(other.json["rounds"]) == 2


def test_version_poll_with_etag(client: FlaskClient) -> None:
    """The change poll answers 304 while nothing changed."""
    table, headers = create(client, "terroristen")
    first = client.get(f"/api/v1/tables/{table}/version")
    assert first.status_code == 200 and first.json == {"version": 0}
    etag = first.headers["ETag"]
    assert (
        client.get(f"/api/v1/tables/{table}/version", headers={"If-None-Match": etag}).status_code
        == 304
    )
    add(client, table, headers, {"winner": 0})
    changed = client.get(f"/api/v1/tables/{table}/version", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.json == {"version": 1}
    assert client.get(f"/api/v1/tables/{table}").json["version"] == 1


def test_undo_reverts_the_newest_change(client: FlaskClient) -> None:
    """Undo steps back through delete, edit and adds; then nothing is left to undo."""
    table, headers = create(client, "terroristen")
    add(client, table, headers, {"winner": 0})
    add(client, table, headers, {"winner": 1})
    client.put(f"/api/v1/tables/{table}/rounds/1", json={"winner": 3}, headers=headers)
    client.delete(f"/api/v1/tables/{table}/rounds/2", headers=headers)
    steps = []
    for _ in range(5):
        body = client.post(f"/api/v1/tables/{table}/undo", headers=headers).json
        steps.append([r["input"]["winner"] for r in body["rounds"]])
    assert steps == [[3, 1], [0, 1], [0], [], []]


def test_dynamisch_played_to_its_end(client: FlaskClient) -> None:
    """Dynamisch through the API: doubling, next dealer, winner, settlement."""
    table, headers = create(client, players=FOUR[:3], games=2, rate_cents=10)
    three = [
        {"jacks": 0, "others": 0},
        {"jacks": 1, "others": 2, "holds_named_suit": True},
        {"jacks": 0, "others": 1},
    ]
    add(client, table, headers, {"hands": three, "jack_suit": "H"})
    body = add(
        client,
        table,
        headers,
        {
            "hands": [
                {"jacks": 0, "others": 3},
                {"jacks": 0, "others": 0},
                {"jacks": 0, "others": 1},
            ],
            "next_dealer": 0,
        },
    )
    assert body["rounds"][0]["points"] == [0, 8, 1]
    assert (body["totals"], body["finished"], body["winner"], body["next_dealer"]) == (
        [3, 8, 2],
        True,
        2,
        0,
    )
    assert body["settlement"]["amounts_cents"] == [0, -60, 60]
    assert body["settlement"]["transfers"] == [{"from": 1, "to": 2, "cents": 60}]


def test_deluxe_played_to_its_end(client: FlaskClient) -> None:
    """Deluxe through the API: the player out deals, the fewest penalty points win."""
    table, headers = create(client, "deluxe", players=FOUR[:3], rounds=2)
    add(client, table, headers, {"cards": [2, 0, 4]})
    body = add(client, table, headers, {"cards": [0, 1, 4]})
    assert (
        body["totals"],
        body["finished"],
        body["winner"],
        body["next_dealer"],
        body["settlement"],
    ) == ([2, 1, 8], True, 1, 0, None)
    add(client, table, headers, {"cards": [0, 1, 4]}, 409)


def test_speedone_played_to_its_end(client: FlaskClient) -> None:
    """Speedone through the API: hands and points, winner-takes to 200."""
    table, headers = create(client, "speedone", target=200)
    add(
        client,
        table,
        headers,
        {
            "winner": 1,
            "hands": [
                {"numbers": 17, "actions": 1, "wilds": 0},
                None,
                {"numbers": 0, "actions": 0, "wilds": 2},
                {"numbers": 9, "actions": 0, "wilds": 0},
            ],
        },
    )
    body = add(client, table, headers, {"winner": 1, "points": [0, 0, 50, 4]})
    assert (body["totals"], body["finished"], body["winner"], body["teams"]) == (
        [0, 200, 0, 0],
        True,
        1,
        None,
    )


def test_speedone_partner_played_to_its_end(client: FlaskClient) -> None:
    """Speedone partner mode with own points: the lower party wins."""
    table, headers = create(client, "speedone", target=200, partner=True, scoring="own-points")
    add(client, table, headers, {"winner": 0, "points": [0, 90, 30, 20]})
    body = add(client, table, headers, {"winner": 2, "points": [10, 80, 0, 20]})
    assert body["teams"] == {"A": 40, "B": 210}
    assert (body["finished"], body["winner"]) == (True, "A")


def test_terroristen_played_to_its_end(client: FlaskClient) -> None:
    """Terroristen through the API: most wins after 3 games; open-ended goes on."""
    table, headers = create(client, "terroristen", players=FOUR[:3], games=3)
    for winner in (2, 0, 2):
        body = add(client, table, headers, {"winner": winner})
    assert (body["totals"], body["finished"], body["winner"], body["ranking"]) == (
        [1, 0, 2],
        True,
        2,
        [2, 0, 1],
    )
    open_table, open_headers = create(client, "terroristen")
    assert add(client, open_table, open_headers, {"winner": 1})["finished"] is False


def test_doppel_played_to_its_end(client: FlaskClient) -> None:
    """Doppel through the API: three sets, the match, then 409."""
    table, headers = create(client, "doppel")
    for winner in "AAAAA" + "ABBBBB" + "AAAAA":
        body = add(client, table, headers, {"winner": winner})
    assert body["sets"] == [
        {"A": 5, "B": 0, "winner": "A"},
        {"A": 1, "B": 5, "winner": "B"},
        {"A": 5, "B": 0, "winner": "A"},
    ]
    assert (body["finished"], body["winner"], body["teams"], body["totals"]) == (
        True,
        "A",
        {"A": 2, "B": 1},
        {"A": 5, "B": 0},
    )
    assert body["rounds"][0]["points"] == {"A": 1, "B": 0}
    add(client, table, headers, {"winner": "B"}, 409)


@pytest.mark.parametrize(
    ("variant", "players", "defaults"),
    [
        ("dynamisch", FOUR, {"games": 8, "rate_cents": 0}),
        ("deluxe", FOUR, {"rounds": 10, "rate_cents": 0, "strict_draw": False}),
        (
            "speedone",
            FOUR,
            {
                "target": 500,
                "scoring": "winner-takes",
                "partner": False,
                "stack2": False,
                "stack4": False,
                "handlimit": True,
                "rate_cents": 0,  # the project's money option (own-points without partners)
            },
        ),
        ("terroristen", FOUR, {"games": None, "seven": "draw2", "multi": "rank"}),
        ("doppel", FOUR, {"nine": "must"}),
    ],
)
def test_option_defaults_per_variant(
    client: FlaskClient, variant: str, players: list[str], defaults: dict[str, Any]
) -> None:
    """docs/api.md §2's option table: each variant's defaults, house rules included; no money
    means settlement null."""
    response = client.post("/api/v1/tables", json={"variant": variant, "players": players})
    assert response.status_code == 201
    assert response.json["options"] == defaults
    assert response.json["settlement"] is None
    assert response.json["teams"] == ({"A": 0, "B": 0} if variant == "doppel" else None)


def test_ties_keep_seat_order_and_tied_winners_are_a_list(client: FlaskClient) -> None:
    """ranking: ties keep seat order; winner: a list of seats when tied; the settlement of
    tied seats shares their positions' amounts (dyn.money I: ties) and stays zero-sum."""
    table, headers = create(client, games=1, rate_cents=10)
    hands = [{"jacks": 0, "others": n} for n in (4, 0, 4, 0)]
    body = add(client, table, headers, {"hands": hands, "jack_suit": None})
    assert (body["ranking"], body["winner"], body["finished"]) == ([1, 3, 0, 2], [1, 3], True)
    assert body["settlement"]["amounts_cents"] == [-40, 40, -40, 40]
    assert len(body["settlement"]["transfers"]) <= 3


def test_if_match_that_names_no_version_is_400(client: FlaskClient) -> None:
    """Found by the contract check: If-Match "²" or a 5000-digit tag was a 500 (int() of a
    non-ASCII digit / beyond Python's digit limit). Now 400 naming If-Match; `*` checks nothing."""
    table, headers = create(client)
    add(client, table, headers, DYN_ROUND)
    url = f"/api/v1/tables/{table}/rounds/1"
    for tag in ("²", "9" * 5000, "-1", "abc", '"1.5"'):
        response = client.put(url, json=DYN_ROUND, headers={**headers, "If-Match": tag})
        assert response.status_code == 400, tag
        assert response.json["field"] == "If-Match"
    assert client.put(url, json=DYN_ROUND, headers={**headers, "If-Match": "*"}).status_code == 200
    assert client.get(f"/api/v1/tables/{table}").json["rounds"][0]["version"] == 2


def test_round_numbers_beyond_any_table_are_404(client: FlaskClient) -> None:
    """Found by the contract check: PUT round 10^23 overflowed SQLite's integer (500); a
    negative number answered Werkzeug's generic 404. Both are the API's 404 sentence now."""
    table, headers = create(client)
    add(client, table, headers, DYN_ROUND)
    for number in ("99999999999999999999999", "-1", "0"):
        url = f"/api/v1/tables/{table}/rounds/{number}?lang=en"
        for response in (
            client.put(url, json=DYN_ROUND, headers=headers),
            client.delete(url, headers=headers),
        ):
            assert response.status_code == 404
            assert response.json == {
                "error": f"Game {int(number)} does not exist at this table "
                "(numbering starts at 1).",
                "field": None,
            }


def test_unknown_round_is_404_before_the_body_is_checked(client: FlaskClient) -> None:
    """Found by the contract check: PUT to an unknown round with a bad body answered 400;
    no body can correct a round that does not exist, so it is 404 (docs/api.md: unknown round)."""
    table, headers = create(client)
    add(client, table, headers, DYN_ROUND)
    response = client.put(f"/api/v1/tables/{table}/rounds/2", json={"hands": []}, headers=headers)
    assert response.status_code == 404


def test_finished_table_is_409_before_the_body_is_checked(client: FlaskClient) -> None:
    """Found by the contract check: a bad round for a finished table answered 400; no body can
    be added, so it is 409. A repeated Idempotency-Key of the final round still replays 201."""
    table, headers = create(client, games=1)
    keyed = {**headers, "Idempotency-Key": "last-round"}
    first = client.post(f"/api/v1/tables/{table}/rounds", json=DYN_ROUND, headers=keyed)
    assert (first.status_code, first.json["finished"]) == (201, True)
    assert add(client, table, headers, {"hands": []}, 409)["field"] is None
    again = client.post(f"/api/v1/tables/{table}/rounds", json=DYN_ROUND, headers=keyed)
    assert (again.status_code, again.json) == (201, first.json)


@pytest.mark.parametrize("raw", ['"Fr\\u0000eitag"', '"Fr\\ud800"'])
def test_names_the_database_cannot_hold_are_400(client: FlaskClient, raw: str) -> None:
    """Found by the contract check: a name with NUL (PostgreSQL) or a lone surrogate (UTF-8)
    was a 500 when stored; it is a 400 naming the field."""
    data = '{"variant": "doppel", "players": ["A", "B", "C", "D"], "name": ' + raw + "}"
    response = client.post("/api/v1/tables", data=data, content_type="application/json")
    assert (response.status_code, response.json["field"]) == (400, "name")


def test_impossible_table_ids_are_404(client: FlaskClient) -> None:
    """Found by the contract check: an id with NUL was a 500 on PostgreSQL (it refuses NUL in
    any text); ids longer than the column or with NUL are not looked up: 404."""
    for table_id in ("a%00b", "z" * 3000):
        response = client.get(f"/api/v1/tables/{table_id}")
        assert response.status_code == 404
        assert set(response.json) == {"error", "field"}


def test_the_api_needs_no_csrf_token() -> None:
    """docs/api.md: the API is not cookie-authenticated, so it needs no CSRF token; the app exactly
    as docs/api.md builds it (CSRF on) takes JSON changes with the edit token alone."""
    client = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"}).test_client()
    referee = client.post(
        "/api/v1/referee",
        json={"variant": "doppel", "situation": {"top": "H7"}, "action": {"play": ["H8"]}},
    )
    assert referee.status_code == 200
    table, headers = create(client, "terroristen")
    add(client, table, headers, {"winner": 0})
    url = f"/api/v1/tables/{table}/rounds/1"
    assert client.put(url, json={"winner": 1}, headers=headers).status_code == 200
    assert client.delete(url, headers=headers).status_code == 200


def test_table_says_the_direction_the_next_game_starts_in(client: FlaskClient) -> None:
    """dyn.twin.reverse: a reversal carries over, so the table JSON says the direction the
    next game starts in; a round without one keeps it; other variants say null."""
    table, headers = create(client)
    assert client.get(f"/api/v1/tables/{table}").json["direction"] == "clockwise"
    assert (
        add(client, table, headers, {**DYN_ROUND, "direction": "counterclockwise"})["direction"]
        == "counterclockwise"
    )
    add(client, table, headers, DYN_ROUND)
    assert client.get(f"/api/v1/tables/{table}").json["direction"] == "counterclockwise"
    add(client, table, headers, {**DYN_ROUND, "direction": "clockwise"})
    assert client.get(f"/api/v1/tables/{table}").json["direction"] == "clockwise"
    other, _headers = create(client, "terroristen", games=3)
    assert client.get(f"/api/v1/tables/{other}").json["direction"] is None
