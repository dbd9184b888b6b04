"""The table pages through the test client: create, play to the end, correct, share, refuse.

Forms are posted as a browser without JavaScript would post them (every seat field present),
so these tests also prove the pages work without table.js.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func
from sqlalchemy import select
from werkzeug.test import TestResponse

from app.store.db import db
from app.store.models import Group
from app.store.models import Table

NBSP = "\xa0"


def text(response: TestResponse) -> str:
    """The page as text a user reads (tags dropped, entities decoded, spaces collapsed)."""
    html = response.get_data(as_text=True)
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).replace(NBSP, " ")


def new_table(client: FlaskClient, variant: str, players: list[str], **options: Any) -> str:
    """Post the new-table form; return the table id (the form redirects to its page)."""
    data: dict[str, Any] = {"variant": variant, "name": options.pop("name", "")}
    data.update({f"players-{seat}": name for seat, name in enumerate(players)})
    data.update({key: str(value) for key, value in options.items()})
    response = client.post("/t/new", data=data)
    assert response.status_code == 302, text(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def dynamisch_round(
    hands: list[tuple[int, int, bool]], jack_suit: str = "", **extra: str
) -> dict[str, str]:
    """Form fields of a Dynamisch game: (jacks, others, holds the named suit) per seat."""
    data = {"jack_suit": jack_suit, **extra}
    for seat, (jacks, others, holds) in enumerate(hands):
        data[f"hands-{seat}-jacks"] = str(jacks)
        data[f"hands-{seat}-others"] = str(others)
        if holds:
            data[f"hands-{seat}-holds_named_suit"] = "y"
    return data


def per_seat(name: str, values: list[int]) -> dict[str, str]:
    """`name-0`, `name-1`, ... as a FieldList posts them."""
    return {f"{name}-{seat}": str(value) for seat, value in enumerate(values)}


def add_round(client: FlaskClient, table_id: str, data: dict[str, str]) -> TestResponse:
    """Post the round form; a saved round redirects to the table."""
    return client.post(f"/t/{table_id}/rounds/new", data=data)


def saved(response: TestResponse) -> None:
    """The round was accepted (PRG redirect), else show what the page said."""
    assert response.status_code == 302, text(response)


# -- the start page and the new-table form -------------------------------------------------
def test_start_page_offers_new_table_and_lists_this_devices_tables(client: FlaskClient) -> None:
    """`/`: the big button, then this device's tables newest first with their state."""
    assert "Neuer Tisch" in text(client.get("/"))
    first = new_table(client, "dynamisch", ["Anna", "Ben"], name="Freitag", games=8, rate_cents=0)
    new_table(client, "doppel", ["Uli", "Vera", "Wim", "Xena"], name="Samstag")
    page = text(client.get("/"))
    assert page.index("Samstag") < page.index("Freitag")
    assert "Spiel 1 von 8" in page and "Satz 1, Spiele: A 0 : 0 B" in page
    saved(add_round(client, first, dynamisch_round([(0, 0, False), (0, 3, False)])))
    assert "Vorne: Anna" in text(client.get("/"))
    assert "Tische, die du auf diesem Handy" in text(FlaskClient(client.application).get("/"))


def test_new_form_shows_variants_with_descriptions_and_every_seat(client: FlaskClient) -> None:
    """Tap choices with one line each; fields for the most seats any variant allows (no JS)."""
    response = client.get("/t/new")
    page = text(response)
    for label in (
        "Dynamisches Maumau",
        "Maumau-Deluxe",
        "Speedone",
        "Terroristen-Mau-Mau",
        "Doppel Mau-Mau",
    ):
        assert label in page
    assert "Serie von 8 Spielen mit Minuspunkten" in page
    assert "genau 4 Spieler" in page and "2 bis 10 Spieler" in page
    html = response.get_data(as_text=True)
    assert len(re.findall(r'name="players-\d+"', html)) == 10
    assert 'data-max="6" data-min="2"' in html
    assert 'value="8"' in html  # games default of Dynamisch (from app.scoring)


def test_recent_names_are_offered(client: FlaskClient) -> None:
    """Names of this device's tables come back as a datalist and as tap chips."""
    new_table(client, "dynamisch", ["Anna", "Ben"], games=8, rate_cents=0)
    html = client.get("/t/new").get_data(as_text=True)
    assert '<option value="Anna">' in html
    assert 'data-name="Ben"' in html


