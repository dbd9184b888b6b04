"""Terroristen-Mau-Mau: one case per rule ID of the rules digest, each a one-line situation."""

from __future__ import annotations

import pytest

from app.engine import Action
from app.engine import Card
from app.engine import Situation
from app.engine import Verdict
from app.engine import deck
from app.engine import judge
from app.engine import judge_start
from app.engine import legal_actions
from tests.engine.verdicts import has

MANNERS = {"take_back": True, "draw": None, "rule": "ter.manners"}


def ask(situation: str, action: str, lang: str = "en") -> Verdict:
    """Judge a one-line Terroristen situation and action."""
    return judge(Situation.parse(f"terroristen {situation}"), Action.parse(action), lang)


CASES = [
    pytest.param("top=H7", "H10", True, "ter.serve", id="ter.serve-suit"),
    pytest.param("top=HK", "CK", True, "ter.serve", id="ter.serve-picture-rank"),
    pytest.param("top=HK", "CQ", False, "ter.serve", id="ter.serve-neither"),
    pytest.param("top=SK", "SJ wish=S", True, "ter.jack", id="ter.jack-on-any-card"),
    pytest.param("top=SJ wish=H", "HJ wish=S", False, "ter.jack", id="ter.jack-not-on-jack"),
    pytest.param("top=SJ wish=H", "H8", True, "ter.jack", id="ter.jack-wished-suit"),
    pytest.param("top=SJ wish=H", "S8", False, "ter.jack", id="ter.jack-wish-ignored"),
    pytest.param("top=D7 draw=2", "C7", False, "ter.7", id="ter.7-cannot-pass"),
    pytest.param("top=D8 skip=1", "C8", False, "ter.8", id="ter.8-cannot-pass"),
    pytest.param("top=D9 draw=1", "C9", True, "ter.9", id="ter.9-pass-with-nine"),
    pytest.param("top=D9 draw=1", "D7", False, "ter.9", id="ter.9-only-nine"),
    pytest.param("top=DA again=1", "D8", True, "ter.ace", id="ter.ace-extra-card"),
    pytest.param("top=H7", "S7,D7,C7", True, "ter.multi", id="ter.multi-three-sevens"),
    pytest.param("top=H7", "S7,D8", False, "ter.multi", id="ter.multi-same-rank-only"),
    pytest.param("top=H9", "C10,H10", False, "ter.multi", id="ter.multi-first-must-serve"),
    pytest.param("top=HQ actor=other", "HK", True, "ter.wedding", id="ter.wedding"),
    pytest.param("top=HQ actor=other", "SK", False, "ter.wedding", id="ter.wedding-same-suit"),
]


@pytest.mark.parametrize(("situation", "action", "legal", "rule"), CASES)
def test_terroristen_rule_cases(situation: str, action: str, legal: bool, rule: str) -> None:
    """Each case is decided by the rule its id names; mistakes cost cards (ter.manners)."""
    verdict = ask(situation, action)
    assert (verdict.legal, verdict.rule) == (legal, rule), verdict.reason
    assert (verdict.penalty.to_json() if verdict.penalty else None) == (None if legal else MANNERS)


def test_ter_7_next_draws_two_and_turn_ends() -> None:
    """ter.7 (I): the next player draws 2 and his turn ends; no passing on."""
    verdict = ask("top=H8", "H7")
    assert has(verdict, "draw", who="next", count=2, rule="ter.7")
    assert has(verdict, "turn", who="after_next")
    assert verdict.interpretation is not None
    assert verdict.interpretation.startswith("the seed lists the 7 as special")
    assert ask("top=D7 draw=2", "C7").interpretation == verdict.interpretation
    taken = ask("top=D7 draw=2", "draw")
    assert (taken.legal, taken.rule) == (True, "ter.7") and has(taken, "draw", who="you", count=2)


def test_ter_8_skips_once() -> None:
    """ter.8: the next player is skipped once."""
    assert has(ask("top=H7", "H8"), "skip", who="next", count=1, rule="ter.8")
    assert has(ask("top=D8 skip=1", "draw"), "skip", who="you")


def test_ter_9_previous_player_draws_and_chain_grows() -> None:
    """ter.9: the previous player draws 1; each nine adds one; then play goes on after
    the player of the first nine."""
    assert has(ask("top=H7", "H9"), "draw", who="previous", count=1, rule="ter.9")
    assert has(ask("top=D9 draw=1", "C9"), "draw", who="previous", count=2)
    taken = ask("top=D9 draw=1", "draw")
    assert has(taken, "draw", who="you", count=1) and has(taken, "turn", who="after_next")
    assert has(ask("top=D9 draw=3", "draw"), "turn", who="after_first_nine")


def test_ter_10_reverses_once_per_card() -> None:
    """ter.10: the direction changes; two tens leave it unchanged."""
    assert has(ask("top=H7", "H10"), "reverse", rule="ter.10")
    assert not has(ask("top=H7", "H10,C10"), "reverse")
    assert has(ask("top=H7", "H10,C10,S10"), "reverse")


def test_ter_ace_one_more_serving_card_or_draw() -> None:
    """ter.ace: its player must play one more serving card; if he cannot, he draws."""
    assert has(ask("top=H7", "HA"), "again", count=1, rule="ter.ace")
    assert not ask("top=HA again=1 hand=H7", "draw").legal
    assert ask("top=HA again=1 hand=C7", "draw").legal
    last = ask("top=H7 hand=HA", "HA")
    assert has(last, "draw", who="you", count=1) and not has(last, "out")


