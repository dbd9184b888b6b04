"""Corner cases held against the rules digest, each expectation written from its rule text.

A card on its twin in Dynamisch (``dyn.serve``, ``dyn.twin.reverse``), a wish left open that
its jack's player could never have named (``dyn.jack.wish``), a draw asked without the hand
where the hand decides it (``dlx.house.strictdraw``, ``dyn.ace``, ``dlx.ace``, ``ter.ace``,
``dop.9``), and a Deluxe card of the wish that names a new wish (``dlx.wish.override``).
"""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import judge_request
from app.text import InputError


def ask(variant: str, situation: dict[str, Any], action: dict[str, Any], **more: Any) -> Any:
    """The engine's answer to a docs/api.md §1 request, in English."""
    body = {"variant": variant, "players": 4, "situation": situation, "action": action}
    body.update({"lang": "en", **more})
    return judge_request(body)


def types(answer: dict[str, Any]) -> list[str]:
    """The effect types of an answer, in order."""
    return [effect["type"] for effect in answer["effects"]]


# dyn.twin.reverse: "Serving a card with its twin (same suit and rank) reverses the direction."
# The twin serves by dyn.serve (same suit, same rank); dyn.jack.match is only about jacks.
@pytest.mark.parametrize("card", ["H7", "H9", "H10", "HA", "HK"])
def test_dyn_twin_is_explained_by_serve_and_reverse(card: str) -> None:
    """A seven, nine, ten, ace or king on its twin: legal, reversing, and said so."""
    answer = ask("dynamisch", {"top": card}, {"play": [card]})
    assert (answer["legal"], answer["rule"]) == (True, "dyn.twin.reverse")
    assert types(answer)[0] == "reverse"
    assert answer["effects"][0]["rule"] == "dyn.twin.reverse"
    assert "twin" in answer["reason"] and "reverses the direction" in answer["reason"]
    assert "dyn.serve" in answer["reason"]
    assert "jack" not in answer["reason"]


def test_dyn_twin_with_two_players_changes_no_direction() -> None:
    """dyn.twin.reverse: "With 2 players it changes nothing": the serve decides, no reversal."""
    answer = ask("dynamisch", {"top": "S10"}, {"play": ["S10"]}, players=2)
    assert (answer["legal"], answer["rule"]) == (True, "dyn.serve")
    assert "reverse" not in types(answer)
    assert "changes nothing" in answer["reason"] and "jack" not in answer["reason"]


def test_dyn_twin_ace_after_an_ace_reverses_too() -> None:
    """dyn.ace: "a twin ace reverses the direction" while it is the card the ace demands."""
    answer = ask("dynamisch", {"top": "CA", "pending": {"again": 1}}, {"play": ["CA"]})
    assert (answer["legal"], answer["rule"]) == (True, "dyn.ace")
    assert types(answer)[:2] == ["reverse", "again"]
    assert "dyn.twin.reverse" in answer["reason"]


def test_dyn_jack_on_its_twin_is_still_the_jack_exception() -> None:
    """dyn.jack.match: "Exception: a jack may be played on its twin (reversing the direction)"."""
    answer = ask("dynamisch", {"top": "HJ", "wish": {"suit": "C"}}, {"play": ["HJ"]})
    assert (answer["legal"], answer["rule"]) == (True, "dyn.jack.match")


# dyn.jack.wish: "names a suit that is neither the jack's suit nor the suit of the card below".
def test_dyn_open_wish_never_the_jacks_suit() -> None:
    """♥7 on ♥J, wish not given: hearts could never be wished, so plainly not allowed."""
    answer = ask("dynamisch", {"top": "HJ"}, {"play": ["H7"]})
    assert (answer["legal"], answer["rule"]) == (False, "dyn.jack.wish")
    assert "cases" not in answer
    assert answer["reason"] == (
        "The hearts seven fits none of the wishes that could have been named "
        "(clubs, spades or diamonds)."
    )


