"""Missing information is answered, not refused (docs/api.md §1 "Missing information").

Players ask with what they know. A question without the wish, the hand or the number of
players is judged for every value they could have: one verdict for all is the answer (a jack
on a jack whatever the wish, ``dyn.jack.match``); else ``legal: None`` with a case per value
and a reason that says what decides it. The variant's rules judge every filled-in question.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from itertools import product
from typing import Any

from app.engine.card_problems import cards_problem
from app.engine.open_hand import CARD_FITS
from app.engine.open_hand import NO_CARD_FITS
from app.engine.open_hand import example_hands
from app.engine.problems import find_problem
from app.engine.problems import missing_wish_problem
from app.engine.registry import PLAYER_RANGE
from app.engine.registry import VARIANTS
from app.engine.registry import Rules
from app.engine.registry import Ruling
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.texts import card_text
from app.engine.texts import choices_text
from app.text import InputError
from app.text import Message
from app.text import either
from app.text import say

# The value of ``hand`` when the played cards are not the player's last ones: he keeps
# cards the question does not name (the rules read an unknown hand that way).
MORE = "more"
DEFAULT_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class Possible:
    """One way to fill in the missing fields: the situation, and the fields as the answer's
    ``if`` names them."""

    situation: Situation
    values: tuple[tuple[str, Any], ...]


def missing_fields(situation: Situation, action: Action, players_given: bool) -> list[str]:
    """Which situation fields the referee has to fill in to answer ``action``."""
    rules = VARIANTS.get(situation.variant)
    if rules is None:
        return []
    missing = []
    if situation.wish is None and missing_wish_problem(rules, situation) is not None:
        missing.append("wish")
    if example_hands(rules, situation, action):
        missing.append("hand")
    if not players_given:
        missing.append("players")
    return missing


def field_values(
    situation: Situation, action: Action, name: str
) -> list[tuple[Any, dict[str, Any]]]:
    """The values a missing field can take: (its ``if`` value, the situation change)."""
    rules = VARIANTS[situation.variant]
    if name == "wish":
        kind = rules.wish_kinds.get(situation.top.rank, "suit")
        # dyn.jack.wish: only the wishes the top card's player could have named.
        targets = rules.named_wishes(situation)
        return [
            (target, {"wish": Wish(suit=target) if kind == "suit" else Wish(rank=target)})
            for target in targets
        ]
    hands = example_hands(rules, situation, action) if name == "hand" else {}
    if hands:
        return [(value, {"hand": hand, "hand_count": None}) for value, hand in hands.items()]
    if name == "hand":
        return [
            (MORE, {"hand": None}),
            ([str(card) for card in action.play], {"hand": tuple(action.play)}),
        ]
    low, high = PLAYER_RANGE[situation.variant]
    counts = sorted(range(low, high + 1), key=lambda n: (n != DEFAULT_PLAYERS, n))
    return [(count, {"players": count}) for count in counts]


def possibilities(situation: Situation, action: Action, missing: Sequence[str]) -> list[Possible]:
    """Every way to fill in the missing fields, the usual one first (more cards in hand, four
    players)."""
    options = [field_values(situation, action, name) for name in missing]
    found = []
    for combination in product(*options):
        changes: dict[str, Any] = {}
        for _value, change in combination:
            changes.update(change)
        found.append(
            Possible(
                replace(situation, **changes),
                tuple(
                    (name, value)
                    for name, (value, _change) in zip(missing, combination, strict=True)
                ),
            )
        )
    return found


def judge_open(
    situation: Situation, action: Action, missing: Sequence[str], lang: str
) -> dict[str, Any]:
    """The docs/api.md §1 response for a question with ``missing`` fields; InputError only
    when it is malformed or contradicts itself."""
    rules = VARIANTS[situation.variant]
    possible = possibilities(situation, action, missing)
    # Checked once with the usual values; the others are the variant's own, so only the deck
    # (it depends on the number of players) is checked again.
    problem = find_problem(possible[0].situation, action)
    if problem is not None:
        raise InputError(problem.text, problem.field)
    judged = [
        (one, rules.judge(one.situation, action))
        for one in possible
        if one is possible[0] or cards_problem(rules, one.situation, action) is None
    ]
    if len({ruling.legal for _possible, ruling in judged}) == 1:
        return same_answer(rules, situation, action, missing, judged, lang)
    for name in list(missing):
        if not decides(judged, name):
            judged = usual_only(judged, name)
            missing = [other for other in missing if other != name]
    cases = merge_cases(judged, rules.wish_kinds.get(situation.top.rank, "suit"), lang)
    yes = [possible for possible, ruling in judged if ruling.legal]
    no = [possible for possible, ruling in judged if not ruling.legal]
    deciding = next(
        (name for name in missing if not values_of(yes, name) & values_of(no, name)), missing[0]
    )
    usual = dict(judged[0][0].values)[deciding]
    reason = say(depends_text(rules.name, deciding, yes, no, usual), lang)
    # The rule that forbids it where it is not allowed is the one that decides, and so is
    # the interpretation it was read with (dyn.ace, dop.9: a card that serves must be played).
    refusal = next(ruling for _possible, ruling in judged if not ruling.legal)
    return {
        "legal": None,
        "rule": refusal.rule,
        "reason": reason,
        "interpretation": refusal.verdict(lang).interpretation,
        "penalty": None,
        "effects": [],
        "cases": cases,
    }


def same_answer(
    rules: Rules,
    situation: Situation,
    action: Action,
    missing: Sequence[str],
    judged: list[tuple[Possible, Ruling]],
    lang: str,
) -> dict[str, Any]:
    """The plain answer when every value gives the same verdict; a card that fits none of
    the wishes that could have been named is refused without naming one of them."""
    answer = judged[0][1].verdict(lang).to_json()
    usual = [pair for pair in judged[0][0].values if pair[0] != "wish"]
    # The reasons for each wish, the other missing fields at their usual values.
    reasons = {
        say(ruling.reason, lang)
        for possible, ruling in judged
        if [pair for pair in possible.values if pair[0] != "wish"] == usual
    }
    if "wish" in missing and answer["legal"] is False and len(reasons) > 1 and action.play:
        wished = choices_text(rules.named_wishes(situation))
        answer["reason"] = say(
            Message(
                "The %(name)s fits none of the wishes that could have been named (%(wished)s).",
                name=card_text(action.play[0]),
                wished=wished,
            ),
            lang,
        )
    return answer


def decides(judged: list[tuple[Possible, Ruling]], name: str) -> bool:
    """True when the verdict changes with the value of ``name`` while the other missing
    fields stay the same."""
    verdicts: dict[str, set[bool]] = {}
    for possible, ruling in judged:
        others = repr([pair for pair in possible.values if pair[0] != name])
        verdicts.setdefault(others, set()).add(ruling.legal)
    return any(len(legal) > 1 for legal in verdicts.values())


def usual_only(judged: list[tuple[Possible, Ruling]], name: str) -> list[tuple[Possible, Ruling]]:
    """The possibilities with the usual (first) value of a field that does not decide, and
    that field left out of their ``if``."""
    usual = dict(judged[0][0].values)[name]
    return [
        (
            Possible(
                possible.situation, tuple(pair for pair in possible.values if pair[0] != name)
            ),
            ruling,
        )
        for possible, ruling in judged
        if dict(possible.values)[name] == usual
    ]


def values_of(possibles: list[Possible], name: str) -> set[str]:
    """The values one missing field takes in these possibilities (as text, to compare)."""
    return {repr(dict(possible.values)[name]) for possible in possibles}


def case_key(ruling: Ruling, lang: str) -> tuple[Any, ...]:
    """What makes two answers the same answer."""
    verdict = ruling.verdict(lang).to_json()
    return (verdict["legal"], verdict["rule"], verdict["reason"], repr(verdict["effects"]))


def merge_cases(
    judged: list[tuple[Possible, Ruling]], wish_kind: str, lang: str
) -> list[dict[str, Any]]:
    """One case per answer and per value of all but the first missing field; the first
    field's values with the same answer merged into a list."""
    groups: dict[tuple[Any, ...], tuple[list[Any], Possible, Ruling]] = {}
    for possible, ruling in judged:
        (name, value), *rest = possible.values
        key = (case_key(ruling, lang), repr(rest))
        if key not in groups:
            groups[key] = ([], possible, ruling)
        groups[key][0].append(value)
    cases = []
    for values, possible, ruling in groups.values():
        (name, _value), *rest = possible.values
        condition = {
            name: if_value(name, values, wish_kind),
            **{key: if_value(key, [value], wish_kind) for key, value in rest},
        }
        verdict = ruling.verdict(lang).to_json()
        case = {
            "if": condition,
            "legal": verdict["legal"],
            "rule": verdict["rule"],
            "reason": verdict["reason"],
            "penalty": verdict["penalty"],
            "effects": verdict["effects"],
        }
        if condition.get("hand") in (CARD_FITS, NO_CARD_FITS) and possible.situation.hand:
            # The one-card hand the case was judged on (its reason may name the card).
            case["example"] = {"hand": [str(card) for card in possible.situation.hand]}
        cases.append(case)
    return cases


