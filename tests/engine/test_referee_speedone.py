"""Speedone: one case per rule ID of the rules digest, each a one-line situation."""

from __future__ import annotations

from collections import Counter

import pytest

from app.engine import RULE_KINDS
from app.engine import Action
from app.engine import Card
from app.engine import Situation
from app.engine import Verdict
from app.engine import deck
from app.engine import find_problem
from app.engine import judge
from app.engine import judge_start
from app.engine import legal_actions
from app.text import say
from tests.engine.verdicts import has


def ask(situation: str, action: str, lang: str = "en") -> Verdict:
    """Judge a one-line Speedone situation and action."""
    return judge(Situation.parse(f"speedone {situation}"), Action.parse(action), lang)


CASES = [
    pytest.param("top=B7", "B2", True, "spd.serve", id="spd.serve-colour"),
    pytest.param("top=B7", "Y7", True, "spd.serve", id="spd.serve-value"),
    pytest.param("top=BS", "GS", True, "spd.serve", id="spd.serve-symbol"),
    pytest.param("top=B7", "Y6", False, "spd.serve", id="spd.serve-neither"),
    pytest.param("top=B7", "W wish=R", True, "spd.serve", id="spd.serve-wild-always"),
    pytest.param("top=W wish=R", "R5", True, "spd.wish", id="spd.wish-served"),
    pytest.param("top=W wish=R", "B5", False, "spd.wish", id="spd.wish-ignored"),
    pytest.param("top=W+4 wish=R", "W wish=G", True, "spd.serve", id="spd.wish-wild-on-wild"),
    pytest.param("top=Y+2 draw=2", "G+2", False, "spd.opt.stack2", id="spd.opt.stack2-off"),
    pytest.param(
        "top=Y+2 draw=2 options=stack2", "G+2", True, "spd.opt.stack2", id="spd.opt.stack2-on"
    ),
    pytest.param(
        "top=W+4 wish=G draw=4", "W+4 wish=R", False, "spd.opt.stack4", id="spd.opt.stack4-off"
    ),
    pytest.param(
        "top=W+4 wish=G draw=4 options=stack4",
        "W+4 wish=R",
        True,
        "spd.opt.stack4",
        id="spd.opt.stack4-on",
    ),
    pytest.param(
        "top=Y+2 draw=2 options=stack2,stack4",
        "W+4 wish=R",
        False,
        "spd.opt.stack4",
        id="spd.opt.stack4-never-mixed",
    ),
    pytest.param(
        "top=W+4 wish=G draw=4 options=stack2,stack4",
        "G+2",
        False,
        "spd.opt.stack4",
        id="spd.opt.stack4-never-mixed-back",
    ),
    pytest.param("top=Y+2 draw=2", "Y5", False, "spd.draw2", id="spd.draw2-must-draw"),
    pytest.param("top=W+4 wish=G draw=4", "G5", False, "spd.draw4", id="spd.draw4-must-draw"),
    pytest.param("top=GS skip=1", "G5", False, "spd.skip", id="spd.skip-skipped-player"),
]


@pytest.mark.parametrize(("situation", "action", "legal", "rule"), CASES)
def test_speedone_rule_cases(situation: str, action: str, legal: bool, rule: str) -> None:
    """Each case is decided by the rule its id names; Speedone has no penalty cards."""
    verdict = ask(situation, action)
    assert (verdict.legal, verdict.rule) == (legal, rule), verdict.reason
    assert verdict.penalty is None


def test_spd_serve_wild_draw_four_any_time() -> None:
    """spd.serve (I): a wild-draw-four may be played at any time."""
    verdict = ask("top=B7 hand=W+4,B2", "W+4 wish=R")
    assert verdict.legal
    assert verdict.interpretation == (
        "a wild-draw-four may be played at any time (the seed gives no restriction)."
    )


def test_spd_wish_names_a_colour() -> None:
    """spd.wish: a wild names a colour; unnamed, the four are listed."""
    assert has(ask("top=B7", "W"), "wish", choices=["R", "G", "B", "Y"], rule="spd.wish")
    assert has(ask("top=B7", "W wish=Y"), "wish", suit="Y")


def test_spd_skip_and_two_players() -> None:
    """spd.skip: the next player is skipped; with 2 players you play again."""
    assert has(ask("top=B7", "BS"), "skip", who="next", count=1, rule="spd.skip")
    assert has(ask("top=B7", "BS"), "turn", who="after_next")
    assert has(ask("top=B7 players=2", "BS"), "turn", who="you")


