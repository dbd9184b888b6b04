"""The registry of variants, as python-chess's ``find_variant``."""

from __future__ import annotations

from app.engine.variants.base import Ruling
from app.engine.variants.base import Variant
from app.engine.variants.deluxe import Deluxe
from app.engine.variants.doppel import Doppel
from app.engine.variants.dynamisch import Dynamisch
from app.engine.variants.speedone import Speedone
from app.engine.variants.terroristen import Terroristen

VARIANTS: dict[str, Variant] = {
    variant.name: variant
    for variant in (Dynamisch(), Deluxe(), Speedone(), Terroristen(), Doppel())
}
VARIANT_IDS = ("dynamisch", "deluxe", "speedone", "terroristen", "doppel")
# The referee's player ranges; Doppel allows 2–4 because players go out (dop.out).
PLAYER_RANGE = {name: (variant.min_players, variant.max_players)
                for name, variant in VARIANTS.items()}


def find_variant(name: str) -> Variant:
    """The variant with this ID (case-insensitive); ValueError naming the IDs otherwise."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in VARIANTS:
        raise ValueError(f"{name!r} is not a variant: expected one of {', '.join(VARIANT_IDS)}.")
    return VARIANTS[key]


__all__ = ["PLAYER_RANGE", "VARIANTS", "VARIANT_IDS", "Ruling", "Variant", "find_variant"]
