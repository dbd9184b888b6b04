"""House rules in the referee's URL: one query parameter per switch of the chosen variant.

On/off switches are ``1``/``0``, others their choice; a default is left out, so older links
such as ``?variant=<id>&stack2=1`` still ask the same question.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.engine.houserules import HOUSE_RULES
from app.engine.houserules import HouseRule
from app.engine.houserules import Value

ON_WORDS = ("1", "true", "on")
OFF_WORDS = ("0", "false", "off")


def house_rules(variant: str) -> tuple[HouseRule, ...]:
    """The switches of a variant (none for a variant that does not exist)."""
    return HOUSE_RULES.get(variant, ())


def query_text(value: Value) -> str:
    """A value as the URL writes it: ``1``/``0`` for on/off, the choice itself otherwise."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return value


def read_value(rule: HouseRule, text: str) -> Value | None:
    """The value a query text stands for, or None when it is none of the switch's choices."""
    word = text.strip().lower()
    if isinstance(rule.default, bool):
        return True if word in ON_WORDS else False if word in OFF_WORDS else None
    return word if rule.accepts(word) else None


def house_query(variant: str, options: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The query pairs of a table's options: its house rules away from their default.

    Other options (``games``, ``rate_cents`` …) and values a switch does not accept stay out.
    """
    return tuple(
        (rule.option, query_text(options[rule.option]))
        for rule in house_rules(variant)
        if rule.option in options
        and rule.accepts(options[rule.option])
        and options[rule.option] != rule.default
    )
