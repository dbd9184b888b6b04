"""The API keeps to its own document where it once slipped: Allow on 405, OPTIONS without a
page, a reused Idempotency-Key refused, the round bodies' bounds as documented, a control byte in
a header answered with the JSON error where the app sees it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

PLAYERS = ["Anna", "Ben", "Cem"]


def new_table(client: FlaskClient) -> tuple[str, dict[str, str]]:
    """A Terroristen table: its rounds address and the edit token header."""
    made = client.post("/api/v1/tables", json={"variant": "terroristen", "players": PLAYERS}).json
    assert made is not None
    return f"/api/v1/tables/{made['id']}/rounds", {"X-Edit-Token": made["edit_token"]}


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("GET", "/api/v1/tables", {"POST", "OPTIONS"}),
        ("DELETE", "/api/v1/referee", {"POST", "OPTIONS"}),
        ("PUT", "/t/new", {"GET", "HEAD", "POST", "OPTIONS"}),
    ],
)
def test_a_405_says_which_methods_are_allowed(
    client: FlaskClient, method: str, path: str, allow: set[str]
) -> None:
    """RFC 9110: a 405 carries Allow; the API's is the JSON error."""
    answer = client.open(path, method=method)
    assert answer.status_code == 405
    assert set(answer.headers["Allow"].split(", ")) == allow
    if path.startswith("/api/"):
        assert answer.json is not None and answer.json["error"]


def test_options_on_the_api_is_204_with_allow_and_no_page(client: FlaskClient) -> None:
    """No HTML from the API: an empty 204 naming the methods."""
    answer = client.open("/api/v1/tables", method="OPTIONS")
    assert answer.status_code == 204
    assert answer.data == b""
    assert "text/html" not in answer.headers.get("Content-Type", "")
    assert set(answer.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


def test_an_idempotency_key_reused_for_another_round_is_a_422(client: FlaskClient) -> None:
    """Same key, same round (any key order or spacing): the first answer; another round: 422
    (the IETF Idempotency-Key draft), nothing saved."""
    rounds, token = new_table(client)
    headers = {**token, "Idempotency-Key": "k-1"}
    first = client.post(rounds, json={"winner": 0, "next_dealer": 1}, headers=headers)
    assert first.status_code == 201
    again = client.post(
        rounds,
        data='{ "next_dealer": 1,  "winner": 0 }',
        content_type="application/json",
        headers=headers,
    )
    assert again.status_code == 201  # the first answer, as it was
    assert again.json is not None and again.json["round"]["number"] == 1
    other = client.post(f"{rounds}?lang=en", json={"winner": 2}, headers=headers)
    assert other.status_code == 422
    assert other.json == {
        "error": "This Idempotency-Key was already used for a different round; nothing was "
        "saved. Send a new round with a new key.",
        "field": "Idempotency-Key",
    }
    table: Any = client.get(rounds.removesuffix("/rounds")).json
    assert [r["number"] for r in table["rounds"]] == [1]


def test_the_round_bodies_bounds_are_the_documents(client: FlaskClient) -> None:
    """expected_number: from 1 on a new round, not part of a correction; card codes not empty."""
    document: Any = client.get("/api/v1/openapi.json").json
    rounds_path = document["paths"]["/tables/{table_id}/rounds"]
    new_body = rounds_path["post"]["requestBody"]["content"]["application/json"]["schema"]
    # One shape per variant: each takes expected_number from 1, no correction takes it.
    assert {shape["properties"]["expected_number"]["minimum"] for shape in new_body["anyOf"]} == {1}
    put = document["paths"]["/tables/{table_id}/rounds/{number}"]["put"]
    change = put["requestBody"]["content"]["application/json"]["schema"]
    for shape in change["anyOf"]:
        assert "expected_number" not in shape["properties"]
        assert shape["additionalProperties"] is False
    referee = document["paths"]["/referee"]["post"]["requestBody"]["content"]["application/json"]
    for shape in referee["schema"]["oneOf"]:  # one per variant: a code of its deck, never ""
        top = shape["properties"]["situation"]["properties"]["top"]
        assert re.search(top["pattern"], "") is None

    rounds, token = new_table(client)
    assert (
        client.post(rounds, json={"winner": 0, "expected_number": 1}, headers=token).status_code
        == 201
    )
    assert (
        client.post(rounds, json={"winner": 0, "expected_number": 0}, headers=token).status_code
        == 400
    )
    corrected = client.put(f"{rounds}/1", json={"winner": 1, "expected_number": 1}, headers=token)
    assert corrected.status_code == 400


@pytest.mark.parametrize(("header", "method"), [("X-Edit-Token", "POST"), ("If-Match", "PUT")])
def test_a_control_byte_in_a_header_is_the_json_error(
    client: FlaskClient, header: str, method: str
) -> None:
    """Where the app sees the header (the server refuses it first: docs/api.md), JSON 4xx."""
    rounds, token = new_table(client)
    assert client.post(rounds, json={"winner": 0}, headers=token).status_code == 201
    path = rounds if method == "POST" else f"{rounds}/1"
    answer = client.open(
        path, method=method, json={"winner": 1}, headers={**token, header: "a\x01b"}
    )
    assert 400 <= answer.status_code < 500
    assert answer.json is not None and answer.json["error"]
