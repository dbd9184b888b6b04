"""The evening page and its Kassensturz on a phone: IBANs checked and masked, the GiroCode
read back as a banking app reads it, paid ticks for the group's editor only, today's tables
added with one tap."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.helpers import qr_text

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
IBAN = "DE89 3704 0044 0532 0130 00"  # the IBAN standard's own example, check digits right


def money_table(client: FlaskClient, cards: list[int]) -> dict[str, Any]:
    """A finished one-round Deluxe table at 10 ct, made on the API."""
    made = client.post(
        "/api/v1/tables",
        json={"variant": "deluxe", "players": PLAYERS, "options": {"rounds": 1, "rate_cents": 10}},
    ).json
    assert made is not None
    client.post(
        f"/api/v1/tables/{made['id']}/rounds",
        json={"cards": cards},
        headers={"X-Edit-Token": made["edit_token"]},
    )
    return made


def evening_with_group(
    client: FlaskClient, members: list[str] = PLAYERS
) -> tuple[dict[str, Any], str]:
    """A group of `members` whose edit link this client opened, one table in it (cards
    1/0/2/3: Dora pays Ben 30, Cem pays Anna 10); the group and the evening's date."""
    group = client.post("/api/v1/groups", json={"name": "Dienstag", "players": members}).json
    assert group is not None
    table = money_table(client, [1, 0, 2, 3])
    client.patch(
        f"/api/v1/tables/{table['id']}",
        json={"group": group["id"]},
        headers={"X-Edit-Token": table["edit_token"], "X-Group-Token": group["edit_token"]},
    )
    client.get(f"/g/{group['id']}/edit/{group['edit_token']}")
    shown = client.get(f"/api/v1/groups/{group['id']}").json
    assert shown is not None
    return group, shown["evenings"][0]["date"]


def test_a_wrong_iban_is_said_on_the_iban_screen_in_german(client: FlaskClient) -> None:
    """One digit off: 400, the sentence at the IBAN field, nothing kept."""
    group, day = evening_with_group(client)
    answer = client.post(
        f"/g/{group['id']}/ibans", data={"player": "Ben", "iban": "DE89 3704 0044 0532 0130 01"}
    )
    assert answer.status_code == 400
    assert "Die IBAN stimmt nicht: Prüfziffer falsch." in answer.get_data(as_text=True)
    assert client.get(f"/api/v1/groups/{group['id']}").json["ibans"] == {}  # type: ignore[index]


def test_the_girocode_carries_the_epc_fields(client: FlaskClient) -> None:
    """Ben's IBAN kept: the page shows it masked, the code reads as EPC069-12 version 002."""
    group, day = evening_with_group(client)
    saved = client.post(f"/g/{group['id']}/ibans", data={"player": "Ben", "iban": IBAN})
    assert saved.status_code == 302
    page = client.get(f"/g/{group['id']}/abend/{day}").get_data(as_text=True)
    assert "DE89 •••• •••• 3000" in page and "3704" not in page
    found = client.get(f"/api/v1/groups/{group['id']}/settlement").json
    assert found is not None
    to_ben = next(t for t in found["transfers"] if t["to"] == "Ben")
    assert (to_ben["from"], to_ben["cents"], to_ben["iban"]) == ("Dora", 30, "DE89 •••• •••• 3000")
    svg = client.get(f"/g/{group['id']}/abend/{day}/girocode/{to_ben['id']}.svg")
    assert svg.status_code == 200 and svg.headers["Cache-Control"] == "no-store, private"
    lines = qr_text(svg.data).split("\n")
    assert lines[:4] == ["BCD", "002", "1", "SCT"]
    assert lines[5:8] == ["Ben", "DE89370400440532013000", "EUR0.3"]
    day_month = f"{day[8:10]}.{day[5:7]}."
    assert lines[-1] == f"Mautisch {day_month}: Deluxe"
    to_anna = next(t for t in found["transfers"] if t["to"] == "Anna")
    assert (
        client.get(f"/g/{group['id']}/abend/{day}/girocode/{to_anna['id']}.svg").status_code == 404
    )


def test_ticks_are_for_the_groups_editor_and_seen_by_a_reader(
    client: FlaskClient, app: Any
) -> None:
    """The editor ticks both transfers; another phone sees them paid, without the buttons."""
    group, day = evening_with_group(client)
    found = client.get(f"/api/v1/groups/{group['id']}/settlement").json
    assert found is not None
    for transfer in found["transfers"]:
        ticked = client.post(
            f"/g/{group['id']}/abend/{day}/bezahlt",
            data={"transfer": transfer["id"], "paid": "1", "mode": "direct", "round_to": "1"},
        )
        assert ticked.status_code == 302
    reader = app.test_client()
    page = reader.get(f"/g/{group['id']}/abend/{day}").get_data(as_text=True)
    assert "Alles ist bezahlt." in page and "Als bezahlt abhaken" not in page
    refused = reader.post(
        f"/g/{group['id']}/abend/{day}/bezahlt",
        data={"transfer": found["transfers"][0]["id"], "paid": "0"},
    )
    assert refused.status_code == 403
    client.post(f"/g/{group['id']}/abend/{day}/rueckgaengig", data={})
    again = reader.get(f"/g/{group['id']}/abend/{day}?lang=en").get_data(as_text=True)
    assert "Everything is paid." not in again


