"""The printed evening on a real group: a partner Speedone table and a Deluxe money table, a
payment recorded over the API; the PDF read back with pypdf, the PNG with Pillow, for the
evening, its month and the running account, in German and English.

Worked out by hand: Speedone to 200, winner takes, partners (team A = Anna + Cem, team B =
Ben + Dora): Anna wins round 1 (40 + 30 + 50 = 120), Ben round 2 (45 + 50 + 50 = 145), Cem
round 3 (20 + 30 + 34 = 84): team A 120 + 84 = 204, team B 145 + 0 = 145, A has reached 200.
Deluxe at 10 ct, cards 1/0/2/3: Anna +0,10 €, Ben +0,30 €, Cem −0,10 €, Dora −0,30 €.
Cem pays Anna 0,10 €: still open Dora → Ben 0,30 €.
"""

from __future__ import annotations

import io
import re
from typing import Any

from flask.testing import FlaskClient
from PIL import Image
from pypdf import PdfReader

from tests.groups.test_evening_pages import PLAYERS
from tests.groups.test_evening_pages import evening_with_group

SPEEDONE_ROUNDS = [
    {"winner": 0, "points": [0, 40, 30, 50]},
    {"winner": 1, "points": [45, 0, 50, 50]},
    {"winner": 2, "points": [20, 30, 0, 34]},
]


def partner_table(client: FlaskClient, group: dict[str, Any]) -> None:
    """The partner Speedone table of the docstring, put into the group."""
    made = client.post(
        "/api/v1/tables",
        json={
            "variant": "speedone",
            "players": PLAYERS,
            "options": {"target": 200, "partner": True, "scoring": "winner-takes"},
        },
    ).json
    assert made is not None
    for body in SPEEDONE_ROUNDS:
        answer = client.post(
            f"/api/v1/tables/{made['id']}/rounds",
            json=body,
            headers={"X-Edit-Token": made["edit_token"]},
        )
        assert answer.status_code in (200, 201), answer.json
    moved = client.patch(
        f"/api/v1/tables/{made['id']}",
        json={"group": group["id"]},
        headers={"X-Edit-Token": made["edit_token"], "X-Group-Token": group["edit_token"]},
    )
    assert moved.status_code == 200


def paid_evening(client: FlaskClient) -> tuple[dict[str, Any], str]:
    """The evening of the docstring with Cem's payment to Anna; the group and the date."""
    group, day = evening_with_group(client)
    partner_table(client, group)
    answer = client.post(
        f"/api/v1/groups/{group['id']}/payments",
        json={"from": "Cem", "to": "Anna", "cents": 10, "for": {"evening": day}},
        headers={"X-Group-Token": group["edit_token"]},
    )
    assert answer.status_code == 201, answer.json
    return group, day


def pdf_text(client: FlaskClient, url: str) -> str:
    """The PDF at `url` read back, blanks folded into one space."""
    answer = client.get(url)
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(answer.data))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))


def missing(text: str, words: list[str]) -> list[str]:
    """The words the text does not contain."""
    return [word for word in words if word not in text]


def test_the_german_pdf_says_results_balances_parties_payments_and_what_is_open(
    client: FlaskClient,
) -> None:
    """Each player's result and what is open, the parties' 204 : 145 with the players, the
    payment ticked paid, Dora → Ben still open."""
    group, day = paid_evening(client)
    text = pdf_text(client, f"/g/{group['id']}/abend/{day}.pdf")
    assert (
        missing(
            text,
            [
                "Kassensturz",
                "Salden",
                "Spieler Ergebnis Noch offen",
                "Anna +0,10 € 0,00 €",
                "Ben +0,30 € +0,30 €",
                "Cem −0,10 € 0,00 €",
                "Dora −0,30 € −0,30 €",
                "Team A 204 : 145 Team B",
                "Team A: Anna 120 · Cem 84",
                "Team B: Ben 145 · Dora 0",
                "Wer zahlt wem",
                "Dora → Ben 0,30 € ☐",
                "Bezahlt",
                "Cem → Anna 0,10 € ✓ bezahlt",
            ],
        )
        == []
    )
    assert "Alles ist bezahlt." not in text


