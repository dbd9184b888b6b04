"""Dynamisches Maumau: one case per rule ID of the rules digest, each a one-line situation."""

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
from tests.engine.verdicts import effects
from tests.engine.verdicts import has


def ask(situation: str, action: str, lang: str = "en") -> Verdict:
    """Judge a one-line situation and action."""
    return judge(Situation.parse(f"dynamisch {situation}"), Action.parse(action), lang)


# (situation, action, legal, rule) — the id names the rule the case is about.
CASES = [
    pytest.param("top=H7", "H9", True, "dyn.serve", id="dyn.serve-same-suit"),
    pytest.param("top=H7", "C7", True, "dyn.serve", id="dyn.serve-same-rank"),
    pytest.param("top=H7", "C9", False, "dyn.serve", id="dyn.serve-neither"),
    pytest.param("top=S10", "SJ wish=C", False, "dyn.jack.match", id="dyn.jack.match-serves"),
    pytest.param("top=S10", "HJ wish=C", True, "dyn.jack.match", id="dyn.jack.match-off-suit"),
    pytest.param(
        "top=CJ wish=H",
        "DJ wish=S",
        False,
        "dyn.jack.match",
        id="dyn.jack.match-jack-on-other-jack",
    ),
    pytest.param(
        "top=CJ wish=H",
        "HJ wish=S",
        False,
        "dyn.jack.match",
        id="dyn.jack.match-jack-of-wished-suit",
    ),
    pytest.param("top=CJ wish=H", "H8", True, "dyn.jack.wish", id="dyn.jack.wish-served"),
    pytest.param("top=CJ wish=H", "C8", False, "dyn.jack.wish", id="dyn.jack.wish-ignored"),
    pytest.param("top=S8", "HJ wish=S", False, "dyn.jack.wish", id="dyn.jack.wish-suit-below"),
    pytest.param("top=S8", "HJ wish=H", False, "dyn.jack.wish", id="dyn.jack.wish-own-suit"),
    pytest.param("top=S8", "HJ wish=D", True, "dyn.jack.match", id="dyn.jack.wish-allowed"),
    pytest.param("top=C7 draw=1", "D7", True, "dyn.pass", id="dyn.pass-seven"),
    pytest.param("top=C8 skip=1", "H8", True, "dyn.pass", id="dyn.pass-eight"),
    pytest.param("top=C7 draw=2", "C8", False, "dyn.7", id="dyn.7-only-a-seven-passes"),
    pytest.param("top=C8 skip=1", "C9", False, "dyn.8", id="dyn.8-only-an-eight-passes"),
    pytest.param("top=CA again=1", "C9", True, "dyn.ace", id="dyn.ace-extra-card"),
    pytest.param("top=CA again=1", "H9", False, "dyn.serve", id="dyn.ace-extra-card-serves"),
    pytest.param("top=HQ", "HK", True, "dyn.wedding.serve", id="dyn.wedding.serve"),
]


@pytest.mark.parametrize(("situation", "action", "legal", "rule"), CASES)
def test_dynamisch_rule_cases(situation: str, action: str, legal: bool, rule: str) -> None:
    """Each case is decided by the rule its id names."""
    verdict = ask(situation, action)
    assert (verdict.legal, verdict.rule) == (legal, rule), verdict.reason
    assert verdict.penalty is None  # dynamisch has no penalty cards


def test_dyn_jack_match_reason_names_both_cards() -> None:
    """dyn.jack.match: the reason is the docs/api.md example sentence."""
    verdict = ask("top=CQ", "CJ wish=H")
    assert verdict.reason == (
        "A jack may only be played when it does not serve: the clubs "
        "jack would serve the clubs queen."
    )


def test_dyn_twin_reverse_serving_with_twin() -> None:
    """dyn.twin.reverse: serving a card with its twin reverses; not with 2 players."""
    assert has(ask("top=H9", "H9"), "reverse", rule="dyn.twin.reverse")
    assert not has(ask("top=H9 players=2", "H9"), "reverse")
    assert not has(ask("top=H8", "H9"), "reverse")


def test_dyn_jack_wish_choices_on_twin_and_unnamed() -> None:
    """dyn.jack.wish: without a named suit the choices are listed; on its twin three."""
    assert has(ask("top=S8", "HJ"), "wish", choices=["C", "D"])
    assert has(ask("top=HJ wish=C", "HJ"), "wish", choices=["C", "S", "D"])
    assert has(ask("top=HJ wish=C", "HJ wish=S"), "wish", suit="S")


