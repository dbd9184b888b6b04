"""The round bodies of the OpenAPI document: each variant's own (its folder's
`api_schema.ROUND`), with what every body may carry besides (docs/api.md §2)."""

from __future__ import annotations

from typing import Any

from app.variants.registry import VARIANTS
from app.variants.registry import variant_part


def keys_of(schema: dict[str, Any]) -> set[str]:
    """Every property a schema names, in its branches too (for additionalProperties)."""
    found = set(schema.get("properties", {}))
    for branches in ("oneOf", "anyOf", "allOf"):
        for branch in schema.get(branches, []):
            found |= keys_of(branch)
    return found


def lists_of(schema: dict[str, Any]) -> set[str]:
    """The per-seat lists a schema names (array properties), in its branches too."""
    found = {
        key
        for key, value in schema.get("properties", {}).items()
        if isinstance(value, dict) and value.get("type") == "array"
    }
    for branches in ("oneOf", "anyOf", "allOf"):
        for branch in schema.get(branches, []):
            found |= lists_of(branch)
    return found


def seats_agree(own: dict[str, Any], least: int, most: int) -> list[dict[str, Any]]:
    """The seat numbers of a body (`winner`, `next_dealer`) are seats of its lists: one shape
    per number of seats, every list that long, every seat number below it."""
    lists = lists_of(own)
    if not lists:
        return []
    numbered = ["next_dealer"]
    if own.get("properties", {}).get("winner", {}).get("type") == "integer":
        numbered.append("winner")
    return [
        {
            "anyOf": [
                {
                    "properties": {
                        **{key: {"minItems": seats, "maxItems": seats} for key in sorted(lists)},
                        **{key: {"maximum": seats - 1} for key in numbered},
                    }
                }
                for seats in range(least, most + 1)
            ]
        }
    ]


def round_bodies(extra: dict[str, Any], direction: dict[str, Any]) -> dict[str, Any]:
    """anyOf the variants' bodies; each allows `next_dealer` (a seat), the `extra` keys and,
    where the variant keeps a direction of play, `direction`; nothing else."""
    shapes = []
    for name, variant in VARIANTS.items():
        own = variant_part(name, "api_schema").ROUND
        common = {
            "next_dealer": {"type": "integer", "minimum": 0, "maximum": variant.max_players - 1},
            **extra,
        }
        if variant.scoring.keeps_direction:
            common["direction"] = direction
        shapes.append(
            {
                "title": name,
                "allOf": [own, *seats_agree(own, variant.min_players, variant.max_players)],
                "properties": {**{key: {} for key in keys_of(own)}, **common},
                "additionalProperties": False,
            }
        )
    return {"anyOf": shapes}
