"""Input checks shared by the variants: each failure is an InputError naming field and limit.

Nothing is coerced: `2.5`, `"3"` and `true` are not whole numbers, `1` is not a boolean
(never silently change input).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.scoring.types import InputError


@dataclass(frozen=True)
class Field:
    """A field of the input: its JSON path and what it is called in both languages."""

    path: str
    en: str
    de: str

    def fail(self, en: str, de: str) -> InputError:
        """An InputError for this field; `en`/`de` complete "<name> (<path>) ..."."""
        where = f" ({self.path})" if self.path else ""
        return InputError(self.path or None, f"{self.en}{where} {en}", f"{self.de}{where} {de}")


def shown(value: Any) -> str:
    """The input as the client sent it (JSON), for quoting in a message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def whole(value: Any, field: Field, low: int, high: int, why_en: str = "", why_de: str = "") -> int:
    """A whole number within [low, high]; `why_*` explains the upper limit (the deck, ...)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise field.fail(
            f"must be a whole number from {low} to {high}{why_en}; got {shown(value)}.",
            f"muss eine ganze Zahl von {low} bis {high} sein{why_de}; erhalten: {shown(value)}.",
        )
    return value


def whole_at(
    body: Mapping[str, Any], key: str, field: Field, high: int, why_en: str = "", why_de: str = ""
) -> int:
    """A required count `body[key]` from 0 to `high`."""
    return whole(required(body, key, field), field, 0, high, why_en, why_de)


def flag(value: Any, field: Field) -> bool:
    """A JSON boolean (true/false), nothing else."""
    if not isinstance(value, bool):
        raise field.fail(
            f"must be true or false; got {shown(value)}.",
            f"muss true oder false sein; erhalten: {shown(value)}.",
        )
    return value


def choice(value: Any, field: Field, allowed: Collection[Any]) -> Any:
    """One of a few fixed values (compared exactly, so `"500"` is not `500`)."""
    if not any(type(value) is type(a) and value == a for a in allowed):
        listed = " or ".join(shown(a) for a in allowed)
        gelistet = " oder ".join(shown(a) for a in allowed)
        raise field.fail(
            f"must be {listed}; got {shown(value)}.",
            f"muss {gelistet} sein; erhalten: {shown(value)}.",
        )
    return value


def mapping(value: Any, field: Field, allowed: Collection[str]) -> Mapping[str, Any]:
    """A JSON object whose keys are all known (an unknown key is a typo, not an option)."""
    if not isinstance(value, Mapping):
        raise field.fail(
            f"must be a JSON object; got {shown(value)}.",
            f"muss ein JSON-Objekt sein; erhalten: {shown(value)}.",
        )
    for key in value:
        if key not in allowed:
            known = ", ".join(sorted(allowed)) or "none"
            bekannt = ", ".join(sorted(allowed)) or "keine"
            path = f"{field.path}.{key}" if field.path else str(key)
            raise InputError(
                path,
                f"Unknown field {shown(key)} ({path}); known fields here: {known}.",
                f"Unbekanntes Feld {shown(key)} ({path}); bekannte Felder hier: {bekannt}.",
            )
    return value


def entries(value: Any, field: Field, count: int) -> list[Any]:
    """A JSON list with exactly one entry per seat."""
    if not isinstance(value, list) or len(value) != count:
        got = f"{len(value)} entries" if isinstance(value, list) else shown(value)
        erhalten = f"{len(value)} Einträge" if isinstance(value, list) else shown(value)
        raise InputError(
            field.path,
            f"{field.en} ({field.path}): expected a list with exactly {count} entries, one per "
            f"player in seat order; got {got}.",
            f"{field.de} ({field.path}): erwartet wird eine Liste mit genau {count} Einträgen, "
            f"einer je Spieler in Sitzreihenfolge; erhalten: {erhalten}.",
        )
    return value


def seat(value: Any, field: Field, players: int) -> int:
    """A seat number of this table (0-based, as in the API)."""
    return whole(
        value,
        field,
        0,
        players - 1,
        f" (seats are numbered from 0 for {players} players)",
        f" (Plätze werden bei {players} Spielern ab 0 gezählt)",
    )


def required(body: Mapping[str, Any], key: str, field: Field) -> Any:
    """A field the body must have."""
    if key not in body:
        raise field.fail("is missing.", "fehlt.")
    return body[key]
