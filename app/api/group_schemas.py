"""The OpenAPI pieces of the group endpoints (docs/api.md §3): groups, evenings, the
Kassensturz, paid ticks and IBANs."""

from __future__ import annotations

from typing import Any

from app.api.input_schemas import EVENING
from app.api.input_schemas import IBAN_TEXT
from app.api.input_schemas import MONTH
from app.api.input_schemas import NEW_GROUP
from app.api.input_schemas import PLAYER_NAME
from app.api.input_schemas import TABLE_ID
from app.api.input_schemas import TABLE_IDS
from app.api.schemas import BAD
from app.api.schemas import GONE
from app.api.schemas import TOO_LARGE
from app.api.schemas import TOO_MANY
from app.api.schemas import answer
from app.api.schemas import body
from app.api.schemas import error


def scope_object(kind: str, value: dict[str, Any]) -> dict[str, Any]:
    """`for` of a payment: exactly one of evening, month, tables."""
    return {
        "type": "object",
        "required": [kind],
        "properties": {kind: value},
        "additionalProperties": False,
    }


STRINGS = {"type": "array", "items": {"type": "string"}}
GROUP = {
    "type": "object",
    "required": ["id", "name", "players", "tables", "evenings"],
    "properties": {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "players": STRINGS,
        "tables": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "variant", "name", "finished", "evening"],
                "properties": {
                    "id": {"type": "string"},
                    "variant": {"type": "string"},
                    "name": {"type": "string"},
                    "finished": {"type": "boolean"},
                    "evening": {"type": "string", "format": "date"},
                },
            },
        },
        "evenings": {
            "type": "array",
            "description": "Newest first; a night runs from EVENING_STARTS (06:00) to 06:00.",
            "items": {
                "type": "object",
                "required": ["date", "tables"],
                "properties": {"date": {"type": "string", "format": "date"}, "tables": STRINGS},
            },
        },
        "ibans": {
            "type": "object",
            "description": "The members' IBANs, masked (DE89 •••• •••• 3000).",
            "additionalProperties": {"type": "string"},
        },
    },
}
PAYMENT = {
    "type": "object",
    "required": ["id", "from", "to", "cents", "at", "for"],
    "properties": {
        "id": {"type": "string"},
        "from": {"type": ["string", "null"], "description": "null: out of the pot."},
        "to": {"type": ["string", "null"], "description": "null: into the pot."},
        "cents": {"type": "integer", "minimum": 1},
        "at": {"type": "string", "format": "date-time"},
        "for": {"type": "object"},
    },
}
SETTLEMENT = {
    "type": "object",
    "required": [
        *("tables", "unsettled_tables", "balances", "transfers", "exact", "rounding_cents")
    ],
    "properties": {
        "tables": STRINGS,
        "unsettled_tables": STRINGS,
        "balances": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["player", "cents"],
                "properties": {"player": {"type": "string"}, "cents": {"type": "integer"}},
            },
        },
        "transfers": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "from", "to", "cents", "girocode"],
                "properties": {
                    "id": {"type": "string"},
                    "from": {"type": "string"},
                    "to": {"type": ["string", "null"], "description": "null: into the pot."},
                    "cents": {"type": "integer", "minimum": 1},
                    "girocode": {"type": "boolean"},
                    "iban": {"type": ["string", "null"], "description": "The receiver's, masked."},
                },
            },
        },
        "exact": {"type": "boolean", "description": "The transfers are the fewest possible."},
        "rounding_cents": {"type": "integer"},
        "rounding_carrier": {"type": ["string", "null"]},
        "method": {"enum": ["fewest", "greedy", "kasse", "pot"]},
        "mode": {"enum": ["direct", "kasse", "pot"]},
        "kasse": {"type": ["string", "null"]},
        "round_to": {"enum": [1, 5, 10, 50]},
        "results": {"type": "array", "items": {"type": "object"}},
        "payments": {"type": "array", "items": PAYMENT},
        "settled": {"type": "boolean"},
        "own": {"type": "boolean"},
        "rounding_changes": {"type": "array", "items": {"type": "object"}},
    },
}
SETTLE = {
    "type": "object",
    "required": ["settle"],
    "properties": {
        "settle": {
            "type": "object",
            "required": ["mode"],
            "properties": {
                "mode": {"enum": ["direct", "kasse", "pot"]},
                "kasse": {"type": ["string", "null"]},
            },
            "additionalProperties": False,
            # The kitty holder, a player of the group, is named with the mode "kasse" only.
            "if": {"properties": {"mode": {"const": "kasse"}}},
            "then": {"required": ["kasse"], "properties": {"kasse": PLAYER_NAME}},
            "else": {"properties": {"kasse": {"type": "null"}}},
        }
    },
    "additionalProperties": False,
}
NEW_PAYMENT = {
    "type": "object",
    "required": ["from", "to", "cents", "for"],
    "properties": {
        "from": {"oneOf": [PLAYER_NAME, {"type": "null"}]},
        "to": {"oneOf": [PLAYER_NAME, {"type": "null"}]},
        "cents": {"type": "integer", "minimum": 1, "maximum": 10_000_000},
        "for": {
            "oneOf": [
                scope_object("evening", EVENING),
                scope_object("month", MONTH),
                scope_object(
                    "tables",
                    {"oneOf": [TABLE_IDS, {"type": "array", "minItems": 1, "items": TABLE_ID}]},
                ),
            ]
        },
    },
    "additionalProperties": False,
    # From one side to another: not the pot to the pot (a player to himself: the same name).
    "not": {"properties": {"from": {"type": "null"}, "to": {"type": "null"}}},
}
TICK = {
    "type": "object",
    "required": ["transfer", "paid"],
    "properties": {"transfer": {"type": "string", "minLength": 1}, "paid": {"type": "boolean"}},
    "additionalProperties": False,
}
IBAN = {
    "type": "object",
    "required": ["player", "iban"],
    "properties": {"player": PLAYER_NAME, "iban": {"oneOf": [IBAN_TEXT, {"type": "null"}]}},
    "additionalProperties": False,
}
GROUP_ID = {"name": "group_id", "in": "path", "required": True, "schema": {"type": "string"}}
GROUP_TOKEN = {
    "name": "X-Group-Token",
    "in": "header",
    "required": True,
    "schema": {"type": "string"},
    "description": "The group's secret edit token (missing or wrong: 403).",
}
NO_GROUP = error("There is no such group (or table of it).")
NOT_EDITOR = error("The X-Group-Token is missing or wrong for this group.")


