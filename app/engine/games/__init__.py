"""Whole games of the variants, and seeded random self-play.

``new_game(variant_id, players=4, seed=7)`` deals a game that plays like a python-chess
``Board`` (see :mod:`app.engine.games.base`).
"""

from __future__ import annotations

from app.engine.games.base import Game
from app.engine.games.moves import RELUCTANT
from app.engine.games.moves import IllegalMoveError
from app.engine.games.moves import Move
from app.engine.games.result import GameResult
from app.engine.games.result import SeatResult
from app.engine.options import Options
from app.variants.discovery import Discovered

# Each variant's definition names its game (app.variants.discovery finds them).
GAMES: Discovered[type[Game]] = Discovered(lambda variant: variant.game)

__all__ = [
    "GAMES",
    "Game",
    "GameResult",
    "IllegalMoveError",
    "Move",
    "SeatResult",
    "find_game",
    "new_game",
    "play_random",
]


def find_game(variant: str) -> type[Game]:
    """The game class of a variant ID; a ValueError names the known IDs."""
    try:
        return GAMES[variant]
    except KeyError:
        raise ValueError(
            f"{variant!r} is not a variant: expected one of {', '.join(GAMES)}."
        ) from None


def new_game(
    variant: str,
    players: int = 4,
    seed: int = 0,
    options: Options | None = None,
    dealer: int = 0,
    direction: int = 1,
) -> Game:
    """Shuffle with ``seed`` and deal a game; the turned-up card takes its effect."""
    return find_game(variant)(players, seed, options, dealer, direction)


def play_random(
    variant: str,
    players: int = 4,
    seed: int = 0,
    max_moves: int = 5000,
    options: Options | None = None,
    eager: bool = True,
) -> tuple[GameResult | None, str]:
    """Play one game with random legal moves (seeded, so a seed replays); the result, or
    the move cap that stopped it. An ``eager`` player draws or passes only when stuck, as
    RLCard's UNO players do."""
    game = new_game(variant, players, seed, options)
    choose = game.rng.random
    legal, apply = game._choices, game._apply  # the moves as the game keeps them
    ply = 0
    while not game.over and ply < max_moves:
        choices = legal()
        count = len(choices)
        if eager and count > 1 and choices[-1].kind in RELUCTANT:
            count -= 1  # a draw or pass comes last
        apply(choices[int(choose() * count)])
        ply += 1
    game.ply = ply
    if not game.over:
        return None, f"stopped at the move cap of {max_moves} moves"
    result = game.result()
    return result, f"{variant} over after {result.moves} moves: {describe(result)}"


def describe(result: GameResult) -> str:
    """Who won, in a few words."""
    if result.team:
        return f"team {result.team} is out first"
    return "seat " + " and ".join(str(seat) for seat in result.winners) + " out of cards"