def test_dyn_jack_wish_interpretation_card_below_played_on_wish() -> None:
    """dyn.jack.wish (I): the card below counts with its own suit, even if played on a wish."""
    verdict = ask("top=C7 below=HJ", "DJ wish=C")
    assert not verdict.legal
    assert verdict.interpretation is not None
    assert verdict.interpretation.startswith('"the card below" is the card physically')
    assert ask("top=C7", "DJ wish=C").interpretation is None


def test_dyn_7_each_pass_adds_one_and_taker_is_on_turn() -> None:
    """dyn.7: the first victim draws 1, after a pass 2; the taker draws and is on turn."""
    assert has(ask("top=H9", "H7"), "draw", who="next", count=1, rule="dyn.7")
    assert has(ask("top=C7 draw=2", "S7"), "draw", who="next", count=3)
    taken = ask("top=C7 draw=3", "draw")
    assert (taken.legal, taken.rule) == (True, "dyn.7")
    assert effects(taken) == [
        {"type": "draw", "who": "you", "count": 3, "rule": "dyn.7"},
        {"type": "turn", "who": "you", "rule": "dyn.7"},
    ]


def test_dyn_8_skips_once_and_passing_does_not_accumulate() -> None:
    """dyn.8: the victim is skipped once, however often it was passed."""
    assert has(ask("top=H9", "H8"), "skip", who="next", count=1, rule="dyn.8")
    assert has(ask("top=C8 skip=1", "S8"), "skip", who="next", count=1)
    taken = ask("top=C8 skip=1", "draw")
    assert has(taken, "skip", who="you", count=1) and has(taken, "turn", who="next")


def test_dyn_pass_with_twin_sends_the_effect_back() -> None:
    """dyn.pass: passing with the twin reverses the direction, so the effect goes back."""
    verdict = ask("top=D8 skip=1", "D8")
    assert [e["type"] for e in effects(verdict)] == ["reverse", "skip", "turn"]


def test_dyn_9_shows_two_cards_and_draws_up_first() -> None:
    """dyn.9: the player shows two cards to the next; with fewer than two he draws first."""
    assert effects(ask("top=S10", "S9"))[0] == {
        "type": "show",
        "from": "you",
        "to": "next",
        "count": 2,
        "rule": "dyn.9",
    }
    assert has(ask("top=S10 hand=S9,C7", "S9"), "draw", who="you", count=1, rule="dyn.9")


def test_dyn_10_next_player_shows_two_cards() -> None:
    """dyn.10: the next player shows two cards to the player of the ten."""
    assert effects(ask("top=S9", "S10"))[0] == {
        "type": "show",
        "from": "next",
        "to": "you",
        "count": 2,
        "rule": "dyn.10",
    }


def test_dyn_ace_may_not_draw_while_a_card_serves() -> None:
    """dyn.ace (I): while the hand holds a card he may play on the ace — a serving card or a
    jack that dyn.jack.match allows — he may not draw instead."""
    refused = ask("top=CA again=1 hand=C7,H8", "draw")
    assert (refused.legal, refused.rule) == (False, "dyn.ace")
    assert refused.interpretation == (
        "while his hand holds a card he may legally play on the ace — a serving card, or a "
        "jack that dyn.jack.match allows — he may not draw instead."
    )
    assert not ask("top=CA again=1 hand=HJ,H8", "draw").legal  # the jack may go on the ace
    allowed = ask("top=CA again=1 hand=H7,H8", "draw")
    assert allowed.legal and has(allowed, "draw", who="you", count=1)
    assert has(ask("top=C7 hand=CA,H7", "CA"), "again", count=1, rule="dyn.ace")


def test_dyn_noend_9_10_A_cannot_end_the_game() -> None:
    """dyn.noend.9-10-A: a 9, 10 or ace as last card is legal, but no out."""
    for top, card in (("C8", "C9"), ("C8", "C10"), ("C8", "CA")):
        verdict = ask(f"top={top} hand={card}", card)
        assert verdict.legal and not has(verdict, "out")
    assert has(ask("top=C8 hand=C9", "C9"), "draw", who="you", count=2, rule="dyn.noend.9-10-A")
    assert has(ask("top=C8 hand=CA", "CA"), "draw", who="you", count=1, rule="dyn.noend.9-10-A")
    assert has(ask("top=C8 hand=C10", "C10"), "show", rule="dyn.noend.9-10-A")


