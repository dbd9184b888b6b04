"""Titles without repetition; "Nochmal spielen" names the new table apart."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient

from tests.tables.conftest import PLAYERS

Claim = Callable[[FlaskClient, str, str], None]


def table_of(client: FlaskClient, name: str, variant: str = "dynamisch") -> tuple[str, str]:
    """A new table through the API: id and edit token."""
    made = client.post(
        "/api/v1/tables", json={"variant": variant, "name": name, "players": PLAYERS}
    ).json
    assert made
    return made["id"], made["edit_token"]


@pytest.mark.parametrize(
    ("lang", "label"), [("de", "Dynamisches Maumau"), ("en", "Dynamic Mau-Mau")]
)
def test_a_table_without_a_name_says_its_variant_once(
    client: FlaskClient, lang: str, label: str
) -> None:
    """Title = the variant; the line under it names the options, not the variant again."""
    table, _token = table_of(client, "")
    html = client.get(f"/t/{table}?lang={lang}").get_data(as_text=True)
    head = html[html.index("<h1>") : html.index("</p>", html.index("<h1>"))]
    assert head.count(label) == 1
    named, _token = table_of(client, "Dienstagsrunde")
    html = client.get(f"/t/{named}?lang={lang}").get_data(as_text=True)
    head = html[html.index("<h1>") : html.index("</p>", html.index("<h1>"))]
    assert "Dienstagsrunde" in head and head.count(label) == 1


def play_again(client: FlaskClient, table: str, lang: str = "de") -> tuple[str, str]:
    """Tap "Nochmal spielen": the new table's name and id."""
    response = client.post(f"/t/{table}/again?lang={lang}")
    assert response.status_code == 302
    new_id = response.headers["Location"].rsplit("/", 1)[-1]
    name = client.get(f"/api/v1/tables/{new_id}").json["name"]
    assert isinstance(name, str)
    return name, new_id


def test_playing_again_numbers_the_new_table(client: FlaskClient, become_editor: Claim) -> None:
    """Dienstagsrunde → Dienstagsrunde (2) → Dienstagsrunde (3); the start page lists each once."""
    table, token = table_of(client, "Dienstagsrunde")
    become_editor(client, table, token)
    second, second_id = play_again(client, table)
    assert second == "Dienstagsrunde (2)"
    third, _third_id = play_again(client, second_id)
    assert third == "Dienstagsrunde (3)"
    home = client.get("/?lang=de").get_data(as_text=True)
    titles = re.findall(r'<strong class="table-card-title"><bdi>([^<]*)</bdi></strong>', home)
    assert sorted(titles) == ["Dienstagsrunde", "Dienstagsrunde (2)", "Dienstagsrunde (3)"]


@pytest.mark.parametrize(
    ("lang", "expected"), [("de", "Dynamisches Maumau (2)"), ("en", "Dynamic Mau-Mau (2)")]
)
def test_an_unnamed_table_played_again_gets_its_variant_with_a_number(
    client: FlaskClient, become_editor: Claim, lang: str, expected: str
) -> None:
    """No name: the variant's, numbered, in the language of the phone that tapped."""
    table, token = table_of(client, "")
    become_editor(client, table, token)
    assert play_again(client, table, lang)[0] == expected
