"""Valid tables and rounds for every variant, shared by the group and export tests."""

from __future__ import annotations

import re
from datetime import UTC
from datetime import datetime
from typing import Any

from flask.testing import FlaskClient

from app.variants.registry import VARIANT_IDS
from tests.variants.examples import examples

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]


def hands(*cards: tuple[int, int]) -> dict[str, Any]:
    """A dynamisch round body from (jacks, others) per seat, no jack at the end."""
    return {"hands": [{"jacks": j, "others": o} for j, o in cards], "jack_suit": None}


# Every variant's finished example table (tests/variants/<id>/examples.py).
SAMPLES: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    variant_id: examples(variant_id).SAMPLE for variant_id in VARIANT_IDS
}


def day(number: int) -> datetime:
    """A Friday evening in 2025 (the number-th day of September)."""
    return datetime(2025, 9, number, 19, 30, tzinfo=UTC)


def error_texts(html: str) -> list[str]:
    """The error sentences of a page: each once, in the summary on top."""
    return re.findall(r'<li class="error">(?:<a [^>]*>)?([^<]*)<', html)


def claim(client: FlaskClient, group_id: str, token: str) -> None:
    """Open a group's edit link with this client (its session keeps the token)."""
    response = client.get(f"/g/{group_id}/edit/{token}")
    assert response.status_code == 302
