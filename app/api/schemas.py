"""The pieces of the OpenAPI document (app.api.openapi): schemas, parameters and answers of the
`/api/v1` endpoints, written by hand from the contract (docs/api.md)."""

from __future__ import annotations

from typing import Any

from app.api.input_schemas import IF_MATCH_TAG
from app.api.input_schemas import IF_MATCH_VERSION
from app.api.input_schemas import new_table
from app.api.input_schemas import table_changes
from app.api.round_schemas import round_bodies
from app.scoring.base import DIRECTIONS
from app.store.rounds import ROUND_LIMIT
from app.variants.registry import VARIANT_IDS

VARIANTS = list(VARIANT_IDS)
JSON = "application/json"
ERROR = {
    "type": "object",
    "required": ["error", "field"],
    "properties": {
        "error": {"type": "string", "description": "One clear sentence."},
        "field": {"type": ["string", "null"], "description": "The path of the bad field."},
    },
}
ROUND = {
    "type": "object",
    "required": ["number", "points"],
    "properties": {
        "number": {"type": "integer", "minimum": 1},
        "id": {"type": "string", "description": "The round's stable id (never reused)."},
        "etag": {
            "type": "string",
            "description": "id.version: changes whenever the round changes (If-Match).",
        },
        "points": {"description": "What each seat (or team) scored in this round."},
        "version": {"type": "integer", "minimum": 1},
        "input": {"type": "object"},
    },
}
TABLE = {
    "type": "object",
    "required": [
        *("id", "variant", "name", "players", "options", "rounds", "totals", "ranking"),
        *("finished", "winner", "next_dealer", "settlement", "teams", "sets"),
    ],
    "properties": {
        "id": {"type": "string"},
        "variant": {"enum": VARIANTS},
        "name": {"type": "string"},
        "players": {"type": "array", "items": {"type": "string"}},
        "options": {"type": "object"},
        "group_id": {"type": ["string", "null"]},
        "version": {"type": "integer"},
        "closed": {
            "type": "boolean",
            "description": "Ended by hand: an open-ended table, or a series ended early.",
        },
        "rounds": {"type": "array", "items": {"$ref": "#/components/schemas/Round"}},
        "totals": {"type": ["array", "object"]},
        "ranking": {"type": "array", "items": {"type": "integer"}},
        "finished": {"type": "boolean"},
        "winner": {"description": "A seat, a list of seats, a team letter, or null."},
        "next_dealer": {"type": ["integer", "null"]},
        "settlement": {"type": ["object", "null"]},
        "teams": {"type": ["object", "null"]},
        "sets": {"type": ["array", "null"]},
        "direction": {
            "enum": ["clockwise", "counterclockwise", None],
            "description": "Where a variant keeps a direction (dyn.twin.reverse): the "
            "direction the next game starts in; null in the other variants.",
        },
    },
}
VERDICT = {
    "type": "object",
    "required": ["legal", "rule", "reason"],
    "properties": {
        "legal": {"type": ["boolean", "null"]},
        "rule": {"type": ["string", "null"]},
        "reason": {"type": "string"},
        "interpretation": {"type": ["string", "null"]},
        "penalty": {"type": ["object", "null"]},
        "effects": {"type": "array", "items": {"type": "object"}},
        "cases": {"type": "array", "items": {"type": "object"}},
    },
}
NEW_TABLE = new_table()
TABLE_CHANGES = table_changes()
DELETED = {
    "type": "object",
    "required": ["id", "deleted", "deleted_at", "restorable_until"],
    "properties": {
        "id": {"type": "string"},
        "deleted": {"const": True},
        "deleted_at": {"type": "string", "format": "date-time"},
        "restorable_until": {"type": "string", "format": "date-time"},
    },
}
DIRECTION = {
    "enum": [*DIRECTIONS, None],
    "description": "Where a variant keeps a direction (dyn.twin.reverse): the direction of "
    "play at the end of the game; omitted = the previous round's.",
}
EXPECTED_NUMBER = {
    "type": "integer",
    "minimum": 1,
    "maximum": ROUND_LIMIT + 1,
    "description": "The number the client believes this round gets (409 otherwise).",
}
VERSION = {"type": "integer", "minimum": 1}
ROUND_BODY = {
    "type": "object",
    "description": "One finished game/round: the body of the table's variant (docs/api.md §2), "
    "one entry per seat of the table.",
    **round_bodies({"expected_number": EXPECTED_NUMBER}, DIRECTION),
}
ROUND_CHANGE = {
    "type": "object",
    "description": "One finished game/round in the place of the one the path names: the body "
    "of the table's variant (docs/api.md §2), no expected_number.",
    **round_bodies({"version": VERSION}, DIRECTION),
}


