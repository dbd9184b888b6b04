"""Payments on the evening and month pages, the GiroCode only for the group's own payees, and
the backup that carries payments, the way to settle and (with the token) the IBANs.

The evening is test_groups_api's, worked out by hand there: Anna +90, Ben +40, Cem −20,
Dora −40, Emil −70; its first table (Deluxe, 10 ct) had cards Anna 1, Ben 0, Cem 2, Dora 3.
"""

from __future__ import annotations

import io
import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from app.groups.page import one_decimal
from tests.api.test_groups_api import found_date
from tests.api.test_groups_api import the_evening
from tests.api.test_payments_api import pay
from tests.api.test_payments_api import settlement

IBAN = "DE89370400440532013000"


def as_editor(client: FlaskClient, group: dict[str, Any]) -> None:
    """This phone opens the group's edit link (the pages' edit right)."""
    client.get(f"/g/{group['id']}/edit/{group['edit_token']}")


def test_a_correction_after_paying_keeps_the_payments_and_says_what_changed(
    client: FlaskClient,
) -> None:
    """Three of three transfers paid, then Cem's 2 cards of table 1 raised to 4: nothing is
    ticked away, and the page says in words what settles the difference."""
    group, tables = the_evening(client)
    day = found_date(client, group)
    for transfer in settlement(client, group)["transfers"]:
        pay(client, group, transfer["from"], transfer["to"], transfer["cents"], {"evening": day})
    answer = client.put(
        f"/api/v1/tables/{tables[0]['id']}/rounds/1",
        json={"cards": [1, 0, 4, 3]},
        headers={"X-Edit-Token": tables[0]["token"]},
    )
    assert answer.status_code == 200
    found = settlement(client, group)
    assert len(found["payments"]) == 3
    text = client.get(f"/g/{group['id']}/abend/{day}?lang=de").get_data(as_text=True)
    assert "Offen nach der Korrektur von Runde 1 (Deluxe, Tisch 1):" in text
    assert text.count('class="badge badge-paid"') == 3
    moves = {(t["from"], t["to"], t["cents"]) for t in found["transfers"]}
    # Each name isolated, so a name in a right-to-left script cannot turn the sentence round.
    words = {
        f"<bdi>{payer}</bdi> zahlt <bdi>{payee}</bdi> {cents // 100},{cents % 100:02d}\xa0€"
        for payer, payee, cents in moves
    }
    assert all(word in text for word in words), (moves, words)


def test_the_month_shows_the_evenings_payments_as_paid(client: FlaskClient) -> None:
    """An evening's payment shows on its month as paid, not as a transfer still to make."""
    group, _tables = the_evening(client)
    day = found_date(client, group)
    pay(client, group, "Emil", "Anna", 70, {"evening": day})
    text = client.get(f"/g/{group['id']}/abend/{day[:7]}?lang=de").get_data(as_text=True)
    assert "Kassensturz des Monats" in text and "Abends" not in text
    paid = text.split('aria-label="Bezahlt"')[1]
    assert "Emil" in paid and "0,70" in paid
    still_open = text.split('aria-label="Offene Überweisungen"')[1].split("</ul>")[0]
    assert "Emil" not in still_open


def test_a_preview_of_another_way_gives_nobody_a_girocode(client: FlaskClient) -> None:
    """Anyone with the read link asking `mode=kasse&kasse=Dora` does not get Dora's IBAN: codes
    come only from the group's own settlement."""
    group, _tables = the_evening(client)
    day = found_date(client, group)
    token = {"X-Group-Token": group["edit_token"]}
    for player in ("Anna", "Dora"):
        kept = client.put(
            f"/api/v1/groups/{group['id']}/ibans",
            json={"player": player, "iban": IBAN},
            headers=token,
        )
        assert kept.status_code == 200
    preview = settlement(client, group, "mode=kasse&kasse=Dora")
    assert preview["own"] is False and not any(t["girocode"] for t in preview["transfers"])
    for transfer in preview["transfers"]:
        code = client.get(
            f"/g/{group['id']}/abend/{day}/girocode/{transfer['id']}.svg?mode=kasse&kasse=Dora"
        )
        assert code.status_code == 404
    own = settlement(client, group)
    to_anna = [t for t in own["transfers"] if t["to"] == "Anna"]
    assert to_anna and all(t["girocode"] for t in to_anna)
    code = client.get(f"/g/{group['id']}/abend/{day}/girocode/{to_anna[0]['id']}.svg")
    assert code.status_code == 200 and code.mimetype == "image/svg+xml"
    page = client.get(f"/g/{group['id']}/abend/{day}?mode=kasse&kasse=Dora").get_data(as_text=True)
    assert "/girocode/" not in page
    assert IBAN not in page and IBAN not in json.dumps(own)


