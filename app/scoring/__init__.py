"""Score keeping of the five variants: pure functions, no Flask, no database (STYLE.md §2).

Pages, API, PDFs and group statistics read a table only through these functions.
Stored rounds are the normalised bodies `validate_round` returns (API.md §2).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from app.scoring import checks
from app.scoring.base import Variant
from app.scoring.base import VariantInfo
from app.scoring.base import players_range
from app.scoring.checks import Field
from app.scoring.deluxe import Deluxe
from app.scoring.doppel import Doppel
from app.scoring.dynamisch import Dynamisch
from app.scoring.settlement import settle
from app.scoring.speedone import Speedone
from app.scoring.terroristen import Terroristen
from app.scoring.types import InputError
from app.scoring.types import Settlement
from app.scoring.types import Standing
from app.scoring.types import Transfer

__all__ = [
    "VARIANTS",
    "InputError",
    "Settlement",
    "Standing",
    "Transfer",
    "VariantInfo",
    "finished_after",
    "round_points_of",
    "settle",
    "standing",
    "validate_round",
    "validate_table",
]

_VARIANTS: dict[str, Variant] = {
    v.info.id: v for v in (Dynamisch(), Deluxe(), Speedone(), Terroristen(), Doppel())
}
VARIANTS: dict[str, VariantInfo] = {key: variant.info for key, variant in _VARIANTS.items()}
NAME_LIMIT = 80  # tables.name
PLAYER_NAME_LIMIT = 40


def variant_of(variant: Any) -> Variant:
    """The variant's score keeping, or an InputError listing the five IDs."""
    if not isinstance(variant, str) or variant not in _VARIANTS:
        known = ", ".join(_VARIANTS)
        raise InputError(
            "variant",
            f"Unknown variant {checks.shown(variant)} (variant); choose one of {known}.",
            f"Unbekannte Variante {checks.shown(variant)} (variant); möglich sind {known}.",
        )
    return _VARIANTS[variant]


def check_characters(text: str, field: Field) -> None:
    """No control characters (NUL, line breaks ...) and no lone surrogates in a name: the
    database and the UTF-8 pages cannot hold them (PostgreSQL refuses NUL, UTF-8 surrogates)."""
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cs")), None)
    if bad is not None:
        raise field.fail(
            f"must not contain control characters or broken Unicode; found U+{ord(bad):04X}.",
            f"darf keine Steuerzeichen oder kaputtes Unicode enthalten; gefunden: "
            f"U+{ord(bad):04X}.",
        )


def validate_name(name: Any) -> str:
    """The table's name: at most 80 characters, outer blanks removed (may be empty)."""
    field = Field("name", "The table name", "Der Tischname")
    if name is None:
        return ""
    if not isinstance(name, str) or len(name.strip()) > NAME_LIMIT:
        raise field.fail(
            f"must be a text of at most {NAME_LIMIT} characters; got {checks.shown(name)}.",
            f"muss ein Text mit höchstens {NAME_LIMIT} Zeichen sein; erhalten: "
            f"{checks.shown(name)}.",
        )
    check_characters(name, field)
    return name.strip()


def validate_players(variant: Variant, players: Any) -> list[str]:
    """Names in seating order: 1–40 characters each, unique ignoring case."""
    if not isinstance(players, list):
        raise InputError(
            "players",
            "The players (players) must be a list of names in seating order; got "
            f"{checks.shown(players)}.",
            "Die Spieler (players) müssen eine Liste von Namen in Sitzreihenfolge sein; "
            f"erhalten: {checks.shown(players)}.",
        )
    players_range(variant, len(players))
    names: list[str] = []
    for seat, name in enumerate(players):
        field = Field(
            f"players[{seat}]", f"The name of player {seat + 1}", f"Der Name von Spieler {seat + 1}"
        )
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= PLAYER_NAME_LIMIT:
            raise field.fail(
                f"must be a text of 1 to {PLAYER_NAME_LIMIT} characters; got {checks.shown(name)}.",
                f"muss ein Text mit 1 bis {PLAYER_NAME_LIMIT} Zeichen sein; erhalten: "
                f"{checks.shown(name)}.",
            )
        check_characters(name, field)
        if name.strip().casefold() in (n.casefold() for n in names):
            raise field.fail(
                f"repeats the name {checks.shown(name.strip())}: every player needs a different "
                "name.",
                f"wiederholt den Namen {checks.shown(name.strip())}: jeder Spieler braucht einen "
                "anderen Namen.",
            )
        names.append(name.strip())
    return names


def validate_table(
    variant: str, name: Any, players: Any, options: Any
) -> tuple[str, list[str], dict[str, Any]]:
    """A new table's name, players and options (defaults filled in), or an InputError."""
    scoring = variant_of(variant)
    names = validate_players(scoring, players)
    return validate_name(name), names, scoring.options(options, len(names))


def validate_round(
    variant: str, players: Sequence[str], options: Mapping[str, Any], body: Any
) -> dict[str, Any]:
    """One round body of API.md §2, checked and normalised (defaults filled in)."""
    return variant_of(variant).round(players, options, body)


def round_points_of(
    variant: str, players: Sequence[str], options: Mapping[str, Any], body: Any
) -> Any:
    """What each seat (doppel: each team) scores for one round body, e.g. for a live preview."""
    scoring = variant_of(variant)
    return scoring.points(len(players), options, scoring.round(players, options, body))


def standing(
    variant: str,
    players: Sequence[str],
    options: Mapping[str, Any],
    rounds: Sequence[Mapping[str, Any]],
) -> Standing:
    """Totals, ranking, winner, settlement, sets ... after the given normalised rounds."""
    return variant_of(variant).evaluate(len(players), options, rounds)[0]


def finished_after(
    variant: str,
    players: Sequence[str],
    options: Mapping[str, Any],
    rounds: Sequence[Mapping[str, Any]],
) -> int | None:
    """After how many of the rounds the table was finished (None while running).

    A correction must not end a table before its last round (rounds after the end would count
    for nothing), so the store refuses edits and deletions where this is less than the count.
    """
    return variant_of(variant).evaluate(len(players), options, rounds)[1]
