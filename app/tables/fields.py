"""Field makers shared by the forms of every variant's folder: whole numbers with our own
sentence for wrong input, and the tap-choice options of a new table."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField
from wtforms import RadioField
from wtforms.fields.core import UnboundField

NOT_A_NUMBER = _l("Please enter a whole number.")
# The number of games or rounds a table plays (docs/api.md §2 allows 1–100).
SERIES = {"inputmode": "numeric", "min": 1, "max": 100}


def count_field(label: Any, **kwargs: Any) -> IntegerField:
    """A whole-number field whose wrong input gets our own sentence."""
    return IntegerField(label, invalid_value_message=NOT_A_NUMBER, **kwargs)


def choice_field(label: Any, choices: list[Any], default: str) -> UnboundField:
    """A tap choice whose unknown value the variant names (validate_choice=False)."""
    return RadioField(label, choices=choices, default=default, validate_choice=False)