def test_dyn_effect_noend_game_ends_after_the_effect() -> None:
    """dyn.effect.noend: going out with a 7 ends the game only when the 7 is carried out."""
    verdict = ask("top=C8 hand=C7", "C7")
    assert has(verdict, "out", rule="dyn.effect.noend")
    assert has(verdict, "draw", who="next", count=1)


def test_dyn_score_and_dyn_score_double_out_effects() -> None:
    """dyn.score / dyn.score.double: going out cites the scoring rule that applies."""
    assert has(ask("top=C8 hand=C9,HK", "C9"), "show")  # not out: cards left
    assert has(ask("top=D8 hand=D9", "D9"), "draw")  # a nine never ends it
    assert has(ask("top=S8 hand=S7", "S7"), "out", rule="dyn.effect.noend")
    # A jack that ends the game still names a suit: it decides the doubling.
    out = ask("top=S8 hand=HJ", "HJ wish=C")
    assert has(out, "wish", suit="C") and has(out, "out", rule="dyn.score.double")
    assert RULE_KINDS["dyn.score"] == RULE_KINDS["dyn.score.double"] == "score"


def test_dyn_wedding_out_of_turn_exact_counterpart_only() -> None:
    """dyn.wedding: out of turn only the exact counterpart; the announcer is then on turn."""
    verdict = ask("top=CQ actor=other", "CK")
    assert (verdict.legal, verdict.rule) == (True, "dyn.wedding")
    assert effects(verdict)[-1] == {"type": "turn", "who": "you", "rule": "dyn.wedding"}
    assert has(verdict, "wedding", card="CQ")
    wrong_suit = ask("top=CQ actor=other", "HK")
    assert (wrong_suit.legal, wrong_suit.rule) == (False, "dyn.wedding")
    assert wrong_suit.interpretation is not None
    assert not ask("top=C7 actor=other", "C8").legal
    assert not ask("top=CQ actor=other", "draw").legal


def test_dyn_wedding_chance_after_queen_or_king() -> None:
    """dyn.wedding: a queen or king played opens a wedding chance starting with its player."""
    assert has(ask("top=C7", "CQ"), "wedding", who="you", card="CK", rule="dyn.wedding")
    assert has(ask("top=C7", "CK"), "wedding", card="CQ")


def test_dyn_start_card_counts_as_played_by_the_dealer() -> None:
    """dyn.start: a turned-up 7 makes the next draw; a jack may name any other suit."""
    seven = judge_start("dynamisch", Card.parse("H7"), lang="en")
    assert seven.rule == "dyn.start"
    assert {"type": "draw", "who": "next", "count": 1, "rule": "dyn.7"} in [
        e.to_json() for e in seven.effects
    ]
    jack = judge_start("dynamisch", Card.parse("HJ"))
    assert [e.to_json() for e in jack.effects][0]["choices"] == ["C", "S", "D"]
    ace = judge_start("dynamisch", Card.parse("SA"))
    assert [e.type for e in ace.effects] == ["again", "turn"]


def test_dyn_setup_rules_are_for_the_game_simulator() -> None:
    """dyn.dealer, dyn.stock, dyn.series, dyn.money: not questions for the referee."""
    assert RULE_KINDS["dyn.dealer"] == RULE_KINDS["dyn.stock"] == "setup"
    assert RULE_KINDS["dyn.series"] == RULE_KINDS["dyn.money"] == "score"
    assert len(deck("dynamisch")) == 64  # dyn.stock reshuffles these 64 cards


def test_dyn_legal_actions_list_every_wish_and_the_draw() -> None:
    """legal_actions: the HJ with both allowed suits, the serving seven, and drawing."""
    listed = [str(a) for a in legal_actions(Situation.parse("dynamisch top=S8 hand=HJ,S7,C9"))]
    assert listed == ["HJ wish=C", "HJ wish=D", "S7", "draw"]


def test_dyn_reason_in_german() -> None:
    """Reasons come in German by default."""
    assert (
        ask("top=H7", "C9", lang="de").reason
        == "Kreuz-Neun bedient Herz-Sieben nicht (weder Farbe noch Wert)."
    )
