"""GET /api/v1/openapi.json (docs/api.md): an OpenAPI 3.1 document of every `/api/v1` endpoint.

Written by hand from the contract and kept true by the suite, which fuzzes every operation
against this document and checks each answer's status, media type and body.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask import jsonify

from app.api import bp
from app.scoring.base import DIRECTIONS
from app.text import LANGS
from app.variants import VARIANT_IDS

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
        "closed": {"type": "boolean", "description": "An open-ended table ended by hand."},
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
            "description": "Dynamisches Maumau: the direction the next game starts in "
            "(dyn.twin.reverse); null in the other variants.",
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
REFEREE_REQUEST = {
    "type": "object",
    "required": ["variant", "situation", "action"],
    "properties": {
        "variant": {"enum": VARIANTS},
        "players": {"type": "integer"},
        "options": {"type": "object"},
        "situation": {
            "type": "object",
            "required": ["top"],
            "properties": {
                "top": {"type": "string"},
                "below": {"type": "string"},
                "wish": {"type": "object"},
                "pending": {"type": "object"},
                "hand": {"type": "array", "items": {"type": "string"}},
                "hand_count": {"type": "integer", "minimum": 0},
                "top_was_last": {"type": "boolean"},
            },
        },
        "actor": {"enum": ["on_turn", "other"]},
        "action": {"type": "object"},
        "lang": {"enum": list(LANGS)},
    },
}
NEW_TABLE = {
    "type": "object",
    "required": ["variant", "players"],
    "properties": {
        "variant": {"enum": VARIANTS},
        "name": {"type": "string", "maxLength": 80},
        "players": {"type": "array", "items": {"type": "string"}},
        "options": {"type": "object"},
    },
    "additionalProperties": False,
}
TABLE_CHANGES = {
    "type": "object",
    "description": "The settings to change; the others stay as they are.",
    "properties": {
        "name": {"type": "string", "maxLength": 80},
        "players": {"type": "array", "items": {"type": "string"}},
        "options": {"type": "object"},
        "closed": {"type": "boolean"},
    },
    "additionalProperties": False,
}
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
ROUND_BODY = {
    "type": "object",
    "description": "One finished game/round; its fields depend on the variant (docs/api.md §2).",
    "properties": {
        "next_dealer": {"type": "integer"},
        "direction": {
            "enum": [*DIRECTIONS, None],
            "description": "dynamisch: the direction of play at the end of the game "
            "(dyn.twin.reverse); omitted = the previous round's.",
        },
        "expected_number": {"type": "integer"},
        "version": {"type": "integer", "minimum": 1},
    },
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
BUSY = error("The database is busy: try again after Retry-After seconds; nothing was written.")
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
    "schema": {"type": "string"},
    "description": "The round's etag (id.version) as the client saw it: if round number is "
    "no longer exactly that round, 409 with the round there now and nothing changes. "
    "A bare version number is accepted too.",
}
TABLE_IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "The table's version the client saw (the ETag of GET .../version); "
    "changed since: 409 and nothing is undone or redone.",
}
MOVED = {
    "description": "The table changed since the version in If-Match; nothing happened.",
    "content": {JSON: {"schema": {"allOf": [
        {"$ref": "#/components/schemas/Error"},
        {"type": "object", "properties": {"version": {"type": "integer"}}},
    ]}}},
}
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "A repeated key adds nothing and answers as the first time.",
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
    "content": {JSON: {"schema": {"allOf": [
        {"$ref": "#/components/schemas/Error"},
        {"type": "object", "properties": {"current": {
            "anyOf": [{"$ref": "#/components/schemas/Round"}, {"type": "null"}],
        }}},
    ]}}},
}


def document() -> dict[str, Any]:
    """The OpenAPI 3.1 document (paths relative to the server `/api/v1`)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Mautisch API",
            "version": "1",
            "description": "Rules referee and score keeping for five Mau-Mau variants.",
        },
        "servers": [{"url": "/api/v1"}],
        "paths": {
            "/referee": {"post": {
                "summary": "Is this play legal here, and what happens next?",
                "operationId": "referee",
                "requestBody": body(REFEREE_REQUEST),
                "responses": {
                    "200": answer("The verdict.", "Verdict"),
                    "400": BAD,
                    "413": TOO_LARGE,
                },
            }},
            "/tables": {"post": {
                "summary": "A new table; the answer carries its secret edit token.",
                "operationId": "createTable",
                "requestBody": body(NEW_TABLE),
                "responses": {
                    "201": {
                        "description": "The table plus its edit_token.",
                        "content": {JSON: {"schema": {"allOf": [
                            {"$ref": "#/components/schemas/Table"},
                            {"type": "object", "required": ["edit_token"],
                             "properties": {"edit_token": {"type": "string"}}},
                        ]}}},
                    },
                    "400": BAD,
                    "413": TOO_LARGE,
                    "429": TOO_MANY,
                    "503": BUSY,
                },
            }},
            "/tables/{table_id}": {
                "get": {
                    "summary": "The table with everything derived.",
                    "operationId": "getTable",
                    "parameters": [TABLE_ID],
                    "responses": {
                        "200": answer("The table.", "Table"), "404": UNKNOWN, "410": GONE,
                    },
                },
                "patch": {
                    "summary": "Fix name, player names, options, or close/reopen (undoable).",
                    "operationId": "updateTable",
                    "parameters": [TABLE_ID, EDIT_TOKEN],
                    "requestBody": body(TABLE_CHANGES),
                    "responses": EDITED,
                },
                "delete": {
                    "summary": "Move the table to the recently deleted (restorable 30 days).",
                    "operationId": "deleteTable",
                    "parameters": [TABLE_ID, EDIT_TOKEN],
                    "responses": {**EDITED, "200": answer("Deleted.", "Deleted")},
                },
            },
            "/tables/{table_id}/restore": {"post": {
                "summary": "Bring a deleted table back (within 30 days).",
                "operationId": "restoreTable",
                "parameters": [TABLE_ID, EDIT_TOKEN],
                "responses": EDITED,
            }},
            "/tables/{table_id}/version": {"get": {
                "summary": "A cheap poll: the table's version, with an ETag.",
                "operationId": "getTableVersion",
                "parameters": [TABLE_ID],
                "responses": {
                    "200": {
                        "description": "The version.",
                        "content": {JSON: {"schema": {
                            "type": "object",
                            "required": ["version"],
                            "properties": {"version": {"type": "integer"}},
                        }}},
                    },
                    "304": {"description": "Unchanged since If-None-Match."},
                    "404": UNKNOWN,
                    "410": GONE,
                },
            }},
            "/tables/{table_id}/rounds": {"post": {
                "summary": "Append one finished game/round.",
                "operationId": "addRound",
                "parameters": [TABLE_ID, EDIT_TOKEN, IDEMPOTENCY_KEY],
                "requestBody": body(ROUND_BODY),
                "responses": {
                    **EDITED,
                    "200": answer("A repeated Idempotency-Key: the table now.", "Table"),
                    "201": answer("The table after the round.", "Table"),
                    "409": {
                        "description": "The table is finished, or has moved on "
                        "(expected_number: current is the round there now); nothing saved.",
                        "content": {JSON: {"schema": {"allOf": [
                            {"$ref": "#/components/schemas/Error"},
                            {"type": "object", "properties": {
                                "current": {"anyOf": [{"$ref": "#/components/schemas/Round"},
                                                      {"type": "null"}]},
                                "next_number": {"type": "integer"},
                            }},
                        ]}}},
                    },
                },
            }},
            "/tables/{table_id}/rounds/{number}": {
                "put": {
                    "summary": "Correct round number (1-based).",
                    "operationId": "editRound",
                    "parameters": [TABLE_ID, NUMBER, EDIT_TOKEN, IF_MATCH],
                    "requestBody": body(ROUND_BODY),
                    "responses": {**EDITED, "409": STALE},
                },
                "delete": {
                    "summary": "Remove round number; later rounds move up.",
                    "operationId": "deleteRound",
                    "parameters": [TABLE_ID, NUMBER, EDIT_TOKEN, IF_MATCH],
                    "responses": {**EDITED, "409": STALE},
                },
            },
            "/tables/{table_id}/undo": {"post": {
                "summary": "Revert the newest change (a round, or the settings).",
                "operationId": "undo",
                "parameters": [TABLE_ID, EDIT_TOKEN, TABLE_IF_MATCH],
                "responses": {**EDITED, "409": MOVED},
            }},
            "/tables/{table_id}/redo": {"post": {
                "summary": "Re-apply the change undone last (until a new change is made).",
                "operationId": "redo",
                "parameters": [TABLE_ID, EDIT_TOKEN, TABLE_IF_MATCH],
                "responses": {**EDITED, "409": MOVED},
            }},
            "/openapi.json": {"get": {
                "summary": "This document.",
                "operationId": "openapi",
                "responses": {"200": {
                    "description": "The OpenAPI 3.1 document.",
                    "content": {JSON: {"schema": {"type": "object"}}},
                }},
            }},
        },
        "components": {"schemas": {
            "Error": ERROR, "Round": ROUND, "Table": TABLE, "Verdict": VERDICT,
            "Deleted": DELETED,
        }},
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    """The document, cacheable for an hour (it changes only with a new release)."""
    response = jsonify(document())
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response
