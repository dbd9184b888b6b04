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

from app.scoring import checks
from app.scoring.checks import Field
from app.scoring.checks import mapping
from app.scoring.checks import shown
from app.scoring.types import InputError

T = TypeVar("T")
VERSION = 1  # the backup format version this Mautisch writes and reads
MAX_BYTES = 1024 * 1024  # a group with years of evenings stays far below


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
        raise InputError(
            None,
            f"The file has {len(raw) // 1024} KB; a backup may have at most 1 MB (1024 KB).",
            f"Die Datei hat {len(raw) // 1024} KB; "
            f"eine Sicherung darf höchstens 1 MB (1024 KB) haben.",
        )
    try:
        return json.loads(
            raw.decode("utf-8-sig"), object_pairs_hook=unique_keys, parse_constant=no_constant
        )
    except UnicodeDecodeError:
        en, de = "is not UTF-8 text", "ist kein UTF-8-Text"
    except DuplicateKey as error:
        en, de = (
            f"names the key {shown(str(error))} twice in one object",
            f"nennt den Schlüssel {shown(str(error))} zweimal in einem Objekt",
        )
    except json.JSONDecodeError as error:
        en = f"is not valid JSON ({error.msg}, line {error.lineno}, column {error.colno})"
        de = f"ist kein gültiges JSON ({error.msg}, Zeile {error.lineno}, Spalte {error.colno})"
    except (ValueError, RecursionError) as error:
        en, de = f"is not valid JSON ({error})", f"ist kein gültiges JSON ({error})"
    raise InputError(
        None,
        f"The file {en}: choose a JSON download of a Mautisch table or group.",
        f"Die Datei {de}: bitte den JSON-Download eines Mautisch-Tischs oder einer Gruppe wählen.",
    )


def object_with(value: Any, prefix: str, keys: Sequence[str]) -> dict[str, Any]:
    """A JSON object with exactly these keys: none unknown (tampering, typos), none missing."""
    where = prefix.rstrip(".")
    field = Field(
        where,
        f"The entry {where}" if where else "The backup",
        f"Der Eintrag {where}" if where else "Die Sicherung",
    )
    found = mapping(value, field, keys)
    for key in keys:
        if key not in found:
            raise Field(prefix + key, "The field", "Das Feld").fail("is missing.", "fehlt.")
    return dict(found)


def moment(value: Any, path: str) -> datetime:
    """A time as written by the export: ISO 8601 with a time zone."""
    try:
        parsed = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None or parsed.tzinfo is None:
        raise Field(path, "The time", "Die Zeitangabe").fail(
            f'must be a date and time with zone like "2025-11-21T20:15:00+00:00"; '
            f"got {shown(value)}.",
            f'muss Datum und Uhrzeit mit Zone sein, etwa "2025-11-21T20:15:00+00:00"; '
            f"erhalten: {shown(value)}.",
        )
    return parsed


def canonical(value: Any) -> str:
    """A JSON value as comparable text (so `true` never equals `1`, key order never matters)."""
    return json.dumps(value, sort_keys=True)


@contextmanager
def within(path: str, en: str = "", de: str = "") -> Iterator[None]:
    """Put a path (and a lead-in like "Table 2: ") before the field of errors raised inside."""
    try:
        yield
    except InputError as error:
        field = f"{path}.{error.field}" if error.field else path
        raise InputError(field.strip("."), en + error.en, de + error.de) from None


def whole(value: Any, path: str, low: int, high: int) -> int:
    """A whole number field of the backup."""
    return checks.whole(value, Field(path, "The value", "Der Wert"), low, high)


def version_of(data: Any, path: str) -> None:
    """Format version 1; a newer one is named as such (checked before the keys it may add)."""
    if not isinstance(data, dict):
        return  # object_with names the problem
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise InputError(
            path + "version",
            f"This backup has format version {version}, written by a newer Mautisch; "
            f"this one reads version {VERSION}.",
            f"Diese Sicherung hat Formatversion {version} von einem neueren Mautisch; "
            f"dieses liest Version {VERSION}.",
        )
    whole(version, path + "version", VERSION, VERSION)


def same(found: Any, computed: Any, path: str, what_en: str, what_de: str) -> None:
    """A derived value in the file must be what the rounds come to."""
    if canonical(found) != canonical(computed):
        raise InputError(
            path,
            f"{what_en} ({path}): the file says {shown(found)}, its rounds give {shown(computed)}; "
            "the file was changed by hand or is damaged.",
            f"{what_de} ({path}): die Datei sagt {shown(found)}, "
            f"ihre Runden ergeben {shown(computed)}; "
            "die Datei wurde von Hand geändert oder ist beschädigt.",
        )


def each(items: Any, path: str, limit: int, check: Callable[[Any, str, int], T]) -> list[T]:
    """A list of at most `limit` entries, each checked at its path."""
    if not isinstance(items, list) or len(items) > limit:
        raise Field(path, "The list", "Die Liste").fail(
            f"must be a list of at most {limit} entries.",
            f"muss eine Liste mit höchstens {limit} Einträgen sein.",
        )
    return [check(item, f"{path}[{i}]", i) for i, item in enumerate(items)]
