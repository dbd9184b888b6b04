"""The IBAN screen `/g/<id>/ibans`: a refused IBAN keeps the chosen person, so the fixed IBAN
is kept for that person and nobody else; the evening page links to it and isolates names."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.groups.test_evening_pages import evening_with_group

IBAN = "DE89 3704 0044 0532 0130 00"
WRONG_DIGIT = "DE89 3704 0044 0532 0130 01"
SHORT = "DE89 3704 0044 0532 0130 0"  # 21 characters


def chosen(page: str) -> list[str]:
    """The selected options of the page's person choice."""
    return re.findall(r'<option selected value="([^"]*)">', page)


def test_a_refused_iban_keeps_the_chosen_person_and_the_fix_is_kept_for_them(
    client: FlaskClient,
) -> None:
    """Dora chosen, one digit wrong: 400, Dora still chosen, the IBAN still typed; the fix
    is kept for Dora (not Anna, the first in the list) and the confirmation names her."""
    group, _day = evening_with_group(client)
    url = f"/g/{group['id']}/ibans"
    refused = client.post(url, data={"player": "Dora", "iban": WRONG_DIGIT})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert "Die IBAN stimmt nicht: Prüfziffer falsch." in page
    assert chosen(page) == ["Dora"]
    assert f'value="{WRONG_DIGIT}"' in page
    saved = client.post(url, data={"player": "Dora", "iban": IBAN}, follow_redirects=True)
    assert "IBAN für Dora gespeichert: DE89 •••• •••• 3000" in saved.get_data(as_text=True)
    shown = client.get(f"/api/v1/groups/{group['id']}").json
    assert shown is not None and shown["ibans"] == {"Dora": "DE89 •••• •••• 3000"}


def test_a_21_character_german_iban_names_22(client: FlaskClient) -> None:
    """The length, not the check digits, is what is wrong."""
    group, _day = evening_with_group(client)
    refused = client.post(f"/g/{group['id']}/ibans", data={"player": "Ben", "iban": SHORT})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and chosen(page) == ["Ben"]
    assert "Eine IBAN mit dem Ländercode DE (Deutschland) hat 22 Zeichen; eingegeben: 21." in page
    assert "Prüfziffer" not in page


def test_a_person_not_of_the_group_is_refused(client: FlaskClient) -> None:
    """Only the people the screen offers; a hidden character is named."""
    group, _day = evening_with_group(client)
    url = f"/g/{group['id']}/ibans"
    stranger = client.post(url, data={"player": "Zoe", "iban": IBAN})
    assert stranger.status_code == 400
    assert "Wähle, wessen IBAN das ist" in stranger.get_data(as_text=True)
    hidden = client.post(url, data={"player": "Ben\u200b", "iban": IBAN})
    assert hidden.status_code == 400 and "U+200B" in hidden.get_data(as_text=True)
    assert client.get(f"/api/v1/groups/{group['id']}").json["ibans"] == {}  # type: ignore[index]


def test_the_evening_links_a_payee_without_iban_to_the_screen(client: FlaskClient) -> None:
    """Ben is paid and has no IBAN: the link chooses him; the screen opens with Ben chosen.
    Removing an IBAN again says whose."""
    group, day = evening_with_group(client)
    evening = client.get(f"/g/{group['id']}/abend/{day}").get_data(as_text=True)
    link = f"/g/{group['id']}/ibans?player=Ben"
    assert f'href="{link}"' in evening
    assert 'class="iban-form"' not in evening  # the form lives on its own screen
    assert chosen(client.get(link).get_data(as_text=True)) == ["Ben"]
    client.post(f"/g/{group['id']}/ibans", data={"player": "Ben", "iban": IBAN})
    assert f'href="{link}"' not in client.get(f"/g/{group['id']}/abend/{day}").get_data(
        as_text=True
    )
    removed = client.post(
        f"/g/{group['id']}/ibans", data={"player": "Ben", "iban": ""}, follow_redirects=True
    )
    assert "IBAN von Ben entfernt." in removed.get_data(as_text=True)


def test_a_reader_may_not_open_the_screen(client: FlaskClient) -> None:
    """Without the group's edit link: 403."""
    group, _day = evening_with_group(client)
    assert client.application.test_client().get(f"/g/{group['id']}/ibans").status_code == 403


def test_names_on_the_evening_page_are_isolated(client: FlaskClient) -> None:
    """Payer and payee of each transfer, in the line and on the tick button, inside <bdi>."""
    group, day = evening_with_group(client)
    page = client.get(f"/g/{group['id']}/abend/{day}").get_data(as_text=True)
    assert "<strong><bdi>Dora</bdi></strong> → <strong><bdi>Ben</bdi></strong>" in page
    assert "Als bezahlt abhaken: <bdi>Dora</bdi> → <bdi>Ben</bdi>" in page
    assert "Als bezahlt abhaken: <bdi>Cem</bdi> → <bdi>Anna</bdi>" in page
    assert "← <bdi>Dienstag</bdi>" in page
