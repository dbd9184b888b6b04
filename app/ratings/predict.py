"""Win chances before a table starts, from openskill's `predict_win` on the group's ratings.

Teams of two: of the three ways to split four players into two teams, the most balanced is the one
whose predicted chance is closest to one half.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.ratings.ledger import Board
from app.ratings.scale import MODEL


@dataclass(frozen=True)
class Chance:
    """One side (a player, or a team of two) and its chance to win."""

    players: tuple[str, ...]
    chance: float

    def to_json(self) -> dict[str, object]:
        """The API's shape: the side's players and the chance (0 to 1)."""
        return {"players": list(self.players), "chance": self.chance}


def chances(board: Board, sides: Sequence[Sequence[str]]) -> list[Chance]:
    """Each side's chance to win (at least two sides; the chances add up to 1)."""
    teams = [[board.current(name) for name in side] for side in sides]
    return [
        Chance(tuple(side), chance)
        for side, chance in zip(sides, MODEL.predict_win(teams), strict=True)
    ]


def splits(four: Sequence[str]) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """The three ways to make two teams of four players (the first keeps the first player in
    team A; the seating's own split first: seats 1 + 3 against 2 + 4)."""
    a, b, c, d = four
    return [((a, c), (b, d)), ((a, b), (c, d)), ((a, d), (b, c))]


def balanced_split(board: Board, four: Sequence[str]) -> list[Chance]:
    """The split whose first team's chance is closest to one half (the seating's on a tie)."""
    options = [chances(board, split) for split in splits(four)]
    return min(options, key=lambda pair: abs(pair[0].chance - 0.5))


def seating(split: Sequence[Chance]) -> list[str]:
    """The seats for a split: team A at seats 1 + 3, team B at seats 2 + 4 (dop.deal)."""
    (a1, a2), (b1, b2) = (side.players for side in split)
    return [a1, b1, a2, b2]
