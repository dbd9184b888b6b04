"""Mau-Mau's rules: one case per rule ID and house rule, a situation in one line."""

from __future__ import annotations

import pytest

from app.engine import RULE_KINDS
from app.engine import Action
from app.engine import Situation
from app.engine import Verdict
from app.engine import find_variant
from app.engine import judge
from app.engine import judge_start
from app.engine import legal_actions
from app.engine.cards import Card
from app.engine.games import new_game
from app.engine.options import Options
from app.variants.maumau.scoring import MaumauScoring
from tests.engine.verdicts import has


def ask(situation: str, action: str) -> Verdict:
    """Judge a one-line Mau-Mau situation and action, in English."""
    return judge(Situation.parse(f"maumau {situation}"), Action.parse(action), "en")


CASES = [
    # (situation, action, legal, rule)
    pytest.param("top=H8", "H10", True, "mau.serve", id="mau.serve-suit"),
    pytest.param("top=H8", "C8", True, "mau.8", id="mau.serve-rank"),
    pytest.param("top=H8", "CK", False, "mau.serve", id="mau.serve-refused"),
    pytest.param("top=H8", "draw", True, "mau.draw.play", id="mau.draw.play-draw"),
    pytest.param("top=H8 drew=true", "H10", True, "mau.draw.play", id="mau.draw.play"),
    pytest.param("top=H8 drew=true", "draw", False, "mau.draw.play", id="mau.draw.play-twice"),
    pytest.param("top=H8", "SJ wish=D", True, "mau.jack", id="mau.jack"),
    pytest.param("top=HJ wish=S", "CJ wish=D", False, "mau.jack", id="mau.jack-on-jack"),
    pytest.param("top=HJ wish=S", "S9", True, "mau.jack", id="mau.jack-wish-served"),
    pytest.param("top=HJ wish=S", "H9", False, "mau.jack", id="mau.jack-wish-refused"),
    pytest.param("top=HJ", "C9", True, "mau.jack", id="mau.start-jack-any-card"),
    pytest.param("top=H7 draw=2", "S7", True, "mau.7", id="mau.7-stack"),
    pytest.param("top=H7 draw=2", "H9", False, "mau.7", id="mau.7-only-seven"),
    pytest.param("top=H7 draw=4", "draw", True, "mau.7", id="mau.7-take"),
    pytest.param("top=H8 skip=1", "C8", False, "mau.8", id="mau.8-no-pass"),
    pytest.param("top=H8 skip=1", "draw", True, "mau.8", id="mau.8-skipped"),
    pytest.param("top=H10", "H9", True, "mau.9", id="mau.9"),
    pytest.param("top=HK", "HA", True, "mau.ace", id="mau.ace"),
    pytest.param("top=H8 hand=H9,C7", "H9", True, "mau.9", id="mau.last"),
    pytest.param("top=H8 options=jack_on_jack", "H9", True, "mau.9", id="no-switch-on-nine"),
    # house rules
    pytest.param(
        "top=HJ wish=S options=jack_on_jack",
        "CJ wish=D",
        True,
        "mau.house.jackonjack",
        id="mau.house.jackonjack",
    ),
    pytest.param(
        "top=H7 draw=2 options=seven:draw2",
        "S7",
        False,
        "mau.house.seven",
        id="mau.house.seven-draw2",
    ),
    pytest.param(
        "top=H7 draw=2 options=seven:draw2",
        "draw",
        True,
        "mau.house.seven",
        id="mau.house.seven-take",
    ),
    pytest.param("top=H10 options=nine:reverse", "H9", True, "mau.house.nine", id="mau.house.nine"),
    pytest.param("top=HK options=ace:again", "HA", True, "mau.house.ace", id="mau.house.ace"),
    pytest.param(
        "top=HA again=1 options=ace:again", "S9", False, "mau.house.ace", id="mau.house.ace-serve"
    ),
    pytest.param(
        "top=HA again=1 options=ace:again", "draw", True, "mau.house.ace", id="mau.house.ace-draw"
    ),
    pytest.param(
        "top=H8 drew=true options=draw_play:false",
        "H10",
        False,
        "mau.house.drawplay",
        id="mau.house.drawplay",
    ),
    pytest.param(
        "top=H8 options=draw_play:false",
        "draw",
        True,
        "mau.house.drawplay",
        id="mau.house.drawplay-draw",
    ),
    pytest.param(
        "top=H8 hand=CJ options=jack_last:false",
        "CJ wish=H",
        False,
        "mau.house.jacklast",
        id="mau.house.jacklast",
    ),
]


@pytest.mark.parametrize(("situation", "action", "legal", "rule"), CASES)
def test_every_rule_decides_its_case(situation: str, action: str, legal: bool, rule: str) -> None:
    """The verdict and the rule (or house rule) it cites."""
    verdict = ask(situation, action)
    assert (verdict.legal, verdict.rule) == (legal, rule), verdict.reason


