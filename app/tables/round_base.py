"""What every round-entry form shares: the table's variant judges the body it builds.

The forms only coerce types, so the pages and the API accept exactly the same rounds.
"""

from __future__ import annotations

from typing import Any

from wtforms import HiddenField
from wtforms.fields.core import UnboundField

from app.store.models import Table
from app.tables.fielderrors import ScoringForm


def seat_or_raw(value: str | None) -> int | str | None:
    """A tapped seat as a number; anything else unchanged, so the scoring module names it."""
    if value is None or value == "":
        return None
    return int(value) if value.isdigit() else value


def chosen(key: str, value: str | None) -> dict[str, int | str]:
    """`{key: seat}` when tapped; nothing otherwise, so the scoring says "missing"."""
    seat = seat_or_raw(value)
    return {} if seat is None else {key: seat}


class RoundForm(ScoringForm):
    """What every round form shares: the round's version (edits) and the next dealer."""

    # Seat-indexed fields, sized to the table by `round_form` (name -> unbound inner field).
    per_seat: dict[str, UnboundField] = {}
    version = HiddenField()
    # A correction or delete names its round's etag: a round changed meanwhile stays.
    if_match = HiddenField()
    # The number this phone expected: another phone's round is shown, not silently followed.
    expected_number = HiddenField()
    next_dealer = (
        HiddenField()
    )  # asked by tap where a variant's form does; others keep what the API stored
    # A key made when shown: a form sent twice (double tap, offline replay) saves one round.
    idempotency_key = HiddenField()
    # The fingerprint of a doubtful round the player was asked about (app/tables/doubts.py).
    confirmed = HiddenField()

    def __init__(self, table: Table, *args: Any, **kwargs: Any) -> None:
        """A form for this table's seats."""
        super().__init__(*args, **kwargs)
        self.table = table
        self.round_body: dict[str, Any] | None = None
        self.doubts: list[str] = []  # the questions asked before this round is saved

    def body(self) -> dict[str, Any]:
        """The round body of docs/api.md §2 as entered (overridden per variant)."""
        raise NotImplementedError

    @staticmethod
    def fresh_data(dealer: int, seats: int) -> dict[str, Any]:
        """Preselections for a new round, given this game's dealer (none by default)."""
        return {}

    @staticmethod
    def form_data(body: dict[str, Any]) -> dict[str, Any]:
        """A stored round body as form data, to prefill the edit form."""
        next_dealer = body.get("next_dealer")
        return {**body, "next_dealer": "" if next_dealer is None else str(next_dealer)}

    def with_dealer(self, body: dict[str, Any]) -> dict[str, Any]:
        """Add the next dealer when one was given (docs/api.md: optional in every body)."""
        return {**body, **chosen("next_dealer", self.next_dealer.data)}

    def validate(self, extra_validators: Any = None) -> bool:
        """Field types only: the variant judges the round once, where it is saved."""
        if not super().validate(extra_validators):
            return False
        self.round_body = self.with_dealer(self.body())
        return True
