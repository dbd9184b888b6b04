"""Helpers of the whole-game tests: house rules varied with the seed."""

from __future__ import annotations

from app.engine import find_variant
from app.engine.options import Options


def options_for(variant: str, seed: int) -> Options:
    """The variant's house rules, varied with the seed: every switch takes every value."""
    chosen: dict[str, bool | str] = {}
    for rule in find_variant(variant).house_rules:
        chosen[rule.option] = rule.values[seed % len(rule.values)]
        seed //= len(rule.values)
    return Options.of(find_variant(variant).house_rules, chosen)
