"""The registry of the variants' rules, as python-chess's ``find_variant``."""

from __future__ import annotations

from app.engine.cards import Card
from app.engine.variant import Rules
from app.engine.variant import Ruling
from app.variants.deluxe.rules import DeluxeRules
from app.variants.doppel.rules import DoppelRules
from app.variants.dynamisch.rules import DynamischRules
from app.variants.speedone.rules import SpeedoneRules
from app.variants.terroristen.rules import TerroristenRules

VARIANTS: dict[str, Rules] = {
    rules.name: rules
    for rules in (
        DynamischRules(),
        DeluxeRules(),
        SpeedoneRules(),
        TerroristenRules(),
        DoppelRules(),
    )
}
VARIANT_IDS = tuple(VARIANTS)
# The referee's player ranges; Doppel allows 2–4 because players go out (dop.out).
PLAYER_RANGE = {name: (rules.min_players, rules.max_players) for name, rules in VARIANTS.items()}


def find_variant(name: str) -> Rules:
    """The rules of the variant with this ID (case-insensitive); ValueError naming the IDs
    otherwise."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in VARIANTS:
        raise ValueError(f"{name!r} is not a variant: expected one of {', '.join(VARIANT_IDS)}.")
    return VARIANTS[key]


def deck(variant: str, players: int = 4) -> list[Card]:
    """All cards of a variant's game for ``players`` players, twins included."""
    return find_variant(variant).deck(players)


__all__ = ["PLAYER_RANGE", "VARIANTS", "VARIANT_IDS", "Rules", "Ruling", "deck", "find_variant"]
