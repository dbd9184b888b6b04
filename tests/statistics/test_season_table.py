"""The season table and its club points over the fixture (fixture.py), counted by hand."""

from __future__ import annotations

from datetime import date

from app.statistics.season import parse_start
from app.statistics.season import season_of
from app.statistics.season import seasons_played
from app.statistics.season_table import season_table
from tests.statistics.fixture import E1
from tests.statistics.fixture import E2
from tests.statistics.fixture import E3
from tests.statistics.fixture import GAMES
from tests.statistics.fixture import TABLES


def test_season_2025() -> None:
    """6 March, placed by money: Ben +0,90 (10 points), Cem −0,20 (6), Dora −0,30 (4), Anna
    −0,40 (3). 13 March, no money: Cem won the table (10); Ben 5 games won, Anna 3: Ben 6, Anna
    4. Ben and Cem have 16 points each; Ben has more money: first."""
    season = season_of(E1)
    rows = season_table(GAMES, TABLES, season.window)
    assert [(r.rank, r.player, r.points) for r in rows] == [
        (1, "Ben", 16),
        (2, "Cem", 16),
        (3, "Anna", 7),
        (4, "Dora", 4),
    ]
    ben, cem = rows[0], rows[1]
    # Ben: 2 evenings, 3 tables, won T1 (tied) and T2, 33 games, 12 won, +0,90.
    assert (ben.evenings, ben.tables, ben.tables_won, ben.games, ben.games_won) == (2, 3, 2, 33, 12)
    assert ben.cents == 90 and ben.best is not None and ben.best.evening == E1
    # Cem's best evening is 13 March (nothing lost, first) rather than 6 March (−0,20).
    assert (cem.tables_won, cem.games_won, cem.cents) == (1, 9, -20)
    assert cem.best is not None and cem.best.evening == E2


def test_season_2026_and_the_seasons_played() -> None:
    """8 January: Dora +1,50 (10), Cem +0,30 (6), Ben −0,60 (4), Anna −1,20 (3)."""
    rows = season_table(GAMES, TABLES, season_of(E3).window)
    assert [(r.player, r.points, r.cents) for r in rows] == [
        ("Dora", 10, 150),
        ("Cem", 6, 30),
        ("Ben", 4, -60),
        ("Anna", 3, -120),
    ]
    assert [s.key for s in seasons_played([E1, E2, E3])] == ["2026", "2025"]


def test_a_season_from_a_start_of_the_groups_own() -> None:
    """From 1 September: 31 August 2025 is in the season of 2024, 1 September in 2025's."""
    start = parse_start("09-01")
    assert season_of(date(2025, 8, 31), start).start == date(2024, 9, 1)
    assert season_of(date(2025, 9, 1), start).start == date(2025, 9, 1)
    assert season_of(date(2025, 9, 1), start).end == date(2026, 9, 1)
    assert season_of(date(2025, 3, 6)).start == date(2025, 1, 1)
