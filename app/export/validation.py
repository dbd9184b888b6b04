"""Checks of a backup file's pieces: the raw bytes, objects with exactly known keys, versions,
numbers, lists, times, and derived values that must match what the rounds give.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any
from typing import TypeVar

from app import inputs
from app.inputs import Field
from app.text import InputError
from app.text import Text
from app.text import shown

T = TypeVar("T")
VERSION = 1  # the backup format version this Mautisch writes and reads
MAX_BYTES = 1024 * 1024  # a group with years of evenings stays far below
NO_LEAD = Text("", "")


class DuplicateKey(ValueError):
    """A key twice in one JSON object: which value was meant is unclear."""


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different."""
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise DuplicateKey(key)
        result[key] = value
    return result


def no_constant(name: str) -> Any:
    """NaN and Infinity are not JSON (Python would accept them)."""
    raise ValueError(f"{name} is not a JSON number")


def load_json(raw: bytes) -> Any:
    """The file's JSON value, or an InputError saying why the file cannot be read."""
    if len(raw) > MAX_BYTES:
        raise InputError(Text(
            f"Die Datei hat {len(raw) // 1024} KB; "
            f"eine Sicherung darf höchstens 1 MB (1024 KB) haben.",
            f"The file has {len(raw) // 1024} KB; a backup may have at most 1 MB (1024 KB).",
        ))
    try:
        return json.loads(
            raw.decode("utf-8-sig"), object_pairs_hook=unique_keys, parse_constant=no_constant
        )
    except UnicodeDecodeError:
        why = Text("ist kein UTF-8-Text", "is not UTF-8 text")
    except DuplicateKey as error:
        why = Text(
            f"nennt den Schlüssel {shown(str(error))} zweimal in einem Objekt",
            f"names the key {shown(str(error))} twice in one object",
        )
    except json.JSONDecodeError as error:
        why = Text(
            f"ist kein gültiges JSON ({error.msg}, Zeile {error.lineno}, Spalte {error.colno})",
            f"is not valid JSON ({error.msg}, line {error.lineno}, column {error.colno})",
        )
    except (ValueError, RecursionError) as error:
        why = Text(f"ist kein gültiges JSON ({error})", f"is not valid JSON ({error})")
    raise InputError(Text(
        f"Die Datei {why.de}: bitte den JSON-Download eines Mautisch-Tischs oder einer Gruppe "
        "wählen.",
        f"The file {why.en}: choose a JSON download of a Mautisch table or group.",
    ))


def object_with(value: Any, prefix: str, keys: Sequence[str]) -> dict[str, Any]:
    """A JSON object with exactly these keys: none unknown (tampering, typos), none missing."""
    where = prefix.rstrip(".")
    field = Field(
        where,
        Text(
            f"Der Eintrag {where}" if where else "Die Sicherung",
            f"The entry {where}" if where else "The backup",
        ),
    )
    found = inputs.mapping(value, field, keys)
    for key in keys:
        inputs.required(
            found, key, Field(prefix + key, Text(f"Das Feld {key!r}", f"The field {key!r}"))
        )
    return dict(found)


def moment(value: Any, path: str) -> datetime:
    """A time as written by the export: ISO 8601 with a time zone."""
    try:
        parsed = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None or parsed.tzinfo is None:
        raise Field(path, Text("Die Zeitangabe", "The time")).fail(Text(
            f'muss Datum und Uhrzeit mit Zone sein, etwa "2025-11-21T20:15:00+00:00"; '
            f"erhalten: {shown(value)}.",
            f'must be a date and time with zone like "2025-11-21T20:15:00+00:00"; '
            f"got {shown(value)}.",
        ))
    return parsed


def canonical(value: Any) -> str:
    """A JSON value as comparable text (so `true` never equals `1`, key order never matters)."""
    return json.dumps(value, sort_keys=True)


@contextmanager
def within(path: str, lead: Text = NO_LEAD) -> Iterator[None]:
    """Put a path (and a lead-in like "Table 2: ") before the field of errors raised inside."""
    try:
        yield
    except InputError as error:
        field = f"{path}.{error.field}" if error.field else path
        text = Text(lead.de + error.text.de, lead.en + error.text.en)
        raise InputError(text, field.strip(".")) from None


def whole(value: Any, path: str, low: int, high: int) -> int:
    """A whole number field of the backup."""
    # A file has no player words: the entry is named by where it sits in the file.
    return inputs.whole(
        value, Field(path, Text(f"Der Eintrag {path}", f"The entry {path}")), low, high
    )


def version_of(data: Any, path: str) -> None:
    """Format version 1; a newer one is named as such (checked before the keys it may add)."""
    if not isinstance(data, dict):
        return  # object_with names the problem
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise InputError(Text(
            f"Diese Sicherung hat Formatversion {version} von einem neueren Mautisch; "
            f"dieses liest Version {VERSION}.",
            f"This backup has format version {version}, written by a newer Mautisch; "
            f"this one reads version {VERSION}.",
        ), path + "version")
    whole(version, path + "version", VERSION, VERSION)


def same(found: Any, computed: Any, path: str, what: Text) -> None:
    """A derived value in the file must be what the rounds come to."""
    if canonical(found) != canonical(computed):
        raise InputError(Text(
            f"{what.de} ({path}): die Datei sagt {shown(found)}, "
            f"ihre Runden ergeben {shown(computed)}; "
            "die Datei wurde von Hand geändert oder ist beschädigt.",
            f"{what.en} ({path}): the file says {shown(found)}, its rounds give {shown(computed)}; "
            "the file was changed by hand or is damaged.",
        ), path)


def each(items: Any, path: str, limit: int, check: Callable[[Any, str, int], T]) -> list[T]:
    """A list of at most `limit` entries, each checked at its path."""
    if not isinstance(items, list) or len(items) > limit:
        raise Field(path, Text("Die Liste", "The list")).fail(Text(
            f"muss eine Liste mit höchstens {limit} Einträgen sein.",
            f"must be a list of at most {limit} entries.",
        ))
    return [check(item, f"{path}[{i}]", i) for i, item in enumerate(items)]
