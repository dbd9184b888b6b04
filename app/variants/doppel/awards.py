"""Doppel's title of the evening: the pair that won the most sets (dop.set)."""

from __future__ import annotations

from collections.abc import Sequence

from app.awards.pick import award
from app.awards.types import Scored
from app.awards.types import Title
from app.text import Message
from app.text import Plural


def dream_team(tables: Sequence[Scored]) -> list[Title]:
    """The pair with the most sets won, over every Doppel table of the evening (the same two
    partners at several tables count together)."""
    sets: dict[str, int] = {}
    for table in tables:
        for each in table.standing.sets or []:
            if each["winner"] is not None:
                pair = table.pair(each["winner"])
                sets[pair] = sets.get(pair, 0) + 1
    return award(
        "doppel.sets",
        Message("Dream team"),
        sets,
        lambda won: Plural("%(num)d set won", "%(num)d sets won", won),
    )


TITLES = (dream_team,)
