"""Sheets for a dim pub, read back with pypdf: sizes, names, pages, emoji.

Font sizes come from pypdf's text visitor (the size set with `Tf` for each piece of text).
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from app.sheets.chart import RunningTotals
from app.sheets.layout import register_fonts
from tests.sheets.conftest import embedded_fonts
from tests.sheets.conftest import pdf_text
from tests.sheets.conftest import read_pdf
from tests.sheets.test_sheet_chart import pdf_text as drawing_text

TEN = [f"Spieler{n}" for n in range(1, 11)]
EIGHT = TEN[:8]


def pieces(data: bytes, page: int = 0) -> list[tuple[str, float, str]]:
    """Every piece of text on a page: (text, font size, font name without subset prefix)."""
    found: list[tuple[str, float, str]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        """Keep the non-blank pieces with their size and font."""
        if text.strip() and font is not None:
            name = str(font.get("/BaseFont", "")).split("+")[-1]
            found.append((text.strip(), float(size) * float(tm[3] or 1), name))

    read_pdf(data).pages[page].extract_text(visitor_text=visit)
    return found


def fallback_pieces(data: bytes) -> int:
    """How many strings page 1 shows in the fallback font: counted in its content stream, as
    their text may not be extractable (reportlab writes a code point above U+FFFF into the
    ToUnicode map as is) and a text visitor sees a piece once, twice or not at all."""
    page = read_pdf(data).pages[0]
    fonts = page["/Resources"]["/Font"]
    count, font = 0, ""
    for operands, operator in page.get_contents().operations:
        if operator == b"Tf":
            font = str(fonts[operands[0]].get_object()["/BaseFont"])
        elif operator in (b"Tj", b"TJ") and font.endswith("+Symbola"):
            count += 1
    return count


def deluxe_rounds(players: int, rounds: int) -> list[dict[str, Any]]:
    """Rounds of Deluxe where somebody else goes out each time."""
    return [
        {"cards": [0 if seat == r % players else (r + seat) % 6 + 1 for seat in range(players)]}
        for r in range(rounds)
    ]


def test_filled_grid_figures_at_11_pt_and_names_at_9(client: FlaskClient, make_table: Any) -> None:
    """8 players × 10 rounds: every figure of the grid at ≥ 11 pt, the names' heads ≥ 9 pt."""
    table_id = make_table("deluxe", EIGHT, {"rounds": 10}, deluxe_rounds(8, 10))
    found = pieces(client.get(f"/t/{table_id}/sheet.pdf").data)
    # Neighbouring figures may come back as one piece ("3 3"): count the numbers in each.
    figures = [
        (len(text.split()), size)
        for text, size, _ in found
        if text.split() and all(word.isdigit() for word in text.split())
    ]
    # 10 rows × (round number + 8 × points and total) = 170 figures in the grid
    assert sum(count for count, size in figures if size >= 11) >= 170
    # Neighbouring heads may come back as one piece: look at the words.
    heads = [
        (word, size)
        for text, size, font in found
        if font.endswith("Bold")
        for word in text.split()
        if word in EIGHT
    ]
    assert {word for word, _ in heads} == set(EIGHT) and min(size for _, size in heads) >= 9


def test_a_long_double_name_breaks_after_its_hyphen(client: FlaskClient, make_table: Any) -> None:
    """A name too wide for its column head breaks after one of its hyphens ("Marie-Luise-" /
    "Charlotte"), not inside a part ("Marie-Luise-Char" / "lotte")."""
    names = ["Marie-Luise-Charlotte", *EIGHT[1:]]
    table_id = make_table("deluxe", names, {"rounds": 10}, deluxe_rounds(8, 10))
    heads = [
        text
        for text, _size, font in pieces(client.get(f"/t/{table_id}/sheet.pdf").data)
        if font.endswith("Bold")
    ]
    start = heads.index("Marie-Luise-")
    assert heads[start + 1] == "Charlotte"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_ten_players_names_whole_and_settlement_on_page_one(
    client: FlaskClient, make_table: Any, lang: str
) -> None:
    """Ten players: no "Spieler1/0" in the column heads, the settlement on page 1."""
    rounds = [
        {"winner": r % 10, "points": [0 if s == r % 10 else 3 + s for s in range(10)]}
        for r in range(12)
    ]
    options = {"target": 500, "scoring": "own-points", "rate_cents": 5}
    table_id = make_table("speedone", TEN, options, rounds)
    data = client.get(f"/t/{table_id}/sheet.pdf?lang={lang}").data
    reader = read_pdf(data)
    heads = [
        (word, size)
        for page in range(len(reader.pages))
        for text, size, font in pieces(data, page)
        if font.endswith("Bold") and not text.endswith(":")  # not "Spieler in Sitzreihenfolge:"
        for word in text.split()
        if word.startswith("Spieler") and word != "Spieler"  # not the ranking's head
    ]
    assert {word for word, _ in heads} == set(TEN)  # each head whole: no "Spieler1" + "0"
    assert min(size for _, size in heads) >= 9
    first = " ".join(reader.pages[0].extract_text().split())
    pays = "Spieler10 zahlt Spieler1" if lang == "de" else "Spieler10 pays Spieler1"
    assert pays in first and "Spieler6" in first
    width, height = (float(x) for x in reader.pages[0].mediabox.upper_right)
    assert width > height  # ten players' columns are read across a landscape page
    # The ranking and the money side by side in a layout table: still no standard font.
    assert embedded_fonts(data) == {"DejaVuSans", "DejaVuSans-Bold"}