def test_effects_of_the_special_cards() -> None:
    """mau.7 passes on +2, mau.8 skips the next, mau.house.nine reverses, mau.house.ace stays,
    mau.jack wishes, mau.last reminds; a jack as last card goes out."""
    assert has(ask("top=H7 draw=2", "S7"), "draw", who="next", count=4)
    assert has(ask("top=H10", "H8"), "skip", who="next", count=1)
    assert has(ask("top=H10", "H8"), "turn", who="after_next")
    assert has(ask("top=H10 options=nine:reverse", "H9"), "reverse")
    assert has(ask("top=H10 players=2 options=nine:reverse", "H9"), "turn", who="you")
    assert not has(ask("top=H10", "H9"), "reverse")
    assert has(ask("top=HK hand=HA,C7 options=ace:again", "HA"), "again", count=1)
    assert has(ask("top=H8", "SJ wish=D"), "wish", suit="D")
    assert has(ask("top=H8 hand=H9,C7", "H9"), "remind", rule="mau.last")
    assert has(ask("top=H8 hand=CJ", "CJ wish=H"), "out")
    assert has(ask("top=H10 options=seven:none", "H7"), "turn", who="next")
    assert not has(ask("top=H10 options=seven:none", "H7"), "draw")


def test_an_ace_as_last_card_under_again_is_the_interpretation() -> None:
    """mau.house.ace "again" (I:): the last card an ace, its player draws the card he owes
    and is not out; the verdict names the interpretation, without the switch it has none."""
    verdict = ask("top=HK hand=HA options=ace:again", "HA")
    assert (verdict.legal, verdict.rule) == (True, "mau.house.ace")
    assert has(verdict, "draw", who="you", count=1) and not has(verdict, "out")
    assert verdict.interpretation == (
        "an ace played as the last card does not end the game: its player still owes a card, "
        "so he draws one and his turn ends."
    )
    plain = ask("top=HK hand=HA", "HA")
    assert plain.interpretation is None and has(plain, "out")


def test_mau_start_turned_up_cards() -> None:
    """mau.start: a 7 makes the player after the dealer draw, an 8 skips him, a jack wishes
    nothing."""
    seven = judge_start("maumau", Card.parse("H7"), 4, "en")
    assert seven.rule == "mau.start" and has(seven, "draw", who="next", count=2)
    assert has(judge_start("maumau", Card.parse("H8"), 4, "en"), "skip", who="next")
    jack = judge_start("maumau", Card.parse("HJ"), 4, "en")
    assert jack.rule == "mau.start" and not has(jack, "wish")


def test_legal_actions_after_a_seven() -> None:
    """What may I play: on a pending seven only sevens or taking the cards."""
    situation = Situation.parse("maumau top=H7 draw=2 hand=S7,H9,CJ")
    assert sorted(str(action) for action in legal_actions(situation)) == ["S7", "draw"]


def test_at_least_five_disputes_and_every_one_is_decided_by_a_switch() -> None:
    """Each dispute reads one way with the defaults and another with some house rule."""
    rules = find_variant("maumau")
    assert len(rules.disputes) >= 5
    for dispute in rules.disputes:
        default = ask(dispute.situation, dispute.action)
        flipped = [
            ask(f"{dispute.situation} options={rule.option}:{str(value).lower()}", dispute.action)
            for rule in rules.house_rules
            for value in rule.values[1:]
        ]
        assert any(
            (v.legal, v.rule, v.effects) != (default.legal, default.rule, default.effects)
            for v in flipped
        ), dispute.key


def test_mau_stock_and_whole_games_end() -> None:
    """mau.stock: a game reshuffles the discards when the stock runs out; every random game
    with every switch ends with a winner, and no card is lost."""
    rules = find_variant("maumau")
    reshuffled = 0
    for seed in range(60):
        chosen = {
            rule.option: rule.values[(seed >> i) % len(rule.values)]
            for i, rule in enumerate(rules.house_rules)
        }
        game = new_game("maumau", 2 + seed % 5, seed, Options.of(rules.house_rules, chosen))
        while not game.is_over():
            moves = game.legal_actions()
            game.push(moves[(seed * 7 + game.ply) % len(moves)])
        assert sum(game.all_cards().values()) == 32
        result = game.result()
        assert result.seats[result.winners[0]].cards == 0
        reshuffled += result.reshuffles
    assert reshuffled > 0


def test_score_keeping_rules_and_the_house_rules_kinds() -> None:
    """mau.score.wins, mau.score.points, mau.money keep the score, no referee question; the
    house rules are table options. A game ended with a jack counts double (mau.score.points)."""
    scores = ("mau.score.wins", "mau.score.points", "mau.money")
    assert {RULE_KINDS[rule] for rule in scores} == {"score"}
    assert {RULE_KINDS[rule.rule] for rule in find_variant("maumau").house_rules} == {"option"}
    scoring = MaumauScoring()
    game = {"winner": 0, "points": [0, 12, 7], "jack_end": True}
    assert scoring.points(3, {"scoring": "points"}, game) == [0, 24, 14]
    assert scoring.points(3, {"scoring": "wins"}, {"winner": 2}) == [0, 0, 1]
