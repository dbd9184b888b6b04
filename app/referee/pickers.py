"""The card pickers of the referee page, rendered once per variant, deck size and language.

A grid of 32 to 108 tiles is the largest part of the page and the same for every question
of a variant; only the picked cards differ. So the tiles are rendered once, with nothing
picked, and each request marks its picked cards in the cached HTML.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from flask import current_app
from markupsafe import Markup
from markupsafe import escape

from app.referee.cards import grid


@lru_cache(maxsize=256)
def grid_rows(variant: str, players: int, lang: str, name: str, multi: bool) -> str:
    """The tiles of one grid with nothing picked (the ``grid_rows`` macro)."""
    macros = current_app.jinja_env.get_template("referee/_macros.html").module
    return str(macros.grid_rows(name, grid(variant, players, lang), multi))  # type: ignore[attr-defined]


def mark(rows: str, name: str, code: str, copies: int, multi: bool) -> str:
    """Mark one picked card: checked, and for several copies the badge ``×n`` with the
    extra copies as hidden inputs (the form sends each copy without script)."""
    value = f'value="{escape(code)}"'
    pattern = re.compile(re.escape(value) + r'( aria-label="[^"]*"\s+data-copies="\d+")>')
    found = pattern.search(rows)
    if found is None:
        return rows
    rows = rows[: found.end() - 1] + " checked" + rows[found.end() - 1 :]
    if not multi or copies < 2:
        return rows
    badge = '<b class="tile-count" aria-hidden="true"></b>'
    at = rows.find(badge, found.end())
    extras = "".join(
        f'<input type="hidden" name="{escape(name)}" {value} data-extra>' for _ in range(copies - 1)
    )
    return (
        rows[:at]
        + f'<b class="tile-count" aria-hidden="true">×{copies}</b>'
        + extras
        + rows[at + len(badge) :]
    )


def picked_rows(
    variant: str, players: int, lang: str, name: str, selected: list[str], multi: bool
) -> Markup:
    """The cached tiles of a grid with the question's picked cards marked."""
    rows = grid_rows(variant, players, lang, name, multi)
    for code, copies in Counter(selected).items():
        rows = mark(rows, name, code, copies, multi)
    return Markup(rows)  # noqa: S704 - built from the escaped, cached template output
