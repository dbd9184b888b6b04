"""Doppel Mau-Mau: one case per rule ID of the rules digest, each a one-line situation."""

from __future__ import annotations

import pytest

from app.engine import PLAYER_RANGE
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
    """Judge a one-line Doppel situation and action."""
    return judge(Situation.parse(f"doppel {situation}"), Action.parse(action), lang)


CASES = [
    pytest.param("top=C10", "C7", True, "dop.serve", id="dop.serve-suit"),
    pytest.param("top=C10", "H10", True, "dop.serve", id="dop.serve-rank"),
    pytest.param("top=C10", "HQ", False, "dop.serve", id="dop.serve-neither"),
    pytest.param("top=C10", "HJ wish=C", True, "dop.jack", id="dop.jack-on-any-card"),
    pytest.param("top=CJ wish=H", "HJ wish=C", False, "dop.jack", id="dop.jack-bube-auf-bube"),
    pytest.param("top=CJ wish=H", "H8", True, "dop.jack", id="dop.jack-wished-suit"),
    pytest.param("top=CJ wish=H", "C8", False, "dop.jack", id="dop.jack-wish-ignored"),
    pytest.param("top=D7 draw=2", "S7", True, "dop.7", id="dop.7-counter"),
    pytest.param("top=D7 draw=2", "D8", False, "dop.7", id="dop.7-only-a-seven"),
    pytest.param("top=S8 skip=1", "H8", True, "dop.8", id="dop.8-counter"),
    pytest.param("top=S8 skip=1", "S9", False, "dop.8", id="dop.8-only-an-eight"),
    pytest.param("top=C9 again=2", "CJ wish=H", True, "dop.9", id="dop.9-jack-after-nine"),
    pytest.param("top=C9 again=2", "D8", False, "dop.9", id="dop.9-must-serve"),
]


@pytest.mark.parametrize(("situation", "action", "legal", "rule"), CASES)
def test_doppel_rule_cases(situation: str, action: str, legal: bool, rule: str) -> None:
    """Each case is decided by the rule its id names; Doppel prescribes no penalty here."""
    verdict = ask(situation, action)
    assert (verdict.legal, verdict.rule) == (legal, rule), verdict.reason
    assert verdict.penalty is None


def test_dop_7_chain_grows_by_two_and_taker_may_play() -> None:
    """dop.7: 2, then 4, 6 …; countering is never compulsory; the taker may play at once."""
    assert has(ask("top=C10", "C7"), "draw", who="next", count=2, rule="dop.7")
    assert has(ask("top=D7 draw=4", "S7"), "draw", who="next", count=6)
    taken = ask("top=D7 draw=4", "draw")
    assert has(taken, "draw", who="you", count=4) and has(taken, "turn", who="you")


def test_dop_8_skips_unless_countered() -> None:
    """dop.8: the next player is skipped unless he plays an 8 too."""
    assert has(ask("top=C10", "C8"), "skip", who="next", count=1, rule="dop.8")
    assert has(ask("top=S8 skip=1", "draw"), "skip", who="you")


def test_dop_9_obligations() -> None:
    """dop.9 (I): each nine adds 2 obligations, each card played or drawn uses 1."""
    assert has(ask("top=C10", "C9"), "again", count=2, rule="dop.9")
    assert has(ask("top=C9 again=2", "H9"), "again", count=3)
    assert has(ask("top=C9 again=2", "C7"), "again", count=1)
    last = ask("top=C9 again=1", "C7")
    assert has(last, "draw", who="next", count=2) and not has(last, "again")
    draw = ask("top=C9 again=2 hand=D8", "draw")
    assert draw.legal and has(draw, "again", count=1)
    assert draw.interpretation == (
        "each nine played adds 2 obligations, each card played (or drawn in its place) uses 1."
    )
    assert not ask("top=C9 again=2 hand=C8", "draw").legal


def test_dop_draw_then_may_play() -> None:
    """dop.draw: draw one card; he may play right after drawing."""
    verdict = ask("top=C10", "draw")
    assert (verdict.legal, verdict.rule) == (True, "dop.draw")
    assert has(verdict, "turn", who="you")


def test_dop_draw_after_drawing_play_or_end_the_turn() -> None:
    """dop.draw: after drawing (situation drew=true) he may play a serving card at once; he
    may not draw again — if he cannot or will not serve, his turn ends."""
    again = ask("top=C10 hand=H7 drew=true", "draw")
    assert (again.legal, again.rule) == (False, "dop.draw")
    assert again.reason == "You already drew: play a serving card or end your turn."
    assert ask("top=C10 hand=H7 drew=true", "draw", "de").reason == (
        "Du hast schon gezogen: Leg eine passende Karte oder beende deinen Zug."
    )
    play = ask("top=C10 hand=C7,H7 drew=true", "C7")
    assert (play.legal, play.rule) == (True, "dop.draw") and has(play, "turn", who="next")
    assert not ask("top=C10 hand=C7,H7 drew=true", "H7").legal
    after_sevens = Situation.parse("doppel top=D7 hand=S7,H9 drew=true")
    assert [str(action) for action in legal_actions(after_sevens)] == ["S7"]
    assert str(after_sevens) == "doppel top=D7 hand=S7,H9 drew=true"
    assert Situation.parse(str(after_sevens)) == after_sevens


def test_dop_announce_reminders() -> None:
    """dop.announce: "letzte Karte" with one card left, "Mau-Mau" on the last."""
    assert has(ask("top=C10 hand=C7,H9", "C7"), "remind", rule="dop.announce")
    assert not has(ask("top=C10 hand=C7,H9,D8", "C7"), "remind")


