"""The checks of a group's input, shared by the group form and the backup import.

Pure (no Flask): errors are InputErrors naming the field, as for tables (docs/api.md paths).
"""

from __future__ import annotations

from typing import Any

from app.inputs import Field
from app.scoring.names import check_characters
from app.scoring.names import player_names
from app.text import InputError
from app.text import Message
from app.text import Plural
from app.text import shown

NAME_LIMIT = 80  # groups.name
MIN_PLAYERS = 2  # a Stammtisch needs somebody to play against
MAX_PLAYERS = 40


def validate_group_name(name: Any) -> str:
    """The group's name: 1 to 80 characters, surrounding blanks removed."""
    field = Field("name", Message("The group name"))
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_LIMIT:
        raise field.fail(
            Message(
                "must be a text of 1 to %(name_limit)s characters; got %(name)s.",
                name_limit=NAME_LIMIT,
                name=shown(name),
            )
        )
    check_characters(name, field)
    return name.strip()


def validate_group_players(players: Any) -> list[str]:
    """The group's players: 2 to 40 names, each checked as a table's players are."""
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        got: Message | str
        if isinstance(players, list):
            count = len(players)
            got = Plural("%(num)d name", "%(num)d names", count)
        else:
            got = shown(players)
        raise InputError(
            Message(
                "A group has %(min_players)s to %(max_players)s players; got %(got)s.",
                min_players=MIN_PLAYERS,
                max_players=MAX_PLAYERS,
                got=got,
            ),
            "players",
        )
    return player_names(players)


def validate_group(name: Any, players: Any) -> tuple[str, list[str]]:
    """A group's name and players, normalised, or an InputError."""
    return validate_group_name(name), validate_group_players(players)
