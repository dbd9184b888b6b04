"""Filled sheets (`/t/<id>/sheet.pdf`): every round, running totals and the result, read back."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from app.sheets.layout import FRAME_HEIGHT
from app.sheets.layout import FRAME_WIDTH
from app.sheets.layout import para
from app.sheets.layout import styles
from tests.sheets.conftest import embedded_fonts
from tests.sheets.conftest import pdf_text
from tests.sheets.conftest import read_pdf

FOUR = ["Anna", "Ben", "Cem", "Dora"]


def hands(*counts: tuple[int, int], holds: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """Dynamisch hands from (jacks, others) per seat; `holds` = seats holding the named suit."""
    return [
        {"jacks": j, "others": o, "holds_named_suit": seat in holds}
        for seat, (j, o) in enumerate(counts)
    ]


def test_dynamisch_money_table(client: FlaskClient, make_table: Any) -> None:
    """dyn.score(.double), dyn.money: minus points, running totals, ranking, amounts, transfers."""
    table_id = make_table(
        "dynamisch",
        ["Anna", "Ben", "Cem", "Jürgen"],
        {"games": 2, "rate_cents": 10},
        [
            {
                "hands": hands((0, 0), (1, 3), (0, 2), (0, 1), holds=(1,)),
                "jack_suit": "H",
            },  # Ben 5 ×2 = 10
            {"hands": hands((0, 4), (0, 0), (0, 1), (2, 0)), "jack_suit": None},
        ],
    )
    response = client.get(f"/t/{table_id}/sheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert 'filename="mautisch-freitag-' in response.headers["Content-Disposition"]
    text = pdf_text(response.data)
    assert "Freitag" in text and "Dynamisches Maumau" in text
    assert "1. Anna · 2. Ben · 3. Cem · 4. Jürgen" in text
    assert "Bube ♥" in text and "10 ×2" in text
    assert "1 Bube ♥ 0 0 10 ×2 10 2 2 1 1" in text  # round 1: points and running totals per seat
    assert "2 4 4 0 10 1 3 4 5" in text
    assert "Beendet." in text and "Gewinner: Cem" in text
    # Totals Anna 4, Ben 10, Cem 3, Jürgen 5: Cem receives from Ben, Anna from Jürgen (dyn.money).
    assert "1. Cem 3 +0,70 €" in text
    assert "4. Ben 10 −0,70 €" in text
    assert "Ben zahlt Cem 0,70 €" in text
    assert "Jürgen zahlt Anna 0,10 €" in text
    assert embedded_fonts(response.data) == {"DejaVuSans", "DejaVuSans-Bold"}


def test_deluxe_ranking_with_ties(client: FlaskClient, make_table: Any) -> None:
    """dlx.out: penalty points per round, running totals; equal totals share a place."""
    table_id = make_table(
        "deluxe", FOUR, {"rounds": 2}, [{"cards": [0, 3, 2, 5]}, {"cards": [4, 0, 1, 2]}]
    )
    text = pdf_text(client.get(f"/t/{table_id}/sheet.pdf").data)
    assert "1 0 0 3 3 2 2 5 5" in text
    assert "2 4 4 0 3 1 3 2 7" in text
    assert "1. Ben 3 1. Cem 3 3. Anna 4 4. Dora 7" in text
    assert "Gewinner: Ben, Cem" in text


def test_speedone_partner_target_scoring_and_teams(client: FlaskClient, make_table: Any) -> None:
    """spd.opt.*: the target, the scoring mode, the teams and their totals."""
    table_id = make_table(
        "speedone",
        FOUR,
        {"target": 200, "partner": True},
        [{"winner": 0, "points": [0, 90, 70, 60]}],
    )
    text = pdf_text(client.get(f"/t/{table_id}/sheet.pdf").data)
    assert "Ziel 200 · Sieger kassiert (höchste Summe gewinnt) · Partner" in text
    assert "Team A (Anna & Cem) · Team B (Ben & Dora)" in text
    assert "1 Anna 220 220 0 0 0 0 0 0 220 0" in text
    assert "Gewinner: Team A (Anna & Cem)" in text
    assert "1. Team A (Anna & Cem) 220 2. Team B (Ben & Dora) 0" in text


def test_speedone_own_points_with_money(client: FlaskClient, make_table: Any) -> None:
    """own-points: lowest total wins; a money table lists each amount and the transfer."""
    table_id = make_table(
        "speedone",
        ["Anna", "Ben", "Zoë"],
        {"target": 200, "scoring": "own-points", "rate_cents": 5},
        [{"winner": 0, "points": [0, 210, 12]}],
    )
    text = pdf_text(client.get(f"/t/{table_id}/sheet.pdf").data)
    assert "Eigene Punkte (niedrigste Summe gewinnt)" in text
    assert "0,05 € pro Punkt" in text
    assert "Ben zahlt Anna 10,50 €" in text
    assert "1. Anna 0 +10,50 €" in text


def test_speedone_partner_tie_names_both_teams(client: FlaskClient, make_table: Any) -> None:
    """spd.opt.partner, own points: both parties reach the target equal, both teams win."""
    table_id = make_table(
        "speedone",
        FOUR,
        {"target": 200, "scoring": "own-points", "partner": True},
        [{"winner": 0, "points": [0, 100, 100, 0]}, {"winner": 1, "points": [60, 0, 40, 100]}],
    )
    response = client.get(f"/t/{table_id}/sheet.pdf")
    assert response.status_code == 200
    assert "Gewinner: Team A (Anna & Cem), Team B (Ben & Dora)" in pdf_text(response.data)


def test_terroristen_counts_wins(client: FlaskClient, make_table: Any) -> None:
    """The seed keeps no points: a 1 for the winner and the running tally, open-ended."""
    table_id = make_table("terroristen", FOUR, {}, [{"winner": 2}, {"winner": 2}, {"winner": 0}])
    text = pdf_text(client.get(f"/t/{table_id}/sheet.pdf").data)
    assert "Ohne festes Ende" in text
    assert "3 Anna 1 1 0 2 0" in text  # game 3: Anna's win, then the tallies of Ben, Cem, Dora
    assert "Läuft noch: 3 Spiele gespielt." in text and "Vorne: Cem" in text
    assert "1. Cem 2 2. Anna 1 3. Ben 0 3. Dora 0" in text


def test_doppel_sets_and_match(client: FlaskClient, make_table: Any) -> None:
    """dop.set, dop.match: every set with its games and score, the sets table and the match."""
    rounds = [{"winner": w} for w in "AAAAA" + "BBABBB" + "AAAAA"]
    table_id = make_table("doppel", FOUR, {}, rounds)
    text = pdf_text(client.get(f"/t/{table_id}/sheet.pdf").data)
    assert "Team A (Anna & Cem) · Team B (Ben & Dora)" in text
    assert all(f"Satz {n}" in text for n in (1, 2, 3))
    assert "5 1 5:0" in text and "6 1 1:5" in text  # the last game of set 1 and of set 2
    assert "1 5 0 A 2 1 5 B 3 5 0 A Match 2 1" in text
    assert "Gewinner: Team A (Anna & Cem)" in text


def test_table_without_rounds(client: FlaskClient, make_table: Any) -> None:
    """A new table prints its players and says no round is entered yet."""
    text = pdf_text(client.get(f"/t/{make_table('deluxe', FOUR, {}, [])}/sheet.pdf").data)
    assert "1. Anna · 2. Ben · 3. Cem · 4. Dora" in text
    assert "Noch keine Runde eingetragen." in text


def test_long_table_flows_onto_more_pages_with_headers(
    client: FlaskClient, make_table: Any
) -> None:
    """A long open-ended evening continues on page 2, the column heads repeated."""
    names = [f"Spieler{n}" for n in range(1, 11)]
    table_id = make_table("terroristen", names, {}, [{"winner": n % 10} for n in range(70)])
    reader = read_pdf(client.get(f"/t/{table_id}/sheet.pdf").data)
    assert len(reader.pages) >= 2
    assert "Spieler10" in reader.pages[1].extract_text()
    assert "70" in pdf_text(client.get(f"/t/{table_id}/sheet.pdf").data)


def test_names_with_markup_characters(client: FlaskClient, make_table: Any) -> None:
    """Names are text, never markup: &, < and > print as typed."""
    table_id = make_table("deluxe", ["A & B", "<Ben>", "Zoë"], {}, [{"cards": [0, 1, 2]}])
    text = pdf_text(client.get(f"/t/{table_id}/sheet.pdf").data)
    assert "1. A & B · 2. <Ben> · 3. Zoë" in text


def test_english_sheet(client: FlaskClient, make_table: Any) -> None:
    """?lang=en: English texts and English money."""
    table_id = make_table(
        "dynamisch",
        FOUR,
        {"games": 1, "rate_cents": 10},
        [{"hands": hands((0, 0), (0, 3), (0, 2), (0, 1)), "jack_suit": None}],
    )
    response = client.get(f"/t/{table_id}/sheet.pdf?lang=en")
    text = pdf_text(response.data)
    assert "Dynamic Mau-Mau" in text and "Finished." in text and "Winner: Anna" in text
    assert "Ben pays Anna €0.30" in text
    assert read_pdf(response.data).metadata.title.startswith("Freitag · Dynamic Mau-Mau · ")


def test_unknown_table_is_404(client: FlaskClient) -> None:
    """docs/api.md: an unknown table is 404."""
    assert client.get("/t/nosuchtable/sheet.pdf").status_code == 404


def test_table_page_has_a_print_button(client: FlaskClient, make_table: Any) -> None:
    """The table page links its sheet (the print button)."""
    table_id = make_table("deluxe", FOUR, {}, [])
    assert f'href="/t/{table_id}/sheet.pdf"' in client.get(f"/t/{table_id}").get_data(as_text=True)


def test_one_game_is_singular_on_the_sheet(client: FlaskClient, make_table: Any) -> None:
    """The options line counts in the catalog's plural forms: "1 Spiel", not "1 Spiele"."""
    table_id = make_table("terroristen", FOUR, {"games": 1}, [{"winner": 2}])
    german = pdf_text(client.get(f"/t/{table_id}/sheet.pdf?lang=de").data)
    assert "1 Spiel" in german and "1 Spiele" not in german
    english = pdf_text(client.get(f"/t/{table_id}/sheet.pdf?lang=en").data)
    assert "1 game" in english and "1 games" not in english


def test_a_word_wider_than_the_page_is_broken_inside() -> None:
    """A table name of one long word wraps inside the word, as a paragraph wraps it, instead
    of running off the page; a short one stays one line."""
    name = "Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherungsanstalt"
    leading = styles()["title"].leading
    assert para(name, "title").wrap(FRAME_WIDTH, FRAME_HEIGHT)[1] >= 2 * leading
    assert para("Freitag", "title").wrap(FRAME_WIDTH, FRAME_HEIGHT)[1] == leading
