"""The season table, a player's statistics filtered to last season, the season start and the
"Heute Abend" card, through real HTTP, as a new user would try them: a group with two seasons
of evenings and an evening going on now. Figures counted by hand in the docstrings."""

from __future__ import annotations

import re
from datetime import UTC
from datetime import date
from datetime import datetime
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from app.store.rounds import edit_round
from app.store.tables import delete_table
from app.web.found import table_or_404
from tests.groups.conftest import TableMaker
from tests.groups.samples import claim

THREE = ["Anna", "Ben", "Cem"]
THIS_YEAR = date.today().year
LAST_SEASON = str(THIS_YEAR - 1)


def wins(*winners: int) -> list[dict[str, Any]]:
    """Terroristen games, each its winner's seat."""
    return [{"winner": w} for w in winners]


def two_seasons(make_group: Any, make_table: TableMaker) -> tuple[str, str]:
    """Last season, 6 March: Anna wins games 1 and 2, Ben game 3: the table is Anna's: Anna 10
    club points, Ben (1 game won) 6, Cem 4. This season, 8 January: Cem wins all three: Cem 10,
    Anna and Ben share the second place (6 each). Tonight: Anna and Ben, Ben wins."""
    group_id, token = make_group("Krone", THREE)
    march = datetime(THIS_YEAR - 1, 3, 6, 19, 30, tzinfo=UTC)
    january = datetime(THIS_YEAR, 1, 8, 19, 30, tzinfo=UTC)
    for moment, winners in ((march, (0, 0, 1)), (january, (2, 2, 2))):
        options = {"games": 3}
        make_table("terroristen", wins(*winners), THREE, options, "", group_id, moment)
    make_table("terroristen", wins(1), ["Anna", "Ben"], {"games": 1}, "", group_id)
    return group_id, token


def season_rows(html: str) -> list[tuple[str, str, str]]:
    """(rank, player, points) of the season table."""
    table = html.split('class="grid season-table"', 1)[1].split("</table>", 1)[0]
    found = re.findall(
        r"<tr>\s*<td>(\d+)</td>\s*<th scope=\"row\"><a [^>]*><bdi>([^<]+)</bdi></a></th>\s*"
        r"<td class=\"score\">(\d+)</td>",
        table,
    )
    return [tuple(row) for row in found]


def test_the_season_table_and_last_season(
    client: FlaskClient, make_group: Any, make_table: TableMaker
) -> None:
    """This season: Ben 6 + 10 = 16, Anna 6 + 6 = 12, Cem 10. Last season: Anna 10, Ben 6,
    Cem 4. The rule is stated on the page, in German and English."""
    group_id, _token = two_seasons(make_group, make_table)
    german = client.get(f"/g/{group_id}").get_data(as_text=True)
    assert season_rows(german) == [("1", "Ben", "16"), ("2", "Anna", "12"), ("3", "Cem", "10")]
    assert (
        "Saison" in german
        and "Platz 1: 10, Platz 2: 6, Platz 3: 4, Platz 4: 3, Platz 5: 2, Platz 6: 1" in german
    )
    last = client.get(f"/g/{group_id}?saison={LAST_SEASON}&lang=en").get_data(as_text=True)
    assert season_rows(last) == [("1", "Anna", "10"), ("2", "Ben", "6"), ("3", "Cem", "4")]
    assert f"Season {LAST_SEASON}" in last and "Club points per evening by place" in last
    # Tonight nobody played for money: Ben is ahead by the table and the game he won.
    card = german.split('id="heute-abend"', 1)[1].split("</section>", 1)[0]
    assert "Heute Abend vorn:" in card and "<bdi>Ben</bdi>" in card
    assert "gewonnene Tische: 1 · gewonnene Spiele: 1" in card


def test_a_player_page_filtered_to_last_season(
    client: FlaskClient, make_group: Any, make_table: TableMaker
) -> None:
    """Anna last season: 3 games, 2 won (67 %), a winning streak of 2; every evening: 7 games
    (3 + 3 + 1), 2 won, a losing streak of 5 (game 3, January's three, tonight's)."""
    group_id, _token = two_seasons(make_group, make_table)
    url = f"/g/{group_id}/p/Anna"
    page = client.get(f"{url}?saison={LAST_SEASON}&lang=en").get_data(as_text=True)
    stats = page.split("data-player-stats", 1)[1].split("</section>", 1)[0]
    assert f"Statistics: Season {LAST_SEASON}" in stats
    assert re.search(r"Games won</th><td>2/3 · 67\s?%", stats)
    assert re.search(r"Longest winning streak</th><td>2<", stats)
    every = client.get(f"{url}?saison=alle&lang=en").get_data(as_text=True)
    assert re.search(r"Games won</th><td>2/7 ", every)
    assert re.search(r"Longest losing streak</th><td>5<", every)
    assert "What counts for the ratings:" in every
    wrong = client.get(f"{url}?von=6.3.&lang=en")
    assert wrong.status_code == 400
    assert "A date like 2025-03-06, please; got “6.3.”." in wrong.get_data(as_text=True)


