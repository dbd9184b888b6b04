"""Mau-Mau's blank sheet follows the count the table chose: a tally of wins, a points list with
its limit, or one sheet for either (mau.score.wins, mau.score.points)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.sheets.conftest import pdf_text
from tests.sheets.conftest import read_pdf


@pytest.mark.parametrize(
    ("scoring", "title", "limit_line"),
    [
        ("wins", "Klassisches Mau-Mau · Strichliste der Siege", None),
        ("points", "Klassisches Mau-Mau · Punkteliste", "Punktelimit:"),
        ("", "Klassisches Mau-Mau · Spielliste", "Punktelimit (leer: Siege zählen):"),
    ],
)
def test_the_sheet_is_named_by_the_count(
    client: FlaskClient, scoring: str, title: str, limit_line: str | None
) -> None:
    """A wins table prints no "Punkteliste" and no limit to write in."""
    response = client.get(f"/sheets/maumau.pdf?players=Anna,Ben,Cem&scoring={scoring}")
    assert response.status_code == 200
    reader = read_pdf(response.data)
    assert reader.metadata is not None and reader.metadata.title == title
    text = pdf_text(response.data)
    assert "Punktelimit" not in text if limit_line is None else limit_line in text


def test_the_sheets_page_offers_the_count_and_refuses_another(client: FlaskClient) -> None:
    """The choice is tapped on the sheets page; a value not offered is named with the offer."""
    page = client.get("/sheets?lang=en").get_data(as_text=True)
    section = page[page.index('id="maumau"') :]
    section = section[: section.index("</section>")]
    assert "Games won" in section and "Points to a limit" in section
    assert 'name="scoring" value="points"' in section
    refused = client.get("/sheets/maumau.pdf?lang=en&scoring=own-points")
    assert refused.status_code == 400
    assert "“wins”, “points”" in refused.get_data(as_text=True)