def test_todays_tables_of_this_phone_join_with_one_tap(client: FlaskClient) -> None:
    """A table this phone holds the edit link of shows on the group page and joins by a tap."""
    group, _day = evening_with_group(client)
    table = money_table(client, [0, 1, 2, 3])
    client.get(f"/t/{table['id']}/edit/{table['edit_token']}")
    page = client.get(f"/g/{group['id']}").get_data(as_text=True)
    assert "Tische von heute hinzufügen" in page and table["id"] in page
    added = client.post(f"/g/{group['id']}/tische-von-heute", data={"table": table["id"]})
    assert added.status_code == 302
    tables = client.get(f"/api/v1/groups/{group['id']}").json["tables"]  # type: ignore[index]
    assert table["id"] in [t["id"] for t in tables]
    assert (
        table["id"] not in client.get(f"/g/{group['id']}").get_data(as_text=True).split("Abende")[0]
    )


def test_the_group_page_lists_its_evenings(client: FlaskClient) -> None:
    """Evenings newest first, each linking to its page."""
    group, day = evening_with_group(client)
    page = client.get(f"/g/{group['id']}").get_data(as_text=True)
    assert f"/g/{group['id']}/abend/{day}" in page
    assert client.get(f"/g/{group['id']}/abend/2001-01-01").status_code == 404


def test_the_page_says_the_way_to_pay_and_the_rounding(client: FlaskClient) -> None:
    """Kasse Ben, 50 ct (cards 1/0/2/3 at 10 ct: Ben +30, Anna +10, Cem −10, Dora −30):
    Anna 10→0, Cem −10→0, Dora −30→−50; Ben carries 50 instead of 30: everyone whose amount
    rounding changed is named."""
    group, day = evening_with_group(client)
    page = client.get(f"/g/{group['id']}/abend/{day}?mode=kasse&kasse=ben&round_to=50")
    text = page.get_data(as_text=True)
    assert "Alle zahlen über die Kasse: <bdi>Ben</bdi>." in text
    assert (
        "Gerundet: <bdi>Ben</bdi> bekommt 0,20\xa0€ mehr; <bdi>Anna</bdi> bekommt 0,10\xa0€ "
        "weniger; <bdi>Cem</bdi> zahlt 0,10\xa0€ weniger; <bdi>Dora</bdi> zahlt 0,20\xa0€ mehr."
        in text
    )
    assert text.count('<li class="transfer') == 1 and "0,50\xa0€" in text


def test_a_holder_who_did_not_play_is_said_at_the_field(client: FlaskClient) -> None:
    """Kasse Fritz: the sentence at the holder's choice, person to person shown meanwhile."""
    group, day = evening_with_group(client)
    text = client.get(f"/g/{group['id']}/abend/{day}?mode=kasse&kasse=Fritz").get_data(as_text=True)
    assert "Wer die Kasse hat, muss in der Gruppe spielen; &#34;Fritz&#34; nicht." in text
    assert "Die wenigsten Überweisungen, die das Offene ausgleichen: 2." in text


def test_a_member_who_did_not_play_tonight_holds_the_kasse(client: FlaskClient) -> None:
    """The group's Kasse holder stayed at home: everyone pays him, he pays the winners
    (Dora 30 and Cem 10 to Emil, Emil 30 to Ben and 10 to Anna), nothing refused."""
    group, _day = evening_with_group(client, [*PLAYERS, "Emil"])
    found = client.get(f"/api/v1/groups/{group['id']}/settlement?mode=kasse&kasse=emil").json
    assert found is not None, "refused"
    moves = {(t["from"], t["to"], t["cents"]) for t in found["transfers"]}
    assert moves == {
        ("Dora", "Emil", 30),
        ("Cem", "Emil", 10),
        ("Emil", "Ben", 30),
        ("Emil", "Anna", 10),
    }


def test_the_kasse_holder_choice_offers_the_members_who_did_not_play(client: FlaskClient) -> None:
    """Who played first, then a member who stayed at home (Emil); nobody twice."""
    group, day = evening_with_group(client, [*PLAYERS, "Emil"])
    text = client.get(f"/g/{group['id']}/abend/{day}?mode=kasse&kasse=Emil").get_data(as_text=True)
    select = text[
        text.index('<select name="kasse"') : text.index(
            "</select>", text.index('<select name="kasse"')
        )
    ]
    options = [o.split('"')[1] for o in select.split("<option value=")[1:]]
    assert sorted(options) == ["Anna", "Ben", "Cem", "Dora", "Emil"]
    assert '<option value="Emil" selected>' in select