def test_dop_out_sits_out() -> None:
    """dop.out: a player with no card left sits out; the others play on."""
    out = ask("top=C10 hand=CQ", "CQ")
    assert has(out, "out", rule="dop.out")
    assert PLAYER_RANGE["doppel"] == (2, 4)  # players go out, so 2 or 3 may be left


def test_dop_lastcard_two_eight_nine_and_seven() -> None:
    """dop.lastcard.two: with two left, an 8 or 9 as last card still demands its cards;
    a 7 as last card cannot be countered."""
    nine = ask("top=C10 hand=C9 players=2", "C9")
    assert has(nine, "again", count=2, rule="dop.lastcard.two") and not has(nine, "out")
    eight = ask("top=C10 hand=C8 players=2", "C8")
    assert has(eight, "skip", rule="dop.lastcard.two") and not has(eight, "out")
    assert has(eight, "turn", who="next")  # I: the other player may still counter (dop.8)
    seven = ask("top=C10 hand=C7 players=2", "C7")
    assert has(seven, "draw", who="next", count=2, rule="dop.lastcard.two")
    assert has(seven, "out")
    assert has(ask("top=C10 hand=C9 players=3", "C9"), "out")


def test_dop_lastcard_two_a_last_seven_cannot_be_countered() -> None:
    """dop.lastcard.two: after a 7 that was its player's last card (top_was_last) nobody
    counters; without the flag the 7 is countered as usual (dop.7)."""
    stopped = ask("top=H7 draw=2 players=3 top_was_last=true", "S7")
    assert (stopped.legal, stopped.rule) == (False, "dop.lastcard.two")
    assert "cannot be countered" in stopped.reason
    countered = ask("top=H7 draw=2 players=3", "S7")
    assert (countered.legal, countered.rule) == (True, "dop.7")
    taken = ask("top=H7 draw=2 players=3 top_was_last=true", "draw")
    assert has(taken, "draw", who="you", count=2, rule="dop.7")


def test_dop_lastcard_two_a_last_eight_may_be_countered() -> None:
    """dop.lastcard.two (I): an 8 that was its player's last card may still be countered;
    the answer cites the interpretation."""
    eight = ask("top=H8 skip=1 players=2 top_was_last=true", "S8")
    assert (eight.legal, eight.rule) == (True, "dop.lastcard.two")
    assert eight.interpretation and eight.interpretation.startswith("an 8 — also one played")
    plain = ask("top=H8 skip=1 players=2", "S8")
    assert (plain.legal, plain.rule, plain.interpretation) == (True, "dop.8", None)


def test_top_was_last_only_where_the_rules_ask_it() -> None:
    """situation.top_was_last is a problem in a variant whose rules do not ask it."""
    problem = find_problem(
        Situation.parse("dynamisch top=H8 top_was_last=true"), Action.parse("S8")
    )
    assert problem is not None and problem.field == "situation.top_was_last"
    assert (
        find_problem(Situation.parse("doppel top=H8 top_was_last=true"), Action.parse("S8")) is None
    )


def test_dop_hand_count_says_the_last_card() -> None:
    """dop.out, dop.announce: one card held and played is the last one (hand_count)."""
    out = ask("top=C10 hand_count=1", "CQ")
    assert has(out, "out", rule="dop.out") and has(out, "remind", rule="dop.announce")
    assert not has(ask("top=C10 hand_count=3", "CQ"), "out")


def test_dop_deal_first_discard_counts_as_played() -> None:
    """dop.deal: the first discard counts as played by the dealer (a jack, an 8 …)."""
    jack = judge_start("doppel", Card.parse("HJ"), lang="en")
    assert jack.rule == "dop.deal"
    assert [e.type for e in jack.effects] == ["wish", "turn"]
    assert [e.type for e in judge_start("doppel", Card.parse("H8")).effects] == ["skip", "turn"]


def test_dop_scoring_and_stock_rules_belong_elsewhere() -> None:
    """dop.stock is a setup rule; dop.game, dop.set, dop.match are score keeping."""
    assert RULE_KINDS["dop.stock"] == "setup"
    assert {RULE_KINDS[r] for r in ("dop.game", "dop.set", "dop.match")} == {"score"}
    assert len(deck("doppel")) == 32


def test_dop_out_of_turn_is_never_legal() -> None:
    """Doppel has no out-of-turn plays."""
    verdict = ask("top=HQ actor=other", "HK")
    assert (verdict.legal, verdict.rule) == (False, "dop.serve")


def test_dop_legal_actions_after_a_jack() -> None:
    """legal_actions on a jack: only the wished suit (no jack on a jack), or draw."""
    listed = [str(a) for a in legal_actions(Situation.parse("doppel top=CJ wish=H hand=H7,SJ,C8"))]
    assert listed == ["H7", "draw"]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("dynamisch top=C10 drew=true", "situation.drew"),
        ("speedone top=R5 drew=true", "situation.drew"),
        ("doppel top=C10 drew=true actor=other", "situation.drew"),
        ("doppel top=D7 draw=2 drew=true", "situation.pending"),
    ],
)
def test_dop_draw_flag_only_for_a_doppel_player_who_drew(text: str, field: str) -> None:
    """dop.draw: ``drew`` is Doppel's (elsewhere the turn ends with the draw), for the player
    on turn, and nothing is pending once he has drawn."""
    problem = find_problem(Situation.parse(text), Action(draw=True))
    assert problem is not None and problem.field == field
    assert "drew" in say(problem.text, "en") and "drew" in say(problem.text, "de")
