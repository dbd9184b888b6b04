"""Maumau-Deluxe: one case per rule ID of the rules digest, each a one-line situation."""

from __future__ import annotations

import pytest

from app.engine import RULE_KINDS
from app.engine import Action
from app.engine import Card
from app.engine import Situation
from app.engine import Verdict
from app.engine import deck
from app.engine import judge
from app.engine import judge_start
from app.engine import legal_actions
from tests.engine.verdicts import has

WRONG_CARD = {"take_back": True, "draw": 2}


def ask(situation: str, action: str, lang: str = "en") -> Verdict:
    """Judge a one-line Deluxe situation and action."""
    return judge(Situation.parse(f"deluxe {situation}"), Action.parse(action), lang)


CASES = [
    pytest.param("top=D7", "DK", True, "dlx.serve", id="dlx.serve-suit"),
    pytest.param("top=D7", "S7", True, "dlx.serve", id="dlx.serve-rank"),
    pytest.param("top=D7", "SJ wish=7", False, "dlx.serve", id="dlx.serve-jacks-not-wild"),
    pytest.param("top=D10", "D7,D7", True, "dlx.pair", id="dlx.pair-twin-sevens"),
    pytest.param("top=D10", "D7,H7", False, "dlx.pair", id="dlx.pair-not-twins"),
    pytest.param("top=D7 hand=DK", "DK", False, "dlx.lastcard", id="dlx.lastcard-king"),
    pytest.param(
        "top=D7 hand=D10 players=2",
        "D10",
        True,
        "dlx.serve",
        id="dlx.lastcard-ten-with-two-players",
    ),
    pytest.param("top=SQ wish=D", "D7", True, "dlx.wish", id="dlx.wish-served"),
    pytest.param("top=SQ wish=D", "S7", False, "dlx.wish", id="dlx.wish-ignored"),
    pytest.param("top=DK draw=4", "CK", True, "dlx.king", id="dlx.king-chain"),
    pytest.param("top=DK draw=2", "D7", False, "dlx.king", id="dlx.king-must-draw"),
    pytest.param("top=DA again=1", "D7", True, "dlx.ace", id="dlx.ace-extra-card"),
    pytest.param("top=D10 skip=1", "D7", False, "dlx.10", id="dlx.10-skipped-player"),
]


@pytest.mark.parametrize(("situation", "action", "legal", "rule"), CASES)
def test_deluxe_rule_cases(situation: str, action: str, legal: bool, rule: str) -> None:
    """Each case is decided by the rule its id names; a wrong card costs 2 (dlx.penalty.wrong)."""
    verdict = ask(situation, action)
    assert (verdict.legal, verdict.rule) == (legal, rule), verdict.reason
    assert (verdict.penalty.to_json() if verdict.penalty else None) == (
        None if legal else WRONG_CARD
    )


def test_dlx_penalty_wrong_out_of_turn() -> None:
    """dlx.penalty.wrong: a card played out of turn is taken back, plus 2 penalty cards."""
    verdict = ask("top=D7 actor=other", "D10")
    assert (verdict.legal, verdict.rule) == (False, "dlx.penalty.wrong")
    assert verdict.to_json()["penalty"] == WRONG_CARD


def test_dlx_pair_effects_add_up() -> None:
    """dlx.pair (I): two kings = 4, two 10s skip two, two aces still one extra card."""
    kings = ask("top=D7", "DK,DK")
    assert has(kings, "draw", who="next", count=4, rule="dlx.king")
    assert kings.interpretation is not None and kings.interpretation.startswith(
        "the second card's effect adds to the first"
    )
    assert has(ask("top=D7", "D10,D10"), "skip", who="next", count=2)
    assert has(ask("top=D7", "D10,D10"), "turn", who="previous")  # 3 seats on of 4
    assert has(ask("top=D7 players=5", "D10,D10"), "turn", who="later", count=3)
    assert has(ask("top=D7", "DA,DA"), "again", count=1)


def test_dlx_10_skips_the_next_player_but_not_with_two() -> None:
    """dlx.10: the next player is skipped; with 2 players the ten is plain."""
    assert has(ask("top=D7", "D10"), "skip", who="next", count=1, rule="dlx.10")
    assert not has(ask("top=D7 players=2", "D10"), "skip")
    taken = ask("top=D10 skip=1", "draw")
    assert taken.legal and has(taken, "skip", who="you", count=1)


def test_dlx_king_draws_then_next_is_on_turn() -> None:
    """dlx.king: the victim draws the chain; then the player after him is on turn."""
    verdict = ask("top=DK draw=6", "draw")
    assert [e.to_json() for e in verdict.effects] == [
        {"type": "draw", "who": "you", "count": 6, "rule": "dlx.king"},
        {"type": "turn", "who": "next", "rule": "dlx.king"},
    ]


def test_dlx_ace_one_more_card_or_draw() -> None:
    """dlx.ace: its player discards one more card; if he cannot, he draws one."""
    assert has(ask("top=D7", "DA"), "again", count=1, rule="dlx.ace")
    assert not ask("top=DA again=1 hand=D7,S10", "draw").legal
    assert ask("top=DA again=1 hand=S7,S10", "draw").legal


