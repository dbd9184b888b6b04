"""House rules: every switch both ways through judge(), the options notation, the 400s."""

from __future__ import annotations

import pytest

from app.engine import Action
from app.engine import HouseRule
from app.engine import Options
from app.engine import Situation
from app.engine import Verdict
from app.engine import find_problem
from app.engine import find_variant
from app.engine import judge
from app.engine import judge_request
from app.engine.houserules import HOUSE_RULES
from app.text import InputError
from app.text import say
from app.variants.registry import VARIANT_IDS
from tests.engine.verdicts import has
from tests.variants.examples import examples

FULL = "G0,G1,G1,G2,G2,G3,G3,G4,G4,G5,G5,G6,G6,G7,G7,G8,G8,G9,G9,B0,B1"  # 21 cards


def ask(situation: str, action: str) -> Verdict:
    """Judge a one-line situation (variant first) and action, in English."""
    return judge(Situation.parse(situation), Action.parse(action), "en")


def test_every_switch_is_declared_by_its_rules_class() -> None:
    """Each rules class declares its switches; HOUSE_RULES is read from them; Options
    that set none read every switch at the default the switch declares."""
    declared = [rule for variant in VARIANT_IDS for rule in find_variant(variant).house_rules]
    assert {variant: find_variant(variant).house_rules for variant in VARIANT_IDS} == HOUSE_RULES
    assert [rule.rule for rule in declared] == [
        "dlx.house.strictdraw",
        "spd.opt.stack2",
        "spd.opt.stack4",
        "spd.house.handlimit",
        "ter.house.seven",
        "ter.house.multi",
        "dop.house.nine",
        "mau.house.jackonjack",
        "mau.house.seven",
        "mau.house.nine",
        "mau.house.ace",
        "mau.house.drawplay",
        "mau.house.jacklast",
    ]
    assert all(isinstance(rule, HouseRule) and Options()[rule] == rule.default for rule in declared)


SWITCHES = [
    # (rule ID, default question, house-rule question, action, default verdict, switched)
    pytest.param(
        "speedone top=Y+2 draw=2",
        "options=stack2",
        "G+2",
        (False, "spd.opt.stack2"),
        (True, "spd.opt.stack2"),
        id="spd.opt.stack2",
    ),
    pytest.param(
        "speedone top=W+4 wish=G draw=4",
        "options=stack4",
        "W+4 wish=R",
        (False, "spd.opt.stack4"),
        (True, "spd.opt.stack4"),
        id="spd.opt.stack4",
    ),
    pytest.param(
        f"speedone top=Y+2 draw=2 hand={FULL}",
        "options=handlimit:false",
        "draw",
        (True, "spd.handlimit"),
        (True, "spd.house.handlimit"),
        id="spd.house.handlimit",
    ),
    pytest.param(
        "deluxe top=D7 hand=D10,S7",
        "options=strict_draw",
        "draw",
        (True, "dlx.serve"),
        (False, "dlx.house.strictdraw"),
        id="dlx.house.strictdraw",
    ),
    pytest.param(
        "terroristen top=D7 draw=2 hand=C7,H8",
        "options=seven:pass",
        "C7",
        (False, "ter.7"),
        (True, "ter.house.seven"),
        id="ter.house.seven-pass",
    ),
    pytest.param(
        "terroristen top=H7 hand=S7,D7",
        "options=multi:twins",
        "S7,D7",
        (True, "ter.multi"),
        (False, "ter.house.multi"),
        id="ter.house.multi",
    ),
    pytest.param(
        "doppel top=C9 again=2 hand=C8,D8",
        "options=nine:may",
        "draw",
        (False, "dop.9"),
        (True, "dop.house.nine"),
        id="dop.house.nine",
    ),
]