def make_group(app: Flask, players: list[str]) -> tuple[str, str]:
    """A group made directly in the database: its id and edit token."""
    with app.app_context():
        group = Group(name="Stammtisch", players=players)
        token = group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        return group.id, token


def test_group_offers_its_players_and_links_the_table(app: Flask, client: FlaskClient) -> None:
    """`/t/new?group=<id>` for a group editor: the members offered to tap, no seat filled
    (nobody sits who was not tapped); the table belongs to the group."""
    group_id, token = make_group(app, ["Ida", "Jan", "Kai"])
    assert client.get(f"/g/{group_id}/edit/{token}").status_code == 302
    html = client.get(f"/t/new?group={group_id}").get_data(as_text=True)
    assert 'data-name="Ida"' in html and 'data-name="Kai"' in html
    assert not re.search(r'<input[^>]*name="players-\d+"[^>]*value="(Ida|Jan|Kai)"', html)
    assert f'value="{group_id}"' in html
    response = client.post(
        "/t/new",
        data={"variant": "terroristen", "group": group_id, **per_seat("players", [])}
        | {"players-0": "Ida", "players-1": "Jan", "players-2": "Kai"},
    )
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        assert db.session.get(Table, table_id).group_id == group_id


def test_a_group_viewer_cannot_start_tables_in_the_group(app: Flask, client: FlaskClient) -> None:
    """The view link of a group is not enough: no prefill, a sentence, and never a table in it."""
    group_id, _token = make_group(app, ["Ida", "Jan", "Kai"])
    assert client.get(f"/g/{group_id}").status_code == 200  # a viewer, like anyone with the link
    response = client.get(f"/t/new?group={group_id}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'data-name="Ida"' not in html and f'value="{group_id}"' not in html
    assert "Nur ein Handy, das den Bearbeiten-Link der Gruppe" in text(response)
    seats = {"players-0": "Ida", "players-1": "Jan", "players-2": "Kai"}
    data = {"variant": "terroristen", "group": group_id, **per_seat("players", []), **seats}
    refused = client.post("/t/new", data=data)
    assert refused.status_code == 200
    assert "Nur ein Handy, das den Bearbeiten-Link der Gruppe" in text(refused)
    # The refused form no longer carries the group: sending it again starts a table outside it.
    assert f'value="{group_id}"' not in refused.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Table)) == 0
        assert db.session.get(Group, group_id).tables == []
    response = client.post("/t/new", data={**data, "group": ""})
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        assert db.session.get(Table, table_id).group_id is None


def test_an_unknown_group_in_the_new_form_is_named(client: FlaskClient) -> None:
    """A group link that leads nowhere: the plain form with a sentence, the post refused."""
    assert "Diese Gruppe gibt es (nicht mehr)" in text(client.get("/t/new?group=nope"))
    data = {"variant": "terroristen", "group": "nope", "players-0": "Ida", "players-1": "Jan"}
    assert "Diese Gruppe gibt es (nicht mehr)" in text(client.post("/t/new", data=data))


# -- playing each variant to the end -------------------------------------------------------
def test_dynamisch_with_money_to_the_settlement(client: FlaskClient) -> None:
    """dyn.score, dyn.score.double, dyn.money: points, doubling, amounts and transfers."""
    table_id = new_table(
        client, "dynamisch", ["Anna", "Ben", "Cem"], name="Freitag", games=2, rate_cents=10
    )
    page = text(client.get(f"/t/{table_id}"))
    assert "Spiel 1 von 2" in page and "0,10 € pro Punkt" in page and "Geber" in page
    # Game 1 ended with a jack, hearts named: Ben holds hearts, so 2*1+3 = 5 doubles to 10.
    saved(
        add_round(
            client, table_id, dynamisch_round([(0, 0, False), (1, 3, True), (0, 2, False)], "H")
        )
    )
    page = text(client.get(f"/t/{table_id}"))
    assert "10 (×2)" in page and "Spiel 2 von 2" in page and "Vorne: Anna" in page
    # dyn.dealer: Ben (after Anna, who went out) deals game 2; the rule is preselected for
    # the next dealer, the direction stays clockwise.
    form = client.get(f"/t/{table_id}/rounds/new")
    assert "Geber: Ben" in text(form)
    assert re.search(
        r'<input checked[^>]*name="next_dealer"[^>]*value=""', form.get_data(as_text=True)
    )
    assert re.search(
        r'<input checked[^>]*name="direction"[^>]*value="clockwise"', form.get_data(as_text=True)
    )
    edit = client.get(f"/t/{table_id}/rounds/1").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="jack_suit"[^>]*value="H"', edit)
    assert re.search(r'<input checked[^>]*name="hands-1-holds_named_suit"', edit)
    saved(
        add_round(client, table_id, dynamisch_round([(0, 1, False), (0, 0, False), (0, 4, False)]))
    )
    page = text(client.get(f"/t/{table_id}"))
    # Totals: Anna 1, Ben 10, Cem 6. Anna receives (10-1)*10 cents from Ben; Cem in the middle.
    assert "Beendet" in page and "Gewinner: Anna" in page
    assert "Ben zahlt Anna 0,90 €" in page
    assert "+0,90 €" in page and "−0,90 €" in page and "0,00 €" in page
    assert "Spiel 3 eintragen" not in page
    english = text(client.get(f"/t/{table_id}?lang=en"))
    assert "Ben pays Anna €0.90" in english and "Winner: Anna" in english


