"""What the titles of the evening read and what they come to: plain values, no Flask.

The input is each table as stored (variant, options, players, rounds' data); the standing is
the variant's own scoring (`Variant.evaluate`), never computed again here.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.scoring.names import player_key
from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.text import Message
from app.text import both
from app.text import say
from app.variants.base import Variant
from app.variants.registry import find_variant


@dataclass(frozen=True)
class PlayedTable:
    """One table of the evening as stored: `rounds` are the rounds' `data`, in order."""

    variant: str
    players: Sequence[str]
    options: Mapping[str, Any]
    rounds: Sequence[Mapping[str, Any]]
    closed: bool = False
    first_dealer: int = 0
    name: str = ""


@dataclass(frozen=True)
class Title:
    """One title of the evening: "Bubenkönig: Bernd, 3 Spiele mit Bube beendet".

    `people` are persons or pairs ("Anna & Cem"), tied ones in alphabetical order; `key`
    names the title for pages and tests ("<variant>.jacks", "comeback")."""

    key: str
    name: Message
    people: tuple[str, ...]
    figure: Message

    def to_json(self, lang: str) -> dict[str, Any]:
        """The title for a JSON answer, said in `lang`: key, name, people, figure, text."""
        return {
            "key": self.key,
            "name": say(self.name, lang),
            "people": list(self.people),
            "figure": say(self.figure, lang),
            "text": self.text(lang),
        }

    def text(self, lang: str) -> str:
        """The whole title in one line, in `lang`."""
        return say(
            Message(
                "%(title)s: %(people)s, %(figure)s",
                title=self.name,
                people=both(list(self.people)),
                figure=self.figure,
            ),
            lang,
        )


@dataclass(frozen=True)
class Scored:
    """A table read for the titles: its definition, its standing and its players by the
    evening's spelling of their names (matched as the group statistics match them)."""

    table: PlayedTable
    definition: Variant
    standing: Standing
    names: tuple[str, ...]

    @property
    def rounds(self) -> Sequence[Mapping[str, Any]]:
        """The rounds' data as entered."""
        return self.table.rounds

    def pair(self, team: str) -> str:
        """The two partners of a team as one: "Anna & Cem", alphabetical, so the same pair
        reads alike at every table whatever its seats."""
        return " & ".join(sorted((self.names[s] for s in TEAM_SEATS[team]), key=str.casefold))

    def after(self, played: int) -> Standing:
        """The standing after the first `played` rounds (the table still running)."""
        table = self.table
        return self.definition.standing(
            table.players, table.options, table.rounds[:played], False, table.first_dealer
        )


def scored(tables: Sequence[PlayedTable]) -> list[Scored]:
    """Every table with its standing; a name is spelt as where it first appears."""
    spelling: dict[str, str] = {}
    for table in tables:
        for name in table.players:
            spelling.setdefault(player_key(name), name)
    result = []
    for table in tables:
        definition = find_variant(table.variant)
        standing = definition.standing(
            table.players, table.options, table.rounds, table.closed, table.first_dealer
        )
        names = tuple(spelling[player_key(name)] for name in table.players)
        result.append(Scored(table, definition, standing, names))
    return result