def test_dyn_open_wish_never_the_suit_below() -> None:
    """♠7 on ♥J lying on ♠8: spades (below) and hearts (the jack) cannot be wished."""
    answer = ask("dynamisch", {"top": "HJ", "below": "S8"}, {"play": ["S7"]})
    assert (answer["legal"], answer["rule"]) == (False, "dyn.jack.wish")
    assert "cases" not in answer


def test_dyn_open_wish_cases_are_only_the_nameable_suits() -> None:
    """♣7 on ♥J lying on ♠8: clubs or diamonds were possible; clubs allows it, diamonds not."""
    answer = ask("dynamisch", {"top": "HJ", "below": "S8"}, {"play": ["C7"]})
    assert answer["legal"] is None
    verdicts = {case["if"]["wish"]["suit"]: case["legal"] for case in answer["cases"]}
    assert verdicts == {"C": True, "D": False}


def test_dyn_open_wish_on_its_twin_allows_the_suit_below() -> None:
    """dyn.jack.wish: "If the jack lies on its twin … any of the three suits that are not the
    jack's": ♠7 on ♥J on ♥J depends on the wish, spades included."""
    answer = ask("dynamisch", {"top": "HJ", "below": "HJ"}, {"play": ["S7"]})
    assert answer["legal"] is None
    verdicts = {case["if"]["wish"]["suit"]: case["legal"] for case in answer["cases"]}
    assert verdicts == {"C": False, "S": True, "D": False}


def case_of(answer: dict[str, Any], value: str) -> dict[str, Any]:
    """The case of an open answer for one value of the hand."""
    (case,) = [case for case in answer["cases"] if case["if"] == {"hand": value}]
    return case


# Questions whose answer depends on the hand: legal only when no card of it may be played.
HAND_DECIDES = [
    # dlx.house.strictdraw: "a player may draw only when no card serves".
    ("deluxe", {"top": "H7"}, {"strict_draw": True}, "dlx.house.strictdraw", None),
    # dyn.ace (I): "while his hand holds a card he may legally play on the ace … he may not
    # draw instead".
    ("dynamisch", {"top": "HA", "pending": {"again": 1}}, {}, "dyn.ace", "dyn.ace"),
    # dlx.ace: "If he cannot play another card, he draws one."
    ("deluxe", {"top": "HA", "pending": {"again": 1}}, {}, "dlx.ace", None),
    # ter.ace: "its player must play one more serving card; if he cannot, he draws one".
    ("terroristen", {"top": "HA", "pending": {"again": 1}}, {}, "ter.ace", None),
    # dop.9 (I): "while a card serves he must play it".
    ("doppel", {"top": "H9", "pending": {"again": 2}}, {}, "dop.9", "dop.9"),
]


@pytest.mark.parametrize(
    ("variant", "situation", "options", "rule", "meaning"),
    HAND_DECIDES,
    ids=[case[3] for case in HAND_DECIDES],
)
def test_a_draw_the_hand_decides_is_answered_with_cases(
    variant: str, situation: dict[str, Any], options: dict[str, Any], rule: str, meaning: Any
) -> None:
    """Without the hand: "depends", a case where a card fits (not allowed, by the rule) and
    one where none does (the draw is allowed)."""
    answer = ask(variant, situation, {"draw": True}, options=options)
    assert answer["legal"] is None
    assert answer["rule"] == rule
    assert answer["reason"] == (
        "Depends on your hand: a card of your hand may be played → no, otherwise yes."
    )
    assert answer["interpretation"] is not None if meaning else answer["interpretation"] is None
    fits, none = case_of(answer, "card_fits"), case_of(answer, "no_card_fits")
    assert (fits["legal"], fits["rule"]) == (False, rule)
    assert none["legal"] is True and none["effects"][0]["type"] == "draw"
    # Each case's example hand gives the same verdict when it is asked for.
    for case in (fits, none):
        given = ask(
            variant, {**situation, "hand": case["example"]["hand"]}, {"draw": True}, options=options
        )
        assert given["legal"] is case["legal"]