def test_deluxe_to_the_end(client: FlaskClient) -> None:
    """dlx.out: one penalty point per card; the player out deals next; fewest wins."""
    table_id = new_table(client, "deluxe", ["Anna", "Ben", "Cem"], rounds=2, rate_cents=0)
    saved(add_round(client, table_id, per_seat("cards", [3, 0, 2])))
    page = text(client.get(f"/t/{table_id}"))
    assert "Runde 2 von 2" in page
    assert re.search(r"Ben Geber", page)  # the player who went out deals (dlx.out)
    saved(add_round(client, table_id, per_seat("cards", [0, 4, 1])))
    page = text(client.get(f"/t/{table_id}"))
    assert "Beendet" in page and "Gewinner: Anna, Cem (gleichauf)" in page  # 3, 4, 3


def test_speedone_partner_mode_to_the_target(client: FlaskClient) -> None:
    """spd.points, spd.opt.target, spd.opt.partner: party totals race to 200."""
    table_id = new_table(
        client,
        "speedone",
        ["Anna", "Ben", "Cem", "Dora"],
        target=200,
        scoring="winner-takes",
        partner="y",
    )
    page = text(client.get(f"/t/{table_id}"))
    assert "Ziel 200" in page and "Team A (Anna + Cem) gegen Team B (Ben + Dora)" in page
    saved(
        add_round(
            client,
            table_id,
            {"winner": "0", "entry": "points", **per_seat("points", [0, 50, 30, 40])},
        )
    )
    assert "120 / 200 Punkte" in text(client.get(f"/t/{table_id}"))
    # Counted card by card: 17 + 2*20 + 1*50 = 107 for Ben; winner Cem's empty hand is zeros.
    breakdown = {"winner": "2", "entry": "hands"}
    for seat, (numbers, actions, wilds) in enumerate([(5, 0, 0), (17, 2, 1), (0, 0, 0), (3, 0, 0)]):
        breakdown |= {
            f"hands-{seat}-numbers": str(numbers),
            f"hands-{seat}-actions": str(actions),
            f"hands-{seat}-wilds": str(wilds),
        }
    saved(add_round(client, table_id, breakdown))
    page = text(client.get(f"/t/{table_id}"))
    assert "Beendet" in page and "Gewinner: Team A (Anna + Cem)" in page
    edit = client.get(f"/t/{table_id}/rounds/2").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="entry"[^>]*value="hands"', edit)
    assert 'id="hands-1-numbers" value="17"' in edit and 'id="hands-1-wilds" value="1"' in edit


def test_speedone_points_have_quick_taps_beside_the_stepper(client: FlaskClient) -> None:
    """Big hands by few taps: +10, +20 (an action card), +50 (a wild) for each player's points,
    shown by table.js only (they need it); the number input stays for typing."""
    table_id = new_table(client, "speedone", ["Anna", "Ben", "Cem"], target=200)
    html = client.get(f"/t/{table_id}/rounds/new").get_data(as_text=True)
    sections = re.findall(
        r'<div class="entry-points" data-entry="points">(.*?)<div class="entry-hands"', html, re.S
    )
    assert len(sections) == 3
    for seat, section in enumerate(sections):
        assert f'<input type="number" inputmode="numeric" name="points-{seat}"' in section
        quick = re.search(r'<div class="quick-adds"[^>]* hidden>(.*?)</div>', section, re.S)
        assert quick is not None
        buttons = re.findall(r'<button type="button"([^>]*)>\+(\d+)</button>', quick.group(1))
        assert [amount for _attrs, amount in buttons] == ["10", "20", "50"]
        assert all(f'data-add-to="points-{seat}"' in attrs for attrs, _amount in buttons)


