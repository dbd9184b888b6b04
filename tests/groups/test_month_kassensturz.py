"""A Kassensturz over a whole month (`/g/<id>/abend/2026-10`): every evening of the month
settled as one, ticked, printed; the group page links each month it played."""

from __future__ import annotations

import io
import re
from datetime import UTC
from datetime import datetime

from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from app.store.db import db
from app.store.models import Table
from tests.groups.test_evening_pages import evening_with_group
from tests.groups.test_evening_pages import money_table


def two_evenings_in_october(app: Flask, client: FlaskClient) -> str:
    """The same Deluxe table (cards 1/0/2/3 at 10 ct) on 5 and 12 October; the group's id."""
    group, _day = evening_with_group(client)
    second = money_table(client, [1, 0, 2, 3])
    client.patch(
        f"/api/v1/tables/{second['id']}",
        json={"group": group["id"]},
        headers={"X-Edit-Token": second["edit_token"], "X-Group-Token": group["edit_token"]},
    )
    with app.app_context():
        tables = db.session.scalars(db.select(Table).where(Table.group_id == group["id"])).all()
        for table, day in zip(tables, (5, 12), strict=True):
            table.created_at = datetime(2026, 10, day, 18, 0, tzinfo=UTC)
        db.session.commit()
    return str(group["id"])


def words(html: str) -> str:
    """The page's text with its spaces made plain."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_month_settles_its_evenings_as_one(app: Flask, client: FlaskClient) -> None:
    """Twice Dora owes Ben 0,30 € and Cem owes Anna 0,10 €: two transfers for the month."""
    group = two_evenings_in_october(app, client)
    overview = client.get(f"/g/{group}").get_data(as_text=True)
    assert f"/g/{group}/abend/2026-10" in overview and "Oktober 2026" in overview
    html = client.get(f"/g/{group}/abend/2026-10").get_data(as_text=True)
    page = words(html)
    assert "Der Monat Oktober 2026" in page
    assert "Dora → Ben 0,60 €" in page and "Cem → Anna 0,20 €" in page
    assert html.count('class="who"') == 2
    english = words(client.get(f"/g/{group}/abend/2026-10?lang=en").get_data(as_text=True))
    assert "The month of October 2026" in english and "Dora → Ben €0.60" in english


def test_a_month_is_ticked_and_printed_like_an_evening(app: Flask, client: FlaskClient) -> None:
    """A tick on the month's page stays there; the PDF names the month."""
    group = two_evenings_in_october(app, client)
    found = client.get(f"/api/v1/groups/{group}/settlement?evening=2026-10-05").json
    assert found is not None and len(found["transfers"]) == 2  # one evening: 0,30 € and 0,10 €
    html = client.get(f"/g/{group}/abend/2026-10").get_data(as_text=True)
    transfer = re.findall(r'name="transfer" value="([^"]+)"', html)[0]
    ticked = client.post(
        f"/g/{group}/abend/2026-10/bezahlt", data={"transfer": transfer, "paid": "1"}
    )
    assert ticked.status_code == 302 and "/abend/2026-10" in ticked.headers["Location"]
    again = client.get(f"/g/{group}/abend/2026-10").get_data(as_text=True)
    assert again.count('class="transfer paid"') == 1
    day = client.get(f"/g/{group}/abend/2026-10-05").get_data(as_text=True)
    assert 'class="transfer paid"' not in day  # the month's ticks are the month's own
    printed = client.get(f"/g/{group}/abend/2026-10.pdf")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(printed.data)).pages)
    assert "Oktober 2026" in text and "0,60 €" in text


def test_a_month_without_evenings_is_not_there(app: Flask, client: FlaskClient) -> None:
    """A month the group did not play: 404, as for a day."""
    group = two_evenings_in_october(app, client)
    assert client.get(f"/g/{group}/abend/2026-09").status_code == 404