def test_a_draw_the_hand_does_not_decide_stays_plain() -> None:
    """dyn.serve: drawing is always allowed; dlx.serve (I): without the house rule a player
    may draw although a card would serve; dlx.house.strictdraw: a wish in force still lets
    him draw ("will not"); dop.house.nine "may": he may draw instead."""
    plain = [
        ("dynamisch", {"top": "H8"}, {}),
        ("deluxe", {"top": "H7"}, {}),
        ("deluxe", {"top": "CQ", "wish": {"suit": "H"}}, {"strict_draw": True}),
        ("doppel", {"top": "H9", "pending": {"again": 2}}, {"nine": "may"}),
    ]
    for variant, situation, options in plain:
        answer = ask(variant, situation, {"draw": True}, options=options)
        assert answer["legal"] is True and "cases" not in answer, (variant, situation)


def test_a_known_empty_hand_needs_no_cases() -> None:
    """dyn.ace: "With an empty hand he must draw": hand_count 0 answers plainly."""
    answer = ask(
        "dynamisch", {"top": "HA", "pending": {"again": 1}, "hand_count": 0}, {"draw": True}
    )
    assert (answer["legal"], answer["rule"]) == (True, "dyn.ace")


# dlx.wish.override: "for queens not with a queen of the wished suit" (for jacks not when the
# wished rank is J); dlx.wish (I): while the wish is in force a queen is a plain card.
@pytest.mark.parametrize(
    ("situation", "card", "new_wish"),
    [
        ({"top": "CQ", "wish": {"suit": "H"}}, "HQ", {"suit": "S"}),
        ({"top": "CJ", "wish": {"rank": "J"}}, "HJ", {"rank": "7"}),
    ],
)
def test_dlx_card_of_the_wish_with_a_new_wish(
    situation: dict[str, Any], card: str, new_wish: dict[str, str]
) -> None:
    """The card fulfils the wish, so it is allowed with no penalty; its new wish is void."""
    answer = ask("deluxe", situation, {"play": [card], "wish": new_wish})
    assert (answer["legal"], answer["rule"]) == (True, "dlx.wish.override")
    assert answer["penalty"] is None
    assert "wish" not in types(answer)
    assert "fulfils the wish" in answer["reason"]
    assert "new wish does not count" in answer["reason"]


def test_dlx_another_queen_still_overrides() -> None:
    """dlx.wish.override: a queen of another suit cancels the unserved wish and wishes anew."""
    answer = ask(
        "deluxe", {"top": "CQ", "wish": {"suit": "H"}}, {"play": ["DQ"], "wish": {"suit": "S"}}
    )
    assert (answer["legal"], answer["rule"]) == (True, "dlx.wish.override")
    assert {"type": "wish", "suit": "S", "rule": "dlx.queen"} in answer["effects"]


# dyn.jack.wish: "The jack's player names a suit that is neither the jack's suit nor the suit of
# the card below it. If the jack lies on its twin, or is the turned-up start card, he may name
# any of the three suits that are not the jack's."
@pytest.mark.parametrize(
    ("situation", "refused"),
    [
        ({"top": "HJ", "below": "S8", "wish": {"suit": "H"}}, True),  # the jack's own suit
        ({"top": "HJ", "below": "S8", "wish": {"suit": "S"}}, True),  # the suit below
        ({"top": "HJ", "below": "S8", "wish": {"suit": "C"}}, False),
        ({"top": "HJ", "below": "HJ", "wish": {"suit": "H"}}, True),  # on its twin: not hearts
        ({"top": "HJ", "below": "HJ", "wish": {"suit": "D"}}, False),
        ({"top": "HJ", "wish": {"suit": "S"}}, False),  # the card below not given
    ],
)
def test_dyn_a_wish_given_that_the_jacks_player_could_not_name_is_refused(
    situation: dict[str, Any], refused: bool
) -> None:
    """A wish on the jack its player could never have named is a question that cannot
    happen: refused naming the wish and the suits that could have been named."""
    if not refused:
        assert ask("dynamisch", situation, {"play": ["C7"]})["legal"] is (
            situation["wish"]["suit"] == "C"
        )
        return
    with pytest.raises(InputError) as error:
        ask("dynamisch", situation, {"play": ["C7"]})
    assert error.value.field == "situation.wish"
    text = str(error.value)
    assert "could name only" in text and "jack" in text
