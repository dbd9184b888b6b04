"""House rules: the switches a table may flip where groups really disagree.

Each switch has an ID the referee cites, an option name, a default (the digest's reading)
and the other choices in players' words. Like OpenSpiel's game parameters each variant
declares its own in its folder (its rules' ``house_rules``); a table's choices are read once
into the situation's options (app.engine.options); only the rules consult them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from app.text import Message
from app.variants.discovery import Discovered

Value = bool | str


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One switch: its rule ID, option name, default and the meaning of every choice."""

    rule: str
    option: str
    default: Value
    title: Message
    # Every allowed value with what it means, the default first.
    choices: tuple[tuple[Value, Message], ...]

    @property
    def values(self) -> tuple[Value, ...]:
        """The allowed values, the default first."""
        return tuple(value for value, _ in self.choices)

    def meaning(self, value: Value) -> Message:
        """What ``value`` means at the table."""
        return dict(self.choices)[value]

    def accepts(self, value: Any) -> bool:
        """True for an allowed value (``True`` is not the string "true", nor 1)."""
        return any(type(value) is type(v) and value == v for v in self.values)


def on_off(
    rule: str, option: str, default: bool, title: Message, on: Message, off: Message
) -> HouseRule:
    """A switch that is on or off."""
    first, second = ((True, on), (False, off)) if default else ((False, off), (True, on))
    return HouseRule(rule, option, default, title, (first, second))


# Each variant's switches, from its rules (`app.variants.discovery` finds them on first use).
HOUSE_RULES: Discovered[tuple[HouseRule, ...]] = Discovered(
    lambda variant: variant.rules.house_rules
)


@cache
def option_names() -> tuple[str, ...]:
    """Every variant's option names (two variants may share one, each with its choices)."""
    return tuple(dict.fromkeys(rule.option for rules in HOUSE_RULES.values() for rule in rules))


def defaults(rules: tuple[HouseRule, ...]) -> dict[str, Value]:
    """The option names and default values of these switches."""
    return {rule.option: rule.default for rule in rules}


def differing(rules: tuple[HouseRule, ...], options: Mapping[str, Any]) -> list[HouseRule]:
    """The switches whose value in ``options`` is not the default, in declaration order."""
    return [rule for rule in rules if options.get(rule.option, rule.default) != rule.default]
