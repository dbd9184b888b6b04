"""A 50-game fixture built by hand, with no app function: Anna, Ben, Cem and Dora over three
evenings in two seasons. "wins" tables rate each game, its winner first and the others tied
second; "series" tables are one rated result each, placed by their totals, with money.

Season 2025
- 6 March, T1 (wins, all four), 16 games, winners BBBDABBDDDCBADDA: Ben 6, Dora 6, Anna 3,
  Cem 1; the table is Ben's and Dora's (tied).
- 6 March, T2 (series, all four): places Anna 2, Ben 1, Cem 3, Dora 4; minus points 30, 17,
  35, 41 over 8 games; money −0,40, +0,90, −0,20, −0,30 €.
- 13 March, T3 (wins, Anna, Ben, Cem), 16 games, winners CCABCCCABBBBCCAC: Cem 8, Ben 5,
  Anna 3; the table is Cem's.
Season 2026
- 8 January, T4 (wins, all four), 16 games, winners DDDDDDBADCDDABDB: Dora 10, Ben 3, Anna 2,
  Cem 1; the table is Dora's.
- 8 January, T5 (series, all four): places Anna 4, Ben 3, Cem 2, Dora 1; minus points 50, 33,
  25, 12 over 8 games; money −1,20, −0,60, +0,30, +1,50 €.
"""

from __future__ import annotations

from datetime import UTC
from datetime import date
from datetime import datetime

from app.ratings.ledger import Game
from app.ratings.ledger import Sitting

ALL = ("Anna", "Ben", "Cem", "Dora")
LETTER = {name[0]: name for name in ALL}
E1, E2, E3 = date(2025, 3, 6), date(2025, 3, 13), date(2026, 1, 8)


def wins_games(table: str, evening: date, players: tuple[str, ...], winners: str) -> list[Game]:
    """Winner-first games: the winner 1, everybody else 2."""
    sides = tuple((name,) for name in players)
    return [
        Game(
            table,
            "wins",
            number,
            evening,
            sides,
            tuple(1 if n == LETTER[w] else 2 for n in players),
        )
        for number, w in enumerate(winners, start=1)
    ]


def sitting(
    table: str,
    variant: str,
    evening: date,
    players: tuple[str, ...],
    winners: tuple[str, ...],
    cents: tuple[int, ...] = (),
    points: tuple[int, ...] = (),
) -> Sitting:
    """A finished table."""
    moment = datetime(evening.year, evening.month, evening.day, 19, tzinfo=UTC)
    rounds = 16 if variant == "wins" else 8
    return Sitting(
        table, table, variant, moment, players, True, winners, evening, cents, rounds, points
    )


GAMES: list[Game] = [
    *wins_games("T1", E1, ALL, "BBBDABBDDDCBADDA"),
    Game("T2", "series", 8, E1, tuple((n,) for n in ALL), (2, 1, 3, 4)),
    *wins_games("T3", E2, ALL[:3], "CCABCCCABBBBCCAC"),
    *wins_games("T4", E3, ALL, "DDDDDDBADCDDABDB"),
    Game("T5", "series", 8, E3, tuple((n,) for n in ALL), (4, 3, 2, 1)),
]
TABLES: list[Sitting] = [
    sitting("T1", "wins", E1, ALL, ("Ben", "Dora")),
    sitting("T2", "series", E1, ALL, ("Ben",), (-40, 90, -20, -30), (30, 17, 35, 41)),
    sitting("T3", "wins", E2, ALL[:3], ("Cem",)),
    sitting("T4", "wins", E3, ALL, ("Dora",)),
    sitting("T5", "series", E3, ALL, ("Dora",), (-120, -60, 30, 150), (50, 33, 25, 12)),
]
