"""A player's statistics over the 50-game fixture (fixture.py), every figure counted by hand.

Ben's 50 results in order (W won, L not):
T1 WWWLLWWLLLLWLLLL, T2 W, T3 LLLWLLLLWWWWLLLL, T4 LLLLLLWLLLLLLWLW, T5 L.
"""

from __future__ import annotations

from datetime import date

from app.ratings.ledger import Game
from app.statistics.player import player_stats
from app.statistics.window import Window
from tests.statistics.fixture import E1
from tests.statistics.fixture import E2
from tests.statistics.fixture import E3
from tests.statistics.fixture import GAMES
from tests.statistics.fixture import TABLES

SEASON_2025 = Window(date(2025, 1, 1), date(2026, 1, 1))
HISTORY = {E1: 1012, E2: 1020, E3: 990}


def test_all_of_bens_games() -> None:
    """50 games, 15 won (T1 6, T2 1, T3 5, T4 3): 30 %. The longest winning run is T3's
    WWWW; the longest losing run is T3's last 4 and T4's first 6: 10."""
    stats = player_stats(GAMES, TABLES, HISTORY, "Ben", Window())
    assert (stats.games, stats.wins, stats.win_rate) == (50, 15, 0.3)
    assert (stats.longest_winning, stats.longest_losing) == (4, 10)
    # Lost to Dora: T1 6 + T4 10 + T5 1 = 17 (34 games together); to Cem 1 + 8 + 1 + 1 = 11;
    # to Anna 3 + 3 + 2 = 8.
    assert stats.nemesis is not None
    assert (stats.nemesis.player, stats.nemesis.lost, stats.nemesis.games) == ("Dora", 17, 34)
    # Beat Anna: his 6 + 5 + 3 game wins, the T2 series and T5 (Anna 4th): 16; Cem 15, Dora 10.
    assert stats.victim is not None
    assert (stats.victim.player, stats.victim.won, stats.victim.games) == ("Anna", 16, 50)
    # Money: +0,90 (T2) − 0,60 (T5); the biggest single loss is T5's 0,60.
    assert stats.cents == 30
    assert stats.biggest_loss is not None
    assert (stats.biggest_loss.cents, stats.biggest_loss.table_id) == (-60, "T5")
    # Minus points where kept (the series): (17 + 33) / 16 games.
    assert stats.average_points == 3.125
    assert (stats.evenings, stats.group_evenings, stats.attendance, stats.tables) == (3, 3, 1.0, 5)
    assert stats.rating == [(E1, 1012), (E2, 1020), (E3, 990)]
    assert stats.partners == []


def test_last_season_only() -> None:
    """2025: T1, T2, T3: 33 games, 12 won. Runs: WWWW in T3; no losing run over 4. The nemesis
    is Cem there (T1 1 + T3 8 = 9), not Dora (6); the victim Anna (6 + 1 + 5 = 12)."""
    stats = player_stats(GAMES, TABLES, HISTORY, "Ben", SEASON_2025)
    assert (stats.games, stats.wins) == (33, 12)
    assert (stats.longest_winning, stats.longest_losing) == (4, 4)
    assert stats.nemesis is not None and (stats.nemesis.player, stats.nemesis.lost) == ("Cem", 9)
    assert stats.victim is not None and (stats.victim.player, stats.victim.won) == ("Anna", 12)
    assert stats.cents == 90 and stats.biggest_loss is None
    assert stats.average_points == 17 / 8
    assert stats.rating == [(E1, 1012), (E2, 1020)]


def test_one_variant_and_attendance() -> None:
    """The series only: 2 games, 1 won; Dora played 2 of the 3 evenings."""
    series = player_stats(GAMES, TABLES, HISTORY, "Ben", Window(variant="series"))
    assert (series.games, series.wins, series.win_rate) == (2, 1, 0.5)
    assert (series.longest_winning, series.longest_losing) == (1, 1)
    assert series.nemesis is None  # nobody met 5 times in the series
    assert series.group_evenings == 2  # series were played on two evenings
    dora = player_stats(GAMES, TABLES, {}, "Dora", Window())
    assert (dora.evenings, dora.group_evenings) == (2, 3)
    assert dora.games == 34 and dora.wins == 6 + 10 + 1


def test_partners_count_the_games_on_one_side() -> None:
    """Two team games: Anna with Cem won, then lost; with Ben once, won."""
    teams = [
        Game("P", "teams", 1, E1, (("Anna", "Cem"), ("Ben", "Dora")), (1, 2)),
        Game("P", "teams", 2, E1, (("Anna", "Cem"), ("Ben", "Dora")), (2, 1)),
        Game("Q", "teams", 1, E1, (("Anna", "Ben"), ("Cem", "Dora")), (1, 2)),
    ]
    stats = player_stats(teams, [], {}, "Anna", Window())
    assert [(p.player, p.games, p.won) for p in stats.partners] == [("Cem", 2, 1), ("Ben", 1, 1)]