def test_spd_reverse_and_two_players() -> None:
    """spd.reverse: the direction changes; with 2 players it acts as a skip."""
    assert has(ask("top=B7", "BR"), "reverse", rule="spd.reverse")
    two = ask("top=B7 players=2", "BR")
    assert not has(two, "reverse") and has(two, "skip", who="next", rule="spd.reverse")


def test_spd_draw2_next_draws_two() -> None:
    """spd.draw2: the next player draws 2 and his turn ends (unless stack2 lets him answer)."""
    assert has(ask("top=B7", "B+2"), "draw", who="next", count=2, rule="spd.draw2")
    assert has(ask("top=B7", "B+2"), "turn", who="after_next")
    assert has(ask("top=B7 options=stack2", "B+2"), "turn", who="next")
    assert has(ask("top=Y+2 draw=2 options=stack2", "B+2"), "draw", who="next", count=4)
    taken = ask("top=Y+2 draw=2", "draw")
    assert (taken.legal, taken.rule) == (True, "spd.draw2")


def test_spd_draw4_wish_and_four_cards() -> None:
    """spd.draw4: wish a colour, the next player draws 4 (8 when stacked)."""
    verdict = ask("top=B7", "W+4 wish=R")
    assert has(verdict, "wish", suit="R") and has(
        verdict, "draw", who="next", count=4, rule="spd.draw4"
    )
    stacked = ask("top=W+4 wish=G draw=4 options=stack4", "W+4 wish=R")
    assert has(stacked, "draw", who="next", count=8)
    assert ask("top=W+4 wish=G draw=4", "draw").rule == "spd.draw4"


def test_spd_draw_one_card_and_turn_ends() -> None:
    """spd.draw: a player who draws may not play any more."""
    verdict = ask("top=B7", "draw")
    assert (verdict.legal, verdict.rule) == (True, "spd.draw")
    assert [e.to_json() for e in verdict.effects] == [
        {"type": "draw", "who": "you", "count": 1, "rule": "spd.draw"},
        {"type": "turn", "who": "next", "rule": "spd.draw"},
    ]


def test_spd_handlimit_extra_cards_lapse() -> None:
    """spd.handlimit: nobody holds more than 22 cards; the rest lapse."""
    hand = ",".join(["B1", "B2", "B3", "B4", "B5", "B6", "B8", "B9", "G1", "G2", "G3"] * 2)
    verdict = ask(f"top=Y+2 draw=2 hand={hand}", "draw")
    assert (verdict.legal, verdict.rule) == (True, "spd.handlimit")
    assert has(verdict, "draw", who="you", count=0)
    one_short = ask(f"top=Y+2 draw=2 hand={hand[3:]}", "draw")
    assert has(one_short, "draw", who="you", count=1, rule="spd.handlimit")


def test_spd_handlimit_from_the_number_of_cards_alone() -> None:
    """spd.handlimit: the number of cards held (situation hand_count) is enough for the
    limit; with the house rule spd.house.handlimit off every card is taken."""
    limited = ask("top=Y+2 draw=2 hand_count=21", "draw")
    assert (limited.legal, limited.rule) == (True, "spd.handlimit")
    assert has(limited, "draw", who="you", count=1, rule="spd.handlimit")
    assert has(ask("top=Y+2 draw=2 hand_count=22", "draw"), "draw", who="you", count=0)
    assert has(
        ask("top=Y+2 draw=2 hand_count=20", "draw"), "draw", who="you", count=2, rule="spd.draw2"
    )
    unlimited = ask("top=Y+2 draw=2 hand_count=21 options=handlimit:false", "draw")
    assert has(unlimited, "draw", who="you", count=2, rule="spd.house.handlimit")


def test_spd_hand_count_counts_the_last_cards() -> None:
    """spd.one, spd.points: the reminder and going out need only the number of cards."""
    assert has(ask("top=B7 hand_count=2", "B2"), "remind", rule="spd.one")
    assert not has(ask("top=B7 hand_count=3", "B2"), "remind")
    assert has(ask("top=B7 hand_count=1", "B2"), "out", rule="spd.points")
    assert not has(ask("top=B7 hand_count=2", "B2"), "out")


