"""The Kassensturz on PostgreSQL: the migrations make the paid ticks and IBANs there too, and
the evening of tests/api/test_groups_api.py settles, records a payment by its tick and undoes
it the same way."""

from __future__ import annotations

from flask import Flask

from tests.api.test_groups_api import the_evening


def test_the_evening_settles_and_ticks_on_postgres(pg_app: Flask) -> None:
    """Three transfers (worked out by hand there), a tick recorded as a payment, undone, an
    IBAN masked."""
    client = pg_app.test_client()
    group, _tables = the_evening(client)
    url = f"/api/v1/groups/{group['id']}/settlement"
    found = client.get(url).json
    assert found is not None
    moves = sorted((t["from"], t["to"], t["cents"]) for t in found["transfers"])
    assert moves == [("Cem", "Anna", 20), ("Dora", "Ben", 40), ("Emil", "Anna", 70)]
    token = {"X-Group-Token": group["edit_token"]}
    first = found["transfers"][0]
    ticked = client.post(
        f"{url}/paid", json={"transfer": first["id"], "paid": True}, headers=token
    ).json
    # The tick records a payment of exactly that transfer; the other two stay open.
    assert ticked is not None
    assert [(p["from"], p["to"], p["cents"]) for p in ticked["payments"]] == [
        (first["from"], first["to"], first["cents"])
    ]
    assert len(ticked["transfers"]) == 2
    undone = client.post(f"{url}/undo", headers=token).json
    assert undone is not None and undone["payments"] == []
    assert sorted((t["from"], t["to"], t["cents"]) for t in undone["transfers"]) == moves
    saved = client.put(
        f"/api/v1/groups/{group['id']}/ibans",
        json={"player": "Anna", "iban": "DE89 3704 0044 0532 0130 00"},
        headers=token,
    ).json
    assert saved is not None and saved["ibans"] == {"Anna": "DE89 •••• •••• 3000"}