def test_blank_sheet_fills_the_page_with_large_print(client: FlaskClient) -> None:
    """Deluxe, 4 players: round numbers ≥ 11 pt, heads ≥ 9 pt, the winner line near the foot."""
    data = client.get("/sheets/deluxe.pdf?players=Anna,Ben,Cem,Dora").data
    found = pieces(data)
    rounds = [size for text, size, _ in found if text.isdigit() and 1 <= int(text) <= 10]
    assert len(rounds) >= 10 and min(rounds) >= 11
    assert min(size for text, size, _ in found if text in ("Anna", "Ben", "Cem", "Dora")) >= 9
    lowest: list[float] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        """Where the winner line's label stands (points from the foot of the page)."""
        if "Gesamtsieger" in text:
            lowest.append(float(tm[5]))

    read_pdf(data).pages[0].extract_text(visitor_text=visit)
    assert lowest and lowest[0] < 180  # was ~290: a third of the page stayed empty


def test_speedone_blank_sheet_takes_ten_names(client: FlaskClient) -> None:
    """The variant seats 10: its blank sheet prints 10 names, whole, on one page."""
    response = client.get("/sheets/speedone.pdf?players=" + ",".join(TEN))
    assert response.status_code == 200
    assert len(read_pdf(response.data).pages) == 1
    heads = [text for text, _, font in pieces(response.data) if text.startswith("Spieler")]
    assert sorted(heads) == sorted(TEN)


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("de", "Auf diese Liste passen höchstens 10 Namen"),
        ("en", "This sheet has room for at most 10 names"),
    ],
)
def test_eleven_names_refused_on_the_form(client: FlaskClient, lang: str, sentence: str) -> None:
    """More than 10: the sheets page again (400), the sentence at the Speedone form, the names
    as typed in the field, which gets the focus."""
    names = ",".join(f"P{n}" for n in range(1, 12))
    response = client.get(f"/sheets/speedone.pdf?players={names}&lang={lang}")
    assert response.status_code == 400 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert sentence in html
    assert 'id="speedone-error"' in html and 'action="/sheets/speedone.pdf"' in html
    field = html[html.index('id="speedone-players"') :].split(">")[0]
    assert f'value="{names}"' in field and "autofocus" in field


def test_emoji_in_a_name_drawn_by_the_fallback_font(client: FlaskClient, make_table: Any) -> None:
    """ "Anna 🍺" prints as typed: the glyph comes from the embedded Symbola, no empty box."""
    # Emoji DejaVu Sans lacks (it has the faces, U+1F600 on: those it draws itself).
    names = ["Anna 🍺", "Ben", "Cem 🎲", "Dora"]
    blank = client.get("/sheets/deluxe.pdf", query_string={"players": ",".join(names)}).data
    table_id = make_table("deluxe", names, {"rounds": 2}, [{"cards": [0, 1, 2, 3]}])
    filled = client.get(f"/t/{table_id}/sheet.pdf").data
    for data in (blank, filled):
        assert "Symbola" in embedded_fonts(data)
        # Two names, two emoji: drawn in the fallback font in the head (and, filled, also in
        # the seats, the ranking and the chart's legend); the rest of the name in DejaVu.
        assert fallback_pieces(data) >= 2
        assert "Anna" in pdf_text(data) and "Cem" in pdf_text(data)
    assert fallback_pieces(filled) >= 8
    assert fallback_pieces(client.get("/sheets/deluxe.pdf?players=Anna,Cem").data) == 0


def test_plain_names_embed_no_fallback_font(client: FlaskClient) -> None:
    """Without emoji the fallback font stays out of the file."""
    data = client.get("/sheets/deluxe.pdf?players=Anna,Ben").data
    assert embedded_fonts(data) == {"DejaVuSans", "DejaVuSans-Bold"}


@pytest.mark.parametrize(("lang", "label"), [("de", "1.000"), ("en", "1,000")])
def test_chart_ticks_in_the_sheets_language(lang: str, label: str) -> None:
    """Thousands written the reader's way; counts get whole ticks (no 0,25)."""
    register_fonts()
    drawing = RunningTotals([("Anna", [0, 700, 1400])], lang, width=400)
    assert label in drawing_text(drawing).split()
    small = RunningTotals([("Anna", [0, 1]), ("Ben", [0, 0])], lang, width=400)
    ticks = drawing_text(small).split()
    assert "0,25" not in ticks and "0.25" not in ticks and "0,5" not in ticks