@pytest.mark.parametrize(("situation", "switched", "action", "default", "house"), SWITCHES)
def test_each_switch_both_ways(
    situation: str, switched: str, action: str, default: tuple[bool, str], house: tuple[bool, str]
) -> None:
    """With the default the rules digest decides; switched, the house rule decides and the
    verdict cites its ID."""
    assert (ask(situation, action).legal, ask(situation, action).rule) == default
    verdict = ask(f"{situation} {switched}", action)
    assert (verdict.legal, verdict.rule) == house, verdict.reason
    assert verdict.reason


def test_spd_house_handlimit_every_drawn_card_is_taken() -> None:
    """spd.handlimit lets the cards beyond 22 lapse; switched off, all are drawn."""
    situation = f"speedone top=Y+2 draw=2 hand={FULL}"
    assert has(ask(situation, "draw"), "draw", who="you", count=1, rule="spd.handlimit")
    assert has(
        ask(f"{situation} options=handlimit:false", "draw"),
        "draw",
        who="you",
        count=2,
        rule="spd.house.handlimit",
    )
    # Below the limit the switch changes nothing.
    assert (
        ask("speedone top=Y+2 draw=2 hand=G1 options=handlimit:false", "draw").rule == "spd.draw2"
    )


def test_dlx_house_strictdraw_only_when_nothing_fits() -> None:
    """dlx.house.strictdraw: drawing only without a fitting card; a wish still allows
    "will not", and a special last card is no card he can play (dlx.lastcard)."""
    strict = "options=strict_draw"
    refused = ask(f"deluxe top=D7 hand=D10,S7 {strict}", "draw")
    assert refused.penalty is not None and "diamonds ten" in refused.reason
    assert ask(f"deluxe top=D7 hand=S10,SK {strict}", "draw").legal
    assert ask(f"deluxe top=DQ wish=S hand=S7,S10 {strict}", "draw").legal
    assert not ask(f"deluxe top=DQ wish=S:anyone_served:you_served hand=D7 {strict}", "draw").legal
    assert ask(f"deluxe top=D7 hand=DK players=3 {strict}", "draw").legal
    assert ask(f"deluxe top=CK draw=2 hand=D7 {strict}", "draw").legal  # the king chain


def test_ter_house_seven_pass_and_none() -> None:
    """ter.house.seven: "pass" lets a 7 answer a 7 (2 more per 7) and leaves the next
    player the chance; "none" takes the seven's effect away."""
    plain = ask("terroristen top=H8", "H7")
    assert has(plain, "draw", who="next", count=2, rule="ter.7")
    assert has(plain, "turn", who="after_next") and plain.interpretation is not None
    passing = ask("terroristen top=H8 options=seven:pass", "H7")
    assert has(passing, "draw", who="next", count=2, rule="ter.house.seven")
    assert has(passing, "turn", who="next") and passing.interpretation is None
    passed = ask("terroristen top=D7 draw=2 options=seven:pass", "C7,S7")
    assert has(passed, "draw", who="next", count=6, rule="ter.house.seven")
    refused = ask("terroristen top=D7 draw=2 options=seven:pass", "D8")
    assert (refused.legal, refused.rule) == (False, "ter.house.seven")
    taken = ask("terroristen top=D7 draw=4 options=seven:pass", "draw")
    assert (taken.legal, taken.rule) == (True, "ter.house.seven")
    assert has(taken, "draw", who="you", count=4) and has(taken, "turn", who="next")
    quiet = ask("terroristen top=H8 options=seven:none", "H7")
    assert quiet.legal and not has(quiet, "draw") and has(quiet, "turn", who="next")
    problem = find_problem(
        Situation.parse("terroristen top=D7 draw=2 options=seven:none"), Action(draw=True)
    )
    assert problem is not None and problem.field == "situation.pending.draw"


def test_ter_house_multi_twins() -> None:
    """ter.house.multi "twins": only identical cards together (several decks hold them)."""
    twins = "options=multi:twins"
    assert ask(f"terroristen top=H7 hand=S7,S7 {twins}", "S7,S7").rule == "ter.multi"
    assert ask(f"terroristen top=H7 hand=S7,S7 {twins}", "S7,S7").legal
    mixed = ask(f"terroristen top=H7 {twins}", "S7,D7")
    assert mixed.penalty is not None and "identical" in mixed.reason


