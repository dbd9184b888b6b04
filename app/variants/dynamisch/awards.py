"""Dynamisch's titles of the evening: the jack king and the biggest doubling (dyn.score.double)."""

from __future__ import annotations

from collections.abc import Sequence

from app.awards.pick import award
from app.awards.pick import keep_best
from app.awards.types import Scored
from app.awards.types import Title
from app.text import Message
from app.text import Plural
from app.variants.dynamisch.scoring import minus_points


def jack_king(tables: Sequence[Scored]) -> list[Title]:
    """Most games ended with a jack: a named suit says a jack ended the game (dyn.score.double).
    With several players out nobody can tell who laid it, so such a game counts for nobody."""
    counts: dict[str, int] = {}
    for table in tables:
        for data in table.rounds:
            out = table.definition.round_winners(data)
            if data["jack_suit"] is not None and len(out) == 1:
                name = table.names[out.pop()]
                counts[name] = counts.get(name, 0) + 1
    return award(
        "dynamisch.jacks",
        Message("Jack king"),
        counts,
        lambda games: Plural(
            "%(num)d game ended with a jack", "%(num)d games ended with a jack", games
        ),
    )


def doubling(tables: Sequence[Scored]) -> list[Title]:
    """The biggest doubling: the most minus points one player took in a doubled game."""
    doubled: dict[str, int] = {}
    before: dict[int, int] = {}  # the undoubled points of each doubled figure
    for table in tables:
        for data, detail, points in zip(
            table.rounds, table.standing.details, table.standing.round_points, strict=True
        ):
            for seat in detail["doubled"]:
                keep_best(doubled, table.names[seat], points[seat])
                before[points[seat]] = minus_points(data["hands"][seat], None)
    return award(
        "dynamisch.doubling",
        Message("Doubled up"),
        doubled,
        lambda after: Message(
            "%(before)s minus points doubled to %(after)s", before=before[after], after=after
        ),
    )


TITLES = (jack_king, doubling)
