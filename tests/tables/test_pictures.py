"""The running-totals chart and the settlement picture on the table page (inline SVG)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from flask.testing import FlaskClient

from tests.tables.conftest import TableMaker
from tests.tables.conftest import hands

NS = {"svg": "http://www.w3.org/2000/svg"}
DYN_ROUNDS = [hands((0, 0), (0, 3), (0, 2), (1, 1)), hands((0, 2), (0, 0), (1, 1), (0, 4))]


def svg_after(page: str, marker: str) -> ET.Element:
    """The first inline <svg> after `marker`, parsed (it must be well-formed XML)."""
    start = page.index("<svg", page.index(marker))
    end = page.index("</svg>", start) + len("</svg>")
    return ET.fromstring(page[start:end])


def test_chart_draws_one_line_per_player_from_zero(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """Each player's running total after every game, starting at 0: Anna 0 → 0 → 2."""
    table, _token = make_table(rounds=DYN_ROUNDS)
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert "Punkteverlauf" in page and "Minuspunkte" in page
    chart = svg_after(page, 'id="chart-title"')
    lines = chart.findall("svg:polyline", NS)
    assert len(lines) == 4
    assert all(len(line.get("points", "").split()) == 3 for line in lines)  # start + 2 games
    desc = chart.find("svg:desc", NS)
    assert desc is not None and "Anna: 0, 0, 2" in (desc.text or "")
    assert "Dora: 0, 3, 7" in (desc.text or "")


def test_chart_reads_in_dark_mode(client: FlaskClient, make_table: TableMaker) -> None:
    """Text in the page's colour, lines with a lighter twin under prefers-color-scheme: dark."""
    table, _token = make_table(rounds=DYN_ROUNDS)
    chart = svg_after(client.get(f"/t/{table}").get_data(as_text=True), 'id="chart-title"')
    style = chart.find("svg:style", NS)
    assert style is not None and "currentColor" in (style.text or "")
    assert "prefers-color-scheme:dark" in (style.text or "")


def test_no_chart_before_the_first_round(client: FlaskClient, make_table: TableMaker) -> None:
    """Nothing to draw yet."""
    table, _token = make_table()
    assert 'id="chart-title"' not in client.get(f"/t/{table}").get_data(as_text=True)


def test_doppel_chart_draws_the_teams(client: FlaskClient, make_table: TableMaker) -> None:
    """Doppel: one line per team, named by its players."""
    table, _token = make_table("doppel", rounds=[{"winner": "A"}, {"winner": "B"}])
    page = client.get(f"/t/{table}?lang=en").get_data(as_text=True)
    chart = svg_after(page, 'id="chart-title"')
    assert len(chart.findall("svg:polyline", NS)) == 2
    assert "A: Anna + Cem" in ET.tostring(chart, encoding="unicode")
    assert "a new set starts at 0" in page


def test_settlement_picture_draws_an_arrow_per_payment(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """With money: payer → amount → payee, one row per transfer, said in words for readers."""
    table, _token = make_table(options={"games": 2, "rate_cents": 10}, rounds=DYN_ROUNDS)
    transfers = client.get(f"/api/v1/tables/{table}").json["settlement"]["transfers"]
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert "Abrechnung auf einen Blick" in page
    picture = svg_after(page, 'id="settle-title"')
    assert len(picture.findall("svg:polygon", NS)) == len(transfers) > 0
    desc = picture.find("svg:desc", NS)
    assert desc is not None
    players = ["Anna", "Ben", "Cem", "Dora"]
    for transfer in transfers:
        euros = f"{transfer['cents'] // 100},{transfer['cents'] % 100:02d}\xa0€"
        sentence = f"{players[transfer['from']]} zahlt {players[transfer['to']]} {euros}"
        assert sentence in (desc.text or "")
        assert euros in ET.tostring(picture, encoding="unicode")


def test_settlement_picture_while_the_table_runs(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """Before the end it says "if it ended now"; in English too."""
    table, _token = make_table(options={"games": 8, "rate_cents": 10}, rounds=DYN_ROUNDS)
    assert "wenn jetzt Schluss wäre" in client.get(f"/t/{table}").get_data(as_text=True)
    english = client.get(f"/t/{table}?lang=en").get_data(as_text=True)
    assert "Who would pay whom if the table ended now" in english
    assert re.search(r"Anna pays \w+ €0\.\d\d|\w+ pays \w+ €", english)


def test_no_settlement_picture_without_money(client: FlaskClient, make_table: TableMaker) -> None:
    """rate 0: no money, no picture."""
    table, _token = make_table(rounds=DYN_ROUNDS)
    assert 'id="settle-title"' not in client.get(f"/t/{table}").get_data(as_text=True)


def test_chart_note_follows_the_speedone_scoring(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """spd.opt.scoring: the winner's points (highest best) or own points (lowest best)."""
    body = {"winner": 0, "points": [0, 37, 12, 5]}
    own, _ = make_table("speedone", [body], {"target": 200, "scoring": "own-points"})
    assert "Die unterste Linie ist am besten; bei 200" in client.get(f"/t/{own}").get_data(
        as_text=True
    )
    won, _ = make_table("speedone", [body], {"target": 500})
    english = client.get(f"/t/{won}?lang=en").get_data(as_text=True)
    assert "the highest line is best; at 500 the game ends" in english
