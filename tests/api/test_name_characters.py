"""Invisible characters in names: a right-to-left override makes "nreB" show as "Bernd" and
turn "Bernd → Anna" round, a zero-width space makes "Ben" a second Ben. Every place a name
is entered refuses them with a sentence naming the field; NUL is refused on both databases."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.groups.samples import error_texts

OVERRIDE = "\u202ednreB"  # shows as "Bernd"
ZERO_WIDTH = "Ben\u200b"  # shows as "Ben"
IBAN = "DE89 3704 0044 0532 0130 00"
PLAYERS = ["Anna", "Ben", "Cem"]


def new_group(client: FlaskClient) -> dict[str, Any]:
    """A group of Anna, Ben and Cem made on the API, with its edit token."""
    made = client.post("/api/v1/groups", json={"name": "Dienstag", "players": PLAYERS}).json
    assert made is not None
    return made


def table_with(client: FlaskClient, name: str, players: list[str]) -> Any:
    """POST a Deluxe table."""
    return client.post(
        "/api/v1/tables", json={"variant": "deluxe", "name": name, "players": players}
    )


def group_with(client: FlaskClient, name: str, players: list[str]) -> Any:
    """POST a group."""
    return client.post("/api/v1/groups", json={"name": name, "players": players})


def iban_holder(client: FlaskClient, name: str) -> Any:
    """PUT an IBAN for a player of that name into a new group."""
    group = new_group(client)
    return client.put(
        f"/api/v1/groups/{group['id']}/ibans",
        json={"player": name, "iban": IBAN},
        headers={"X-Group-Token": group["edit_token"]},
    )


# Where a name is entered over the API, and the field the answer names.
PLACES = {
    "table player": (lambda c, n: table_with(c, "", ["Anna", n, "Cem"]), "players[1]"),
    # A guest is a table's player who is not a member of the group.
    "guest": (lambda c, n: table_with(c, "Dienstag", [*PLAYERS, n]), "players[3]"),
    "table name": (lambda c, n: table_with(c, n, PLAYERS), "name"),
    "group name": (lambda c, n: group_with(c, n, PLAYERS), "name"),
    "group member": (lambda c, n: group_with(c, "Dienstag", ["Anna", n]), "players[1]"),
    "IBAN holder": (iban_holder, "player"),
}


@pytest.mark.parametrize("name", [OVERRIDE, ZERO_WIDTH], ids=["override", "zero-width"])
@pytest.mark.parametrize("place", list(PLACES))
def test_invisible_characters_are_refused_naming_the_field(
    client: FlaskClient, place: str, name: str
) -> None:
    """400, the field named, the character said by its code."""
    send, field = PLACES[place]
    answer = send(client, name)
    assert answer.status_code == 400, answer.json
    code = "U+202E" if name == OVERRIDE else "U+200B"
    assert answer.json["field"] == field and code in answer.json["error"]


@pytest.mark.parametrize("name", [OVERRIDE, ZERO_WIDTH], ids=["override", "zero-width"])
@pytest.mark.parametrize("where", ["players", "ibans"])
def test_a_backup_with_an_invisible_character_in_a_name_is_refused(
    client: FlaskClient, name: str, where: str
) -> None:
    """A group backup whose member (or IBAN holder) has the character: 400 with the sentence,
    no group made."""
    group = new_group(client)
    client.get(f"/g/{group['id']}/edit/{group['edit_token']}")
    backup = json.loads(client.get(f"/g/{group['id']}/export.json").data)
    if where == "players":
        backup["players"][1] = name
    else:
        backup["ibans"] = {name: IBAN}
    before = client.get("/api/v1/groups/" + group["id"]).json
    answer = client.post(
        "/import?lang=en",
        data={"backup": (io.BytesIO(json.dumps(backup).encode()), "backup.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 400
    errors = " ".join(error_texts(answer.get_data(as_text=True)))
    assert "must not contain invisible characters" in errors, errors
    assert client.get("/api/v1/groups/" + group["id"]).json == before


def nul_holder_is_refused(client: FlaskClient) -> None:
    """A NUL in the IBAN holder's name: 400 naming `player`, nothing stored."""
    answer = iban_holder(client, "Ben\x00")
    assert answer.status_code == 400
    assert answer.json is not None and answer.json["field"] == "player"


def test_nul_in_the_iban_holder_is_a_400_on_sqlite(client: FlaskClient) -> None:
    """SQLite would store it: refused all the same."""
    nul_holder_is_refused(client)


def test_nul_in_the_iban_holder_is_a_400_on_postgresql(pg_app: Flask) -> None:
    """PostgreSQL cannot store it: a 400, not a 500."""
    nul_holder_is_refused(pg_app.test_client())
