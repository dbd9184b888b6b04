"""Speedone in partner mode: the chart draws a line per party with the target line, and its
note speaks of the party reaching the target (spd.opt.partner, spd.opt.target)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.tables.conftest import PLAYERS
from tests.tables.conftest import TableMaker


def chart(html: str) -> str:
    """The running-totals chart of a table page."""
    found = re.search(r'<svg class="mc-chart".*?</svg>', html, re.S)
    assert found
    return found.group(0)


# Anna wins round 1 (80), her partner Cem round 2 (123): party A has 203, no seat near 200.
ROUNDS = [{"winner": 0, "points": [0, 30, 20, 30]}, {"winner": 2, "points": [40, 50, 0, 33]}]


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("de", "das Spiel endet, wenn eine Partei 200 erreicht"),
        ("en", "the game ends when a party reaches 200"),
    ],
)
def test_partner_mode_charts_the_parties_and_the_target(
    client: FlaskClient, make_table: TableMaker, lang: str, note: str
) -> None:
    """Party A (Anna + Cem): 80 after round 1, 80 + 123 = 203 after round 2; party B: 0, 0."""
    options = {"target": 200, "partner": True}
    table, _token = make_table("speedone", rounds=ROUNDS, options=options)
    html = client.get(f"/t/{table}?lang={lang}").get_data(as_text=True)
    svg = chart(html)
    assert svg.count("<polyline") == 2
    desc = re.search(r"<desc[^>]*>(.*?)</desc>", svg, re.S)
    assert desc
    assert f"A: {PLAYERS[0]} + {PLAYERS[2]}: 0, 80, 203" in desc.group(1)
    assert f"B: {PLAYERS[1]} + {PLAYERS[3]}: 0, 0, 0" in desc.group(1)
    assert svg.count("mc-target") == 1 and ">200</text>" in svg
    assert note in html


def test_without_partners_each_seat_has_its_line(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """Four seats, four lines, the target still drawn; the note speaks of a player's total."""
    table, _token = make_table("speedone", rounds=ROUNDS, options={"target": 200})
    html = client.get(f"/t/{table}?lang=en").get_data(as_text=True)
    svg = chart(html)
    assert svg.count("<polyline") == 4
    assert "mc-target" in svg
    assert "at 200 the game ends" in html
