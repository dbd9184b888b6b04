"""The evening page's titles and its picture and PDF, on a real group: the Kassensturz and the
titles the page shows are what the picture and the PDF say, in German and English."""

from __future__ import annotations

import io

from flask.testing import FlaskClient
from PIL import Image
from pypdf import PdfReader

from tests.groups.test_evening_pages import evening_with_group


def test_the_page_names_the_unlucky_one(client: FlaskClient) -> None:
    """Deluxe cards 1/0/2/3: Dora took the most penalty points in one round (3)."""
    group, day = evening_with_group(client)
    german = client.get(f"/g/{group['id']}/abend/{day}").get_data(as_text=True)
    assert 'id="titel"' in german and "Pechvogel: Dora" in german
    english = client.get(f"/g/{group['id']}/abend/{day}?lang=en").get_data(as_text=True)
    assert "Unlucky: Dora" in english
    assert f"/g/{group['id']}/abend/{day}.png" in german


def test_the_picture_is_a_chat_sized_png(client: FlaskClient) -> None:
    """1080 px wide, taller than a line, saved under the evening's name."""
    group, day = evening_with_group(client)
    answer = client.get(f"/g/{group['id']}/abend/{day}.png")
    assert answer.status_code == 200 and answer.mimetype == "image/png"
    assert f"{day}.png" in answer.headers["Content-Disposition"]
    picture = Image.open(io.BytesIO(answer.data))
    assert picture.width == 1080 and picture.height > 400


def test_the_pdf_says_the_transfers_and_the_title_in_both_languages(client: FlaskClient) -> None:
    """Dora pays Ben 0,30 €, Cem pays Anna 0,10 € (cards 1/0/2/3 at 10 ct), on A4."""
    group, day = evening_with_group(client)
    german = client.get(f"/g/{group['id']}/abend/{day}.pdf")
    assert german.status_code == 200 and german.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(german.data))
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    assert (round(width), round(height)) == (595, 842)
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Dora" in text and "Ben" in text and "0,30 €" in text and "Pechvogel" in text
    english = client.get(f"/g/{group['id']}/abend/{day}.pdf?lang=en")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(english.data)).pages)
    assert "€0.30" in text and "Unlucky" in text


def test_an_evening_the_group_did_not_play_has_no_picture(client: FlaskClient) -> None:
    """A date without tables: 404, as for the page."""
    group, _day = evening_with_group(client)
    assert client.get(f"/g/{group['id']}/abend/1999-01-01.png").status_code == 404


def test_an_unnamed_table_is_not_named_twice(client: FlaskClient) -> None:
    """A table without a name is listed by its variant once, not as title and subtitle."""
    group, day = evening_with_group(client)
    for url in (f"/g/{group['id']}/abend/{day}", f"/g/{group['id']}"):
        page = client.get(url).get_data(as_text=True)
        listed = page.split('class="link-list', 1)[1].split("</ul>", 1)[0]
        assert listed.count("Maumau-Deluxe") == 1, url