def test_the_english_pdf_says_the_same(client: FlaskClient) -> None:
    """?lang=en: the same figures in English words and money."""
    group, day = paid_evening(client)
    text = pdf_text(client, f"/g/{group['id']}/abend/{day}.pdf?lang=en")
    assert (
        missing(
            text,
            [
                "Settling up",
                "Balances",
                "Player Result Still open",
                "Ben +€0.30 +€0.30",
                "Dora −€0.30 −€0.30",
                "Team A 204 : 145 Team B",
                "Team A: Anna 120 · Cem 84",
                "Who pays whom",
                "Dora → Ben €0.30",
                "Payments made",
                "Cem → Anna €0.10 ✓ paid",
            ],
        )
        == []
    )


def test_rounding_names_everyone_whose_amount_it_changed(client: FlaskClient) -> None:
    """To 50 cents: Dora's −0,30 € becomes −0,50 €, Ben (the biggest winner) carries it."""
    group, day = paid_evening(client)
    text = pdf_text(client, f"/g/{group['id']}/abend/{day}.pdf?round_to=50")
    assert "Dora → Ben 0,50 €" in text
    assert "Gerundet: Ben bekommt 0,20 € mehr; Dora zahlt 0,20 € mehr." in text
    exact = pdf_text(client, f"/g/{group['id']}/abend/{day}.pdf")
    assert "Gerundet" not in exact


def test_the_month_and_the_running_account_have_their_headings(client: FlaskClient) -> None:
    """The month: "November 2026"-style, "Kassensturz des Monats", its titles; the running
    account: "Offen insgesamt", no titles; both with the payment and what is open."""
    group, day = paid_evening(client)
    month = pdf_text(client, f"/g/{group['id']}/abend/{day[:7]}.pdf")
    months = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August"]
    months += ["September", "Oktober", "November", "Dezember"]
    month_name = f"{months[int(day[5:7]) - 1]} {day[:4]}"
    assert (
        missing(
            month, [month_name, "Kassensturz des Monats", "Titel des Monats", "Cem → Anna 0,10 €"]
        )
        == []
    )
    assert "des Abends" not in month
    running = pdf_text(client, f"/g/{group['id']}/abend/offen.pdf")
    assert missing(running, ["Offen insgesamt, Stand", "Dora → Ben 0,30 €", "Salden"]) == []
    assert "Titel des" not in running
    english = pdf_text(client, f"/g/{group['id']}/abend/offen.pdf?lang=en")
    assert "Open altogether, as of" in english


def test_the_files_are_named_after_the_view(client: FlaskClient) -> None:
    """The file name says the day, the month or "offen", as the address does."""
    group, day = paid_evening(client)
    for key in (day, day[:7], "offen"):
        answer = client.get(f"/g/{group['id']}/abend/{key}.png")
        assert answer.status_code == 200
        assert f'-{key}.png"' in answer.headers["Content-Disposition"]


def test_the_picture_grows_with_the_kassensturz_and_says_its_title(client: FlaskClient) -> None:
    """The paid evening's picture is taller than the plain evening's (balances, payments, the
    parties' lines); its PNG title names the group and the day; a chat-sized file."""
    group, day = evening_with_group(client)
    before = client.get(f"/g/{group['id']}/abend/{day}.png").data
    partner_table(client, group)
    client.post(
        f"/api/v1/groups/{group['id']}/payments",
        json={"from": "Cem", "to": "Anna", "cents": 10, "for": {"evening": day}},
        headers={"X-Group-Token": group["edit_token"]},
    )
    after = client.get(f"/g/{group['id']}/abend/{day}.png").data
    small, big = Image.open(io.BytesIO(before)), Image.open(io.BytesIO(after))
    assert small.width == big.width == 1080
    # A card of two table lines, one for "Bezahlt" with its line and tick: well over 300 px.
    assert big.height > small.height + 300
    assert big.text["Title"].startswith("Dienstag – ")  # type: ignore[attr-defined]
    assert len(after) < 1_500_000