def query(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
    """An optional query parameter."""
    return {
        "name": name,
        "in": "query",
        "required": False,
        "schema": schema,
        "description": description,
    }


# The view is one parameter object (form style, exploded: `?evening=…` on the wire), so
# the document can say "one of evening, month, tables, open" (maxProperties).
VIEW = {
    "name": "view",
    "in": "query",
    "required": False,
    "style": "form",
    "explode": True,
    "schema": {
        "type": "object",
        "properties": {
            "evening": EVENING,
            "month": MONTH,
            "tables": TABLE_IDS,
            "open": {"enum": ["all"]},
        },
        "additionalProperties": False,
        "maxProperties": 1,
    },
    "description": "One of evening=YYYY-MM-DD (default: the newest), month=YYYY-MM, "
    "tables=id1,id2 (the group's), open=all (the running account).",
}
SELECTION = [
    VIEW,
    query("mode", {"enum": ["direct", "kasse", "pot"]}, "Person to person, the Kasse, the pot."),
    query("kasse", PLAYER_NAME, "The Kasse holder (mode=kasse): a player of it."),
    query("round_to", {"enum": ["1", "5", "10", "50"]}, "Round transfers to this many cents."),
]
SETTLED = {
    "200": answer("The Kassensturz.", "Settlement"),
    "400": BAD,
    "404": NO_GROUP,
    "410": GONE,
}
CHANGED = {**SETTLED, "403": NOT_EDITOR, "413": TOO_LARGE}


def group_paths() -> dict[str, Any]:
    """The paths of the group endpoints."""
    return {
        "/groups": {
            "post": {
                "summary": "A new group; the answer carries its secret edit token.",
                "operationId": "createGroup",
                "requestBody": body(NEW_GROUP),
                "responses": {
                    "201": answer("The group plus its edit_token.", "Group"),
                    "400": BAD,
                    "413": TOO_LARGE,
                    "429": TOO_MANY,
                },
            }
        },
        "/groups/{group_id}": {
            "get": {
                "summary": "The group, its tables with their evening, its evenings.",
                "operationId": "getGroup",
                "parameters": [GROUP_ID],
                "responses": {"200": answer("The group.", "Group"), "404": NO_GROUP, "410": GONE},
            },
            "patch": {
                "summary": "How the group settles: direct, through the kitty, or into the pot.",
                "operationId": "changeGroup",
                "parameters": [GROUP_ID, GROUP_TOKEN],
                "requestBody": body(SETTLE),
                "responses": {
                    "200": answer("The group.", "Group"),
                    "400": BAD,
                    "403": NOT_EDITOR,
                    "404": NO_GROUP,
                    "410": GONE,
                    "413": TOO_LARGE,
                },
            },
        },
        "/groups/{group_id}/version": {
            "get": {
                "summary": "The group's push version (ETag; 304 while nothing changed).",
                "operationId": "getGroupVersion",
                "parameters": [GROUP_ID],
                "responses": {
                    "200": {"description": "The version."},
                    "304": {"description": "Unchanged."},
                    "404": NO_GROUP,
                    "410": GONE,
                },
            }
        },
        "/groups/{group_id}/payments": {
            "post": {
                "summary": "Record a payment as it was made.",
                "operationId": "addPayment",
                "parameters": [GROUP_ID, GROUP_TOKEN],
                "requestBody": body(NEW_PAYMENT),
                "responses": {
                    "201": {
                        "description": "The payment.",
                        "content": {"application/json": {"schema": PAYMENT}},
                    },
                    "400": BAD,
                    "403": NOT_EDITOR,
                    "404": NO_GROUP,
                    "410": GONE,
                    "413": TOO_LARGE,
                },
            }
        },
        "/groups/{group_id}/payments/{payment_id}": {
            "delete": {
                "summary": "Delete a payment (it was not made after all).",
                "operationId": "deletePayment",
                "parameters": [
                    GROUP_ID,
                    {
                        "name": "payment_id",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string"},
                    },
                    GROUP_TOKEN,
                ],
                "responses": {
                    "204": {"description": "Deleted."},
                    "403": NOT_EDITOR,
                    "404": NO_GROUP,
                    "410": GONE,
                },
            }
        },
        "/groups/{group_id}/settlement": {
            "get": {
                "summary": "Who pays whom for an evening or a selection of tables.",
                "operationId": "getSettlement",
                "parameters": [GROUP_ID, *SELECTION],
                "responses": SETTLED,
            }
        },
        "/groups/{group_id}/settlement/paid": {
            "post": {
                "summary": "Tick a transfer paid (or not); the query selects as for GET.",
                "operationId": "tickPaid",
                "parameters": [GROUP_ID, GROUP_TOKEN, *SELECTION],
                "requestBody": body(TICK),
                "responses": CHANGED,
            }
        },
        "/groups/{group_id}/settlement/undo": {
            "post": {
                "summary": "Take back the group's newest paid tick.",
                "operationId": "undoPaid",
                "parameters": [GROUP_ID, GROUP_TOKEN, *SELECTION],
                "responses": CHANGED,
            }
        },
        "/groups/{group_id}/ibans": {
            "put": {
                "summary": "Keep (or with null forget) a member's IBAN (checked, shown masked).",
                "operationId": "putIban",
                "parameters": [GROUP_ID, GROUP_TOKEN],
                "requestBody": body(IBAN),
                "responses": {
                    "200": answer("The group.", "Group"),
                    "400": BAD,
                    "403": NOT_EDITOR,
                    "404": NO_GROUP,
                    "410": GONE,
                    "413": TOO_LARGE,
                },
            }
        },
    }
