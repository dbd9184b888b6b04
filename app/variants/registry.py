"""The variants, each one definition: ``find_variant(name)`` in the manner of python-chess
(`app.variants.discovery` finds their folders).

The functions below are the by-ID entry points the store, the API and the forms use.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from app.scoring.types import Standing
from app.text import InputError
from app.text import Message
from app.text import shown
from app.variants.base import RoundWords
from app.variants.base import Variant
from app.variants.discovery import Discovered
from app.variants.discovery import part
from app.variants.discovery import variant_ids

VARIANTS: Discovered[Variant] = Discovered(lambda variant: variant)
VARIANT_IDS = variant_ids()
# Every seat any variant allows (forms render them all, so they work without JavaScript).
MOST_PLAYERS = max(variant.max_players for variant in VARIANTS.values())


def find_variant(name: Any) -> Variant:
    """The variant with this ID, or an InputError (a ValueError) naming the known IDs."""
    if not isinstance(name, str) or name not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise InputError(
            Message(
                "Unknown variant %(name)s; choose one of %(known)s.", name=shown(name), known=known
            ),
            "variant",
        )
    return VARIANTS[name]


def variant_part(name: str, role: str) -> ModuleType:
    """A variant's own module by its role (`blank_sheet`, `sheet`), loaded only where used,
    so the definitions stay free of web and PDF parts."""
    return part(find_variant(name).id, role)


def validate_table(
    variant: Any, name: Any, players: Any, options: Any
) -> tuple[str, list[str], dict[str, Any]]:
    """A new table's name, players and options (defaults filled in), or an InputError."""
    return find_variant(variant).table(name, players, options)


def validate_round(
    variant: str, players: Sequence[str], options: Mapping[str, Any], body: Any
) -> dict[str, Any]:
    """One round body of docs/api.md §2, checked and normalised (defaults filled in)."""
    return find_variant(variant).round(players, options, body)


def round_points_of(
    variant: str, players: Sequence[str], options: Mapping[str, Any], body: Any
) -> Any:
    """What each seat (each team where teams score) scores for one round body, e.g. for a live
    preview."""
    return find_variant(variant).round_points(players, options, body)


def standing(
    variant: str,
    players: Sequence[str],
    options: Mapping[str, Any],
    rounds: Sequence[Mapping[str, Any]],
    closed: bool = False,
    first_dealer: int = 0,
) -> Standing:
    """Totals, ranking, winner, settlement, sets ... after the given normalised rounds (of a
    table ended by hand when `closed`; `first_dealer` dealt the first game)."""
    return find_variant(variant).standing(players, options, rounds, closed, first_dealer)


def finished_after(
    variant: str,
    players: Sequence[str],
    options: Mapping[str, Any],
    rounds: Sequence[Mapping[str, Any]],
    closed: bool = False,
) -> int | None:
    """After how many of the rounds the table was finished (None while running); the store
    refuses a correction that ends a table before its last round."""
    return find_variant(variant).finished_after(players, options, rounds, closed)


__all__ = [
    "MOST_PLAYERS",
    "VARIANTS",
    "VARIANT_IDS",
    "RoundWords",
    "Variant",
    "finished_after",
    "find_variant",
    "round_points_of",
    "standing",
    "validate_round",
    "validate_table",
    "variant_part",
]
