"""Answers players argued about: ter.9 out of turn, and Dynamisch reasons that must not
contradict themselves (dyn.jack.match, dyn.ace, dyn.twin.reverse)."""

from __future__ import annotations

from app.engine import Action
from app.engine import Situation
from app.engine import judge


def test_ter9_previous_player_answers_with_a_nine_out_of_turn() -> None:
    """The nine asks the previous player, who is not on turn: he may pass it on (ter.9)."""
    verdict = judge(
        Situation.parse("terroristen top=H9 draw=1 actor=other"), Action.parse("S9"), "en"
    )
    assert (verdict.legal, verdict.rule) == (True, "ter.9")
    assert any(e.type == "draw" and e.who == "previous" and e.count == 2 for e in verdict.effects)


def test_ter9_previous_player_takes_the_card_out_of_turn() -> None:
    """... or take the card; play goes on after the player of the nine."""
    verdict = judge(
        Situation.parse("terroristen top=H9 draw=1 actor=other"), Action(draw=True), "en"
    )
    assert (verdict.legal, verdict.rule) == (True, "ter.9")
    assert verdict.effects[0].who == "you" and verdict.effects[0].count == 1


def test_ter_out_of_turn_otherwise_still_only_weddings() -> None:
    """Without a nine asking him, out of turn stays a wedding only (ter.wedding)."""
    verdict = judge(Situation.parse("terroristen top=H8 actor=other"), Action.parse("S8"))
    assert (verdict.legal, verdict.rule) == (False, "ter.wedding")


def test_dyn_twin_jack_reason_names_the_twin_only() -> None:
    """♥J on ♥J: the twin exception, not "does not serve (or lies on its twin)"."""
    reason = judge(Situation.parse("dynamisch top=HJ wish=C"), Action.parse("HJ"), "de").reason
    assert "Zwilling" in reason and "bedient" not in reason and "(oder" not in reason


def test_dyn_jack_on_ace_is_allowed_as_a_jack_not_by_serving() -> None:
    """dyn.ace (I): the jack follows the ace because dyn.jack.match allows it."""
    verdict = judge(Situation.parse("dynamisch top=HA again=1"), Action.parse("CJ"), "de")
    assert verdict.legal and verdict.rule == "dyn.ace"
    assert "dyn.jack.match" in verdict.reason and "Kreuz-Bube bedient" not in verdict.reason


def test_dyn_passing_with_the_twin_reverses_nothing_with_two_players() -> None:
    """dyn.twin.reverse: with 2 players the reason does not claim a reversal."""
    two = judge(Situation.parse("dynamisch top=H7 draw=1 players=2"), Action.parse("H7"), "en")
    four = judge(Situation.parse("dynamisch top=H7 draw=1"), Action.parse("H7"), "en")
    assert "reverse" not in two.reason and all(e.type != "reverse" for e in two.effects)
    assert "reverse the direction" in four.reason
