"""Conditions on the referee's request body (app.api.referee_schema) where what a question may
hold depends on its house rules: which top cards leave something pending, how many cards a
hand can hold.

Both are read from the variant's rules, asking them about every combination of its switches,
so the document cannot drift from the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Hashable
from itertools import product
from math import prod
from typing import Any

from app.engine.options import Options
from app.engine.registry import Rules


def within(situation: dict[str, Any]) -> dict[str, Any]:
    """A condition on the body's situation."""
    return {"properties": {"situation": situation}}


def both(*conditions: dict[str, Any]) -> dict[str, Any]:
    """Conditions on different fields of the body, all of them."""
    required = [name for condition in conditions for name in condition.get("required", [])]
    properties = {
        name: value
        for condition in conditions
        for name, value in condition.get("properties", {}).items()
    }
    return (
        {"required": required, "properties": properties} if required else {"properties": properties}
    )


def every_options(rules: Rules) -> list[tuple[dict[str, Any], Options]]:
    """Every combination of the variant's switches: as a body names it, as the rules read it."""
    names = [rule.option for rule in rules.house_rules]
    named = [
        dict(zip(names, values, strict=True))
        for values in product(*(rule.values for rule in rules.house_rules))
    ]
    return [(one, Options.of(rules.house_rules, one)) for one in named]


def options_where(rules: Rules, good: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A condition on the body's ``options`` that holds for exactly these combinations of
    ``every_options`` ({} for all, None for none). Each switch must count on its own (the
    combinations are all those of some values of each switch), as the variants' switches do."""
    if not good:
        return None
    allowed = {
        rule.option: [value for value in rule.values if any(g[rule.option] == value for g in good)]
        for rule in rules.house_rules
    }
    if len(good) != prod(len(values) for values in allowed.values()):
        raise ValueError(f"{rules.name}: a condition on two switches together")
    narrowed = [rule for rule in rules.house_rules if len(allowed[rule.option]) < len(rule.values)]
    options: dict[str, Any] = {
        "properties": {rule.option: {"enum": allowed[rule.option]} for rule in narrowed}
    }
    # A switch left out is at its default.
    needed = [rule.option for rule in narrowed if rule.default not in allowed[rule.option]]
    if not narrowed:
        return {}
    if not needed:
        return {"properties": {"options": options}}
    return {"required": ["options"], "properties": {"options": {"required": needed, **options}}}


def by_options(
    rules: Rules, value: Callable[[Options], Hashable]
) -> list[tuple[Any, dict[str, Any]]]:
    """Each value ``value(options)`` takes, with the condition on the options that gives it."""
    values = [(named, value(options)) for named, options in every_options(rules)]
    conditions = []
    for one in dict.fromkeys(found for _named, found in values):
        condition = options_where(rules, [named for named, found in values if found == one])
        assert condition is not None  # some combination gives it
        conditions.append((one, condition))
    return conditions