def error(description: str) -> dict[str, Any]:
    """A response carrying the contract's error object."""
    return {
        "description": description,
        "content": {JSON: {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


def answer(description: str, schema: str) -> dict[str, Any]:
    """A response carrying one of the component schemas."""
    return {
        "description": description,
        "content": {JSON: {"schema": {"$ref": f"#/components/schemas/{schema}"}}},
    }


def body(schema: dict[str, Any]) -> dict[str, Any]:
    """A required JSON request body."""
    return {"required": True, "content": {JSON: {"schema": schema}}}


BAD = error("Bad input: the sentence names the field and the limit.")
TOO_LARGE = error("The request is larger than 1 MB.")
MISSING_TOKEN = error("The X-Edit-Token header is missing.")
WRONG_TOKEN = error("The X-Edit-Token is wrong for this table.")
UNKNOWN = error("There is no such table (or round).")
GONE = error("The table was deleted (restorable for 30 days with POST .../restore).")
TOO_MANY = error("Too many tables created from this address: wait for Retry-After seconds.")
BUSY = error(
    "The database is busy, down or full: try again after Retry-After seconds; nothing was written."
)
REUSED_KEY = error("The Idempotency-Key was used before for a different round; nothing saved.")
TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}
EDIT_TOKEN = {
    "name": "X-Edit-Token",
    "in": "header",
    "required": True,
    "schema": {"type": "string"},
    "description": "The table's secret edit token (missing: 401, wrong: 403).",
}
IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "schema": IF_MATCH_TAG,
    "description": "The round's etag (id.version) as the client saw it: if round number is "
    "no longer exactly that round, 409 with the round there now and nothing changes. "
    "A bare version number is accepted too.",
}
TABLE_IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "schema": IF_MATCH_VERSION,
    "description": "The table's version the client saw (the ETag of GET .../version); "
    "changed since: 409 and nothing is undone or redone.",
}
MOVED = {
    "description": "The table changed since the version in If-Match; nothing happened.",
    "content": {
        JSON: {
            "schema": {
                "allOf": [
                    {"$ref": "#/components/schemas/Error"},
                    {"type": "object", "properties": {"version": {"type": "integer"}}},
                ]
            }
        }
    },
}
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    # 1 to 100 characters (app.store.rounds); visible ASCII, as a header carries it unchanged.
    "schema": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "pattern": "^[!-~]([ -~]*[!-~])?$",
    },
    "description": "A repeated key with the same round adds nothing and answers as the first "
    "time; with a different round it is refused (422).",
}
EDITED = {
    "200": answer("The table after the change.", "Table"),
    "400": BAD,
    "401": MISSING_TOKEN,
    "403": WRONG_TOKEN,
    "404": UNKNOWN,
    "410": GONE,
    "413": TOO_LARGE,
    "503": BUSY,
}
STALE = {
    "description": "Round number is no longer the round the client saw; nothing changed.",
    "content": {
        JSON: {
            "schema": {
                "allOf": [
                    {"$ref": "#/components/schemas/Error"},
                    {
                        "type": "object",
                        "properties": {
                            "current": {
                                "anyOf": [{"$ref": "#/components/schemas/Round"}, {"type": "null"}]
                            }
                        },
                    },
                ]
            }
        }
    },
}
