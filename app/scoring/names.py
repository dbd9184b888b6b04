"""A table's name and its players' names: what a database row and a UTF-8 page can hold."""

from __future__ import annotations

import unicodedata
from typing import Any

from app.inputs import Field
from app.text import InputError
from app.text import Text
from app.text import shown

NAME_LIMIT = 80  # tables.name
PLAYER_NAME_LIMIT = 40


def check_characters(text: str, field: Field) -> None:
    """No control characters (NUL, line breaks ...) and no lone surrogates in a name: the
    database and the UTF-8 pages cannot hold them (PostgreSQL refuses NUL, UTF-8 surrogates)."""
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cs")), None)
    if bad is not None:
        raise field.fail(Text(
            f"darf keine Steuerzeichen oder kaputtes Unicode enthalten; gefunden: "
            f"U+{ord(bad):04X}.",
            f"must not contain control characters or broken Unicode; found U+{ord(bad):04X}.",
        ))


def validate_name(name: Any) -> str:
    """The table's name: at most 80 characters, outer blanks removed (may be empty)."""
    field = Field("name", Text("Der Tischname", "The table name"))
    if name is None:
        return ""
    if not isinstance(name, str) or len(name.strip()) > NAME_LIMIT:
        raise field.fail(Text(
            f"muss ein Text mit höchstens {NAME_LIMIT} Zeichen sein; erhalten: "
            f"{shown(name)}.",
            f"must be a text of at most {NAME_LIMIT} characters; got {shown(name)}.",
        ))
    check_characters(name, field)
    return name.strip()


def player_list(players: Any) -> list[Any]:
    """The players must come as a list (of names in seating order)."""
    if not isinstance(players, list):
        raise InputError(Text(
            "Die Spieler müssen eine Liste von Namen in Sitzreihenfolge sein; "
            f"erhalten: {shown(players)}.",
            "The players must be a list of names in seating order; got "
            f"{shown(players)}.",
        ), "players")
    return players


def player_names(players: list[Any]) -> list[str]:
    """Names in seating order: 1–40 characters each, unique ignoring case."""
    names: list[str] = []
    for seat, name in enumerate(players):
        field = Field(
            f"players[{seat}]",
            Text(f"Der Name von Spieler {seat + 1}", f"The name of player {seat + 1}"),
        )
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= PLAYER_NAME_LIMIT:
            raise field.fail(Text(
                f"muss ein Text mit 1 bis {PLAYER_NAME_LIMIT} Zeichen sein; erhalten: "
                f"{shown(name)}.",
                f"must be a text of 1 to {PLAYER_NAME_LIMIT} characters; got {shown(name)}.",
            ))
        check_characters(name, field)
        if name.strip().casefold() in (n.casefold() for n in names):
            raise field.fail(Text(
                f"wiederholt den Namen {shown(name.strip())}: jeder Spieler braucht einen "
                "anderen Namen.",
                f"repeats the name {shown(name.strip())}: every player needs a different "
                "name.",
            ))
        names.append(name.strip())
    return names
