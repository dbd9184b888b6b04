"""Properties of whole games under seeded random self-play (hypothesis and plain loops).

Cards are conserved after every move; every game ends, or stops at the move cap with a
stated reason; results hold what the score keeping needs; seeds replay; pop undoes push.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from app.engine import deck
from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.games import GAMES
from app.engine.games import Game
from app.engine.games import IllegalMoveError
from app.engine.games import Move
from app.engine.games import new_game
from app.engine.games import play_random
from tests.engine.house import options_for
from tests.variants.examples import examples

VARIANTS = list(GAMES)
# Eager players: games per variant (its examples); uniform players (voluntary draws) make
# longer games.
UNIFORM_GAMES = 40
CAP = 3000


def players_for(variant: str, seed: int) -> int:
    """A player count of the variant's range, varied with the seed."""
    low, high = GAMES[variant].PLAYERS
    return low + seed % (high - low + 1)


def check_result(variant: str, players: int, game_result: object) -> None:
    """A finished game's result fits the score keeping (docs/api.md §2)."""
    from app.engine.games import GameResult

    assert isinstance(game_result, GameResult)
    result = game_result
    assert len(result.seats) == players and result.winners
    assert all(result.seats[seat].cards == 0 for seat in result.winners)
    body = result.round_body()
    if variant == "dynamisch":
        assert result.jack_suit in (None, *SUITS)
        named = [seat.holds_named_suit for seat in result.seats]
        assert result.jack_suit is not None or not any(named)
    elif variant == "speedone":
        assert body["points"][body["winner"]] == 0
    elif variant == "doppel":
        assert body == {"winner": result.team} and result.winners[0] % 2 == result.winners[1] % 2


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_game_ends_or_stops_at_the_cap_with_a_reason(variant: str) -> None:
    """Seeded random games finish, or stop at the move cap and say so."""
    capped = Counter[bool]()
    for seed in range(examples(variant).EAGER_GAMES + UNIFORM_GAMES):
        players = players_for(variant, seed)
        eager = seed < examples(variant).EAGER_GAMES
        result, reason = play_random(
            variant, players, seed, CAP, options_for(variant, seed), eager=eager
        )
        if result is None:
            assert reason == f"stopped at the move cap of {CAP} moves"
            capped[eager] += 1
        else:
            assert reason.startswith(f"{variant} over after {result.moves} moves")
            check_result(variant, players, result)
    # Eager players always finish; uniform ones draw as often as they play (a random walk
    # of the hand sizes), so some of their games may linger past the cap.
    assert capped[True] == 0 and capped[False] < UNIFORM_GAMES / 4


def conserved_run(
    game: Game, expected: Counter[Card], choose: random.Random, eager: bool, plies: int
) -> None:
    """Random moves as self-play makes them (no undo history), checking the cards after
    each one."""
    for _ in range(plies):
        if game.is_over():
            return
        moves = game._choices()
        assert moves, str(game)
        plays = [move for move in moves if move.kind == "play"]
        game._apply(choose.choice(plays if eager and plays else moves))
        assert game.all_cards() == expected, str(game)


@pytest.mark.parametrize("variant", VARIANTS)
def test_cards_are_conserved_in_seeded_self_play(variant: str) -> None:
    """No card appears or vanishes in seeded self-play."""
    for seed in range(60):
        players = players_for(variant, seed)
        game = new_game(variant, players, seed, options_for(variant, seed))
        expected = Counter(deck(variant, players))
        conserved_run(game, expected, random.Random(seed), eager=seed % 2 == 0, plies=600)


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32 - 1),
    share=st.integers(0, 10),
    eager=st.booleans(),
)
def test_cards_are_conserved_after_every_push(
    variant: str, seed: int, share: int, eager: bool
) -> None:
    """No card appears or vanishes through the public push."""
    low, high = GAMES[variant].PLAYERS
    players = low + share % (high - low + 1)
    game = new_game(variant, players, seed, options_for(variant, seed))
    expected = Counter(deck(variant, players))
    choose = random.Random(seed)
    while not game.is_over() and game.ply < 200:
        moves = game.legal_actions()
        plays = [move for move in moves if move.kind == "play"]
        game.push(choose.choice(plays if eager and plays else moves))
        assert game.all_cards() == expected


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1))
def test_pop_undoes_push_and_moves_read_back(variant: str, seed: int) -> None:
    """pop restores the state push changed; every move reads back from its text."""
    game = new_game(variant, players_for(variant, seed), seed, options_for(variant, seed))
    choose = random.Random(seed)
    for _ in range(60):
        if game.is_over():
            break
        moves = game.legal_actions()
        assert all(Move.parse(str(move)) == move for move in moves)
        before = (str(game), game.stock[:], game.rng.getstate(), game.situation_for(game.actor))
        game.push(choose.choice(moves))
        game.pop()
        assert (
            str(game),
            game.stock,
            game.rng.getstate(),
            game.situation_for(game.actor),
        ) == before
        game.push(choose.choice(moves))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_seed_replays_exactly(variant: str) -> None:
    """The same seed plays the same game."""
    players = GAMES[variant].PLAYERS[0]
    assert play_random(variant, players, 99) == play_random(variant, players, 99)


def test_an_illegal_move_names_itself_and_the_situation() -> None:
    """An illegal or unreadable move is refused with a message naming it."""
    game = new_game("dynamisch", 4, seed=1)
    game.arrange(["H7,C9", "S9", "HK", "SA"], discard="C10,H10")
    with pytest.raises(IllegalMoveError, match=r"'0 play C9'|0 play C9 is not legal .*top=H10"):
        game.push_text("0 play C9")
    with pytest.raises(ValueError, match="is not a move like"):
        Move.parse("0 fly H7")


def test_results_only_when_over() -> None:
    """A game has no result before it is over."""
    with pytest.raises(ValueError, match="not over yet"):
        new_game("speedone", 3, seed=1).result()
