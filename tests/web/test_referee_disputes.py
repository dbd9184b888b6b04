"""The "Streitfälle": one tap opens a common dispute filled in and answered."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from app.engine import find_variant
from app.variants.registry import VARIANT_IDS
from tests.variants.examples import examples

DISPUTES = [
    (variant, dispute.key) for variant in VARIANT_IDS for dispute in find_variant(variant).disputes
]


def test_every_dispute_has_an_expected_answer() -> None:
    """Each variant declares disputes, and each one is checked below."""
    assert all(find_variant(variant).disputes for variant in VARIANT_IDS)
    expected = [
        (variant, key) for variant in VARIANT_IDS for key in examples(variant).DISPUTE_ANSWERS
    ]
    assert sorted(DISPUTES) == sorted(expected)


def dispute_link(client: FlaskClient, variant: str, key: str, query: str = "") -> str:
    """The link the page offers for a dispute."""
    page = client.get(f"/referee?variant={variant}{query}").get_data(as_text=True)
    found = re.search(rf'<a href="([^"]+)" data-dispute="{key}">', page)
    assert found, f"no link for {variant} {key}"
    return html.unescape(found.group(1))


@pytest.mark.parametrize(("variant", "key"), DISPUTES)
def test_dispute_opens_its_question_answered(client: FlaskClient, variant: str, key: str) -> None:
    """One tap: the question is in the URL, the answer is shown with its rule."""
    response = client.get(dispute_link(client, variant, key))
    page = response.get_data(as_text=True)
    legal, rule = examples(variant).DISPUTE_ANSWERS[key]
    assert response.status_code == 200
    assert f'data-legal="{legal}"' in page
    assert re.search(rf'class="rule-link" href="[^"]*#{re.escape(rule)}"', page), rule


def test_jack_on_jack_needs_no_wish(client: FlaskClient) -> None:
    """The most common dispute is answered without asking for the wish (dyn.jack.match)."""
    url = dispute_link(client, "dynamisch", "jack-on-jack")
    assert "wish=" not in url
    page = client.get(url + "&lang=en").get_data(as_text=True)
    assert 'data-legal="false"' in page and "situation.wish" not in page


def test_disputes_keep_the_table(client: FlaskClient) -> None:
    """Players and house rules of the current question stay in the dispute's link."""
    url = dispute_link(client, "terroristen", "seven-on-seven", "&players=6&seven=pass")
    assert "players=6" in url and "seven=pass" in url
    page = client.get(url).get_data(as_text=True)
    assert 'data-legal="true"' in page  # ter.house.seven "pass": a 7 may answer a 7
