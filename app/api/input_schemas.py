"""The OpenAPI document's request schemas as strict as the input checks: names, seats per
variant, group sizes. A request valid by the document passes these checks (docs/api.md).

The limits come from the checks themselves (app.scoring.names, app.groups.validate, each
variant's seats), so the document cannot drift from them.
"""

from __future__ import annotations

from typing import Any

from app.api.tables import ETAG
from app.api.tables import VERSION_DIGITS
from app.groups.validate import MAX_PLAYERS as GROUP_MOST
from app.groups.validate import MIN_PLAYERS as GROUP_LEAST
from app.scoring.names import NAME_LIMIT
from app.scoring.names import PLAYER_NAME_LIMIT
from app.scoring.names import refused_ranges
from app.variants.base import Variant
from app.variants.registry import VARIANTS


def code(point: int) -> str:
    """A code point as the pattern writes it: an escape in the first plane, else itself."""
    return f"\\u{point:04x}" if point < 0x10000 else chr(point)


# No control characters, lone surrogates or invisible format characters: what
# app.scoring.names.check_characters refuses, range by range.
REFUSED = "".join(
    code(first) if first == last else f"{code(first)}-{code(last)}"
    for first, last in refused_ranges()
)
PLAIN = f"[^{REFUSED}]"
PLAIN_TEXT = f"^{PLAIN}*$"
# ... and at least one character that is not blank, since names are stripped first.
FILLED_TEXT = f"^{PLAIN}*[^\\s{REFUSED}]{PLAIN}*$"


def text(least: int, most: int) -> dict[str, Any]:
    """A name of `least` to `most` characters, none of them refused (see REFUSED)."""
    return {
        "type": "string",
        "minLength": least,
        "maxLength": most,
        "pattern": FILLED_TEXT if least else PLAIN_TEXT,
    }


PLAYER_NAME = text(1, PLAYER_NAME_LIMIT)
TABLE_NAME = text(0, NAME_LIMIT)
GROUP_NAME = text(1, NAME_LIMIT)


def players(least: int, most: int) -> dict[str, Any]:
    """`least` to `most` different player names in seating order (compared ignoring case)."""
    return {
        "type": "array",
        "items": PLAYER_NAME,
        "minItems": least,
        "maxItems": most,
        "uniqueItems": True,
    }


def options(variant: Variant) -> dict[str, Any]:
    """A variant's options: only those it knows; a house rule one of its values (the scoring's
    own options are checked together, so their values are not spelled out here)."""
    known: dict[str, Any] = {name: {} for name in variant.scoring.defaults}
    known.update({rule.option: {"enum": list(rule.values)} for rule in variant.house_rules})
    return {"type": "object", "properties": known, "additionalProperties": False}


def new_table() -> dict[str, Any]:
    """POST /tables: one shape per variant, with that variant's seats."""
    return {
        "oneOf": [
            {
                "type": "object",
                "required": ["variant", "players"],
                "properties": {
                    "variant": {"const": name},
                    "name": TABLE_NAME,
                    "players": players(variant.min_players, variant.max_players),
                    "options": options(variant),
                },
                "additionalProperties": False,
            }
            for name, variant in VARIANTS.items()
        ]
    }


NEW_GROUP = {
    "type": "object",
    "required": ["name", "players"],
    "properties": {"name": GROUP_NAME, "players": players(GROUP_LEAST, GROUP_MOST)},
    "additionalProperties": False,
}


# If-Match: `*`, a round's etag or a bare version, quoted or not, weak or not
# (app.api.tables.if_match_tag); undo and redo take the table's version only.
VERSION = f"[0-9]{{1,{VERSION_DIGITS}}}"


def if_match(tag: str) -> dict[str, Any]:
    """An If-Match header naming `tag` (a regular expression)."""
    return {"type": "string", "pattern": f'^(\\*|(W/)?"?({tag})"?)$'}


IF_MATCH_TAG = if_match(f"{VERSION}|{ETAG.pattern}")
IF_MATCH_VERSION = if_match(VERSION)
