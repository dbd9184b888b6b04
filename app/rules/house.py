"""The house rules of a variant as its rules page lists them, and where each one is anchored.

The switches, their titles and the meaning of every choice live in ``app.engine.houserules``;
the page shows them in its language and never restates them in the digest.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.houserules import HOUSE_RULES
from app.engine.houserules import HouseRule
from app.rules.digest import digest
from app.text import say


@dataclass(frozen=True)
class HouseChoice:
    """One choice of a switch: what it means at the table, and whether it is the default."""

    meaning: str
    default: bool


@dataclass(frozen=True)
class HouseEntry:
    """One switch: its rule ID, title and choices (the default first).

    ``anchored`` is False for a switch that is also a rule of the digest (`spd.opt.stack2`):
    the rule's own block carries the anchor, and an ID may stand on a page only once.
    """

    rule: str
    title: str
    choices: tuple[HouseChoice, ...]
    anchored: bool


def house_rule_variant(rule_id: str) -> str | None:
    """The variant whose switch has this rule ID (`ter.house.seven` -> its variant), or None."""
    for variant, rules in HOUSE_RULES.items():
        if any(rule.rule == rule_id for rule in rules):
            return variant
    return None


def house_entry(rule: HouseRule, lang: str) -> HouseEntry:
    """A switch in the page language."""
    choices = tuple(
        HouseChoice(say(meaning, lang), value == rule.default) for value, meaning in rule.choices
    )
    anchored = digest(lang).rule(rule.rule) is None
    return HouseEntry(rule.rule, say(rule.title, lang), choices, anchored)


def house_entries(variant_id: str, lang: str) -> list[HouseEntry]:
    """The switches of a variant, in the order the variant declares them."""
    return [house_entry(rule, lang) for rule in HOUSE_RULES.get(variant_id, ())]