def test_dop_house_nine_may_draw_all_owed_at_once() -> None:
    """dop.house.nine "may": instead of playing on after a nine he draws all cards still
    owed at once, and the turn passes."""
    verdict = ask("doppel top=C9 again=3 hand=C8,D8 options=nine:may", "draw")
    assert has(verdict, "draw", who="you", count=3, rule="dop.house.nine")
    assert has(verdict, "turn", who="next") and not has(verdict, "again")
    assert ask("doppel top=C9 again=2 hand=C8 options=nine:may", "C8").legal


@pytest.mark.parametrize(
    "text",
    [
        "speedone top=R5 options=stack2,stack4,handlimit:false",
        "terroristen top=H7 options=seven:pass,multi:twins",
        "deluxe top=D7 options=strict_draw",
        "doppel top=C7 options=nine:may",
    ],
)
def test_options_notation_round_trip(text: str) -> None:
    """The switches away from their default, written as the situation's ``options``."""
    assert str(Situation.parse(text)) == text


@pytest.mark.parametrize(
    ("situation", "field"),
    [
        ("dynamisch top=H7 options=stack2", "options.stack2"),
        ("deluxe top=H7 options=seven:pass", "options.seven"),
        ("terroristen top=H7 options=seven:maybe", "options.seven"),
        ("doppel top=H7 options=nine:", "options.nine"),
    ],
)
def test_options_of_another_variant_or_not_allowed_are_problems(situation: str, field: str) -> None:
    """A switch the variant does not have, or a value it does not allow, makes the question
    malformed: judge() answers it as such instead of ignoring it."""
    problem = find_problem(Situation.parse(situation), Action(draw=True))
    assert problem is not None and problem.field == field
    verdict = ask(situation, "draw")
    assert (verdict.legal, verdict.reason) == (False, say(problem.text, "en"))


BODY = {
    "variant": "terroristen",
    "situation": {"top": "H7"},
    "action": {"play": ["S7"]},
    "lang": "en",
}


@pytest.mark.parametrize(
    ("variant", "options", "field", "words"),
    [
        (
            "terroristen",
            {"stack2": True},
            "options.stack2",
            ['seven ("The seven")', 'multi ("Several cards at once")'],
        ),
        (
            "terroristen",
            {"seven": "maybe"},
            "options.seven",
            ['"The seven"', '"draw2", "pass", "none"'],
        ),
        (
            "speedone",
            {"handlimit": "no"},
            "options.handlimit",
            ['"At most 22 cards in hand"', "true, false"],
        ),
        ("dynamisch", {"nine": "may"}, "options.nine", ["Dynamisch has none"]),
    ],
)
def test_request_options_name_the_switch_and_the_allowed_values(
    variant: str, options: dict[str, object], field: str, words: list[str]
) -> None:
    """InputError (the API's 400): the option in players' words and what is allowed."""
    with pytest.raises(InputError) as caught:
        judge_request(
            {
                **BODY,
                "variant": variant,
                "situation": {"top": examples(variant).PLAIN_TOP},
                "options": options,
            }
        )
    assert caught.value.field == field
    assert all(word in say(caught.value.text, "en") for word in words), say(caught.value.text, "en")
    assert say(caught.value.text, "de").startswith("Hausregeln: ")  # words; the path stays in field
    assert field not in say(caught.value.text, "de")


def test_request_options_defaults_change_nothing() -> None:
    """Every switch given at its default answers as no options at all."""
    for variant in VARIANT_IDS:
        body = {
            **BODY,
            "variant": variant,
            "situation": {"top": examples(variant).PLAIN_TOP},
            "action": {"draw": True},
        }
        defaults = {rule.option: rule.default for rule in find_variant(variant).house_rules}
        assert judge_request({**body, "options": defaults}) == judge_request(body)
