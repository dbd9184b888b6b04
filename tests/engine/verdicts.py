"""Helpers of the referee tests: a verdict's effects as docs/api.md JSON, and looking one up."""

from __future__ import annotations

from typing import Any

from app.engine import Verdict


def effects(verdict: Verdict) -> list[dict[str, Any]]:
    """The verdict's effects as docs/api.md JSON objects."""
    return [effect.to_json() for effect in verdict.effects]


def has(verdict: Verdict, type: str, **fields: Any) -> bool:
    """True when an effect of ``type`` carries all ``fields`` (JSON names)."""
    return any(
        e["type"] == type and all(e.get(k) == v for k, v in fields.items())
        for e in effects(verdict)
    )
