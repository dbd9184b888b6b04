"""Engine benchmark, run by hand: ``.venv/bin/python benchmarks/bench_engine.py [--quick]``.

Prints, per variant, the situations the referee judges per second and the random self-play
games per second of the whole-game engine, then the cost of one ``POST /api/v1/referee``
relative to a bare JSON route of the same app, and the anchors measured side by side in
this run: RLCard 1.2's UNO game driven directly (``game.step(random legal action)``) and
OpenSpiel's ``crazy_eights`` (C++), both from the optional ``bench`` extra. An anchor that
is not installed is skipped with a note.

Self-play players are eager (they play whenever they can and draw only when stuck), the
action space RLCard's UNO players have, so the games per second compare like for like.
Every move of self-play asks the variant's rules (the referee's) about each candidate
action, so a game costs a few hundred rulings. Rates count CPU time of this one process,
the best of several interleaved slices.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.engine import Action  # noqa: E402
from app.engine import Situation  # noqa: E402
from app.engine import find_problem  # noqa: E402
from app.engine import judge  # noqa: E402
from app.engine.games import GAMES  # noqa: E402
from app.engine.games import new_game  # noqa: E402
from app.engine.games import play_random  # noqa: E402

SELF_PLAY = [
    ("dynamisch", 4),
    ("deluxe", 4),
    ("speedone", 2),
    ("speedone", 4),
    ("speedone", 5),
    ("terroristen", 4),
    ("doppel", 4),
]


def per_second(step: Callable[[int], object], seconds: float, rounds: int = 1) -> float:
    """Calls of ``step(0)``, ``step(1)``, … per second of this process's CPU time (other
    load on the machine disturbs that less than wall time): the best of ``rounds`` slices
    of ``seconds / rounds`` each."""
    best, count = 0.0, 0
    for _ in range(rounds):
        done, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds / rounds or done < 5:
            step(count)
            count, done = count + 1, done + 1
        best = max(best, done / elapsed)
    return best


def race(
    steps: dict[str, Callable[[int], object]], seconds: float, rounds: int = 5
) -> dict[str, float]:
    """``per_second`` for several contenders in interleaved slices, so that a burst of load
    on the machine hits them alike."""
    best = dict.fromkeys(steps, 0.0)
    for _ in range(rounds):
        for name, step in steps.items():
            best[name] = max(best[name], per_second(step, seconds / rounds))
    return best


class SelfPlay:
    """One eager random game per call, counting the moves played."""

    def __init__(self, variant: str, players: int) -> None:
        """Games of ``variant`` for ``players`` players, seeded by the call number."""
        self.variant, self.players = variant, players
        self.games = self.moves = 0

    def __call__(self, seed: int) -> None:
        """Play the game of this seed."""
        result, _ = play_random(self.variant, self.players, seed, max_moves=5000)
        self.games += 1
        self.moves += result.moves if result else 5000


def referee_questions(variant: str, count: int) -> list[tuple[Situation, Action]]:
    """Situations of seeded self-play with the action the player chose there (those the
    referee can be asked about: see tests/engine/test_agreement.py)."""
    questions: list[tuple[Situation, Action]] = []
    low, high = GAMES[variant].PLAYERS
    seed = 0
    while len(questions) < count:
        game = new_game(variant, low + seed % (high - low + 1), seed)
        choose = random.Random(seed)
        while not game.is_over() and len(questions) < count:
            move = choose.choice(game.legal_actions())
            situation = game.situation_for(game.actor)
            if (
                move.action is not None
                and situation is not None
                and find_problem(situation, move.action) is None
            ):
                questions.append((situation, move.action))
            game.push(move)
        seed += 1
    return questions


def judged_rate(questions: list[tuple[Situation, Action]], seconds: float) -> float:
    """Referee verdicts per second over the questions, round and round."""
    return per_second(lambda i: judge(*questions[i % len(questions)], "en"), seconds, 5)


def request_body(situation: Situation, action: Action) -> dict[str, Any]:
    """The docs/api.md §1 request for a situation and action."""

    def wish(value: Any) -> dict[str, Any]:
        """A wish as JSON, with Deluxe's flags that are set."""
        flags = {
            flag: True for flag in ("by_you", "anyone_served", "you_served") if getattr(value, flag)
        }
        named = {"suit": value.suit} if value.suit else {"rank": value.rank}
        return {**named, **flags}

    shown: dict[str, Any] = {"top": str(situation.top)}
    if situation.below:
        shown["below"] = str(situation.below)
    if situation.wish:
        shown["wish"] = wish(situation.wish)
    if situation.pending:
        shown["pending"] = {
            name: getattr(situation.pending, name)
            for name in ("draw", "skip", "again")
            if getattr(situation.pending, name)
        }
    shown["hand"] = [str(card) for card in situation.hand or ()]
    body: dict[str, Any] = {
        "variant": situation.variant,
        "players": situation.players,
        "situation": shown,
        "actor": situation.actor,
        "lang": "en",
        "action": {"draw": True} if action.draw else {"play": [str(card) for card in action.play]},
    }
    if action.wish:
        body["action"]["wish"] = wish(action.wish)
    if situation.options.changed():
        body["options"] = situation.options.changed()
    return body