def if_value(name: str, values: list[Any], wish_kind: str) -> Any:
    """How a case names the values of one missing field (a list when merged)."""
    one = values[0] if len(values) == 1 else values
    return {wish_kind: one} if name == "wish" else one


def distinct(possibles: list[Possible], name: str) -> list[Any]:
    """The values of one field in these possibilities, each once, in order."""
    found: list[Any] = []
    for possible in possibles:
        value = dict(possible.values)[name]
        if value not in found:
            found.append(value)
    return found


def depends_text(
    variant: str, name: str, yes: list[Possible], no: list[Possible], usual: Any
) -> Message:
    """ "Kommt auf den Wunsch an: Pik gewünscht → ja, sonst nein" for the deciding field."""
    yes_values, no_values = distinct(yes, name), distinct(no, name)
    # The side without the usual value is named (last card, the one wish that fits).
    no_side = no_values[0] != usual or (yes_values[0] == usual and len(no_values) < len(yes_values))
    listed = no_values if no_side else yes_values
    what = {
        "wish": Message("Depends on the wish"),
        "hand": Message("Depends on your hand")
        if usual in (CARD_FITS, NO_CARD_FITS)
        else Message("Depends on whether this is your last card"),
        "players": Message("Depends on the number of players"),
    }[name]
    condition = condition_text(name, listed, variant)
    if no_side:
        return Message(
            "%(what)s: %(condition)s → no, otherwise yes.", what=what, condition=condition
        )
    return Message("%(what)s: %(condition)s → yes, otherwise no.", what=what, condition=condition)


def condition_text(name: str, values: list[Any], variant: str) -> Message:
    """The listed values of the deciding field in players' words."""
    if name == "wish":
        wished = choices_text(tuple(str(value) for value in values))
        return Message("%(wished)s wished", wished=wished)
    if name == "hand":
        if values == [CARD_FITS]:
            return Message("a card of your hand may be played")
        if values == [NO_CARD_FITS]:
            return Message("no card of your hand may be played")
        if values == [MORE]:
            return Message("not the last card")
        return Message("last card")
    numbers = [str(value) for value in values]
    joined = either(list(numbers))
    return Message("%(joined)s players", joined=joined)
