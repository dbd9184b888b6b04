"""JSON Schema pieces of round bodies, shared by the variants' `api_schema.py` (docs/api.md
§2): a count, and one entry per seat.

The document cannot know a table's seats; each piece allows the variant's seat range and the
API answers 400 when the count differs from the table's.
"""

from __future__ import annotations

from typing import Any

WHOLE = "integer"


def count(most: int) -> dict[str, Any]:
    """A whole number from 0 to `most`."""
    return {"type": WHOLE, "minimum": 0, "maximum": most}


def per_seat(item: dict[str, Any], least: int, most: int) -> dict[str, Any]:
    """One entry per seat, in seat order."""
    return {"type": "array", "items": item, "minItems": least, "maxItems": most}