@pytest.mark.parametrize(
    ("situation", "action", "quoted"),
    [
        ("top=B7 hand=B2,G3 hand_count=3", "B2", "your hand lists 2"),
        ("top=B7 hand_count=0", "B2", "cannot play more cards"),
        ("top=B7 hand_count=23", "draw", "more than 22"),
        ("top=B7 hand_count=109", "draw", "0 to 108"),
    ],
)
def test_spd_hand_count_problems(situation: str, action: str, quoted: str) -> None:
    """A hand_count that disagrees with the hand, the play, the limit or the deck is a
    problem of the field situation.hand_count."""
    problem = find_problem(Situation.parse(f"speedone {situation}"), Action.parse(action))
    assert problem is not None and problem.field == "situation.hand_count"
    assert quoted in say(problem.text, "en") and "Karten auf der Hand" in say(problem.text, "de")
    assert (
        find_problem(
            Situation.parse("speedone top=B7 hand_count=23 options=handlimit:false"),
            Action.parse("draw"),
        )
        is None
    )


def test_spd_one_reminder_with_two_cards() -> None:
    """spd.one: with two cards, announce ONE before playing the second-to-last."""
    assert has(ask("top=B7 hand=B2,G5", "B2"), "remind", rule="spd.one")
    assert not has(ask("top=B7 hand=B2,G5,G6", "B2"), "remind")


def test_spd_points_going_out() -> None:
    """spd.points: the player who goes out ends the round (his hand is worth 0)."""
    assert has(ask("top=B7 hand=B2", "B2"), "out", rule="spd.points")
    assert RULE_KINDS["spd.points"] == "score"


def test_spd_start_card_has_no_effect() -> None:
    """spd.start (I): the turned-up start card has no effect."""
    verdict = judge_start("speedone", Card.parse("W+4"), lang="en")
    assert verdict.rule == "spd.start"
    assert verdict.interpretation is not None
    assert verdict.interpretation.startswith(
        "the turned-up start card has no effect (the seed gives it none)."
    )
    assert [e.type for e in verdict.effects] == ["turn"]


def test_spd_start_wild_start_card_wishes_no_colour() -> None:
    """spd.start (I): a turned-up wild card has no effect, so it carries no wish; any card
    goes on it, as if its player named the colour of the card he plays."""
    colour = ask("top=W hand=R5,W", "R5")
    assert (colour.legal, colour.rule) == (True, "spd.start")
    assert colour.interpretation == (
        "the turned-up start card has no effect (the seed gives it none). A wild card turned "
        "up names no colour: the starting player may play any card on it (as if he named the "
        "colour of the card he plays)."
    )
    assert has(colour, "turn", who="next") and not has(colour, "wish")
    assert has(ask("top=W+4 hand=GS,W", "GS"), "skip", who="next")  # its own effect counts
    assert ask("top=W+4 hand=R5,W", "W wish=G").legal
    assert ask("top=W hand=R5", "draw").legal
    listed = legal_actions(Situation.parse("speedone top=W hand=R5,W"))
    assert [str(action) for action in listed] == [
        "R5",
        "W wish=R",
        "W wish=G",
        "W wish=B",
        "W wish=Y",
        "draw",
    ]
    # A W+4 that still makes you draw was played, so its player named a colour.
    missing = find_problem(Situation.parse("speedone top=W+4 draw=4"), Action(draw=True))
    assert missing is not None and missing.field == "situation.wish"


def test_spd_table_options_are_score_keeping_options() -> None:
    """spd.opt.scoring, spd.opt.target, spd.opt.partner are table options, not plays."""
    assert {RULE_KINDS[r] for r in ("spd.opt.scoring", "spd.opt.target", "spd.opt.partner")} == {
        "option"
    }


def test_spd_deck_has_108_cards() -> None:
    """The deck (I): 4 W and 4 W+4, one 0 and two of everything else per colour."""
    counts = Counter(deck("speedone"))
    assert sum(counts.values()) == 108
    assert counts[Card(None, "W")] == counts[Card(None, "W+4")] == 4
    assert counts[Card("R", "0")] == 1 and counts[Card("R", "+2")] == 2


def test_spd_legal_actions_spell_out_wild_colours() -> None:
    """legal_actions lists a wild with each colour, the serving card, and the draw."""
    listed = [str(a) for a in legal_actions(Situation.parse("speedone top=B7 hand=W,Y7,G2"))]
    assert listed == ["W wish=R", "W wish=G", "W wish=B", "W wish=Y", "Y7", "draw"]