def test_terroristen_counts_wins(client: FlaskClient) -> None:
    """The first player out wins the game; the table counts wins; open-ended by default."""
    table_id = new_table(client, "terroristen", ["Anna", "Ben"], ter_games="")
    assert "ohne feste Spielzahl" in text(client.get(f"/t/{table_id}"))
    for winner in ("1", "1", "0"):
        saved(add_round(client, table_id, {"winner": winner}))
    page = text(client.get(f"/t/{table_id}"))
    assert "Spiel 4" in page and "Vorne: Ben" in page and "Beendet" not in page


def test_doppel_sets_and_match(client: FlaskClient) -> None:
    """dop.set with the 2-game lead and dop.match: two sets win."""
    table_id = new_table(client, "doppel", ["Anna", "Ben", "Cem", "Dora"])
    form = text(client.get(f"/t/{table_id}/rounds/new"))
    assert "Anna + Cem" in form and "Ben + Dora" in form
    for team in "ABABABABAA":  # 6:4 after an extension (dop.set)
        saved(add_round(client, table_id, {"winner": team}))
    page = text(client.get(f"/t/{table_id}"))
    assert "Satz 1: A 6 : 4 B — gewonnen von Team A (Anna + Cem)" in page
    assert "Satz 2: A 0 : 0 B" in page
    for _ in range(5):
        saved(add_round(client, table_id, {"winner": "A"}))
    page = text(client.get(f"/t/{table_id}"))
    assert "Beendet" in page and "Gewinner: Team A (Anna + Cem)" in page
    assert "Match: Sätze 2 : 0" in page
    response = client.get(f"/t/{table_id}/rounds/new")
    assert response.status_code == 302  # finished: no more rounds


# -- corrections ---------------------------------------------------------------------------
@pytest.fixture
def played(client: FlaskClient) -> str:
    """A Deluxe table with three rounds: totals Anna 5, Ben 2, Cem 3."""
    table_id = new_table(client, "deluxe", ["Anna", "Ben", "Cem"], rounds=10, rate_cents=0)
    for cards in ([3, 0, 2], [0, 1, 1], [2, 1, 0]):
        saved(add_round(client, table_id, per_seat("cards", cards)))
    return table_id


def totals(client: FlaskClient, table_id: str) -> list[str]:
    """The Σ row of the grid."""
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    footer = html[html.index("<tfoot>") : html.index("</tfoot>")]
    return re.findall(r"<strong>(\d+)</strong>", footer)


def test_edit_form_is_prefilled_and_a_correction_recomputes(
    client: FlaskClient, played: str
) -> None:
    """Tap a round -> its form with the stored values; saving recomputes everything after it."""
    html = client.get(f"/t/{played}/rounds/2").get_data(as_text=True)
    assert 'name="cards-1" id="cards-1" value="1"' in html
    assert "Korrigieren: Runde 2" in text(client.get(f"/t/{played}/rounds/2"))
    data = {"version": "1", **per_seat("cards", [0, 5, 1])}
    response = client.post(f"/t/{played}/rounds/2", data=data, follow_redirects=True)
    assert response.request.path == f"/t/{played}" and "Runde 2 korrigiert." in text(response)
    assert totals(client, played) == ["5", "6", "3"]


def test_edit_with_a_stale_version_is_refused(client: FlaskClient, played: str) -> None:
    """Two phones correcting the same round: the second is told, nothing is overwritten."""
    client.post(f"/t/{played}/rounds/1", data={"version": "1", **per_seat("cards", [4, 0, 2])})
    response = client.post(
        f"/t/{played}/rounds/1", data={"version": "1", **per_seat("cards", [9, 0, 9])}
    )
    assert response.status_code == 200
    assert "Das hat inzwischen jemand anderes geändert" in text(response)
    assert totals(client, played) == ["6", "2", "3"]


