"""Error sentences name fields as players say them, on every form and in
the API: no JSON path in brackets ("(players[2])", "(options.games)", "(hands)"), no rule ID
("(dyn.effect.noend)"), no "von 2 bis 2"; the API keeps the path in `field` only.
Also the words of counts and rounds (item 7): "Spiel 1 gespeichert." where a variant plays
games, singular for one.
"""

from __future__ import annotations

import io
import re
from html import unescape
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

# A path or rule ID in brackets, or a range of one value.
DEVELOPER = re.compile(
    r"\((players|hands|cards|points|winner|name|variant|options|count|target|scoring|partner)"
    r"([.\[][^)]*)?\)"
    r"|\((dyn|dlx|spd|ter|dop)\.[a-z.0-9]+\)"
    r"|von (\d+) bis \4\b|from (\d+) to \5\b"
)


def summary(response: TestResponse) -> list[str]:
    """The sentences of the error summary on top of the page."""
    html = response.get_data(as_text=True)
    box = re.search(r"data-error-summary>(.*?)</div>", html, re.S)
    assert box, html[:2000]
    items = re.findall(r"<li[^>]*>(.*?)</li>", box.group(1), re.S)
    return [unescape(re.sub(r"<[^>]+>", "", item)).strip() for item in items]


def seats(variant: str, players: list[str], **fields: str) -> dict[str, str]:
    """The new-table form as posted."""
    return {"variant": variant, **{f"players-{i}": p for i, p in enumerate(players)}, **fields}


NEW_TABLE = [
    (
        seats("dynamisch", ["Anna"]),
        "Dynamisches Maumau spielen 2 bis 6 Spieler",
        "Dynamic Mau-Mau is played by 2 to 6 players",
    ),
    (
        seats("doppel", ["A", "B", "C"]),
        "Doppel Mau-Mau spielen genau 4 Spieler",
        "Double Mau-Mau is played by exactly 4 players",
    ),
    (seats("dynamisch", ["Anna", "", "Cem"]), "Der Name von Spieler 2", "The name of player 2"),
    (
        seats("dynamisch", ["Anna", "Ben"], games="0"),
        "Die Anzahl der Spiele der Serie",
        "The number of games in the series",
    ),
    (
        seats("speedone", ["A", "B", "C"], partner="y"),
        "Der Partnermodus braucht genau 4",
        "Partner mode needs exactly 4",
    ),
    (seats("xx", ["A", "B"]), 'Unbekannte Variante "xx"', 'Unknown variant "xx"'),
]


@pytest.mark.parametrize(("data", "de", "en"), NEW_TABLE)
def test_the_new_table_form_says_fields_in_words(
    client: FlaskClient, data: dict[str, str], de: str, en: str
) -> None:
    """German and English: the summary names the field in words, never its path."""
    for lang, words in (("de", de), ("en", en)):
        response = client.post(f"/t/new?lang={lang}", data=data)
        assert response.status_code == 200
        sentences = summary(response)
        assert any(words in s for s in sentences), sentences
        assert not [s for s in sentences if DEVELOPER.search(s)], sentences


def api_table(client: FlaskClient, variant: str, players: list[str]) -> tuple[str, str]:
    """A table made through the API: id and edit token."""
    made = client.post("/api/v1/tables", json={"variant": variant, "players": players}).json
    assert made is not None
    return made["id"], made["edit_token"]


ROUNDS: list[tuple[str, list[str], dict[str, Any], str]] = [
    (
        "dynamisch",
        ["A", "B", "C"],
        {
            "hands": [
                {"jacks": 0, "others": 1},
                {"jacks": 0, "others": 2},
                {"jacks": 0, "others": 3},
            ]
        },
        "hands",
    ),
    ("deluxe", ["A", "B", "C"], {"cards": [1, 2, 3]}, "cards"),
    ("speedone", ["A", "B"], {"winner": 0, "points": [3, 3]}, "points[0]"),
    ("dynamisch", ["A", "B"], {"hands": [1, 2, 3]}, "hands"),
]