def test_ter_multi_effects_multiply() -> None:
    """ter.multi (I: same rank, any suit): two 8s skip two, two aces two more cards."""
    sevens = ask("top=H7", "S7,D7,C7")
    assert has(sevens, "draw", who="next", count=6)
    assert sevens.interpretation == '"gleiche Karten" means same rank, any suit'
    assert has(ask("top=H8", "H8,C8"), "skip", who="next", count=2)
    assert has(ask("top=H8", "H8,C8"), "turn", who="previous")  # 3 seats on of 4
    assert has(ask("top=H7", "HA,CA"), "again", count=2)
    assert has(ask("top=H7", "H9,C9"), "draw", who="previous", count=2)


def test_ter_multi_two_aces_the_second_extra_card_lies_on_the_first() -> None:
    """ter.multi, ter.ace: two aces ask for two more cards, so while one is still owed the
    top is the first extra card, not an ace."""
    second = ask("top=DQ below=DK again=1 hand=D9 players=2", "D9")
    assert (second.legal, second.rule) == (True, "ter.ace")
    assert has(second, "out") and not has(second, "again")
    assert not ask("top=DQ again=1 hand=C7,D9", "C7").legal  # ter.serve: it must serve
    assert not ask("top=DQ again=1 hand=C7,D9", "draw").legal  # D9 serves, so no draw
    assert ask("top=DQ again=1 hand=C7", "draw").legal  # stuck: he draws one
    first = ask("top=HA again=2 hand=H7,D7,C8", "H7")
    assert has(first, "again", count=1, rule="ter.ace") and has(first, "turn", who="you")
    assert has(first, "draw", who="next", count=2)
    assert has(ask("top=HA again=2 hand=HK,CA,C8", "CA"), "again", count=2)


def test_ter_jack_wishes_any_suit() -> None:
    """ter.jack: its player wishes any suit, his own included."""
    assert has(ask("top=H7", "SJ"), "wish", choices=["C", "S", "H", "D"], rule="ter.jack")
    assert has(ask("top=H7", "SJ wish=S"), "wish", suit="S")


def test_ter_wedding_chance_and_order_kept() -> None:
    """ter.wedding: a queen played opens the wedding for its king; out of turn, order kept."""
    assert has(ask("top=H7", "HQ"), "wedding", card="HK", rule="ter.wedding")
    verdict = ask("top=HQ actor=other hand=HK,C7", "HK")
    assert not has(verdict, "turn")  # the order of play does not change


def test_ter_greet_cq_and_dk_reminders() -> None:
    """ter.greet.cq / ter.greet.dk: "Bonjourno" for ♣Q, "Good morning, Sir" for ♦K."""
    assert has(ask("top=C7", "CQ"), "remind", rule="ter.greet.cq", count=1)
    assert has(ask("top=D7", "DK"), "remind", rule="ter.greet.dk", count=1)
    assert has(ask("top=HQ", "CQ,SQ"), "remind", rule="ter.greet.cq")
    assert not has(ask("top=H7", "HQ"), "remind")


def test_ter_pik_reminder() -> None:
    """ter.pik: say "Pik" before playing a spade."""
    assert has(ask("top=S9", "S7"), "remind", rule="ter.pik")
    assert not has(ask("top=H9", "H7"), "remind", rule="ter.pik")


def test_ter_knock_and_mau_reminders() -> None:
    """ter.knock before the second-to-last card, ter.mau on the last one."""
    assert has(ask("top=H9 hand=H7,C8", "H7"), "remind", rule="ter.knock")
    out = ask("top=H9 hand=H7", "H7")
    assert has(out, "remind", rule="ter.mau") and has(out, "out")


def test_ter_manners_penalty_for_a_mistake() -> None:
    """ter.manners: not correcting a mistake earns cards until you wake up."""
    verdict = ask("top=H9", "C7", lang="de")
    assert verdict.penalty is not None and verdict.penalty.rule == "ter.manners"


def test_ter_start_special_card_counts_as_played() -> None:
    """ter.start: a special start card counts as played by the dealer; others do nothing."""
    eight = judge_start("terroristen", Card.parse("C8"), lang="en")
    assert eight.rule == "ter.start" and [e.type for e in eight.effects] == ["skip", "turn"]
    ace = judge_start("terroristen", Card.parse("CA"))
    assert [e.type for e in ace.effects] == ["turn"]
    assert [
        e.rule for e in judge_start("terroristen", Card.parse("DK")).effects if e.type == "remind"
    ] == ["ter.greet.dk"]


def test_ter_deck_count_grows_with_players() -> None:
    """The deck (I): ceil(players × 15 / 32) Skat decks, at least 2."""
    assert len(deck("terroristen", 2)) == 64
    assert len(deck("terroristen", 5)) == 96
    assert len(deck("terroristen", 10)) == 160


def test_ter_legal_actions_include_same_rank_groups() -> None:
    """legal_actions lists groups whose first card serves."""
    listed = [str(a) for a in legal_actions(Situation.parse("terroristen top=H7 hand=C7,D7,S9"))]
    assert listed == ["C7", "D7", "C7,D7", "D7,C7", "draw"]
