"""The OpenAPI part of the group ratings, a player's record and the win chances (§3)."""

from __future__ import annotations

from typing import Any

from app.api.input_schemas import predictions_question
from app.api.schemas import BAD
from app.api.schemas import answer
from app.api.schemas import error
from app.variants.registry import MOST_PLAYERS
from app.variants.registry import VARIANT_IDS

GROUP_ID = {"name": "group_id", "in": "path", "required": True, "schema": {"type": "string"}}
VARIANT = {
    "name": "variant",
    "in": "query",
    "required": False,
    "schema": {"enum": list(VARIANT_IDS)},
    "description": "A variant ID; without it, every variant together.",
}
NO_GROUP = error("There is no such group.")
GROUP_GONE = error("The group was deleted.")
NULLABLE_TEXT = {"type": ["string", "null"]}

RATING = {
    "type": "object",
    "required": ["player", "rating", "games", "provisional", "uncertainty", "guest"],
    "properties": {
        "player": {"type": "string"},
        "rating": {"type": "integer", "description": "1000 + 20 × (mu − 3 sigma)"},
        "games": {
            "type": "integer",
            "description": "rated results: a game, a set or a finished table, as the variant says",
        },
        "provisional": {"type": "boolean", "description": "fewer than 5 games"},
        "uncertainty": {"type": "integer", "description": "20 × sigma"},
        "guest": {"type": "boolean", "description": "not one of the group's players"},
        "variant": NULLABLE_TEXT,
    },
}
CHANCE = {
    "type": "object",
    "required": ["players", "chance"],
    "properties": {
        "players": {"type": "array", "items": {"type": "string"}},
        "chance": {"type": "number", "minimum": 0, "maximum": 1},
    },
}
COUNTS = {"games": {"type": "integer"}, "won": {"type": "integer"}, "player": {"type": "string"}}

SCHEMAS: dict[str, Any] = {
    "Rating": RATING,
    "Ratings": {
        "type": "object",
        "required": ["ratings"],
        "properties": {
            "variant": NULLABLE_TEXT,
            "ratings": {"type": "array", "items": {"$ref": "#/components/schemas/Rating"}},
        },
    },
    "PlayerRecord": {
        "type": "object",
        "required": ["player", "ratings", "games", "tables", "rivals", "partners", "history"],
        "properties": {
            "player": {"type": "string"},
            "ratings": {"type": "array", "items": {"$ref": "#/components/schemas/Rating"}},
            "games": {"type": "integer"},
            "tables": {"type": "array", "items": {"type": "object"}},
            "rivals": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        **COUNTS,
                        "lost": {"type": "integer"},
                        "cents": {"type": "integer", "description": "positive: received"},
                    },
                },
            },
            "partners": {"type": "array", "items": {"type": "object", "properties": COUNTS}},
            "best_partner": NULLABLE_TEXT,
            "worst_partner": NULLABLE_TEXT,
            "history": {"type": "array", "items": {"type": "object"}},
        },
    },
    "Predictions": {
        "type": "object",
        "required": ["sides", "balanced"],
        "properties": {
            "variant": NULLABLE_TEXT,
            "sides": {"type": "array", "items": CHANCE},
            "balanced": {
                "anyOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "properties": {
                            "seating": {"type": "array", "items": {"type": "string"}},
                            "sides": {"type": "array", "items": CHANCE},
                        },
                    },
                ]
            },
        },
    },
}

PATHS: dict[str, Any] = {
    "/groups/{group_id}/ratings": {
        "get": {
            "summary": "The group's players by rating, best first (provisional under 5 games).",
            "operationId": "getGroupRatings",
            "parameters": [GROUP_ID, VARIANT],
            "responses": {
                "200": answer("The ranking.", "Ratings"),
                "400": BAD,
                "404": NO_GROUP,
                "410": GROUP_GONE,
            },
        }
    },
    "/groups/{group_id}/players/{name}": {
        "get": {
            "summary": "A player's ratings, tables, head-to-head and partners in the group.",
            "operationId": "getPlayerRecord",
            "parameters": [
                GROUP_ID,
                {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}},
            ],
            "responses": {
                "200": answer("The record.", "PlayerRecord"),
                "404": error("No such group, or nobody of this name played in it."),
                "410": GROUP_GONE,
            },
        }
    },
    "/groups/{group_id}/predictions": {
        "get": {
            "summary": "Each player's (or team's) chance to win; with teams the most even split.",
            "operationId": "getPredictions",
            "parameters": [
                GROUP_ID,
                {
                    "name": "question",
                    "in": "query",
                    "required": True,
                    "style": "form",
                    "explode": True,
                    "schema": predictions_question(MOST_PLAYERS),
                    "description": "variant (without it: every variant together); players: 2 "
                    f"to {MOST_PLAYERS} names in seating order, separated by commas (4 where "
                    "teams play); partner=true: partners (seats 1 + 3 against 2 + 4).",
                },
            ],
            "responses": {
                "200": answer("The chances.", "Predictions"),
                "400": BAD,
                "404": NO_GROUP,
                "410": GROUP_GONE,
            },
        }
    },
}
