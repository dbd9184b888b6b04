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
from app.store.models import ID_LENGTH
from app.variants.base import Variant
from app.variants.registry import MOST_PLAYERS
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
# A group's views and payments (docs/api.md §3); which tables and names exist is the group's
# state, which no document knows.
EVENING = {"type": "string", "format": "date"}
MONTH = {"type": "string", "pattern": "^[0-9]{4}-(0[1-9]|1[0-2])$"}
ID = f"[A-Za-z0-9_-]{{1,{ID_LENGTH}}}"  # the id converter's (app.factory)
TABLE_ID = {"type": "string", "pattern": f"^{ID}$"}
TABLE_IDS = {"type": "string", "pattern": f"^{ID}(,{ID})*$"}
# The shape app.settlement.iban checks first; the country's length and the check digits
# (ISO 13616) are beyond a pattern.
IBAN_TEXT = {"type": "string", "pattern": "^ *[A-Za-z]{2} *[0-9]{2}[A-Za-z0-9 ]{11,}$"}
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
    """A variant's options: only those it knows, each with the values its scoring takes
    (`option_schemas`); a house rule one of its values."""
    scoring = variant.scoring
    known: dict[str, Any] = {
        name: scoring.option_schemas.get(name, {}) for name in scoring.defaults
    }
    known.update({rule.option: {"enum": list(rule.values)} for rule in variant.house_rules})
    return {"type": "object", "properties": known, "additionalProperties": False}


def money_rule(variant: Variant) -> list[dict[str, Any]]:
    """A rate above 0 only where the scoring is played for money (`money_when`), the options it
    needs given unless they are the defaults."""
    scoring = variant.scoring
    if "rate_cents" not in scoring.defaults or scoring.money_when == {}:
        return []
    needs = scoring.money_when or {}
    paid = {"required": ["rate_cents"], "properties": {"rate_cents": {"minimum": 1}}}
    allowed = {
        "properties": {key: {"const": value} for key, value in needs.items()},
        "required": [key for key, value in needs.items() if scoring.defaults.get(key) != value],
    }
    if scoring.money_when is None:
        allowed = {"not": {}}
    return [
        {
            "if": {"required": ["options"], "properties": {"options": paid}},
            "then": {"required": ["options"], "properties": {"options": allowed}},
        }
    ]


def rules(variant: Variant) -> dict[str, Any]:
    """The checks across a new table's options and seats (the scoring's `table_rules`)."""
    found = [*variant.scoring.table_rules, *money_rule(variant)]
    return {"allOf": found} if found else {}


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
                **rules(variant),
            }
            for name, variant in VARIANTS.items()
        ]
    }


def closing(variant: Variant) -> list[dict[str, Any]]:
    """`closed: true` only where the table may be ended by hand: a series any time, an
    open-ended table only with options that keep it open-ended, the others never."""
    scoring = variant.scoring
    if scoring.series_option is not None:
        return []
    if scoring.open_ended_schema is None:
        return [{"properties": {"closed": {"const": False}}}]
    return [
        {
            "if": {"required": ["closed"], "properties": {"closed": {"const": True}}},
            "then": {"properties": {"options": scoring.open_ended_schema}},
        }
    ]


def checks(variant: Variant) -> dict[str, Any]:
    """A changed table's checks: those of a new table, and when it may be closed."""
    found = [*variant.scoring.table_rules, *money_rule(variant), *closing(variant)]
    return {"allOf": found} if found else {}


def table_changes() -> dict[str, Any]:
    """PATCH /tables/{id}: the settings to change. The options are those of one variant (the
    table's; the body does not name it), merged with the table's own and checked with its seats
    and its games played."""
    return {
        "type": "object",
        "description": "The settings to change; the others stay as they are.",
        "properties": {
            "name": TABLE_NAME,
            "players": players(2, MOST_PLAYERS),
            "options": {
                "type": "object",
                "description": "Options of the table's variant, merged with its own; the "
                "result is checked like a new table's (seats, money) and against the games "
                "already played.",
            },
            "closed": {"type": "boolean"},
            "group": {
                "type": ["string", "null"],
                "description": "Into this group (X-Group-Token of it), or null: out of its "
                "group (X-Group-Token of the current group).",
            },
        },
        "additionalProperties": False,
        "anyOf": [
            {
                "title": name,
                "properties": {
                    "players": players(variant.min_players, variant.max_players),
                    "options": options(variant),
                },
                **checks(variant),
            }
            for name, variant in VARIANTS.items()
        ],
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


# A name in a comma-separated list (?players=Anna,Ben): no comma, no blank at either end.
LISTED = f"[^,\\s{REFUSED}]([^,{REFUSED}]{{0,{PLAYER_NAME_LIMIT - 2}}}[^,\\s{REFUSED}])?"


def listed_players(least: int, most: int) -> dict[str, Any]:
    """`least` to `most` names separated by commas (different names: not a pattern's job)."""
    return {"type": "string", "pattern": f"^{LISTED}(,{LISTED}){{{least - 1},{most - 1}}}$"}


def predictions_question(most: int) -> dict[str, Any]:
    """GET …/predictions: the variant (or none: every variant), the players in seating order
    and `partner`; where the variant plays in teams (always, or as partners), exactly 4."""
    partner = {"enum": ["true", "false"]}
    anyone = listed_players(2, most)
    four = listed_players(4, 4)
    shapes: list[dict[str, Any]] = [
        {
            "required": ["players"],
            "properties": {"players": anyone, "partner": partner},
            "not": {"required": ["variant"]},
        }
    ]
    for name, variant in VARIANTS.items():
        shape: dict[str, Any] = {
            "required": ["variant", "players"],
            "properties": {
                "variant": {"const": name},
                "players": four if variant.has_teams({}) else anyone,
                "partner": partner,
            },
        }
        if variant.team_option:
            shape["if"] = {"required": ["partner"], "properties": {"partner": {"const": "true"}}}
            shape["then"] = {"properties": {"players": four}}
        shapes.append(shape)
    return {
        "type": "object",
        "properties": {"variant": {"enum": list(VARIANTS)}, "players": {}, "partner": {}},
        "additionalProperties": False,
        "oneOf": shapes,
    }
