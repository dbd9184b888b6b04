"""House rules: the switches a table may flip where groups really disagree.

Each switch has an ID the referee cites, an option name, a default (the digest's reading)
and the other choices in players' words. Like OpenSpiel's game parameters they are read once
into the situation's options; only the rules consult them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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


STACK2 = on_off(
    "spd.opt.stack2",
    "stack2",
    False,
    Message("Draw-two on draw-two"),
    Message("A draw-two may be answered with a draw-two; the next player takes them all."),
    Message("A draw-two is drawn, never stacked."),
)
STACK4 = on_off(
    "spd.opt.stack4",
    "stack4",
    False,
    Message("Wild draw-four on wild draw-four"),
    Message("A wild draw-four may be answered with a wild draw-four."),
    Message("A wild draw-four is drawn, never stacked."),
)
HANDLIMIT = on_off(
    "spd.house.handlimit",
    "handlimit",
    True,
    Message("At most 22 cards in hand"),
    Message("A player holding 22 cards draws no more."),
    Message("No limit: every card drawn is taken."),
)
STRICT_DRAW = on_off(
    "dlx.house.strictdraw",
    "strict_draw",
    False,
    Message("Draw only when nothing fits"),
    Message('You may draw only when no card fits (a wish still allows "will not").'),
    Message("Anyone may draw, even when a card would fit."),
)
SEVEN = HouseRule(
    "ter.house.seven",
    "seven",
    "draw2",
    Message("The seven"),
    (
        ("draw2", Message("The next player draws 2 cards.")),
        ("pass", Message("Seven on seven: pass it on, the next draws 2 more per seven.")),
        ("none", Message("The seven has no effect.")),
    ),
)
MULTI = HouseRule(
    "ter.house.multi",
    "multi",
    "rank",
    Message("Several cards at once"),
    (
        ("rank", Message("All cards of the same rank may be played together.")),
        ("twins", Message("Only identical cards (suit and rank, twins) together.")),
    ),
)
NINE = HouseRule(
    "dop.house.nine",
    "nine",
    "must",
    Message("After a nine"),
    (
        ("must", Message("Who plays a nine must play the cards owed (or draw one for each).")),
        ("may", Message("Who plays a nine may draw instead: all cards still owed at once.")),
    ),
)


# Each variant's switches, from its rules (`app.variants.discovery` finds them on first use).
HOUSE_RULES: Discovered[tuple[HouseRule, ...]] = Discovered(
    lambda variant: variant.rules.house_rules
)


def defaults(rules: tuple[HouseRule, ...]) -> dict[str, Value]:
    """The option names and default values of these switches."""
    return {rule.option: rule.default for rule in rules}


def differing(rules: tuple[HouseRule, ...], options: Mapping[str, Any]) -> list[HouseRule]:
    """The switches whose value in ``options`` is not the default, in declaration order."""
    return [rule for rule in rules if options.get(rule.option, rule.default) != rule.default]
