"""Each evening's lines: per player the money, the tables and games played and won, and the
evening's places (by money, then tables won, then games won)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from app.ratings.ledger import Game
from app.ratings.ledger import Sitting
from app.statistics.window import Window


@dataclass
class EveningLine:
    """One player's evening."""

    player: str
    evening: date | None
    cents: int = 0
    tables: int = 0
    tables_won: int = 0
    games: int = 0
    games_won: int = 0
    place: int = 0  # 1 first; equal lines share a place

    def order(self) -> tuple[int, int, int]:
        """What places an evening: money won, then tables won, then games won."""
        return (-self.cents, -self.tables_won, -self.games_won)


def evening_lines(
    games: Iterable[Game], tables: Iterable[Sitting], window: Window
) -> dict[date | None, list[EveningLine]]:
    """Every evening inside the window, its players' lines best first, placed."""
    lines: dict[date | None, dict[str, EveningLine]] = {}
    for table in tables:
        if not window.holds(table.evening, table.variant):
            continue
        evening = lines.setdefault(table.evening, {})
        for seat, name in enumerate(table.players):
            line = evening.setdefault(name, EveningLine(name, table.evening))
            line.tables += 1
            line.tables_won += name in table.winners
            line.cents += table.cents[seat] if table.cents else 0
    for game in games:
        if not window.holds(game.evening, game.variant) or game.evening not in lines:
            continue
        evening = lines[game.evening]
        for side, place in zip(game.sides, game.places, strict=True):
            for name in side:
                line = evening.setdefault(name, EveningLine(name, game.evening))
                line.games += 1
                line.games_won += place == 1
    return {evening: placed(list(found.values())) for evening, found in lines.items()}


def placed(lines: list[EveningLine]) -> list[EveningLine]:
    """The lines best first, each with its place (equal lines share the better place)."""
    ordered = sorted(lines, key=lambda line: (line.order(), line.player.casefold()))
    for index, line in enumerate(ordered):
        same = index and ordered[index - 1].order() == line.order()
        line.place = ordered[index - 1].place if same else index + 1
    return ordered
