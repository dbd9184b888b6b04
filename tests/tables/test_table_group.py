"""A table's group chosen in its settings: the groups this phone may edit, a question before a
table leaves another group, undo takes the move back."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def api_group(client: FlaskClient, name: str) -> dict[str, Any]:
    """A group made over the API whose edit link this client (phone) opened."""
    made = client.post("/api/v1/groups", json={"name": name, "players": PLAYERS}).json
    assert made is not None
    client.get(f"/g/{made['id']}/edit/{made['edit_token']}")
    return made


def api_table(client: FlaskClient) -> dict[str, Any]:
    """A Terroristen table whose edit link this client opened."""
    made = client.post("/api/v1/tables", json={"variant": "terroristen", "players": PLAYERS}).json
    assert made is not None
    client.get(f"/t/{made['id']}/edit/{made['edit_token']}")
    return made


def group_of(client: FlaskClient, table: dict[str, Any]) -> str | None:
    """The table's group id as the API shows it."""
    shown = client.get(f"/api/v1/tables/{table['id']}").json
    assert shown is not None
    return shown["group_id"]  # type: ignore[no-any-return]


def test_a_table_moves_between_groups_after_a_question(client: FlaskClient) -> None:
    """Into Dienstag by a tap; to Freitag only after "verschieben?"; undo takes it back."""
    tuesday = api_group(client, "Dienstag")
    friday = api_group(client, "Freitag")
    table = api_table(client)
    page = client.get(f"/t/{table['id']}/settings").get_data(as_text=True)
    assert "Dienstag" in page and "Freitag" in page and "In keiner Gruppe" in page
    moved = client.post(f"/t/{table['id']}/group", data={"group": tuesday["id"]})
    assert moved.status_code == 302 and group_of(client, table) == tuesday["id"]

    asked = client.post(f"/t/{table['id']}/group", data={"group": friday["id"]})
    assert asked.status_code == 200
    assert "Dieser Tisch gehört schon zu »Dienstag«: verschieben?" in asked.get_data(as_text=True)
    assert group_of(client, table) == tuesday["id"]
    client.post(f"/t/{table['id']}/group", data={"group": friday["id"], "move": "yes"})
    assert group_of(client, table) == friday["id"]

    client.post(f"/api/v1/tables/{table['id']}/undo", headers={"X-Edit-Token": table["edit_token"]})
    assert group_of(client, table) == tuesday["id"]
    client.post(f"/t/{table['id']}/group", data={"group": ""})
    assert group_of(client, table) is None


def test_a_group_this_phone_cannot_edit_is_refused(client: FlaskClient, app: Any) -> None:
    """Another phone's group: 403, the table stays where it is."""
    other = app.test_client()
    foreign = api_group(other, "Fremd")
    api_group(client, "Dienstag")
    table = api_table(client)
    refused = client.post(f"/t/{table['id']}/group", data={"group": foreign["id"]})
    assert refused.status_code == 403 and group_of(client, table) is None
