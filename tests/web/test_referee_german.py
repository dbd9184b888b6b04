"""The referee answers German players in German throughout, page and API alike.

Walks a broad set of questions with ``Accept-Language: de`` and no ``lang``: every dispute of
every variant, every question of tests/data/referee-examples.json and referee-page-cases.json
(as asked, with the wish and the number of players left out, and with every card of the deck
played instead), the corner cases of the rules digest, and the "what can I play?" lists. An
English function word in an answer ("Then der nächste Spieler is on turn.") fails the walk.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from flask.testing import FlaskClient

from app.engine import Action
from app.engine import Situation
from app.engine import deck
from app.engine import find_variant
from app.variants.registry import VARIANT_IDS
from tests.test_german_only import GERMAN
from tests.test_german_only import english_words
from tests.test_german_only import page_text
from tests.test_german_only import sentences
from tests.test_german_only import situation_json
from tests.web.test_referee_page import page_query

DATA = Path(__file__).parents[1] / "data"
QUESTIONS = list(
    {
        json.dumps(example["request"], sort_keys=True): example["request"]
        for name in ("referee-examples.json", "referee-page-cases.json")
        for example in json.loads((DATA / name).read_text(encoding="utf-8"))
    }.values()
)


def body_of(notation: str, action_text: str) -> dict[str, Any]:
    """A request body (docs/api.md §1, no ``lang``) for a one-line situation and action."""
    variant, rest = notation.split(" ", 1)
    action, situation = Action.parse(action_text), Situation.parse(notation)
    play: dict[str, Any] = {"play": [str(card) for card in action.play]}
    if action.wish is not None:
        wish = action.wish
        play["wish"] = {"suit": wish.suit} if wish.suit else {"rank": wish.rank}
    return {
        "variant": variant,
        "players": situation.players,
        "options": situation.options.changed(),
        "actor": "on_turn" if situation.on_turn else "other",
        "situation": situation_json(variant, rest),
        "action": {"draw": True} if action.draw else play,
    }


# The corners: twins, a wish or a hand left open, a card of the wish with a new wish.
CORNERS = [
    body_of(notation, action)
    for notation, action in (
        ("dynamisch top=HK", "HK"),
        ("dynamisch top=H9 players=2", "H9"),
        ("dynamisch top=HA again=1", "HA"),
        ("dynamisch top=HA again=1", "draw"),
        ("deluxe top=H7 options=strict_draw", "draw"),
        ("deluxe top=HA again=1", "draw"),
        ("terroristen top=HA again=1", "draw"),
        ("doppel top=H9 again=2", "draw"),
        ("deluxe top=CQ wish=H", "HQ wish=S"),
        ("dynamisch top=HJ", "H7"),
        ("dynamisch top=HJ below=S8", "C7"),
    )
]
DISPUTES = [
    (variant, dispute) for variant in VARIANT_IDS for dispute in find_variant(variant).disputes
]


def german(body: dict[str, Any]) -> dict[str, Any]:
    """The request without ``lang``: the API's default language is German."""
    asked = copy.deepcopy(body)
    asked.pop("lang", None)
    return asked


def left_out(body: dict[str, Any]) -> dict[str, Any]:
    """The request with the wish and the number of players left out (a partial answer)."""
    asked = german(body)
    asked.pop("players", None)
    asked["situation"].pop("wish", None)
    return asked


def every_card(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The request once per card of the variant's deck, and once drawing."""
    codes = sorted({str(card) for card in deck(body["variant"])})
    asked = []
    for code in [*codes, "draw"]:
        one = german(body)
        one["action"] = {"draw": True} if code == "draw" else {"play": [code]}
        asked.append(one)
    return asked


def api_english(client: FlaskClient, body: dict[str, Any]) -> list[str]:
    """The English words in every sentence of the API's answer (or error)."""
    response = client.post("/api/v1/referee", json=body, headers=GERMAN)
    texts = sentences(response.get_json())
    assert texts, body
    return english_words(" ".join(texts))


def page_english(client: FlaskClient, query: dict[str, str]) -> list[str]:
    """The English words on the referee page for a query (no ``lang``: the header decides)."""
    asked = {name: value for name, value in query.items() if name != "lang"}
    response = client.get("/referee?" + urlencode(asked), headers=GERMAN)
    assert response.status_code in (200, 400)
    return english_words(page_text(response.get_data(as_text=True)))


def test_the_walk_catches_english() -> None:
    """The check is on: the sentence that leaked before, and the brief's function words."""
    assert english_words("Then der nächste Spieler is on turn.") == ["Then", "is", "on", "turn"]
    assert english_words("the card may not serve; a player must") == [
        "card",
        "may",
        "must",
        "not",
        "player",
        "serve",
        "the",
    ]
    assert english_words("Dann ist der nächste Spieler dran (dyn.serve).") == []


@pytest.mark.parametrize(
    "body", QUESTIONS + CORNERS, ids=[f"q{i}" for i in range(len(QUESTIONS) + len(CORNERS))]
)
def test_questions_are_german_in_the_api(client: FlaskClient, body: dict[str, Any]) -> None:
    """Each question as asked, with the wish and players left out, and with every card."""
    for asked in (german(body), left_out(body), *every_card(body)):
        assert api_english(client, asked) == [], asked


@pytest.mark.parametrize(
    "body", QUESTIONS + CORNERS, ids=[f"q{i}" for i in range(len(QUESTIONS) + len(CORNERS))]
)
def test_questions_are_german_on_the_page(client: FlaskClient, body: dict[str, Any]) -> None:
    """Each question on the page: answered, with the wish left out, and its play list."""
    query = page_query(german(body))
    without_wish = {name: value for name, value in query.items() if name != "wish"}
    for asked in (query, without_wish, {**query, "ask": "list"}):
        assert page_english(client, asked) == [], asked


@pytest.mark.parametrize(
    ("variant", "dispute"), DISPUTES, ids=[f"{v}-{d.key}" for v, d in DISPUTES]
)
def test_disputes_are_german_on_the_page_and_in_the_api(
    client: FlaskClient, variant: str, dispute: Any
) -> None:
    """A dispute asked through the API and opened on the page by its one-tap link."""
    body = body_of(f"{variant} {dispute.situation}", dispute.action)
    assert api_english(client, body) == []
    page = client.get(f"/referee?variant={variant}", headers=GERMAN).get_data(as_text=True)
    marker = f'data-dispute="{dispute.key}"'
    link = page.split(marker)[0].rsplit('href="', 1)[1].split('"')[0].replace("&amp;", "&")
    response = client.get(link, headers=GERMAN)
    assert response.status_code == 200
    assert english_words(page_text(response.get_data(as_text=True))) == []
