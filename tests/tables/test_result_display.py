"""How a table's standing reads on its page: Doppel sets, partner parties, ties."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from app.store.standings import places
from tests.tables.conftest import TableMaker

# Set 1: B B B, then A five times (5:3 for A); set 2: A B five times (5:5), then B (5:6).
DOPPEL_GAMES = ["B"] * 3 + ["A"] * 5 + ["A", "B"] * 5 + ["B"]


def plain(html: str) -> str:
    """The page's text with tags dropped and spaces folded."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def part(html: str, start: str, end: str) -> str:
    """The text between two markers of the page."""
    return html.split(start, 1)[1].split(end, 1)[0]


def progress_line(html: str) -> str:
    """The progress line under the table's name, as text."""
    return plain(part(html, "data-progress>", "</p>")).strip()


def ranking_lines(html: str) -> list[str]:
    """The result box's ranking, one text per line."""
    box = part(html, '<ol class="ranking">', "</ol>")
    return [plain(item).strip() for item in box.split("<li>")[1:]]


def test_doppel_says_the_sets_won_and_who_leads_the_running_set(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """Sets 1 : 0 for A while B leads set 2 by 6 : 5: both said as what they are."""
    table, _token = make_table("doppel", [{"winner": w} for w in DOPPEL_GAMES])
    line = progress_line(client.get(f"/t/{table}").get_data(as_text=True))
    assert line == (
        "Gewonnene Sätze: A 1 : 0 B · Satz 2, Spiele: A 5 : 6 B · "
        "Team B (Ben + Dora) führt in Satz 2"
    )
    assert "Vorne" not in line
    english = progress_line(client.get(f"/t/{table}?lang=en").get_data(as_text=True))
    assert english == (
        "Sets won: A 1 : 0 B · set 2, games: A 5 : 6 B · Team B (Ben + Dora) leads set 2"
    )


def test_doppel_level_set_is_said_so(client: FlaskClient, make_table: TableMaker) -> None:
    """At 5 : 5 in set 2 nobody leads the set."""
    table, _token = make_table("doppel", [{"winner": w} for w in DOPPEL_GAMES[:-1]])
    line = progress_line(client.get(f"/t/{table}").get_data(as_text=True))
    assert line.endswith("Satz 2, Spiele: A 5 : 5 B · Satz 2 steht unentschieden")


def test_doppel_grid_closes_each_set_with_a_row_of_its_result(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """The set-1 row follows game 8, the game that decided it; the running set has none."""
    table, _token = make_table("doppel", [{"winner": w} for w in DOPPEL_GAMES])
    page = client.get(f"/t/{table}").get_data(as_text=True)
    grid = part(page, "<tbody", "</tbody>")
    rows = [plain("<tr" + row).strip() for row in grid.split("<tr")[1:]]
    result = "Satz 1: A 5 : 3 B — gewonnen von Team A (Anna + Cem)"
    assert rows.count(result) == 1
    assert rows[rows.index(result) - 1].startswith("8 ")
    assert rows[rows.index(result) + 1].startswith("9 ")
    assert len(rows) == len(DOPPEL_GAMES) + 1
    english = client.get(f"/t/{table}?lang=en").get_data(as_text=True)
    assert "Set 1: A 5 : 3 B — won by Team A (Anna + Cem)" in plain(english)


def test_speedone_partners_are_ranked_as_parties_with_their_totals(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """Party A 215 (Anna 120, Cem 95) before party B 90, as the score sheet ranks them."""
    rounds = [
        {"winner": 0, "points": [0, 50, 30, 40]},
        {"winner": 1, "points": [10, 0, 20, 60]},
        {"winner": 2, "points": [5, 40, 0, 50]},
    ]
    options = {"target": 200, "scoring": "winner-takes", "partner": True}
    table, _token = make_table("speedone", rounds, options)
    lines = ranking_lines(client.get(f"/t/{table}").get_data(as_text=True))
    assert lines == [
        "1. Team A (Anna + Cem) 215 Anna 120 · Cem 95",
        "2. Team B (Ben + Dora) 90 Ben 90 · Dora 0",
    ]


def test_tied_players_share_a_place_and_the_next_place_skips(
    client: FlaskClient, make_table: TableMaker
) -> None:
    """Anna and Ben win two games each of four: 1., 1., 3. (not 1., 2., 3.)."""
    rounds = [{"winner": w} for w in (0, 1, 0, 1)]
    table, _token = make_table("terroristen", rounds, {"games": 4}, ["Anna", "Ben", "Cem"])
    lines = ranking_lines(client.get(f"/t/{table}").get_data(as_text=True))
    assert [line.split()[0] for line in lines] == ["1.", "1.", "3."]
    assert lines[2] == "3. Cem 0"


@pytest.mark.parametrize(
    ("totals", "expected"),
    [([9, 9, 4], [1, 1, 3]), ([5, 4, 4, 1], [1, 2, 2, 4]), ([3, 3, 3], [1, 1, 1]), ([], [])],
)
def test_page_and_sheet_number_places_alike(totals: list[int], expected: list[int]) -> None:
    """The one place rule (app.store.standings.places) is the score sheet's too."""
    from app.sheets import table_result

    assert places(totals) == expected
    sheet_places = getattr(table_result, "places", places)
    assert sheet_places(totals) == expected