def test_delete_asks_first_then_renumbers(client: FlaskClient, played: str) -> None:
    """Delete has a confirm step; later rounds move up; undo brings the round back."""
    confirm = client.post(f"/t/{played}/rounds/1/delete")
    assert confirm.status_code == 200 and "Runde 1 löschen?" in text(confirm)
    assert totals(client, played) == ["5", "2", "3"]
    response = client.post(f"/t/{played}/rounds/1/delete", data={"confirm": "yes"})
    assert response.status_code == 302
    assert totals(client, played) == ["2", "2", "1"]
    assert client.get(f"/t/{played}/rounds/3").status_code == 404
    undone = client.post(f"/t/{played}/undo", follow_redirects=True)
    assert "Rückgängig gemacht: Runde 1 ist wieder da." in text(undone)
    assert totals(client, played) == ["5", "2", "3"]


def test_undo_is_one_tap(client: FlaskClient, played: str) -> None:
    """Undo reverts the newest change; with nothing left it says so."""
    assert client.post(f"/t/{played}/undo").status_code == 302
    page = text(client.get(f"/t/{played}"))
    assert "Rückgängig gemacht" in page and totals(client, played) == ["3", "1", "3"]
    for _ in range(2):
        client.post(f"/t/{played}/undo")
    client.post(f"/t/{played}/undo")
    assert "Es gibt nichts rückgängig zu machen." in text(client.get(f"/t/{played}"))


# -- sharing: viewers and the edit link ----------------------------------------------------
def test_viewer_sees_no_controls_and_every_change_is_403(
    app: Flask, client: FlaskClient, played: str
) -> None:
    """The view link is read-only: no buttons, no edit link, and POSTs without the token fail."""
    viewer = app.test_client()
    page = viewer.get(f"/t/{played}").get_data(as_text=True)
    assert "rounds/new" not in page and "/undo" not in page and "/edit/" not in page
    assert f"/t/{played}/rounds/1" not in page
    assert "Link zum Ansehen" in text(viewer.get(f"/t/{played}"))
    for url in (
        f"/t/{played}/rounds/new",
        f"/t/{played}/rounds/1",
        f"/t/{played}/rounds/1/delete",
        f"/t/{played}/undo",
    ):
        assert (
            viewer.post(url, data={"confirm": "yes", **per_seat("cards", [0, 1, 1])}).status_code
            == 403
        )
    assert viewer.get(f"/t/{played}/rounds/new").status_code == 403
    assert totals(client, played) == ["5", "2", "3"]


def test_edit_link_grants_editing_and_leaves_the_address_bar(
    app: Flask, client: FlaskClient, played: str
) -> None:
    """The edit link stores the token for the device and redirects to the plain table URL."""
    html = client.get(f"/t/{played}").get_data(as_text=True)
    edit_link = re.search(r'id="edit-link" value="http://localhost(/t/[^"]+/edit)#([^"]+)"', html)
    assert edit_link is not None
    other = app.test_client()
    assert other.get(f"/t/{played}/edit/wrong-token").status_code == 403
    # The token comes after "#" (app.web.headers): the link's page sends it by POST.
    response = other.post(edit_link.group(1), data={"token": edit_link.group(2)})
    assert response.status_code == 302 and response.headers["Location"] == f"/t/{played}"
    assert "Runde 4 eintragen" in text(other.get(f"/t/{played}"))
    saved(add_round(other, played, per_seat("cards", [0, 1, 1])))


def group_table(app: Flask, client: FlaskClient) -> tuple[str, str, str]:
    """A group made by `client` and a Deluxe table of it with one round: (group, token, table)."""
    group_id, token = make_group(app, ["Ida", "Jan", "Kai"])
    assert client.get(f"/g/{group_id}/edit/{token}").status_code == 302
    data = {"variant": "deluxe", "group": group_id, "rounds": "10", "rate_cents": "0"}
    response = client.post(
        "/t/new",
        data=data
        | per_seat("players", [0, 0, 0])
        | {"players-0": "Ida", "players-1": "Jan", "players-2": "Kai"},
    )
    assert response.status_code == 302, text(response)
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    saved(add_round(client, table_id, per_seat("cards", [3, 0, 2])))
    return group_id, token, table_id


