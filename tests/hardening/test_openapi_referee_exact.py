"""Referee questions valid by GET /api/v1/openapi.json are answered: schemathesis' own "positive
data acceptance" check on POST /api/v1/referee (docs/api.md §1).

A question is the question of one variant: the document's oneOf, one shape per variant, titled
by its id. Each variant is fuzzed on its own shape (the document with the referee's body
narrowed to it): fuzzing them together, a variant gets questions by the number of its branches,
and one with few got a handful. The answer must be a 200 (the check itself lets a 5xx pass).

What the document says in words because JSON Schema cannot count cards or compare lists is
written by hand: here, that a played card is in a given hand and that hand_count agrees with the
hand and covers the cards played; in each variant's test examples, how many copies of a card
its decks hold (`deck_copies`) and what else it says in words (`referee_beyond_the_document`).
A question that breaks one is not valid by the document.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance

from app.factory import create_app
from app.variants.registry import VARIANT_IDS
from tests.variants.examples import examples

REFEREE_APP = create_app(
    {"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "test"}
)
DOCUMENT = REFEREE_APP.test_client().get("/api/v1/openapi.json").json
USUAL_PLAYERS = 4  # what the referee takes when a question names none (docs/api.md §1)


def narrowed(variant: str) -> Any:
    """POST /referee of the document with the body narrowed to one variant's shape."""
    document = copy.deepcopy(DOCUMENT)
    paths = {"/referee": document["paths"]["/referee"]}
    body = paths["/referee"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    body["oneOf"] = [shape for shape in body["oneOf"] if shape["title"] == variant]
    assert len(body["oneOf"]) == 1, variant
    loaded = schemathesis.openapi.from_dict({**document, "paths": paths})
    loaded.app = REFEREE_APP
    return loaded["/referee"]["POST"]


OPERATIONS = {variant: narrowed(variant) for variant in VARIANT_IDS}


def said_in_words(body: dict[str, Any]) -> bool:
    """The document's words for every variant: a played card is in a given hand (as often as
    it is played), and hand_count is a given hand's size and at least the cards played."""
    situation, action = body["situation"], body["action"]
    hand, count = situation.get("hand"), situation.get("hand_count")
    played = action.get("play") or []
    if hand is not None and Counter(played) - Counter(hand):
        return True
    if count is None:
        return False
    return (hand is not None and len(hand) != count) or count < len(played)


def more_than_the_decks(body: dict[str, Any]) -> bool:
    """A hand and the discard pile name a card more often than the variant's decks hold it
    (each variant's `deck_copies`, for the players asked about, else the usual number)."""
    situation = body["situation"]
    named = Counter([*(situation.get("hand") or []), situation["top"], situation.get("below")])
    players = int(body.get("players", USUAL_PLAYERS))
    own = examples(body["variant"])
    return any(
        count > own.deck_copies(code, players) for code, count in named.items() if code is not None
    )


@pytest.mark.parametrize("variant", VARIANT_IDS)
@given(data=st.data())
@settings(
    max_examples=200, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)
def test_referee_questions_valid_by_the_document_are_answered(variant: str, data: Any) -> None:
    """positive_data_acceptance for POST /referee: every question the document allows is
    answered (200), in every variant."""
    case = data.draw(OPERATIONS[variant].as_strategy())
    assume(not said_in_words(case.body) and not more_than_the_decks(case.body))
    beyond = getattr(examples(variant), "referee_beyond_the_document", None)
    assume(beyond is None or not beyond(case.body))
    response = case.call(headers={"Accept-Encoding": "identity"})
    case.validate_response(response, checks=[positive_data_acceptance])
    assert response.status_code == 200, (case.body, response.text)
