"""Bad input that once reached the database or a stack limit: a clear 4xx, never a 500.

Deeply nested JSON to every API POST, PUT and PATCH; control characters and lone surrogates in
a group's name and players, typed into the group form or arriving in a backup file.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.api import NESTING_LIMIT

DEEP = "[" * 1000 + "]" * 1000
ROUND = {"hands": [{"jacks": 0, "others": 0}, {"jacks": 0, "others": 3}], "jack_suit": None}


def new_table(client: FlaskClient) -> tuple[str, str]:
    """A dynamisch table with one round: its id and edit token."""
    made = client.post(
        "/api/v1/tables", json={"variant": "dynamisch", "players": ["Anna", "Ben"]}
    ).json
    assert made is not None
    headers = {"X-Edit-Token": made["edit_token"]}
    assert client.post(f"/api/v1/tables/{made['id']}/rounds", json=ROUND, headers=headers)
    return made["id"], made["edit_token"]


@pytest.mark.parametrize("body", [DEEP, "{" + '"a":{' * 900 + "}" * 901, "[" * 40 + "]" * 40])
def test_deeply_nested_json_is_a_400_everywhere(app: Flask, client: FlaskClient, body: str) -> None:
    """Every API endpoint that reads a body answers 400 naming the nesting limit."""
    table_id, token = new_table(client)
    made = client.post("/api/v1/groups", json={"name": "Dienstag", "players": ["Anna", "Ben"]})
    group = made.json
    assert group is not None
    ids = {"table_id": table_id, "group_id": group["id"], "number": "1"}
    calls = [
        (method, re.sub(r"<[^>]*:(\w+)>", lambda m: ids[m.group(1)], rule.rule))
        for rule in app.url_map.iter_rules()
        # Undo, redo and restore take no body: they never read one.
        if rule.rule.startswith("/api/v1/")
        and not rule.rule.endswith(("/undo", "/redo", "/restore"))
        for method in sorted((rule.methods or set()) & {"POST", "PUT", "PATCH"})
    ]
    assert len(calls) >= 4
    for method, url in calls:
        answer = client.open(
            f"{url}?lang=en",
            method=method,
            data=body,
            content_type="application/json",
            headers={"X-Edit-Token": token, "X-Group-Token": group["edit_token"]},
        )
        assert answer.status_code == 400, (method, url, answer.data[:200])
        assert answer.json is not None
        assert f"at most {NESTING_LIMIT} levels" in answer.json["error"]
        assert answer.json["field"] is None


def group_form(client: FlaskClient, name: str, players: str) -> tuple[int, str]:
    """Send the new-group form: status and page."""
    answer = client.post("/groups/new?lang=en", data={"name": name, "players": players})
    return answer.status_code, answer.get_data(as_text=True)


@pytest.mark.parametrize(
    ("name", "players", "found"),
    [
        ("Stamm\x00tisch", "Anna\nBen", "U+0000"),
        ("Stammtisch", "Anna\nB\x07en", "U+0007"),
        ("Stamm\x1btisch", "Anna\nBen", "U+001B"),
    ],
)
def test_group_form_refuses_control_characters(
    client: FlaskClient, name: str, players: str, found: str
) -> None:
    """The group form names the bad character; no group is made and /groups still works."""
    status, page = group_form(client, name, players)
    assert status == 400
    assert "control characters" in page
    assert found in page
    assert client.get("/groups").status_code == 200


def test_group_backup_with_a_lone_surrogate_is_refused(client: FlaskClient) -> None:
    """A group backup whose player has a lone surrogate is refused; every page stays whole."""
    status, _page = group_form(client, "Stammtisch", "Anna\nBen")
    assert status == 302
    listing = client.get("/groups").get_data(as_text=True)
    group_id = listing.split('href="/g/')[1].split('"')[0]
    backup = json.loads(client.get(f"/g/{group_id}/export.json").data)
    backup["players"][1] = "B\ud800en"
    raw = json.dumps(backup).encode()  # ASCII escapes: "B\ud800en" is valid JSON text
    answer = client.post(
        "/import?lang=en",
        data={"backup": (io.BytesIO(raw), "backup.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 400
    assert "U+D800" in answer.get_data(as_text=True)
    assert client.get("/groups").status_code == 200
    assert client.get(f"/g/{group_id}").status_code == 200