def test_a_group_editor_edits_the_groups_tables_from_any_phone(
    app: Flask, client: FlaskClient
) -> None:
    """Another phone with the group's edit link enters, corrects, deletes and undoes rounds."""
    group_id, token, table_id = group_table(app, client)
    other = app.test_client()
    assert other.get(f"/g/{group_id}/edit/{token}").status_code == 302
    page = other.get(f"/t/{table_id}").get_data(as_text=True)
    assert f"/t/{table_id}/rounds/new" in page and f"/t/{table_id}/undo" in page
    assert f"/t/{table_id}/rounds/1" in page
    saved(add_round(other, table_id, per_seat("cards", [0, 1, 1])))
    assert totals(other, table_id) == ["3", "1", "3"]
    corrected = other.post(
        f"/t/{table_id}/rounds/2", data={"version": "1"} | per_seat("cards", [0, 4, 1])
    )
    assert corrected.status_code == 302, text(corrected)
    assert totals(other, table_id) == ["3", "4", "3"]
    assert other.post(f"/t/{table_id}/undo").status_code == 302
    assert totals(other, table_id) == ["3", "1", "3"]
    deleted = other.post(f"/t/{table_id}/rounds/1/delete", data={"confirm": "yes"})
    assert deleted.status_code == 302
    assert totals(other, table_id) == ["0", "1", "1"]


def test_group_rights_stop_at_the_group(app: Flask, client: FlaskClient) -> None:
    """A group viewer may only look; a group editor gets nothing at tables outside the group."""
    group_id, _token, table_id = group_table(app, client)
    viewer = app.test_client()
    assert viewer.get(f"/g/{group_id}").status_code == 200
    assert f"/t/{table_id}/rounds/new" not in viewer.get(f"/t/{table_id}").get_data(as_text=True)
    assert viewer.post(f"/t/{table_id}/undo").status_code == 403
    assert viewer.get(f"/t/{table_id}/rounds/new").status_code == 403
    outside = new_table(client, "deluxe", ["Ida", "Jan"], rounds=10, rate_cents=0)
    editor = app.test_client()
    assert editor.get(f"/g/{group_id}/edit/{_token}").status_code == 302
    assert editor.get(f"/t/{outside}/rounds/new").status_code == 403
    assert editor.post(f"/t/{outside}/undo").status_code == 403
    # The JSON API stays per table (docs/api.md): a group editor's session is no X-Edit-Token.
    answer = editor.post(f"/api/v1/tables/{table_id}/rounds", json={"cards": [1, 0, 2]})
    assert answer.status_code == 401


def test_a_group_editor_hands_on_the_groups_edit_link(app: Flask, client: FlaskClient) -> None:
    """Only the hash of a table token is stored: a group editor passes on the group's link."""
    group_id, token, table_id = group_table(app, client)
    own = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert f'id="edit-link" value="http://localhost/t/{table_id}/edit#' in own
    other = app.test_client()
    other.get(f"/g/{group_id}/edit/{token}")
    response = other.get(f"/t/{table_id}")
    html = response.get_data(as_text=True)
    assert f'id="edit-link" value="http://localhost/g/{group_id}/edit#{token}"' in html
    assert "Bearbeiten-Link der Gruppe" in text(response)


def test_table_page_links_the_downloads_and_its_group(app: Flask, client: FlaskClient) -> None:
    """CSV and JSON downloads for everyone; a table of a group links back to the group."""
    group_id, _token, table_id = group_table(app, client)
    viewer = app.test_client()
    html = viewer.get(f"/t/{table_id}").get_data(as_text=True)
    for link in (f"/t/{table_id}/export.csv", f"/t/{table_id}/export.json", f"/g/{group_id}"):
        assert f'href="{link}"' in html
        assert viewer.get(link).status_code == 200
    assert "Stammtisch" in text(viewer.get(f"/t/{table_id}"))
    alone = new_table(client, "deluxe", ["Ida", "Jan"], rounds=10, rate_cents=0)
    html = viewer.get(f"/t/{alone}").get_data(as_text=True)
    assert f'href="/t/{alone}/export.csv"' in html and 'href="/g/' not in html


def test_unknown_table_and_round_are_404(client: FlaskClient, played: str) -> None:
    """Never a 500 for a wrong address."""
    missing = client.get("/t/nope")
    assert missing.status_code == 404 and "Zu diesem Link gibt es keinen Tisch." in text(missing)
    assert "There is no table with this link." in text(client.get("/t/nope?lang=en"))
    assert client.get(f"/t/{played}/rounds/99").status_code == 404
    assert client.post(f"/t/{played}/rounds/99/delete").status_code == 404