@pytest.mark.parametrize(("variant", "players", "body", "field"), ROUNDS)
def test_api_errors_keep_the_path_in_field_and_words_in_the_sentence(
    client: FlaskClient, variant: str, players: list[str], body: dict[str, Any], field: str
) -> None:
    """A refused round: 400, `field` the path, the sentence without it, both languages."""
    table_id, token = api_table(client, variant, players)
    for lang in ("de", "en"):
        answer = client.post(
            f"/api/v1/tables/{table_id}/rounds?lang={lang}",
            json=body,
            headers={"X-Edit-Token": token},
        )
        assert answer.status_code == 400
        assert answer.json is not None
        assert answer.json["field"] == field
        assert not DEVELOPER.search(answer.json["error"]), answer.json["error"]
        assert f"({field})" not in answer.json["error"]


@pytest.mark.parametrize(
    ("players", "de", "en"),
    [("Anna", "erhalten: 1 Name.", "got 1 name."), ("", "erhalten: 0 Namen.", "got 0 names.")],
)
def test_the_group_form_says_players_in_words(
    client: FlaskClient, players: str, de: str, en: str
) -> None:
    """Too few players: no "(players)", and "1 Name" in the singular."""
    for lang, words in (("de", de), ("en", en)):
        response = client.post(f"/groups/new?lang={lang}", data={"name": "G", "players": players})
        assert response.status_code == 400
        sentences = summary(response)
        assert any(words in s for s in sentences), sentences
        assert not [s for s in sentences if DEVELOPER.search(s)], sentences


def test_a_saved_game_is_called_a_game(client: FlaskClient) -> None:
    """Terroristen plays games: "Spiel 1 gespeichert." / "Game 1 saved."; Deluxe rounds."""
    data = seats("terroristen", ["Anna", "Ben"])
    table = client.post("/t/new", data=data).headers["Location"].rsplit("/", 1)[1]
    saved = client.post(f"/t/{table}/rounds/new", data={"winner": "0"}, follow_redirects=True)
    assert "Spiel 1 gespeichert." in saved.get_data(as_text=True)
    saved = client.post(
        f"/t/{table}/rounds/new?lang=en", data={"winner": "1"}, follow_redirects=True
    )
    assert "Game 2 saved." in saved.get_data(as_text=True)
    data = seats("deluxe", ["Anna", "Ben"])
    table = client.post("/t/new", data=data).headers["Location"].rsplit("/", 1)[1]
    saved = client.post(
        f"/t/{table}/rounds/new?lang=de",
        data={"cards-0": "0", "cards-1": "3"},
        follow_redirects=True,
    )
    assert "Runde 1 gespeichert." in saved.get_data(as_text=True)


def test_the_round_form_has_the_singular_for_one(client: FlaskClient) -> None:
    """Dynamisch: the page gives table.js "1 Minuspunkt" beside "{n} Minuspunkte"."""
    made = client.post("/t/new", data=seats("dynamisch", ["Anna", "Ben"]))
    table = made.headers["Location"].rsplit("/", 1)[1]
    html = client.get(f"/t/{table}/rounds/new?lang=de").get_data(as_text=True)
    assert 'data-text-minus-one="{n} Minuspunkt"' in html
    assert 'data-text-minus="{n} Minuspunkte"' in html


def test_every_refused_form_has_the_summary_with_links(client: FlaskClient) -> None:
    """New table, round, group, import, referee: a summary on top whose links name the bad
    field's id, and that field is on the page (with `autofocus` where the form renders it)."""
    made = client.post("/t/new", data=seats("dynamisch", ["Anna", "Ben"]))
    table = made.headers["Location"].rsplit("/", 1)[1]
    nobody_out = {
        "hands-0-jacks": "0",
        "hands-0-others": "1",
        "hands-1-jacks": "0",
        "hands-1-others": "2",
    }
    pages = {
        "new table": (client.post("/t/new", data=seats("dynamisch", ["Anna"])), "players-0"),
        "round": (client.post(f"/t/{table}/rounds/new", data=nobody_out), "hands-0-jacks"),
        "group": (client.post("/groups/new", data={"name": "", "players": "A\nB"}), "name"),
        "import": (
            client.post(
                "/import",
                data={"backup": (io.BytesIO(b"x"), "b.json")},
                content_type="multipart/form-data",
            ),
            "backup",
        ),
        "referee": (client.get("/referee?variant=dynamisch&top=H7&play=H8&players=9"), "f-players"),
    }
    for name, (response, anchor) in pages.items():
        html = response.get_data(as_text=True)
        assert html.count("data-error-summary") == 1, name
        assert f'href="#{anchor}" data-error-link' in html, name
        assert f'id="{anchor}"' in html, name
        assert html.index("data-error-summary") < html.index(f'id="{anchor}"'), name
