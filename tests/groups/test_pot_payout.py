"""Paying out of the pot on the group page (app/groups/pot.py): a payment from the pot, listed
and deletable; the pot's balance follows.

The evening is test_groups_api's; in pot mode Emil pays his 0,70 and Dora her 0,40 into the
pot, so it holds 1,10 €; a payout of 0,25 € to Anna leaves 0,85 €.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.test_groups_api import found_date
from tests.api.test_groups_api import the_evening
from tests.api.test_payments_api import pay


def pot_group(client: FlaskClient) -> dict[str, Any]:
    """The evening's group settling into the pot, 1,10 € in it; this phone its editor."""
    group, _tables = the_evening(client)
    token = {"X-Group-Token": group["edit_token"]}
    mode = client.patch(
        f"/api/v1/groups/{group['id']}", json={"settle": {"mode": "pot"}}, headers=token
    )
    assert mode.status_code == 200
    day = found_date(client, group)
    pay(client, group, "Emil", None, 70, {"evening": day})
    pay(client, group, "Dora", None, 40, {"evening": day})
    client.get(f"/g/{group['id']}/edit/{group['edit_token']}")
    return group


def pot_json(client: FlaskClient, group: dict[str, Any]) -> Any:
    """The group's pot over the API."""
    return client.get(f"/api/v1/groups/{group['id']}").json["pot"]


def test_a_payout_is_recorded_listed_and_deleted(client: FlaskClient) -> None:
    """0,25 € to Anna: the pot shows 0,85 €, the payout is listed (from the pot, null over the
    API); deleted, the pot holds 1,10 € again."""
    group = pot_group(client)
    page = client.get(f"/g/{group['id']}?lang=de").get_data(as_text=True)
    assert "Im Topf: 1,10\xa0€" in page and "Aus dem Topf auszahlen" in page
    done = client.post(
        f"/g/{group['id']}/topf/auszahlen?lang=de",
        data={"player": "Anna", "amount": "0,25"},
        follow_redirects=True,
    )
    text = done.get_data(as_text=True)
    assert done.status_code == 200 and "Im Topf: 0,85\xa0€" in text
    # The flash and the list, the name isolated in both.
    assert text.count("Aus dem Topf an <bdi>Anna</bdi>: 0,25\xa0€") == 2
    pot = pot_json(client, group)
    assert pot["cents"] == 85
    assert [(p["from"], p["to"], p["cents"]) for p in pot["paid_out"]] == [(None, "Anna", 25)]
    gone = client.post(
        f"/g/{group['id']}/topf/{pot['paid_out'][0]['id']}/loeschen?lang=de", follow_redirects=True
    )
    assert "Im Topf: 1,10\xa0€" in gone.get_data(as_text=True)
    assert pot_json(client, group)["paid_out"] == []


def test_a_wrong_amount_is_said_at_its_field_with_the_choice_kept(client: FlaskClient) -> None:
    """ "zwölf", 0 and more than 100.000 €: 400, the sentence at the amount, Ben still chosen;
    nothing recorded."""
    group = pot_group(client)
    for amount in ("zwölf", "0", "100000,01"):
        answer = client.post(
            f"/g/{group['id']}/topf/auszahlen?lang=de", data={"player": "Ben", "amount": amount}
        )
        text = answer.get_data(as_text=True)
        assert answer.status_code == 400
        assert (
            f"Der Betrag ist in Euro von 0,01 bis 100.000, z. B. 12,50; erhalten: „{amount}“."
            in text
        )
        assert '<option value="Ben" selected>' in text
    assert pot_json(client, group)["paid_out"] == []


def test_no_payout_form_outside_pot_mode_or_for_a_viewer(client: FlaskClient) -> None:
    """Settling person to person, or only looking, the page offers no payout."""
    group, _tables = the_evening(client)
    assert "Pay out of the pot" not in client.get(f"/g/{group['id']}?lang=en").get_data(
        as_text=True
    )
    other = client.application.test_client()
    token = {"X-Group-Token": group["edit_token"]}
    client.patch(f"/api/v1/groups/{group['id']}", json={"settle": {"mode": "pot"}}, headers=token)
    assert "Pay out of the pot" not in other.get(f"/g/{group['id']}?lang=en").get_data(as_text=True)
    refused = other.post(f"/g/{group['id']}/topf/auszahlen", data={"player": "Anna", "amount": "1"})
    assert refused.status_code == 403