def test_the_season_start_is_a_group_setting(
    client: FlaskClient, make_group: Any, make_table: TableMaker
) -> None:
    """From September: the seasons are named by both years; a 13th month is refused at the
    field, the page shown again."""
    group_id, token = two_seasons(make_group, make_table)
    claim(client, group_id, token)
    bad = client.post(f"/g/{group_id}/saison?lang=en", data={"season_month": "13"})
    assert bad.status_code == 400
    assert "The season starts in a month from 1 to 12; got “13”." in bad.get_data(as_text=True)
    done = client.post(f"/g/{group_id}/saison", data={"season_month": "9"})
    assert done.status_code == 302
    page = client.get(f"/g/{group_id}?lang=en").get_data(as_text=True)
    assert re.search(r"Season \d{4}/\d{2}", page)


def test_the_card_of_tonight(client: FlaskClient, make_group: Any, make_table: TableMaker) -> None:
    """Tonight's money table: Ben has 4 cards left, 10 cents a point: Ben owes Anna 0,40 €,
    Anna leads tonight. The card shows what is open; gone on a group with old evenings only.
    Ben's page shows his minus points and the loss."""
    group_id, _token = two_seasons(make_group, make_table)
    body = {"hands": [{"jacks": 0, "others": 0}, {"jacks": 0, "others": 4}], "jack_suit": None}
    options = {"games": 1, "rate_cents": 10}
    make_table("dynamisch", [body], ["Anna", "Ben"], options, "", group_id)
    page = client.get(f"/g/{group_id}?lang=en").get_data(as_text=True)
    card = page.split('id="heute-abend"', 1)[1].split("</section>", 1)[0]
    assert "Ahead in money:" in card and "<bdi>Anna</bdi>" in card and "+€0.40" in card
    assert re.search(r"<bdi>Ben</bdi></strong> → <strong><bdi>Anna</bdi></strong>", card)
    # Ben's page: the money table's 4 minus points in its one game, the loss of 0,40 €.
    ben = client.get(f"/g/{group_id}/p/Ben?saison=alle&lang=en").get_data(as_text=True)
    assert "Ø minus points per game</th><td>4.0</td>" in ben
    assert "Biggest single loss</th><td>−€0.40" in ben
    old_id, _ = make_group("Alt", THREE)
    make_table(
        "terroristen",
        wins(0),
        THREE,
        {"games": 1},
        "",
        old_id,
        datetime(2020, 1, 1, 19, tzinfo=UTC),
    )
    assert 'id="heute-abend"' not in client.get(f"/g/{old_id}").get_data(as_text=True)


def test_a_correction_and_a_deleted_table_move_the_season_at_once(
    app: Flask, client: FlaskClient, make_group: Any, make_table: TableMaker
) -> None:
    """Last season's game 3 corrected from Ben's to Cem's: Anna still won the table (10), now
    Cem has the game Ben had: Cem 6, Ben 4. Then that table deleted: last season is gone, this
    season stays."""
    group_id, _token = make_group("Krone", THREE)
    march = datetime(THIS_YEAR - 1, 3, 6, 19, 30, tzinfo=UTC)
    table_id = make_table("terroristen", wins(0, 0, 1), THREE, {"games": 3}, "", group_id, march)
    january = datetime(THIS_YEAR, 1, 8, 19, 30, tzinfo=UTC)
    make_table("terroristen", wins(2, 2, 2), THREE, {"games": 3}, "", group_id, january)
    url = f"/g/{group_id}?saison={LAST_SEASON}"
    assert season_rows(client.get(url).get_data(as_text=True)) == [
        ("1", "Anna", "10"),
        ("2", "Ben", "6"),
        ("3", "Cem", "4"),
    ]
    with app.app_context():
        edit_round(table_or_404(table_id), 3, {"winner": 2})
    assert season_rows(client.get(url).get_data(as_text=True)) == [
        ("1", "Anna", "10"),
        ("2", "Cem", "6"),
        ("3", "Ben", "4"),
    ]
    with app.app_context():
        delete_table(table_or_404(table_id))
    page = client.get(url + "&lang=en").get_data(as_text=True)
    assert f'id="season-heading">Season {THIS_YEAR}<' in page and "Other seasons:" not in page
