"""A group of years costs its page what a phone shows: the newest evenings (all on request),
charts of the newest points whose values still count every table, every month to settle; and
the statistics made for one look serve the next while nothing changed."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from flask.testing import FlaskClient

from tests.groups.conftest import TableMaker
from tests.groups.samples import hands

# Anna goes out in both games: she wins every table, 10 ct a point.
GAMES = [hands((0, 0), (0, 2), (0, 1), (0, 3)), hands((0, 0), (1, 0), (0, 1), (0, 2))]
OPTIONS = {"games": 2, "rate_cents": 10}
NIGHTS = 105  # one table an evening from 1 January 2025: January to 15 April


@pytest.fixture
def years(make_table: TableMaker, make_group: Callable[..., tuple[str, str]]) -> str:
    """A group with one finished money table on each of NIGHTS evenings; its id."""
    group_id, _token = make_group()
    first = datetime(2025, 1, 1, 19).astimezone().astimezone(UTC)
    for night in range(NIGHTS):
        at = first + timedelta(days=night)
        make_table("dynamisch", GAMES, options=OPTIONS, group_id=group_id, created_at=at)
    return group_id


def evenings_listed(html: str) -> int:
    """How many evenings the page's list of evenings shows."""
    found = re.search(r'<ul class="link-list evenings">(.*?)</ul>', html, re.S)
    assert found is not None
    return found[1].count("<li>")


def chart_lines(html: str, player: str) -> list[tuple[list[str], list[str]]]:
    """Every chart's x labels and the given player's values, from its text alternative."""
    charts = []
    for desc in re.findall(r"<desc[^>]*>(.*?)</desc>", html, re.S):
        lines = desc.strip().split("\n")
        own = [line for line in lines[1:] if line.startswith(f"{player}: ")]
        if own:
            values = own[0].removeprefix(f"{player}: ").split(", ")
            charts.append((lines[0].split(" | "), values))
    return charts


def test_the_page_lists_the_newest_evenings_and_every_month(
    client: FlaskClient, years: str
) -> None:
    """12 evenings and a link to all 105; the months to settle are all there (January's
    evenings are not listed, its month is)."""
    html = client.get(f"/g/{years}?lang=de").get_data(as_text=True)
    assert evenings_listed(html) == 12
    assert "Dienstag, 15. April 2025" in html  # the newest evening
    assert f'href="/g/{years}?evenings=all#evenings-heading">Alle 105 Abende anzeigen' in html
    for month in ("Januar 2025", "Februar 2025", "März 2025", "April 2025"):
        assert month in html
    every = client.get(f"/g/{years}?lang=de&evenings=all").get_data(as_text=True)
    assert evenings_listed(every) == NIGHTS
    assert "Alle 105 Abende anzeigen" not in every


def test_charts_draw_the_newest_points_with_every_tables_values(
    client: FlaskClient, years: str
) -> None:
    """The wins chart draws the newest 100 tables: Anna's wins run from 6 (tables 1 to 6)
    to 105, and the page says what is drawn; the rating trend says so for its evenings."""
    html = client.get(f"/g/{years}?lang=de").get_data(as_text=True)
    wins = [(labels, values) for labels, values in chart_lines(html, "Anna") if values[-1] == "105"]
    assert wins, "no chart of Anna's wins"
    labels, values = wins[0]
    assert len(labels) == len(values) == 100
    assert values[0] == "6"
    assert html.count("Die neuesten 100 von 105 Tischen; die Werte zählen alle.") == 2
    assert "Die neuesten 100 von 105 Abenden." in html


def test_a_young_group_shows_everything(
    client: FlaskClient, make_table: TableMaker, make_group: Callable[..., tuple[str, str]]
) -> None:
    """Three evenings: all listed, every point drawn, nothing said about the newest."""
    group_id, _token = make_group()
    for night in range(3):
        at = datetime(2025, 3, 1 + night, 19).astimezone().astimezone(UTC)
        make_table("dynamisch", GAMES, options=OPTIONS, group_id=group_id, created_at=at)
    html = client.get(f"/g/{group_id}?lang=de").get_data(as_text=True)
    assert evenings_listed(html) == 3
    assert "evenings=all" not in html
    assert "Die neuesten" not in html
    assert [values for _labels, values in chart_lines(html, "Anna") if values[-1] == "3"]


def test_a_new_table_is_on_the_next_look(
    client: FlaskClient, make_table: TableMaker, make_group: Callable[..., tuple[str, str]]
) -> None:
    """The statistics made for one look serve the next only while the group's tables are the
    same and in the same language: a fourth table is counted at once, English is English."""
    group_id, _token = make_group()
    for night in range(3):
        at = datetime(2025, 3, 1 + night, 19).astimezone().astimezone(UTC)
        make_table("dynamisch", GAMES, options=OPTIONS, group_id=group_id, created_at=at)
    page = f"/g/{group_id}?lang=de"
    assert [v for _l, v in chart_lines(client.get(page).get_data(as_text=True), "Anna")]
    at = datetime(2025, 3, 4, 19).astimezone().astimezone(UTC)
    make_table("dynamisch", GAMES, options=OPTIONS, group_id=group_id, created_at=at)
    html = client.get(page).get_data(as_text=True)
    assert [values for _labels, values in chart_lines(html, "Anna") if values[-1] == "4"]
    assert "Gewonnene Tische im Lauf der Zeit" in html
    english = client.get(f"/g/{group_id}?lang=en").get_data(as_text=True)
    assert "Tables won over time" in english
    assert "Gewonnene Tische im Lauf der Zeit" not in english
