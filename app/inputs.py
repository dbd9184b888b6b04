"""Shared input checks: each failure is an InputError naming field and limit.

Nothing is coerced (`2.5`, `"3"`, `true` are not whole numbers): never change input silently.
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.text import InContext
from app.text import InputError
from app.text import Message
from app.text import either
from app.text import shown


@dataclass(frozen=True)
class Field:
    """A field of the input: its JSON path and what players call it (a message)."""

    path: str
    name: Message

    def fail(self, text: Message) -> InputError:
        """An InputError for this field; `text` completes "<name> ..." (the path: `field`)."""
        return InputError(
            Message("%(name)s %(text)s", name=self.name, text=text), self.path or None
        )


def whole(value: Any, field: Field, low: int, high: int, why: Message | None = None) -> int:
    """A whole number within [low, high]; `why` explains the upper limit (the deck, ...).

    JSON knows one number type: 8.0 is the whole number 8 (as JSON Schema's "integer" says)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        because = why or ""
        # One allowed value is said as such: "genau 2", never "von 2 bis 2".
        allowed = (
            Message("exactly %(low)s", low=low)
            if low == high
            else Message("a whole number from %(low)s to %(high)s", low=low, high=high)
        )
        raise field.fail(
            Message(
                "must be %(allowed)s%(because)s; got %(value)s.",
                allowed=allowed,
                because=because,
                value=shown(value),
            )
        )
    return value


def whole_at(
    body: Mapping[str, Any], key: str, field: Field, high: int, why: Message | None = None
) -> int:
    """A required count `body[key]` from 0 to `high`."""
    return whole(required(body, key, field), field, 0, high, why)


def flag(value: Any, field: Field) -> bool:
    """A JSON boolean (true/false), nothing else."""
    if not isinstance(value, bool):
        raise field.fail(Message("must be true or false; got %(value)s.", value=shown(value)))
    return value


def choice(value: Any, field: Field, allowed: Collection[Any]) -> Any:
    """One of a few fixed values (compared exactly, so `"500"` is not `500`; 500.0 is)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not any(type(value) is type(a) and value == a for a in allowed):
        raise field.fail(
            Message(
                "must be %(allowed)s; got %(value)s.",
                allowed=either([shown(a) for a in allowed]),
                value=shown(value),
            )
        )
    return value


def mapping(value: Any, field: Field, allowed: Collection[str] | None) -> Mapping[str, Any]:
    """A JSON object whose keys are all known (a typo, not an option); `allowed` None: any."""
    if not isinstance(value, Mapping):
        raise field.fail(Message("must be a JSON object; got %(value)s.", value=shown(value)))
    for key in value:
        if allowed is not None and key not in allowed:
            listed = ", ".join(sorted(allowed))
            known = listed or InContext("no fields", "none")
            path = f"{field.path}.{key}" if field.path else str(key)
            raise InputError(
                Message(
                    "%(name)s: unknown field %(key)s; known fields here: %(known)s.",
                    name=field.name,
                    key=shown(key),
                    known=known,
                ),
                path,
            )
    return value


def entries(value: Any, field: Field, count: int) -> list[Any]:
    """A JSON list with exactly one entry per seat."""
    if not isinstance(value, list) or len(value) != count:
        got: Message | str
        if isinstance(value, list):
            got = Message("%(count)s entries", count=len(value))
        else:
            got = shown(value)
        raise InputError(
            Message(
                "%(name)s: expected a list with exactly %(count)s entries, one per player in seat "
                "order; got %(got)s.",
                name=field.name,
                count=count,
                got=got,
            ),
            field.path,
        )
    return value


def seat(value: Any, field: Field, players: int) -> int:
    """A seat number of this table (0-based, as in the API)."""
    return whole(
        value,
        field,
        0,
        players - 1,
        Message(" (seats are numbered from 0 for %(players)s players)", players=players),
    )


def required(body: Mapping[str, Any], key: str, field: Field) -> Any:
    """A field the body must have."""
    if key not in body:
        raise field.fail(Message("is missing."))
    return body[key]
