"""Input checks shared by the referee's requests, the score keeping, the variant definitions and
the backup import: each failure is an InputError naming field and limit.

Nothing is coerced: `2.5`, `"3"` and `true` are not whole numbers, `1` is not a boolean
(never silently change input).
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.text import InputError
from app.text import Text
from app.text import shown


@dataclass(frozen=True)
class Field:
    """A field of the input: its JSON path and what players call it, in both languages."""

    path: str
    name: Text

    def fail(self, text: Text) -> InputError:
        """An InputError for this field; `text` completes "<name> ...".

        The sentence names the field in words only, as players say it; the path goes to
        the error's `field` (the API answers it, the pages put the sentence at that field).
        """
        return InputError(
            Text(f"{self.name.de} {text.de}", f"{self.name.en} {text.en}"),
            self.path or None,
        )


def whole(value: Any, field: Field, low: int, high: int, why: Text | None = None) -> int:
    """A whole number within [low, high]; `why` explains the upper limit (the deck, ...)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        because = why or Text("", "")
        # One allowed value is said as such: "genau 2", never "von 2 bis 2".
        allowed = (
            Text(f"genau {low}", f"exactly {low}")
            if low == high
            else Text(
                f"eine ganze Zahl von {low} bis {high}", f"a whole number from {low} to {high}"
            )
        )
        raise field.fail(Text(
            f"muss {allowed.de} sein{because.de}; erhalten: {shown(value)}.",
            f"must be {allowed.en}{because.en}; got {shown(value)}.",
        ))
    return value


def whole_at(
    body: Mapping[str, Any], key: str, field: Field, high: int, why: Text | None = None
) -> int:
    """A required count `body[key]` from 0 to `high`."""
    return whole(required(body, key, field), field, 0, high, why)


def flag(value: Any, field: Field) -> bool:
    """A JSON boolean (true/false), nothing else."""
    if not isinstance(value, bool):
        raise field.fail(Text(
            f"muss true oder false sein; erhalten: {shown(value)}.",
            f"must be true or false; got {shown(value)}.",
        ))
    return value


def choice(value: Any, field: Field, allowed: Collection[Any]) -> Any:
    """One of a few fixed values (compared exactly, so `"500"` is not `500`)."""
    if not any(type(value) is type(a) and value == a for a in allowed):
        raise field.fail(Text(
            f"muss {' oder '.join(shown(a) for a in allowed)} sein; erhalten: {shown(value)}.",
            f"must be {' or '.join(shown(a) for a in allowed)}; got {shown(value)}.",
        ))
    return value


def mapping(value: Any, field: Field, allowed: Collection[str] | None) -> Mapping[str, Any]:
    """A JSON object whose keys are all known (an unknown key is a typo, not an option).

    `allowed` None: any key, for callers that say themselves what each key may be.
    """
    if not isinstance(value, Mapping):
        raise field.fail(Text(
            f"muss ein JSON-Objekt sein; erhalten: {shown(value)}.",
            f"must be a JSON object; got {shown(value)}.",
        ))
    for key in value:
        if allowed is not None and key not in allowed:
            listed = ", ".join(sorted(allowed))
            known = Text(listed or "keine", listed or "none")
            path = f"{field.path}.{key}" if field.path else str(key)
            raise InputError(Text(
                f"{field.name.de}: unbekanntes Feld {shown(key)}; bekannte Felder hier: "
                f"{known.de}.",
                f"{field.name.en}: unknown field {shown(key)}; known fields here: {known.en}.",
            ), path)
    return value


def entries(value: Any, field: Field, count: int) -> list[Any]:
    """A JSON list with exactly one entry per seat."""
    if not isinstance(value, list) or len(value) != count:
        if isinstance(value, list):
            got = Text(f"{len(value)} Einträge", f"{len(value)} entries")
        else:
            got = Text(shown(value), shown(value))
        raise InputError(Text(
            f"{field.name.de}: erwartet wird eine Liste mit genau {count} "
            f"Einträgen, einer je Spieler in Sitzreihenfolge; erhalten: {got.de}.",
            f"{field.name.en}: expected a list with exactly {count} entries, one "
            f"per player in seat order; got {got.en}.",
        ), field.path)
    return value


def seat(value: Any, field: Field, players: int) -> int:
    """A seat number of this table (0-based, as in the API)."""
    return whole(value, field, 0, players - 1, Text(
        f" (Plätze werden bei {players} Spielern ab 0 gezählt)",
        f" (seats are numbered from 0 for {players} players)",
    ))


def required(body: Mapping[str, Any], key: str, field: Field) -> Any:
    """A field the body must have."""
    if key not in body:
        raise field.fail(Text("fehlt.", "is missing."))
    return body[key]
