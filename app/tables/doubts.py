"""A round that looks as if it cannot have happened at the table is asked about once.

The variant's definition says what is implausible (`Variant.doubts`: everybody out, the same
round twice in a row); the form is shown again with the question and a hidden field naming
the very round confirmed, so "save anyway" saves that round and a changed one is asked anew.
Works without JavaScript; the JSON API saves such rounds as before (the rules allow them).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from app.store.models import Table
from app.store.rounds import round_at
from app.tables.round_base import RoundForm
from app.text import InputError
from app.text import say
from app.web.navigation import current_lang


def confirmation(body: Any) -> str:
    """A short fingerprint of the round body the player confirmed."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def doubts_about(table: Table, body: Any, number: int) -> list[str]:
    """The questions about round `number` as entered, in the page's language ([]: plausible,
    or invalid, which the store then names)."""
    definition = table.definition
    try:
        data = definition.round(table.players, table.options, body)
    except InputError:
        return []
    before = round_at(table, number - 1) if number > 1 else None
    previous = before.data if before is not None else None
    found = definition.doubts(table.players, table.options, data, previous, number)
    return [say(message, current_lang()) for message in found]


def needs_asking(table: Table, form: RoundForm, number: int) -> bool:
    """Does this round need the question first? Then the form carries it, to be shown again."""
    body = form.round_body
    form.doubts = doubts_about(table, body, number)
    if not form.doubts or form.confirmed.data == confirmation(body):
        return False
    form.confirmed.data = confirmation(body)
    return True
