"""The titles any variant gets: the comeback, the winning streak, the most minus points at once.

Each reads the variant's own answers (its standing, `round_winners`, whether its points are
minus points) and never a variant's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from app.awards.pick import award
from app.awards.pick import keep_best
from app.awards.types import Scored
from app.awards.types import Title
from app.text import Message
from app.text import Plural
from app.variants.registry import VARIANTS


def comeback_side(table: Scored) -> tuple[str, int] | None:
    """The table's sole winner and how many rounds were still to play when he (his team)
    was last the latest time; None without a sole winner or without a comeback."""
    standing = table.standing
    winner = standing.winner
    if not standing.finished or winner is None or isinstance(winner, list):
        return None
    played = len(table.rounds)
    for before in range(played - 1, 0, -1):  # the latest last place first
        then = table.after(before)
        if isinstance(winner, str):  # two teams: last is behind the leading team
            behind = isinstance(then.leader, str) and then.leader != winner
            if behind:
                return table.pair(winner), played - before
        else:
            worst = then.totals[then.ranking[-1]]
            last = [seat for seat, total in enumerate(then.totals) if total == worst]
            if winner in last and len(last) < len(then.totals):
                return table.names[winner], played - before
    return None


def comeback(tables: Sequence[Scored]) -> list[Title]:
    """From last to first within a table: the winner who was last the latest (fewest rounds
    still to play)."""
    scores: dict[str, int] = {}
    for table in tables:
        found = comeback_side(table)
        if found is not None:
            keep_best(scores, *found, fewest=True)
    return award(
        "comeback",
        Message("Comeback"),
        scores,
        lambda left: Plural(
            "last with %(num)d game to go, first at the end",
            "last with %(num)d games to go, first at the end",
            left,
        ),
        fewest=True,
    )


def runs(table: Scored) -> dict[str, int]:
    """Each player's longest run of games won in a row at one table."""
    longest = dict.fromkeys(table.names, 0)
    current = [0] * len(table.names)
    for data in table.rounds:
        won = table.definition.round_winners(data)
        for seat, name in enumerate(table.names):
            current[seat] = current[seat] + 1 if seat in won else 0
            longest[name] = max(longest[name], current[seat])
    return longest


def winning_streak(tables: Sequence[Scored]) -> list[Title]:
    """The longest run of games won in a row (at least two: one win is no run)."""
    scores: dict[str, int] = {}
    for table in tables:
        for name, run in runs(table).items():
            if run >= 2:
                keep_best(scores, name, run)
    return award(
        "streak",
        Message("Winning streak"),
        scores,
        lambda run: Plural("%(num)d win in a row", "%(num)d wins in a row", run),
    )


def unlucky(tables: Sequence[Scored]) -> list[Title]:
    """The most minus points one player took in one game, per variant that counts minus
    points (those with an average per game, as the group statistics say): penalty points and
    minus points are not measured on one scale."""
    titles: list[Title] = []
    for variant in VARIANTS.values():
        if variant.average_label is None:
            continue
        scores: dict[str, int] = {}
        for table in tables:
            if table.definition is not variant:
                continue
            for points in table.standing.round_points:
                for name, taken in zip(table.names, points, strict=True):
                    keep_best(scores, name, taken)
        figure = partial(at_once, variant.short_name)
        titles += award(f"{variant.id}.unlucky", Message("Unlucky"), scores, figure)
    return titles


def at_once(variant: str, taken: int) -> Message:
    """ "12 points at once (variant)": minus points or penalty points, as it counts."""
    return Plural(
        "%(num)d point at once (%(variant)s)",
        "%(num)d points at once (%(variant)s)",
        taken,
        variant=variant,
    )


COMMON = (comeback, winning_streak, unlucky)
