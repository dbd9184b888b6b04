"""A player's rated results in order, and what follows from their order and his opponents:
streaks, nemesis and favourite victim, partners."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.ratings.ledger import Game
from app.ratings.record import Partner
from app.statistics.window import Window

NEMESIS_GAMES = 5  # a nemesis or a favourite victim needs at least so many games together


@dataclass(frozen=True)
class Result:
    """One rated result of the player: the game and the index of his side."""

    game: Game
    side: int

    @property
    def won(self) -> bool:
        """First place (a shared first place too)."""
        return self.game.places[self.side] == 1


@dataclass
class Face:
    """The results against one other player on another side."""

    player: str
    games: int = 0
    won: int = 0  # he placed ahead of the other
    lost: int = 0  # the other placed ahead of him


def results_of(games: Iterable[Game], name: str, window: Window) -> list[Result]:
    """His results inside the window, in the order played."""
    found = []
    for game in games:
        if not window.holds(game.evening, game.variant):
            continue
        side = next((i for i, players in enumerate(game.sides) if name in players), None)
        if side is not None:
            found.append(Result(game, side))
    return found


def longest_streaks(results: list[Result]) -> tuple[int, int]:
    """The most results won in a row and the most not won in a row."""
    best = {True: 0, False: 0}
    run, last = 0, None
    for result in results:
        run = run + 1 if result.won == last else 1
        last = result.won
        best[last] = max(best[last], run)
    return best[True], best[False]


def faces(results: list[Result], name: str) -> dict[str, Face]:
    """Against each player met on another side: results, his wins over him, his losses."""
    found: dict[str, Face] = {}
    for result in results:
        mine = result.game.places[result.side]
        for index, side in enumerate(result.game.sides):
            if index == result.side:
                continue
            theirs = result.game.places[index]
            for other in side:
                face = found.setdefault(other, Face(other))
                face.games += 1
                face.won += mine < theirs
                face.lost += mine > theirs
    return found


def nemesis(found: dict[str, Face]) -> Face | None:
    """The player he lost to most often (at least NEMESIS_GAMES together; then the larger
    share lost, then the name)."""
    met = [f for f in found.values() if f.games >= NEMESIS_GAMES and f.lost]
    return min(met, key=lambda f: (-f.lost, -f.lost / f.games, f.player.casefold()), default=None)


def victim(found: dict[str, Face]) -> Face | None:
    """The player he beat most often (at least NEMESIS_GAMES together; then the larger share
    won, then the name)."""
    met = [f for f in found.values() if f.games >= NEMESIS_GAMES and f.won]
    return min(met, key=lambda f: (-f.won, -f.won / f.games, f.player.casefold()), default=None)


def partners(results: list[Result], name: str) -> list[Partner]:
    """The players he shared a side with: most results together first, then the name."""
    found: dict[str, Partner] = {}
    for result in results:
        for other in result.game.sides[result.side]:
            if other != name:
                partner = found.setdefault(other, Partner(other))
                partner.games += 1
                partner.won += result.won
    return sorted(found.values(), key=lambda p: (-p.games, p.player.casefold()))
