"""Whole games ask the referee: what a game allows is what the referee judges legal.

A game's plays and draws come from the variant's rules, so agreement is partly true by
construction; what can still fail is checked along random states of every variant (seeded
self-play, eager and uniform players, house rules varied): the situation a game puts to the
referee is a well-formed question (``find_problem``), every play or draw the game allows is
legal for the public ``judge``, and every candidate the referee judges legal — each card,
each pair and same-rank group of the hand enumerated here independently, with each wish,
and drawing — as well as everything ``legal_actions`` lists, is a move of the game. The
only state that cannot be put as a referee question (Deluxe's empty discard pile,
dlx.stock) is counted and must stay rare.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from app.engine import COLOURS
from app.engine import RANKS
from app.engine import SUITS
from app.engine import Action
from app.engine import Situation
from app.engine import Wish
from app.engine import find_problem
from app.engine import find_variant
from app.engine import judge
from app.engine import legal_actions
from app.engine.cards import Card
from app.engine.games import GAMES
from app.engine.games import Game
from app.engine.games import new_game
from app.engine.games.base import TURN
from app.engine.games.base import WEDDING
from app.engine.options import Options
from tests.engine.house import options_for

STATES = 1500  # compared states per variant (each judges every candidate: ~5 ms)
MAX_PLIES = 200
Key = tuple[object, ...]


def key(action: Action) -> Key:
    """An action up to the order of the cards after the first (the first must serve)."""
    if action.draw:
        return ("draw",)
    rest = tuple(sorted(str(card) for card in action.play[1:]))
    return (str(action.play[0]), rest, str(action.wish) if action.wish else None)


def wishes_for(variant: str, card: Card) -> list[Wish | None]:
    """No wish, and every wish a card of this rank could name (the judge decides)."""
    if variant == "speedone":
        return [None, *(Wish(suit=colour) for colour in COLOURS)] if card.is_wild else [None]
    if variant == "deluxe" and card.rank == "J":
        return [None, *(Wish(rank=rank) for rank in RANKS if rank not in ("8", "9"))]
    if card.rank == "J" or (variant == "deluxe" and card.rank == "Q"):
        return [None, *(Wish(suit=suit) for suit in SUITS)]
    return [None]


def candidates(situation: Situation) -> list[Action]:
    """Each card of the hand (also with a wish it cannot make), each pair of twins, each
    pair (Deluxe, hands up to 10 cards) or same-rank group with each first card
    (Terroristen), each with every wish; and drawing."""
    hand = situation.hand or ()
    plays: set[tuple[Card, ...]] = {(card, card) for card, n in Counter(hand).items() if n > 1}
    if situation.variant == "deluxe" and len(hand) <= 10:
        plays |= set(combinations(hand, 2))
    if situation.variant == "terroristen":
        for size in range(2, len(hand) + 1):
            for group in combinations(hand, size):
                if len({card.rank for card in group}) == 1:
                    plays |= {
                        (first, *sorted(group[:i] + group[i + 1 :], key=str))
                        for i, first in enumerate(group)
                    }
    actions = [Action(draw=True)]
    for card in set(hand):
        actions += [Action((card,), wish) for wish in wishes_for(situation.variant, card)]
        actions.append(Action((card,), Wish(suit="R" if card.is_colour_card else "C")))
    return actions + [
        Action(play, wish) for play in plays for wish in wishes_for(situation.variant, play[0])
    ]


def check(game: Game, skipped: Counter[str]) -> int:
    """Compare the game's moves with the referee for the acting player; 1 if compared.

    A Doppel player who has drawn (dop.draw) is ``drew=true``: the game lets him play or
    end his turn (a pass, the game's own decision), the referee forbids a second draw.
    """
    if game.phase not in (TURN, WEDDING):
        return 0  # showing, taking and naming a suit are the game's own decisions
    situation = game.situation_for(game.actor)
    if situation is None:
        skipped["dlx.stock: the top discard was taken, the pile is empty"] += 1
        return 0
    assert situation.drew == game.drew and situation.on_turn == (game.phase == TURN)
    passing = "pass" in {move.kind for move in game.legal_actions()}
    assert passing == (situation.drew or game.phase == WEDDING)
    assert find_problem(situation, Action(draw=True)) is None, str(situation)
    allowed = {key(move.action) for move in game.legal_actions() if move.action is not None}
    for move in game.legal_actions():
        if move.action is not None:
            verdict = judge(situation, move.action, "en")
            assert verdict.legal, (
                f"game allows {move.action} in {situation}: {verdict.rule} {verdict.reason}"
            )
    judged = [action for action in candidates(situation) if judge(situation, action).legal]
    for action in judged + legal_actions(situation):
        played = without_void_wish(situation, action)
        assert covered(key(played), allowed), f"referee allows {action} in {situation}"
    return 1


def without_void_wish(situation: Situation, action: Action) -> Action:
    """dlx.wish.override: a card of the wish played with a new wish is allowed, the wish is
    void; it is the plain card the game plays."""
    verdict = judge(situation, action)
    if action.wish is not None and not any(effect.type == "wish" for effect in verdict.effects):
        return Action(action.play)
    return action


def covered(wanted: Key, allowed: set[Key]) -> bool:
    """The game allows it; a wishing card played without a wish (the referee then lists the
    choices) is covered by the game's moves with a wish."""
    return wanted in allowed or (
        wanted[-1] is None
        and len(wanted) == 3
        and any(move[:2] == wanted[:2] and move[2] is not None for move in allowed)
    )


@pytest.mark.parametrize("variant", list(GAMES))
def test_game_and_referee_agree(variant: str) -> None:
    """Along seeded games, every move the game allows the referee judges legal, and back."""
    low, high = GAMES[variant].PLAYERS
    checked, skipped, seed = 0, Counter[str](), 0
    while checked < STATES:
        game = new_game(variant, low + seed % (high - low + 1), seed, options_for(variant, seed))
        choose = random.Random(seed)
        eager = seed % 2 == 1
        while not game.is_over() and game.ply < MAX_PLIES:
            checked += check(game, skipped)
            moves = game.legal_actions()
            plays = [move for move in moves if move.kind not in ("draw", "pass")]
            game.push(choose.choice(plays if eager and plays else moves))
        seed += 1
    assert sum(skipped.values()) < checked / 20, skipped


def test_dlx_ace_stuck_with_a_special_last_card_may_draw() -> None:
    """dlx.ace: 'If he cannot play another card, he draws one' — DA serves the ace but may
    not be the last card (dlx.lastcard), so he cannot play it and draws."""
    situation = Situation.parse("deluxe top=SA below=S7 again=1 hand=DA players=2")
    assert not judge(situation, Action(play=(Card("D", "A"),))).legal  # dlx.lastcard
    assert judge(situation, Action(draw=True)).legal


def test_spd_start_wild_start_card_game_and_referee_agree() -> None:
    """spd.start (I): a turned-up wild card names no colour; the referee accepts that top
    and allows exactly what the game does (any card, drawing). Such deals are rare in the
    random states above, so they are looked for here."""
    compared, skipped = 0, Counter[str]()
    for seed in range(400):
        game = new_game(
            "speedone", 2 + seed % 9, seed, Options.parse("stack2" if seed % 2 == 0 else "")
        )
        situation = game.situation_for(game.actor)
        if situation is not None and situation.top.is_wild:
            assert situation.wish is None
            compared += check(game, skipped)
    assert compared >= 10 and not skipped


def test_games_and_referee_share_one_rules_object() -> None:
    """Each rule is written once: a game's rules are the referee's rules object."""
    assert all(GAMES[variant].rules is find_variant(variant) for variant in GAMES)
