"""A round in words, as the pages and the undo buttons name it: "Spiel 3", "Anna 3, Ben 0"."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from app.store.models import Table
from app.text import InputError
from app.text import say
from app.variants import registry as variants
from app.web.navigation import current_lang


def points_text(table: Table, points: Any, between: str = ", ") -> str:
    """A round's points in words: "Anna 3, Ben 0, Cem 5" (or per team)."""
    if isinstance(points, dict):
        parts = [f"{_('Team %(team)s', team=team)} {value}" for team, value in points.items()]
    else:
        parts = [f"{name} {value}" for name, value in zip(table.players, points, strict=False)]
    return between.join(parts)


def body_points(table: Table, body: dict[str, Any] | None, between: str = ", ") -> str:
    """The points of a stored round body in words ("" if there is none)."""
    if body is None:
        return ""
    try:
        points = variants.round_points_of(table.variant, table.players, table.options, body)
    except (InputError, LookupError, ValueError, TypeError):
        return ""  # a round the rules no longer read (options changed): named by number only
    return points_text(table, points, between)


def round_name(table: Table, number: int, inside: bool = False) -> str:
    """ "Runde 3" / "Spiel 3"; `inside` a sentence lower case in English, not German nouns."""
    return say(table.definition.round_words.number(number, inside), current_lang())