# -- bad input -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("variant", "players", "options", "field", "message"),
    [
        ("dynamisch", ["Anna", "", "Cem"], {}, "players-1", "Der Name von Spieler 2"),
        ("dynamisch", ["Anna", "anna"], {}, "players-1", "wiederholt den Namen"),
        ("dynamisch", ["Anna", "B" * 41], {}, "players-1", "1 bis 40 Zeichen"),
        ("dynamisch", ["Anna"], {}, "players", "spielen 2 bis 6 Spieler"),
        ("doppel", ["Anna", "Ben", "Cem"], {}, "players", "genau 4 Spieler"),
        (
            "speedone",
            ["A", "B", "C", "D", "E"],
            {"partner": "y"},
            "partner",
            "braucht genau 4 Spieler",
        ),
        ("speedone", ["Anna", "Ben"], {"target": "300"}, "target", "muss 200 oder 500 sein"),
        ("speedone", ["Anna", "Ben"], {"rate_cents": "5"}, "rate_cents", "muss hier 0 sein"),
        (
            "dynamisch",
            ["Anna", "Ben"],
            {"games": "acht"},
            "games",
            "Bitte eine ganze Zahl eingeben.",
        ),
        ("dynamisch", ["Anna", "Ben"], {"games": "0"}, "games", "von 1 bis 100"),
        ("terroristen", ["Anna", "Ben"], {"ter_games": "-1"}, "ter_games", "von 1 bis 100"),
        ("mau", ["Anna", "Ben"], {}, "variant", "Unbekannte Variante"),
    ],
)
def test_bad_table_input_reshows_the_form_with_the_message_at_the_field(
    client: FlaskClient,
    variant: str,
    players: list[str],
    options: dict[str, str],
    field: str,
    message: str,
) -> None:
    """Each mistake: the form again (200, input kept), the sentence once, in the summary on
    top, the field marked, no table."""
    data = {"variant": variant, **{f"players-{s}": n for s, n in enumerate(players)}, **options}
    response = client.post("/t/new", data=data)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert message in unescape(html)
    anchor = (
        f'name="{field}"'
        if field not in ("players", "variant")
        else {"players": "data-seats", "variant": "variant-choices"}[field]
    )
    start = html.index(anchor)
    assert "has-error" in html[start - 300 : start + 300]  # its field is marked
    top = html[html.index("data-error-summary") : html.index("</ul>")]
    assert unescape(top).count(message) == 1  # said once, in the summary
    assert not re.search(r'<p class="error"[^>]*>[^<]*' + re.escape(message), unescape(html))
    assert 'value="Anna"' in html or variant == "speedone"
    assert client.get("/").get_data(as_text=True).count("table-card") == 0


@pytest.mark.parametrize(
    ("variant", "players", "data", "message"),
    [
        ("dynamisch", 2, dynamisch_round([(0, 1, False), (1, 0, False)]), "Niemand ist fertig"),
        ("dynamisch", 2, dynamisch_round([(0, 0, False), (9, 0, False)]), "das Spiel hat 8 Buben"),
        (
            "dynamisch",
            2,
            dynamisch_round([(0, 0, False), (1, 0, True)]),
            "kann nur true sein, wenn ein Bube",
        ),
        (
            "dynamisch",
            2,
            {
                "hands-0-jacks": "x",
                "hands-0-others": "0",
                "hands-1-jacks": "0",
                "hands-1-others": "0",
            },
            "Bitte eine ganze Zahl",
        ),
        ("deluxe", 2, per_seat("cards", [0, 0]), "Genau ein Spieler muss 0 Karten haben"),
        ("deluxe", 2, per_seat("cards", [0, 49]), "das Spiel hat 48 Karten"),
        (
            "speedone",
            2,
            {"winner": "0", "entry": "points", **per_seat("points", [5, 10])},
            "hat die Runde gewonnen",
        ),
        (
            "speedone",
            2,
            {"entry": "points", **per_seat("points", [0, 10])},
            "Der Gewinner der Runde fehlt",
        ),
        (
            "speedone",
            2,
            {"winner": "0", "entry": "points", **per_seat("points", [0, 681])},
            "22 Karten",
        ),
        ("terroristen", 2, {"winner": "5"}, "von 0 bis 1"),
        ("doppel", 4, {"winner": "C"}, 'muss "A" oder "B" sein'),
    ],
)
def test_bad_round_input_reshows_the_form(
    client: FlaskClient, variant: str, players: int, data: dict[str, str], message: str
) -> None:
    """A clear sentence, the form again, and nothing saved."""
    options = {
        "deluxe": {"rounds": 10, "rate_cents": 0},
        "dynamisch": {"games": 8, "rate_cents": 0},
    }.get(variant, {})
    table_id = new_table(client, variant, ["Anna", "Ben", "Cem", "Dora"][:players], **options)
    response = add_round(client, table_id, data)
    assert response.status_code == 200
    assert message in text(response)
    assert "Noch nichts eingetragen." in text(client.get(f"/t/{table_id}"))