def http_costs(bodies: list[dict[str, Any]], seconds: float) -> tuple[float, float]:
    """Microseconds per POST /api/v1/referee and per bare JSON route of the same app."""
    from flask import request

    from app import csrf
    from app.factory import create_app

    app = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "bench"}
    )

    def bare() -> dict[str, Any]:
        """Echo a field of the JSON body: Flask's own cost of a JSON route."""
        return {"legal": True, "variant": request.get_json()["variant"]}

    app.add_url_rule("/bench/bare", "bench_bare", bare, methods=["POST"])
    csrf.exempt(bare)
    client = app.test_client()
    for url in ("/api/v1/referee", "/bench/bare"):
        for body in bodies:  # time real answers, never 400s
            answer = client.post(url, json=body)
            assert answer.status_code == 200, (url, body, answer.get_json())

    def poster(url: str) -> Callable[[int], object]:
        """Post the i-th body to ``url``."""
        return lambda i: client.post(url, json=bodies[i % len(bodies)])

    rates = race({"referee": poster("/api/v1/referee"), "bare": poster("/bench/bare")}, seconds)
    return 1e6 / rates["referee"], 1e6 / rates["bare"]


def rlcard_uno(players: int) -> Callable[[int], object] | None:
    """One game of RLCard 1.2's UNO, driven directly with random legal actions."""
    try:
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game = UnoGame(num_players=players)
    game.np_random.seed(0)
    choose = random.Random(0)

    def one_game(_: int) -> None:
        """Deal and play one game to its end."""
        game.init_game()
        while not game.is_over():
            game.step(choose.choice(game.get_legal_actions()))

    return one_game


def open_spiel_crazy_eights() -> dict[str, Callable[[int], object]]:
    """One random playout of OpenSpiel's crazy_eights (C++, default 5 players), stepped
    from Python one action at a time, and with the whole loop in C++ (evaluate_bots)."""
    try:
        import pyspiel
    except ImportError:
        return {}
    game = pyspiel.load_game("crazy_eights")
    choose = random.Random(0).random
    bots = [pyspiel.make_uniform_random_bot(seat, seat) for seat in range(game.num_players())]

    def stepped(_: int) -> None:
        """One playout, chance outcomes and actions chosen here."""
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(choose() * len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(choose() * len(actions))])

    return {
        "crazy_eights stepped": stepped,
        "crazy_eights in C++": lambda seed: pyspiel.evaluate_bots(
            game.new_initial_state(), bots, seed
        ),
    }


def main() -> None:
    """Measure and print everything, anchors side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short measurements")
    seconds = 1.0 if parser.parse_args().quick else 4.0

    print(
        f"{'variant':<12} {'players':>7} {'games/s':>9} {'moves/s':>10}   "
        "(eager random self-play, best of 5 slices)"
    )
    for variant, players in SELF_PLAY:
        games = SelfPlay(variant, players)
        rate = per_second(games, seconds, 5)
        moves = rate * games.moves / games.games
        print(f"{variant:<12} {players:>7} {rate:>9,.0f} {moves:>10,.0f}")

    print(f"\n{'variant':<12} {'judged situations/s':>20}   (judge() on self-play situations)")
    bodies: list[dict[str, Any]] = []
    for variant in GAMES:
        questions = referee_questions(variant, 500)
        bodies += [request_body(*question) for question in questions[:100]]
        print(f"{variant:<12} {judged_rate(questions, seconds):>20,.0f}")

    referee_us, bare_us = http_costs(bodies, seconds)
    print(
        f"\nPOST /api/v1/referee {referee_us:,.0f} µs, a bare JSON route of the same app "
        f"{bare_us:,.0f} µs: {referee_us / bare_us:.2f}× the bare route"
    )

    print("\nAnchors, raced in interleaved slices against Speedone self-play:")
    contenders: dict[str, Callable[[int], object]] = {
        "speedone 2 players": SelfPlay("speedone", 2),
        "speedone 5 players": SelfPlay("speedone", 5),
    }
    uno = rlcard_uno(2)
    if uno is None:
        print("  RLCard not installed (pip install 'rlcard==1.2.0'): skipped")
    else:
        contenders["RLCard UNO 2 players"] = uno
    spiel = open_spiel_crazy_eights()
    if not spiel:
        print("  OpenSpiel not installed (pip install open-spiel): skipped")
    contenders.update(spiel)
    rates = race(contenders, 2 * seconds)
    for name, rate in rates.items():
        print(f"  {name:<24} {rate:>9,.0f} games/s")
    if uno is not None:
        print(
            f"  Speedone / RLCard UNO (2 players): "
            f"{rates['speedone 2 players'] / rates['RLCard UNO 2 players']:.2f}×"
        )
    for name in spiel:
        print(f"  Speedone / {name} (5 players): {rates['speedone 5 players'] / rates[name]:.2f}×")


if __name__ == "__main__":
    main()