def test_dlx_ace_draws_when_no_card_may_be_played() -> None:
    """dlx.ace: "if he cannot play another card, he draws one" — a serving card that may
    not be the last one (dlx.lastcard) is no card he can play."""
    stuck = "top=SA below=S7 again=1 hand=DA players=2"
    assert ask(stuck, "DA").rule == "dlx.lastcard" and not ask(stuck, "DA").legal
    drawn = ask(stuck, "draw")
    assert (drawn.legal, drawn.rule) == (True, "dlx.ace")
    assert has(drawn, "draw", who="you", count=1) and has(drawn, "turn", who="next")
    assert [str(action) for action in legal_actions(Situation.parse(f"deluxe {stuck}"))] == ["draw"]
    assert not ask("top=SA again=1 hand=DA,DA", "draw").legal  # one DA may go, one stays
    assert not ask("top=SA again=1 hand=DA,S7", "draw").legal


def test_dlx_jack_wishes_a_rank_and_queen_a_suit() -> None:
    """dlx.jack / dlx.queen: a jack wishes a rank (6 choices), a queen a suit (4)."""
    assert has(
        ask("top=D7", "DJ"), "wish", choices=["7", "10", "J", "Q", "K", "A"], rule="dlx.jack"
    )
    assert has(ask("top=D7", "DJ wish=K"), "wish", rank="K")
    assert has(ask("top=D7", "DQ"), "wish", choices=["C", "S", "H", "D"], rule="dlx.queen")
    assert has(ask("top=D7", "DQ wish=H"), "wish", suit="H", rule="dlx.queen")


def test_dlx_wish_unheld_costs_five_cards() -> None:
    """dlx.wish.unheld: whoever wishes a rank he does not hold draws 5 cards."""
    unheld = ask("top=D7 hand=DJ,S7,HA", "DJ wish=K")
    assert has(unheld, "draw", who="you", count=5, rule="dlx.wish.unheld")
    held = ask("top=D7 hand=DJ,S7,HA", "DJ wish=A")
    assert not has(held, "draw")


def test_dlx_wish_plain_cards_and_served_players() -> None:
    """dlx.wish (I): the wished rank need not match; specials are plain; served players
    serve the top normally."""
    fulfil = ask("top=CJ wish=A", "HA")
    assert fulfil.legal and not has(fulfil, "again")
    assert fulfil.interpretation is not None and fulfil.interpretation.startswith(
        "the wish stays in force"
    )
    assert ask("top=CJ wish=A:anyone_served:you_served", "C7").legal
    assert not ask("top=CJ wish=A:anyone_served:you_served", "HA").legal
    plain_king = ask("top=CK wish=K:anyone_served:you_served", "HK")
    assert plain_king.legal and not has(plain_king, "draw")
    draw = ask("top=SQ wish=D", "draw")
    assert (draw.legal, draw.rule) == (True, "dlx.wish")


def test_dlx_wish_override_by_another_jack_or_queen() -> None:
    """dlx.wish.override: only while unserved, not by the wisher himself."""
    override = ask("top=CJ wish=10", "DJ wish=7")
    assert (override.legal, override.rule) == (True, "dlx.wish.override")
    assert has(override, "wish", rank="7")
    assert ask("top=CQ wish=H", "DQ wish=H").rule == "dlx.wish.override"
    for situation in ("top=CJ wish=10:by_you", "top=CJ wish=10:anyone_served"):
        refused = ask(situation, "DJ wish=7")
        assert (refused.legal, refused.rule) == (False, "dlx.wish.override")
    # A queen of the wished suit (a jack on a wished J) serves the wish, it overrides nothing:
    # the card is fine, a new wish with it is void (dlx.wish.override).
    assert ask("top=CQ wish=H", "HQ").rule == "dlx.wish"
    void = ask("top=CQ wish=H", "HQ wish=S")
    assert (void.legal, void.rule) == (True, "dlx.wish.override")
    assert not has(void, "wish")


def test_dlx_lastcard_special_only_as_wished_card() -> None:
    """dlx.lastcard: a special last card is allowed only as the wished rank or suit."""
    assert ask("top=CJ wish=K hand=HK", "HK").legal
    refused = ask("top=CJ wish=H:anyone_served:you_served hand=CK", "CK")
    assert (refused.legal, refused.rule) == (False, "dlx.lastcard")


def test_dlx_out_and_dlx_mau_reminders() -> None:
    """dlx.out: a player with no card left ends the round; dlx.mau: say Mau / Maumau."""
    out = ask("top=D10 hand=D7", "D7")
    assert has(out, "out", rule="dlx.out") and has(out, "remind", rule="dlx.mau")
    mau = ask("top=D10 hand=D7,S7", "D7")
    assert has(mau, "remind", rule="dlx.mau") and not has(mau, "out")
    assert not has(ask("top=D10 hand=D7,S7,H7", "D7"), "remind")


def test_dlx_start_card_has_no_effect() -> None:
    """dlx.start (I): the turned-up start card has no effect."""
    verdict = judge_start("deluxe", Card.parse("DK"), lang="en")
    assert verdict.rule == "dlx.start"
    assert verdict.interpretation == (
        "the turned-up start card has no effect (the seed gives it none)."
    )
    assert [e.type for e in verdict.effects] == ["turn"]


def test_dlx_stock_is_a_setup_rule_and_the_deck_has_48_cards() -> None:
    """dlx.stock belongs to the game simulator; the deck has no 8s and 9s."""
    assert RULE_KINDS["dlx.stock"] == "setup"
    cards = deck("deluxe")
    assert len(cards) == 48 and not any(card.rank in ("8", "9") for card in cards)


def test_dlx_legal_actions_include_the_pair() -> None:
    """legal_actions lists twin pairs where dlx.pair allows them."""
    listed = [str(a) for a in legal_actions(Situation.parse("deluxe top=D10 hand=D7,D7,S10"))]
    assert listed == ["D7", "S10", "D7,D7", "draw"]
