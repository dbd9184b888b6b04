"""The variants' rules by id, as python-chess's ``find_variant``: the engine names no variant,
`app.variants.discovery` finds them in their folders."""

from __future__ import annotations

from app.engine.cards import Card
from app.engine.variant import Rules
from app.engine.variant import Ruling
from app.variants.discovery import Discovered
from app.variants.discovery import variant_ids

VARIANTS: Discovered[Rules] = Discovered(lambda variant: variant.rules)
# The referee's player ranges (where players go out, fewer remain: dop.out).
PLAYER_RANGE: Discovered[tuple[int, int]] = Discovered(
    lambda variant: (variant.rules.min_players, variant.rules.max_players)
)


def find_variant(name: str) -> Rules:
    """The rules of the variant with this ID (case-insensitive); ValueError naming the IDs
    otherwise."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in VARIANTS:
        known = ", ".join(variant_ids())
        raise ValueError(f"{name!r} is not a variant: expected one of {known}.")
    return VARIANTS[key]


def deck(variant: str, players: int = 4) -> list[Card]:
    """All cards of a variant's game for ``players`` players, twins included."""
    return find_variant(variant).deck(players)


__all__ = ["PLAYER_RANGE", "VARIANTS", "Rules", "Ruling", "deck", "find_variant", "variant_ids"]
