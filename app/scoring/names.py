"""A table's name and its players' names: what a database row and a UTF-8 page can hold."""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

from app.inputs import Field
from app.text import InputError
from app.text import Message
from app.text import shown

NAME_LIMIT = 80  # tables.name
PLAYER_NAME_LIMIT = 40


# Control characters and lone surrogates, then invisible format characters (check_characters).
BROKEN = ("Cc", "Cs")
INVISIBLE = ("Cf",)
# Where Unicode puts them: the first two planes and plane 14 (tags, variation selectors).
PLANES = (range(0x20000), range(0xE0000, 0xF0000))


@cache
def refused_ranges() -> tuple[tuple[int, int], ...]:
    """The code point ranges check_characters refuses, for the API's schema (app.api); lone
    surrogates left out, as no regex engine of a schema validator can name them."""
    found: list[tuple[int, int]] = []
    for plane in PLANES:
        for code in plane:
            if unicodedata.category(chr(code)) not in ("Cc", *INVISIBLE):
                continue
            if found and found[-1][1] == code - 1:
                found[-1] = (found[-1][0], code)
            else:
                found.append((code, code))
    return tuple(found)


def check_characters(text: str, field: Field) -> None:
    """No control characters (NUL, line breaks ...), no lone surrogates and no invisible
    format characters in a name: the database and the UTF-8 pages cannot hold the first two
    (PostgreSQL refuses NUL, UTF-8 surrogates), and the third (a right-to-left override, a
    zero-width space) makes a name show as another, reverse a transfer's sentence or pass
    for a second player of the same look."""
    for character in text:
        kind = unicodedata.category(character)
        code = f"U+{ord(character):04X}"
        if kind in BROKEN:
            raise field.fail(
                Message(
                    "must not contain control characters or broken Unicode; found %(code)s.",
                    code=code,
                )
            )
        if kind in INVISIBLE:
            raise field.fail(
                Message(
                    "must not contain invisible characters that change how text is shown "
                    "(direction marks, zero-width spaces); found %(code)s.",
                    code=code,
                )
            )


def validate_name(name: Any) -> str:
    """The table's name: at most 80 characters, outer blanks removed (may be empty)."""
    field = Field("name", Message("The table name"))
    if name is None:
        return ""
    if not isinstance(name, str) or len(name.strip()) > NAME_LIMIT:
        raise field.fail(
            Message(
                "must be a text of at most %(name_limit)s characters; got %(name)s.",
                name_limit=NAME_LIMIT,
                name=shown(name),
            )
        )
    check_characters(name, field)
    return name.strip()


def player_list(players: Any) -> list[Any]:
    """The players must come as a list (of names in seating order)."""
    if not isinstance(players, list):
        raise InputError(
            Message(
                "The players must be a list of names in seating order; got %(players)s.",
                players=shown(players),
            ),
            "players",
        )
    return players


def player_key(name: str) -> str:
    """The identity of a player across tables: the name ignoring case and outer blanks."""
    return name.strip().casefold()


def player_name(name: Any, field: Field) -> str:
    """One player's name: 1–40 characters that a page shows as typed, outer blanks removed."""
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= PLAYER_NAME_LIMIT:
        raise field.fail(
            Message(
                "must be a text of 1 to %(player_name_limit)s characters; got %(name)s.",
                player_name_limit=PLAYER_NAME_LIMIT,
                name=shown(name),
            )
        )
    check_characters(name, field)
    return name.strip()


def player_names(players: list[Any]) -> list[str]:
    """Names in seating order: 1–40 characters each, unique ignoring case."""
    names: list[str] = []
    for seat, name in enumerate(players):
        field = Field(f"players[{seat}]", Message("The name of player %(value)s", value=seat + 1))
        checked = player_name(name, field)
        if checked.casefold() in (n.casefold() for n in names):
            raise field.fail(
                Message(
                    "repeats the name %(strip)s: every player needs a different name.",
                    strip=shown(checked),
                )
            )
        names.append(checked)
    return names