def test_paying_on_the_page_is_one_tap_and_undo_takes_back_only_mine(client: FlaskClient) -> None:
    """A group editor ticks a transfer: a payment is recorded; the page's undo names it and
    takes back this phone's payment only (one made over the API stays)."""
    group, _tables = the_evening(client)
    day = found_date(client, group)
    as_editor(client, group)
    pay(client, group, "Dora", "Ben", 40, {"evening": day})
    transfer = next(t for t in settlement(client, group)["transfers"] if t["from"] == "Emil")
    ticked = client.post(
        f"/g/{group['id']}/abend/{day}/bezahlt?lang=de", data={"transfer": transfer["id"]}
    )
    assert ticked.status_code == 302
    page = client.get(f"/g/{group['id']}/abend/{day}?lang=de").get_data(as_text=True)
    assert "Als bezahlt eingetragen: <bdi>Emil</bdi> → <bdi>Anna</bdi> 0,70" in page
    assert "Meine letzte Zahlung hier zurücknehmen: <bdi>Emil</bdi> → <bdi>Anna</bdi> 0,70" in page
    client.post(f"/g/{group['id']}/abend/{day}/rueckgaengig")
    assert [p["from"] for p in settlement(client, group)["payments"]] == ["Dora"]
    client.post(f"/g/{group['id']}/abend/{day}/rueckgaengig")
    assert [p["from"] for p in settlement(client, group)["payments"]] == ["Dora"]


def test_the_backup_carries_payments_the_way_to_settle_and_ibans(client: FlaskClient) -> None:
    """Export with the token, import: the same results, payments, balances and transfers; a
    reader's export holds no IBAN."""
    group, tables = the_evening(client)
    day = found_date(client, group)
    token = {"X-Group-Token": group["edit_token"]}
    client.put(
        f"/api/v1/groups/{group['id']}/ibans", json={"player": "Anna", "iban": IBAN}, headers=token
    )
    pay(client, group, "Emil", "Anna", 70, {"evening": day})
    pay(client, group, "Cem", None, 20, {"tables": [t["id"] for t in tables[:3]]})
    client.put(
        f"/api/v1/tables/{tables[0]['id']}/rounds/1",
        json={"cards": [1, 0, 4, 3]},
        headers={"X-Edit-Token": tables[0]["token"]},
    )
    client.patch(
        f"/api/v1/groups/{group['id']}",
        json={"settle": {"mode": "kasse", "kasse": "Ben"}},
        headers=token,
    )
    reader = client.get(f"/g/{group['id']}/export.json").get_data(as_text=True)
    assert IBAN not in reader and '"payments"' in reader
    raw = client.get(f"/g/{group['id']}/export.json", headers=token).data
    assert IBAN.encode() in raw
    made = client.post(
        "/import?lang=de",
        data={"backup": (io.BytesIO(raw), "backup.json"), "duplicate": "keep"},
        content_type="multipart/form-data",
    )
    assert made.status_code == 302, made.get_data(as_text=True)
    copy = {"id": made.location.rsplit("/", 1)[-1]}
    shown = client.get(f"/api/v1/groups/{copy['id']}").json
    assert shown is not None and shown["settle"] == {"mode": "kasse", "kasse": "Ben"}
    assert shown["ibans"] == {"Anna": "DE89 •••• •••• 3000"}
    for query in (f"evening={day}", f"month={day[:7]}", "open=all", "mode=direct", "mode=pot"):
        before, after = settlement(client, group, query), settlement(client, copy, query)
        for key in ("results", "balances", "settled", "rounding_cents"):
            assert before[key] == after[key], (query, key)
        strip = [(p["from"], p["to"], p["cents"], p["at"]) for p in before["payments"]]
        assert strip == [(p["from"], p["to"], p["cents"], p["at"]) for p in after["payments"]]
        moves = [(t["from"], t["to"], t["cents"]) for t in before["transfers"]]
        assert moves == [(t["from"], t["to"], t["cents"]) for t in after["transfers"]]


def test_averages_round_half_up_as_players_do(app: Flask) -> None:
    """2,25 minus points a game is said 2,3 (half up), 2,24 is 2,2; in English 2.3."""
    with app.test_request_context("/?lang=de"):
        assert [one_decimal(v) for v in (2.25, 2.24, 0.05, 9 / 4)] == ["2,3", "2,2", "0,1", "2,3"]
    with app.test_request_context("/?lang=en"):
        assert one_decimal(2.25) == "2.3"
