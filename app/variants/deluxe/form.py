"""Deluxe's round form: the cards left in each hand (dlx.out)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from app.tables.fields import count_field
from app.tables.round_base import RoundForm


class DeluxeRoundForm(RoundForm):
    """Cards left in each hand (dlx.out)."""

    per_seat = {"cards": count_field(_l("Cards left"), default=0)}

    def body(self) -> dict[str, Any]:
        """cards per seat."""
        return {"cards": [entry.data for entry in self["cards"].entries]}


# The round form app.tables.round_forms takes for this variant's round entry.
ROUND_FORM = DeluxeRoundForm
