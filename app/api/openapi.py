"""GET /api/v1/openapi.json (docs/api.md): an OpenAPI 3.1 document of every `/api/v1` endpoint.

Written by hand; the suite fuzzes every operation against it to keep it true.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask import jsonify

from app.api import bp
from app.api import ratings_doc
from app.api.group_schemas import GROUP
from app.api.group_schemas import GROUP_TOKEN
from app.api.group_schemas import SETTLEMENT
from app.api.group_schemas import group_paths
from app.api.referee_schema import REFEREE_REQUEST
from app.api.schemas import BAD
from app.api.schemas import BUSY
from app.api.schemas import DELETED
from app.api.schemas import EDIT_TOKEN
from app.api.schemas import EDITED
from app.api.schemas import ERROR
from app.api.schemas import GONE
from app.api.schemas import IDEMPOTENCY_KEY
from app.api.schemas import IF_MATCH
from app.api.schemas import JSON
from app.api.schemas import MOVED
from app.api.schemas import NEW_TABLE
from app.api.schemas import NUMBER
from app.api.schemas import REUSED_KEY
from app.api.schemas import ROUND
from app.api.schemas import ROUND_BODY
from app.api.schemas import ROUND_CHANGE
from app.api.schemas import STALE
from app.api.schemas import TABLE
from app.api.schemas import TABLE_CHANGES
from app.api.schemas import TABLE_ID
from app.api.schemas import TABLE_IF_MATCH
from app.api.schemas import TOO_LARGE
from app.api.schemas import TOO_MANY
from app.api.schemas import UNKNOWN
from app.api.schemas import VERDICT
from app.api.schemas import answer
from app.api.schemas import body


def document() -> dict[str, Any]:
    """The OpenAPI 3.1 document (paths relative to the server `/api/v1`)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Mautisch API",
            "version": "1",
            "description": "Rules referee and score keeping for the Mau-Mau variants.",
        },
        "servers": [{"url": "/api/v1"}],
        "paths": {
            "/referee": {
                "post": {
                    "summary": "Is this play legal here, and what happens next?",
                    "operationId": "referee",
                    "requestBody": body(REFEREE_REQUEST),
                    "responses": {
                        "200": answer("The verdict.", "Verdict"),
                        "400": BAD,
                        "413": TOO_LARGE,
                    },
                }
            },
            "/tables": {
                "post": {
                    "summary": "A new table; the answer carries its secret edit token.",
                    "operationId": "createTable",
                    "requestBody": body(NEW_TABLE),
                    "responses": {
                        "201": {
                            "description": "The table plus its edit_token.",
                            "content": {
                                JSON: {
                                    "schema": {
                                        "allOf": [
                                            {"$ref": "#/components/schemas/Table"},
                                            {
                                                "type": "object",
                                                "required": ["edit_token"],
                                                "properties": {"edit_token": {"type": "string"}},
                                            },
                                        ]
                                    }
                                }
                            },
                        },
                        "400": BAD,
                        "413": TOO_LARGE,
                        "429": TOO_MANY,
                        "503": BUSY,
                    },
                }
            },
            "/tables/{table_id}": {
                "get": {
                    "summary": "The table with everything derived.",
                    "operationId": "getTable",
                    "parameters": [TABLE_ID],
                    "responses": {
                        "200": answer("The table.", "Table"),
                        "404": UNKNOWN,
                        "410": GONE,
                    },
                },
                "patch": {
                    "summary": "Fix name, player names, options, or close/reopen (undoable).",
                    "operationId": "updateTable",
                    "parameters": [TABLE_ID, EDIT_TOKEN, {**GROUP_TOKEN, "required": False}],
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
            "/tables/{table_id}/restore": {
                "post": {
                    "summary": "Bring a deleted table back (within 30 days).",
                    "operationId": "restoreTable",
                    "parameters": [TABLE_ID, EDIT_TOKEN],
                    "responses": EDITED,
                }
            },
            "/tables/{table_id}/version": {
                "get": {
                    "summary": "A cheap poll: the table's version, with an ETag.",
                    "operationId": "getTableVersion",
                    "parameters": [TABLE_ID],
                    "responses": {
                        "200": {
                            "description": "The version.",
                            "content": {
                                JSON: {
                                    "schema": {
                                        "type": "object",
                                        "required": ["version"],
                                        "properties": {"version": {"type": "integer"}},
                                    }
                                }
                            },
                        },
                        "304": {"description": "Unchanged since If-None-Match."},
                        "404": UNKNOWN,
                        "410": GONE,
                    },
                }
            },
            "/tables/{table_id}/rounds": {
                "post": {
                    "summary": "Append one finished game/round.",
                    "operationId": "addRound",
                    "parameters": [TABLE_ID, EDIT_TOKEN, IDEMPOTENCY_KEY],
                    "requestBody": body(ROUND_BODY),
                    "responses": {
                        **EDITED,
                        "200": answer("A repeated Idempotency-Key: the table now.", "Table"),
                        "201": answer("The table after the round.", "Table"),
                        "422": REUSED_KEY,
                        "409": {
                            "description": "The table is finished, or has moved on "
                            "(expected_number: current is the round there now); nothing saved.",
                            "content": {
                                JSON: {
                                    "schema": {
                                        "allOf": [
                                            {"$ref": "#/components/schemas/Error"},
                                            {
                                                "type": "object",
                                                "properties": {
                                                    "current": {
                                                        "anyOf": [
                                                            {"$ref": "#/components/schemas/Round"},
                                                            {"type": "null"},
                                                        ]
                                                    },
                                                    "next_number": {"type": "integer"},
                                                },
                                            },
                                        ]
                                    }
                                }
                            },
                        },
                    },
                }
            },
            "/tables/{table_id}/rounds/{number}": {
                "put": {
                    "summary": "Correct round number (1-based).",
                    "operationId": "editRound",
                    "parameters": [TABLE_ID, NUMBER, EDIT_TOKEN, IF_MATCH],
                    "requestBody": body(ROUND_CHANGE),
                    "responses": {**EDITED, "409": STALE},
                },
                "delete": {
                    "summary": "Remove round number; later rounds move up.",
                    "operationId": "deleteRound",
                    "parameters": [TABLE_ID, NUMBER, EDIT_TOKEN, IF_MATCH],
                    "responses": {**EDITED, "409": STALE},
                },
            },
            "/tables/{table_id}/undo": {
                "post": {
                    "summary": "Revert the newest change (a round, or the settings).",
                    "operationId": "undo",
                    "parameters": [TABLE_ID, EDIT_TOKEN, TABLE_IF_MATCH],
                    "responses": {**EDITED, "409": MOVED},
                }
            },
            "/tables/{table_id}/redo": {
                "post": {
                    "summary": "Re-apply the change undone last (until a new change is made).",
                    "operationId": "redo",
                    "parameters": [TABLE_ID, EDIT_TOKEN, TABLE_IF_MATCH],
                    "responses": {**EDITED, "409": MOVED},
                }
            },
            **group_paths(),
            "/openapi.json": {
                "get": {
                    "summary": "This document.",
                    "operationId": "openapi",
                    "responses": {
                        "200": {
                            "description": "The OpenAPI 3.1 document.",
                            "content": {JSON: {"schema": {"type": "object"}}},
                        }
                    },
                }
            },
            **ratings_doc.PATHS,
        },
        "components": {
            "schemas": {
                "Error": ERROR,
                "Round": ROUND,
                "Table": TABLE,
                "Verdict": VERDICT,
                "Deleted": DELETED,
                "Group": GROUP,
                "Settlement": SETTLEMENT,
                **ratings_doc.SCHEMAS,
            }
        },
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    """The document, cacheable for an hour (it changes only with a new release)."""
    response = jsonify(document())
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response
