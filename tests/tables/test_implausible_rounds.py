"""A round that cannot have happened at the table is asked about once before it is saved.

The variant's definition says what is implausible: everybody out (Dynamisch), nobody but the
winner with points (Speedone), the same round twice in a row (not where a round is only its
winner). The form comes back with the question; "save anyway" saves exactly that round.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest
from flask.testing import FlaskClient

from app.text import Message
from app.text import say
from app.variants.registry import find_variant
from tests.tables.conftest import PLAYERS
from tests.tables.conftest import TableMaker

Claim = Callable[[FlaskClient, str, str], None]
NOBODY = {"de": "Niemand hat Karten — trotzdem speichern?", "en": "Nobody has cards left"}


def hidden(html: str, name: str) -> str:
    """The value of a hidden field of the page's round form."""
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', html)
    return found.group(1) if found else ""


def questions(html: str) -> list[str]:
    """The questions the page asks before saving."""
    return [unescape(q) for q in re.findall(r"data-doubt-text>([^<]*)<", html)]


def rounds_of(client: FlaskClient, table: str) -> int:
    """How many rounds the table holds (the JSON API)."""
    return len(client.get(f"/api/v1/tables/{table}").json["rounds"])


def post_round(
    client: FlaskClient, table: str, fields: dict[str, str], lang: str = "de", **extra: str
) -> tuple[int, str]:
    """Open the new-round form, send it with `fields`; the status and the page."""
    page = client.get(f"/t/{table}/rounds/new?lang={lang}").get_data(as_text=True)
    data = {
        "idempotency_key": hidden(page, "idempotency_key"),
        "expected_number": hidden(page, "expected_number"),
        **fields,
        **extra,
    }
    response = client.post(f"/t/{table}/rounds/new?lang={lang}", data=data)
    return response.status_code, response.get_data(as_text=True)


def untouched_dynamisch(seats: int) -> dict[str, str]:
    """A Dynamisch form sent as shown: every count 0, no jack, clockwise."""
    fields = {"direction": "clockwise", "jack_suit": "", "next_dealer": ""}
    for seat in range(seats):
        fields |= {f"hands-{seat}-jacks": "0", f"hands-{seat}-others": "0"}
    return fields


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_untouched_dynamisch_form_asks_before_it_saves(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim, lang: str
) -> None:
    """Everybody with 0 cards: the question, nothing saved; the confirm saves that round once,
    and the same form sent again (a double tap) is that round, not a second one."""
    table, token = make_table()
    become_editor(client, table, token)
    page = client.get(f"/t/{table}/rounds/new?lang={lang}").get_data(as_text=True)
    data = {
        "idempotency_key": hidden(page, "idempotency_key"),
        "expected_number": "1",
        **untouched_dynamisch(4),
    }
    asked = client.post(f"/t/{table}/rounds/new?lang={lang}", data=data)
    html = asked.get_data(as_text=True)
    assert asked.status_code == 200
    assert any(NOBODY[lang] in q for q in questions(html))
    assert rounds_of(client, table) == 0
    confirmed = {**data, "confirmed": hidden(html, "confirmed")}
    assert client.post(f"/t/{table}/rounds/new", data=confirmed).status_code == 302
    assert client.post(f"/t/{table}/rounds/new", data=confirmed).status_code == 302
    assert rounds_of(client, table) == 1