def test_error_lands_at_the_players_stepper(client: FlaskClient) -> None:
    """hands[1].jacks -> the summary's sentence links to Ben's jacks stepper, which is marked."""
    table_id = new_table(client, "dynamisch", ["Anna", "Ben"], games=8, rate_cents=0)
    html = add_round(client, table_id, dynamisch_round([(0, 0, False), (9, 0, False)])).get_data(
        as_text=True
    )
    link = re.search(r'<a href="#([^"]+)" data-error-link>([^<]*)</a>', html)
    assert link and link.group(1) == "hands-1-jacks" and "das Spiel hat 8 Buben" in link.group(2)
    assert html.count("das Spiel hat 8 Buben") == 1
    stepper = html[html.rindex("<div", 0, html.index('id="hands-1-jacks"')) :]
    assert stepper.startswith('<div class="stepper has-error"')


def test_player_names_are_escaped_everywhere(client: FlaskClient) -> None:
    """Names are data: a script tag never reaches a page as markup."""
    evil = "<script>alert(1)</script>"
    table_id = new_table(
        client, "dynamisch", [evil, "Ben"], name="<b>Tisch</b>", games=1, rate_cents=10
    )
    saved(add_round(client, table_id, dynamisch_round([(0, 0, False), (0, 3, False)])))
    for url in ("/", "/t/new", f"/t/{table_id}", f"/t/{table_id}/rounds/1"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>alert" not in html and "<b>Tisch" not in html, url
        assert (
            "&lt;script&gt;alert(1)&lt;/script&gt;" in html
            or url == "/t/new"
            and "&lt;script" in html
        ), url


def test_english_pages(client: FlaskClient) -> None:
    """?lang=en switches every text; German stays the default."""
    assert "New table" in text(client.get("/?lang=en"))
    table_id = new_table(client, "deluxe", ["Anna", "Ben"], rounds=10, rate_cents=0)
    page = text(client.get(f"/t/{table_id}?lang=en"))
    assert "Round 1 of 10" in page and "Enter round 1" in page and "Share" in page
    form = text(client.get(f"/t/{table_id}/rounds/new?lang=en"))
    assert "Save" in form and "Cancel" in form
    bad = text(client.post("/t/new?lang=en", data={"variant": "doppel", "players-0": "Anna"}))
    assert "is played by exactly 4 players" in bad


# -- CSRF (the app as in production) ------------------------------------------------------
def csrf_token_of(response: TestResponse) -> str:
    """The hidden form token of a page."""
    found = re.search(
        r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"',
        response.get_data(as_text=True),
    )
    assert found is not None
    return found.group(1) or found.group(2)


def test_forms_need_the_csrf_token(csrf_app: Flask) -> None:
    """Without the form token a POST is refused (400) and changes nothing; with it, it works."""
    client = csrf_app.test_client()
    data = {"variant": "terroristen", "players-0": "Anna", "players-1": "Ben"}
    refused = client.post("/t/new", data=data)
    assert refused.status_code == 400 and "Formular" in text(refused)
    token = csrf_token_of(client.get("/t/new"))
    response = client.post("/t/new", data={**data, "csrf_token": token})
    assert response.status_code == 302
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    assert client.post(f"/t/{table_id}/rounds/new", data={"winner": "0"}).status_code == 400
    form_token = csrf_token_of(client.get(f"/t/{table_id}/rounds/new"))
    assert (
        client.post(
            f"/t/{table_id}/rounds/new", data={"winner": "0", "csrf_token": form_token}
        ).status_code
        == 302
    )
    assert client.post(f"/t/{table_id}/undo").status_code == 400
    undo_token = csrf_token_of(client.get(f"/t/{table_id}"))
    assert client.post(f"/t/{table_id}/undo", data={"csrf_token": undo_token}).status_code == 302
