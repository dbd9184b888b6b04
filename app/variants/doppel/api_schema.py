"""Doppel's round body in the API's document: the winning team (dop.team)."""

from __future__ import annotations

ROUND = {"type": "object", "required": ["winner"], "properties": {"winner": {"enum": ["A", "B"]}}}
