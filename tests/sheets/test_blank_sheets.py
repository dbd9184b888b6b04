"""Blank sheets (`/sheets/<variant>.pdf`) and the sheets page, read back with pypdf."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from app.sheets.blank import build_blank
from app.sheets.params import BlankSheet
from app.sheets.record import Lang
from app.sheets.table_sheet import build_table_sheet
from app.variants.registry import VARIANT_IDS
from app.variants.registry import find_variant
from tests.sheets.conftest import embedded_fonts
from tests.sheets.conftest import pdf_text
from tests.sheets.conftest import read_pdf
from tests.sheets.conftest import sample_records
from tests.variants.examples import examples

CATALOG = Path(__file__).resolve().parents[2] / "app/translations/de/LC_MESSAGES/messages.po"


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_every_variant_has_a_one_page_blank_sheet(client: FlaskClient, variant: str) -> None:
    """docs/api.md: application/pdf with a filename; German by default; a title in the metadata."""
    response = client.get(f"/sheets/{variant}.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert f'filename="mautisch-{variant}.pdf"' in response.headers["Content-Disposition"]
    reader = read_pdf(response.data)
    assert len(reader.pages) == 1
    assert reader.metadata is not None and reader.metadata.title == examples(variant).SHEET_KIND_DE
    assert examples(variant).SHEET_KIND_DE in pdf_text(response.data)
    assert "Datum" in pdf_text(response.data)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_fonts_are_embedded_dejavu_only(client: FlaskClient, variant: str) -> None:
    """No unembedded standard font: umlauts and suit symbols come from the shipped DejaVu Sans."""
    assert embedded_fonts(client.get(f"/sheets/{variant}.pdf").data) == {
        "DejaVuSans",
        "DejaVuSans-Bold",
    }


def test_names_with_umlauts_and_accents_are_printed(client: FlaskClient) -> None:
    """Names given in ?players= appear in the header, in seating order."""
    names = ["Anna", "Jürgen", "Zoë", "Émile", "Søren & Co", "Ça <va>", "Ölaf", "Ünal"]
    text = pdf_text(
        client.get("/sheets/deluxe.pdf", query_string={"players": ",".join(names)}).data
    )
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions)


def test_deluxe_is_the_strafpunkteliste(client: FlaskClient) -> None:
    """dlx.out: 10 rounds by default, a sum row, a line for the overall winner."""
    text = pdf_text(client.get("/sheets/deluxe.pdf?count=8").data)
    assert "Runde 1 2 3 4 5 6 7 8 9 10 Summe" in text
    assert "Gesamtsieger:" in text
    assert "Nach 10 Runden gewinnt, wer die wenigsten Strafpunkte hat." in text


@pytest.mark.parametrize(
    ("variant", "query"),
    [
        ("deluxe", "count=8&rounds=10"),
        ("deluxe", "count=8&rounds=20"),
        ("dynamisch", "count=6&rounds=12"),
        ("speedone", "count=8&rounds=20&target=500"),
        ("speedone", "players=A,B,C,D&partner=1&rounds=20"),
        ("terroristen", "count=10"),
        ("doppel", "players=" + ",".join(letter * 40 for letter in "ABCD")),
    ],
)
def test_largest_sheets_fit_one_page(client: FlaskClient, variant: str, query: str) -> None:
    """Up to 8 players × 10 rounds (and each sheet's own maximum) stay on one A4 page."""
    response = client.get(f"/sheets/{variant}.pdf?{query}")
    assert response.status_code == 200, response.get_data(as_text=True)
    page = read_pdf(response.data).pages
    assert len(page) == 1
    assert [round(float(x)) for x in page[0].mediabox.upper_right] == [595, 842]  # A4 in points


def test_dynamisch_has_suits_doubling_and_settlement_pairs(client: FlaskClient) -> None:
    """dyn.score(.double), dyn.money: B/K/×2 columns, suits to circle, one pair per payer."""
    text = pdf_text(client.get("/sheets/dynamisch.pdf?players=Anna,Ben,Cem,Dora,Emil").data)
    assert text.count("♣ ♠ ♥ ♦") == 8
    assert "B K ×2 −" in text
    assert "Cent pro Punkt (höchstens 10 empfohlen):" in text
    assert "1 ← 5" in text and "2 ← 4" in text and "3 ← 3" not in text
    assert "zahlt die Mitte nichts" in text


def test_speedone_target_scoring_and_partner_columns(client: FlaskClient) -> None:
    """spd.opt.target/scoring/partner: chosen values are printed, unchosen ones left to tick."""
    text = pdf_text(
        client.get("/sheets/speedone.pdf?players=Anna,Ben,Cem,Dora&target=200&partner=1").data
    )
    assert "Ziel: 200 Punkte" in text
    assert "☐ Sieger kassiert" in text and "☐ Eigene Punkte" in text
    assert "Team A = Anna & Cem, Team B = Ben & Dora" in text
    assert "Team A (1 + 3)" in text
    chosen = pdf_text(client.get("/sheets/speedone.pdf?scoring=own-points").data)
    assert "☐ 200 ☐ 500" in chosen
    assert "Eigene Punkte: jeder schreibt" in chosen and "Sieger kassiert" not in chosen


def test_terroristen_tally_with_table_manners(client: FlaskClient) -> None:
    """ter.*: a tally of wins and the manners as reminders (♣Q, ♦K, Pik, knock, Mau)."""
    text = pdf_text(client.get("/sheets/terroristen.pdf?players=Anna,Ben,Cem").data)
    assert "Siege (ein Strich je gewonnenes Spiel)" in text
    for phrase in (
        "♣D",
        "„Bonjourno“",
        "♦K",
        "„Good morning, Sir“",
        "„Pik, Pik“",
        "klopfen",
        "„Mau, Mau“",
    ):
        assert phrase in text


def test_doppel_sets_reminder_and_match(client: FlaskClient) -> None:
    """dop.set/dop.match: teams by seat, the 5-games-2-ahead reminder, three sets, the match."""
    text = pdf_text(client.get("/sheets/doppel.pdf?players=Anna,Ben,Cem,Dora").data)
    assert "Team A: Anna & Cem" in text and "Team B: Ben & Dora" in text
    assert "5 Spiele mit mindestens 2 Vorsprung" in text
    assert all(f"Satz {n}" in text for n in (1, 2, 3))
    assert "Gewonnene Sätze" in text and "Sieger des Matches:" in text


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_rules_page_is_a_second_page(client: FlaskClient, variant: str) -> None:
    """?rules=1 adds the quick-reference card on page 2."""
    reader = read_pdf(client.get(f"/sheets/{variant}.pdf?rules=1").data)
    assert len(reader.pages) == 2
    assert "Kurzregeln:" in reader.pages[1].extract_text()
    assert "Kurzregeln" not in reader.pages[0].extract_text()


def test_english_on_request(client: FlaskClient) -> None:
    """?lang=en gives the English sheet and English rules."""
    response = client.get("/sheets/deluxe.pdf?lang=en&rules=1")
    text = pdf_text(response.data)
    assert "Mau-Mau Deluxe · Penalty-point list" in text
    assert "Quick rules: Mau-Mau Deluxe" in text
    assert "Strafpunkteliste" not in text


def test_unknown_variant_is_404(client: FlaskClient) -> None:
    """docs/api.md: an unknown variant is 404."""
    assert client.get("/sheets/skat.pdf").status_code == 404


@pytest.mark.parametrize(
    ("variant", "query", "message"),
    [
        ("deluxe", "count=9", "Die Zahl der Spieler muss eine ganze Zahl von 2 bis 8 sein."),
        ("deluxe", "count=1", "von 2 bis 8"),
        ("deluxe", "count=vier", "ganze Zahl"),
        ("deluxe", "count=²", "ganze Zahl"),
        ("deluxe", "rounds=٣", "ganze Zahl"),
        ("deluxe", "count=-3", "ganze Zahl"),
        ("speedone", "count=11", "von 2 bis 10"),
        ("dynamisch", "players=A,B,C,D,E,F,G", "höchstens 6 Namen; es sind 7"),
        ("deluxe", "players=" + "x" * 41, "länger als 40 Zeichen"),
        ("deluxe", "players=Anna,anna", "kommt doppelt vor"),
        ("deluxe", "players=Anna,,Ben", "Der Name von Spieler 2 ist leer"),
        ("deluxe", "players=Anna", "mindestens 2 Namen"),
        ("deluxe", "players=Anna,Ben&count=3", "2 Namen, aber 3"),
        ("doppel", "players=Anna,Ben,Cem", "mindestens 4 Namen"),
        ("deluxe", "rounds=0", "von 1 bis 20"),
        ("deluxe", "rounds=21", "von 1 bis 20"),
        ("terroristen", "rounds=5", "kein „rounds“"),
        ("speedone", "target=300", "200 oder 500"),
        ("speedone", "scoring=best", "winner-takes"),
        ("speedone", "partner=1&count=3", "Der Partnermodus braucht genau 4 Spieler"),
        ("deluxe", "partner=1", "kein „partner“"),
        ("deluxe", "rules=yes", "1 oder 0"),
    ],
)
def test_bad_parameters_are_400_with_a_sentence(
    client: FlaskClient, variant: str, query: str, message: str
) -> None:
    """Never a 500: a page naming the field and the limit."""
    response = client.get(f"/sheets/{variant}.pdf?{query}")
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert message in response.get_data(as_text=True)


def test_bad_parameter_message_in_english(client: FlaskClient) -> None:
    """The 400 page speaks the page's language."""
    response = client.get("/sheets/deluxe.pdf?count=9&lang=en")
    assert "The number of players must be a whole number from 2 to 8." in response.get_data(
        as_text=True
    )


def test_sheets_page_lists_every_variant_with_a_form(client: FlaskClient) -> None:
    """`/sheets`: a GET form per variant pointing at its PDF, with the fields it uses."""
    html = client.get("/sheets").get_data(as_text=True)
    for variant in VARIANT_IDS:
        assert f'action="/sheets/{variant}.pdf"' in html
    assert html.count('name="players"') == len(VARIANT_IDS)
    assert html.count('name="rules"') == len(VARIANT_IDS)
    # Only the sheets with game or round rows ask for their number.
    with_rows = [name for name in VARIANT_IDS if find_variant(name).blank_sheet.rows is not None]
    assert html.count('name="rounds"') == len(with_rows)
    assert 'name="target"' in html and 'name="partner"' in html
    assert "Listen zum Ausdrucken" in html


def test_every_sheet_string_has_a_german_translation() -> None:
    """Build every sheet in German with a gettext that records msgids missing from the catalog."""
    with CATALOG.open("rb") as po_file:
        catalog = read_po(po_file, locale="de")
    missing: set[str] = set()

    def german(message: str) -> str:
        """Catalog lookup that remembers what it could not find."""
        entry = catalog.get(message)
        if entry is None or not entry.string:
            missing.add(message)
            return message
        return str(entry.string)

    lang = Lang("de", german)
    for variant in VARIANT_IDS:
        names = ("Anna", "Ben", "Cem", "Dora")
        build_blank(
            BlankSheet(
                variant, variant, names, rounds=3, partner=variant == "speedone", rules=True
            ),
            lang,
        )
        build_blank(BlankSheet(variant, variant, ("",) * 4, rounds=3), lang)
    for record in sample_records():
        build_table_sheet(record, lang)
    assert not missing


def test_builders_are_pure_bytes() -> None:
    """A builder needs no Flask: plain data in, a PDF out."""
    pdf = build_blank(
        BlankSheet("deluxe", "Maumau-Deluxe", ("Anna", "Ben"), rounds=10), Lang("en", str)
    )
    assert pdf.startswith(b"%PDF")
    assert "Anna" in pdf_text(pdf)
