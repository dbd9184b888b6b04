"""The "Streitfälle": one tap opens a common dispute filled in and answered."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from app.engine import find_variant
from app.variants.registry import VARIANT_IDS

# The answer each dispute must show: its verdict and the rule that decides it.
EXPECTED = {
    ("dynamisch", "jack-on-jack"): ("false", "dyn.jack.match"),
    ("dynamisch", "twin-jack"): ("true", "dyn.jack.match"),
    ("dynamisch", "pass-seven"): ("true", "dyn.pass"),
    ("dynamisch", "eight-on-eight"): ("true", "dyn.pass"),
    ("dynamisch", "jack-on-ace"): ("true", "dyn.ace"),
    ("dynamisch", "last-ace"): ("true", "dyn.serve"),
    ("dynamisch", "last-nine"): ("true", "dyn.serve"),
    ("dynamisch", "wedding"): ("true", "dyn.wedding"),
    ("deluxe", "twins"): ("true", "dlx.pair"),
    ("deluxe", "last-special"): ("false", "dlx.lastcard"),
    ("deluxe", "wisher-jack"): ("false", "dlx.wish.override"),
    ("deluxe", "wish-ends"): ("true", "dlx.wish"),
    ("deluxe", "king-on-king"): ("true", "dlx.king"),
    ("deluxe", "ten-two-players"): ("true", "dlx.serve"),
    ("speedone", "four-on-two"): ("false", "spd.opt.stack4"),
    ("speedone", "two-on-two"): ("true", "spd.opt.stack2"),
    ("speedone", "two-on-two-off"): ("false", "spd.opt.stack2"),
    ("speedone", "reverse-two"): ("true", "spd.serve"),
    ("speedone", "wild-four"): ("true", "spd.serve"),
    ("speedone", "hand-limit"): ("true", "spd.handlimit"),
    ("terroristen", "jack-on-jack"): ("false", "ter.jack"),
    ("terroristen", "nine-previous"): ("true", "ter.serve"),
    ("terroristen", "nine-answer"): ("true", "ter.9"),
    ("terroristen", "seven-on-seven"): ("false", "ter.7"),
    ("terroristen", "eight-on-eight"): ("false", "ter.8"),
    ("terroristen", "same-rank"): ("true", "ter.multi"),
    ("terroristen", "wedding"): ("true", "ter.wedding"),
    ("doppel", "jack-on-jack"): ("false", "dop.jack"),
    ("doppel", "nine-count"): ("true", "dop.serve"),
    ("doppel", "nine-chain"): ("true", "dop.9"),
    ("doppel", "counter-seven"): ("true", "dop.7"),
    ("doppel", "last-eight"): ("true", "dop.serve"),
    ("doppel", "last-seven"): ("false", "dop.lastcard.two"),
    ("maumau", "jack-on-jack"): ("false", "mau.jack"),
    ("maumau", "seven-on-seven"): ("true", "mau.7"),
    ("maumau", "nine-reverse"): ("true", "mau.9"),
    ("maumau", "ace-again"): ("true", "mau.ace"),
    ("maumau", "jack-last"): ("true", "mau.jack"),
}
DISPUTES = [
    (variant, dispute.key) for variant in VARIANT_IDS for dispute in find_variant(variant).disputes
]


def test_every_dispute_has_an_expected_answer() -> None:
    """Each variant declares disputes, and each one is checked below."""
    assert all(find_variant(variant).disputes for variant in VARIANT_IDS)
    assert sorted(DISPUTES) == sorted(EXPECTED)


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
    legal, rule = EXPECTED[(variant, key)]
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
