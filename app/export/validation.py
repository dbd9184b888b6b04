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
from app.text import Message
from app.text import shown

T = TypeVar("T")
VERSION = 1  # the backup format version this Mautisch writes and reads
MAX_BYTES = 1024 * 1024  # a group with years of evenings stays far below
NO_LEAD = ""


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
            Message(
                "The file has %(value)s KB; a backup may have at most 1 MB (1024 KB).",
                value=len(raw) // 1024,
            )
        )
    try:
        return json.loads(
            raw.decode("utf-8-sig"), object_pairs_hook=unique_keys, parse_constant=no_constant
        )
    except UnicodeDecodeError:
        why = Message("is not UTF-8 text")
    except DuplicateKey as error:
        why = Message("names the key %(error)s twice in one object", error=shown(str(error)))
    except json.JSONDecodeError as error:
        why = Message(
            "is not valid JSON (%(msg)s, line %(lineno)s, column %(colno)s)",
            msg=error.msg,
            lineno=error.lineno,
            colno=error.colno,
        )
    except (ValueError, RecursionError) as error:
        why = Message("is not valid JSON (%(error)s)", error=str(error))
    raise InputError(
        Message("The file %(why)s: choose a JSON download of a Mautisch table or group.", why=why)
    )


def object_with(value: Any, prefix: str, keys: Sequence[str]) -> dict[str, Any]:
    """A JSON object with exactly these keys: none unknown (tampering, typos), none missing."""
    where = prefix.rstrip(".")
    field = Field(
        where, Message("The entry %(where)s", where=where) if where else Message("The backup")
    )
    found = inputs.mapping(value, field, keys)
    for key in keys:
        inputs.required(
            found, key, Field(prefix + key, Message("The field %(key)s", key=repr(key)))
        )
    return dict(found)


def moment(value: Any, path: str) -> datetime:
    """A time as written by the export: ISO 8601 with a time zone."""
    try:
        parsed = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None or parsed.tzinfo is None:
        raise Field(path, Message("The time")).fail(
            Message(
                'must be a date and time with zone like "2025-11-21T20:15:00+00:00"; got '
                "%(value)s.",
                value=shown(value),
            )
        )
    return parsed


def canonical(value: Any) -> str:
    """A JSON value as comparable text (so `true` never equals `1`, key order never matters)."""
    return json.dumps(value, sort_keys=True)


@contextmanager
def within(path: str, lead: Message | str = NO_LEAD) -> Iterator[None]:
    """Put a path (and a lead-in like "Table 2: ") before the field of errors raised inside."""
    try:
        yield
    except InputError as error:
        field = f"{path}.{error.field}" if error.field else path
        text = Message("%(lead)s%(text)s", lead=lead, text=error.text)
        raise InputError(text, field.strip(".")) from None


def whole(value: Any, path: str, low: int, high: int) -> int:
    """A whole number field of the backup."""
    # A file has no player words: the entry is named by where it sits in the file.
    return inputs.whole(value, Field(path, Message("The entry %(path)s", path=path)), low, high)


def version_of(data: Any, path: str) -> None:
    """Format version 1; a newer one is named as such (checked before the keys it may add)."""
    if not isinstance(data, dict):
        return  # object_with names the problem
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise InputError(
            Message(
                "This backup has format version %(version)s, written by a newer Mautisch; this one "
                "reads version %(supported)s.",
                version=version,
                supported=VERSION,
            ),
            path + "version",
        )
    whole(version, path + "version", VERSION, VERSION)


def same(found: Any, computed: Any, path: str, what: Message) -> None:
    """A derived value in the file must be what the rounds come to."""
    if canonical(found) != canonical(computed):
        raise InputError(
            Message(
                "%(what)s (%(path)s): the file says %(found)s, its rounds give %(computed)s; the "
                "file was changed by hand or is damaged.",
                what=what,
                path=path,
                found=shown(found),
                computed=shown(computed),
            ),
            path,
        )


def each(items: Any, path: str, limit: int, check: Callable[[Any, str, int], T]) -> list[T]:
    """A list of at most `limit` entries, each checked at its path."""
    if not isinstance(items, list) or len(items) > limit:
        raise Field(path, Message("The list")).fail(
            Message("must be a list of at most %(limit)s entries.", limit=limit)
        )
    return [check(item, f"{path}[{i}]", i) for i, item in enumerate(items)]