def test_a_changed_round_is_asked_about_anew(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """The confirmation names the round it was given for: another body is asked again."""
    table, token = make_table()
    become_editor(client, table, token)
    _status, html = post_round(client, table, untouched_dynamisch(4))
    confirmed = hidden(html, "confirmed")
    turned = {**untouched_dynamisch(4), "direction": "counterclockwise"}
    status, again = post_round(client, table, turned, confirmed=confirmed)
    assert status == 200 and questions(again)
    assert rounds_of(client, table) == 0


def test_a_plausible_round_saves_at_once(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """Anna out, the others with cards: no question."""
    table, token = make_table()
    become_editor(client, table, token)
    fields = untouched_dynamisch(4) | {"hands-1-others": "3", "hands-2-jacks": "1"}
    assert post_round(client, table, fields)[0] == 302
    assert rounds_of(client, table) == 1


@pytest.mark.parametrize(("lang", "words"), [("de", "Genau wie Runde 1"), ("en", "round 1")])
def test_the_same_deluxe_round_twice_in_a_row_is_asked_about(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim, lang: str, words: str
) -> None:
    """Round 2 exactly as round 1: entered twice? The question names round 1."""
    cards = {"cards": [0, 3, 5, 2]}
    table, token = make_table("deluxe", rounds=[cards])
    become_editor(client, table, token)
    fields = {f"cards-{seat}": str(n) for seat, n in enumerate(cards["cards"])}
    status, html = post_round(client, table, fields, lang)
    assert status == 200
    assert any(words in q for q in questions(html)), questions(html)
    assert rounds_of(client, table) == 1
    fields["cards-1"] = "4"  # corrected: another round, saved at once
    assert post_round(client, table, fields, lang)[0] == 302


def test_the_same_winner_twice_is_an_ordinary_evening(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """Terroristen: Anna wins again, no question."""
    table, token = make_table("terroristen", rounds=[{"winner": 0}])
    become_editor(client, table, token)
    assert post_round(client, table, {"winner": "0"})[0] == 302
    assert rounds_of(client, table) == 2


def test_speedone_with_nobody_holding_points_asks(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """Ben went out and nobody else has points: asked; German question."""
    table, token = make_table("speedone")
    become_editor(client, table, token)
    fields = {"winner": "1", "entry": "points"} | {f"points-{s}": "0" for s in range(4)}
    status, html = post_round(client, table, fields)
    assert status == 200
    assert questions(html) == [
        "Außer dem Gewinner hat niemand Punkte auf der Hand — trotzdem speichern?"
    ]


def test_the_api_saves_such_rounds_as_before(client: FlaskClient, make_table: TableMaker) -> None:
    """The rules allow it, so the JSON API takes the round without a question (201)."""
    empty = {"hands": [{"jacks": 0, "others": 0}] * 4, "jack_suit": None}
    table, _token = make_table(rounds=[empty, empty])
    assert rounds_of(client, table) == 2


@pytest.mark.parametrize(
    ("variant", "data", "previous", "expected"),
    [
        (
            "dynamisch",
            {
                "hands": [{"jacks": 0, "others": 0, "holds_named_suit": False}] * 2,
                "jack_suit": None,
            },
            None,
            [Message("Nobody has cards left — save anyway?")],
        ),
        ("deluxe", {"cards": [0, 2]}, {"cards": [0, 2]}, ["Exactly the same as round 1"]),
        ("deluxe", {"cards": [0, 2]}, {"cards": [2, 0]}, []),
        ("terroristen", {"winner": 1}, {"winner": 1}, []),
        ("doppel", {"winner": "A"}, {"winner": "A"}, []),
        ("speedone", {"winner": 0, "points": [0, 0]}, None, ["Nobody but the winner"]),
        ("speedone", {"winner": 0, "points": [0, 7]}, None, []),
    ],
)
def test_each_definition_says_what_is_implausible(
    variant: str, data: dict[str, Any], previous: dict[str, Any] | None, expected: list[Any]
) -> None:
    """Flask-free: the definition's doubts about round 2 after `previous`."""
    players = PLAYERS if variant == "doppel" else PLAYERS[:2]
    options = find_variant(variant).defaults
    found = find_variant(variant).doubts(players, options, data, previous, 2)
    assert len(found) == len(expected)
    for message, wanted in zip(found, expected, strict=True):
        if isinstance(wanted, Message):
            assert message == wanted
        else:
            assert wanted in say(message, "en")


def test_a_round_kept_offline_is_saved_without_asking(
    client: FlaskClient, make_table: TableMaker, become_editor: Claim
) -> None:
    """offline.js sends a kept round later without the number its form expected: nobody is
    there to answer, so the round the rules allow is saved."""
    table, token = make_table()
    become_editor(client, table, token)
    data = {"idempotency_key": "kept-1", **untouched_dynamisch(4)}
    assert client.post(f"/t/{table}/rounds/new", data=data).status_code == 302
    assert rounds_of(client, table) == 1
