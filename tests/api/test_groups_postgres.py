"""The Kassensturz on PostgreSQL: the migrations make the paid ticks and IBANs there too, and
the evening of tests/api/test_groups_api.py settles, ticks and undoes the same way."""

from __future__ import annotations

from flask import Flask

from tests.api.test_groups_api import the_evening


def test_the_evening_settles_and_ticks_on_postgres(pg_app: Flask) -> None:
    """Three transfers (worked out by hand there), a tick seen, undone, an IBAN masked."""
    client = pg_app.test_client()
    group, _tables = the_evening(client)
    url = f"/api/v1/groups/{group['id']}/settlement"
    found = client.get(url).json
    assert found is not None
    moves = sorted((t["from"], t["to"], t["cents"]) for t in found["transfers"])
    assert moves == [("Cem", "Anna", 20), ("Dora", "Ben", 40), ("Emil", "Anna", 70)]
    token = {"X-Group-Token": group["edit_token"]}
    first = found["transfers"][0]["id"]
    ticked = client.post(f"{url}/paid", json={"transfer": first, "paid": True}, headers=token).json
    assert ticked is not None and [t["paid"] for t in ticked["transfers"]] == [True, False, False]
    undone = client.post(f"{url}/undo", headers=token).json
    assert undone is not None and not any(t["paid"] for t in undone["transfers"])
    saved = client.put(
        f"/api/v1/groups/{group['id']}/ibans",
        json={"player": "Anna", "iban": "DE89 3704 0044 0532 0130 00"},
        headers=token,
    ).json
    assert saved is not None and saved["ibans"] == {"Anna": "DE89 •••• •••• 3000"}
