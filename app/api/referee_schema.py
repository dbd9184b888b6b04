"""The referee's request in the OpenAPI document (docs/api.md §1): one shape per variant, titled
by its id and read from its rules, so that a request valid by the document is a question the
referee answers (200).

Per variant: the card codes of its deck, its players, its house rules and their values, the
wish each top card can carry (given the card below), which top card leaves which effect
pending under which house rules, how many cards a hand can hold, and its own flags (drew,
top_was_last). JSON Schema can neither count nor compare lists, so three checks are said in
words: a hand and the discard pile name no card more often than the decks hold it, a played
card is in a given hand, and hand_count is a given hand's size and at least the cards played.
"""

from __future__ import annotations

import re
from typing import Any

from app.api.referee_conditions import both
from app.api.referee_conditions import by_options
from app.api.referee_conditions import every_options
from app.api.referee_conditions import options_where
from app.api.referee_conditions import within
from app.engine.cards import Card
from app.engine.registry import VARIANTS
from app.engine.registry import Rules
from app.engine.situation import ACTORS
from app.engine.situation import Situation
from app.text import LANGS
from app.text import say

KINDS = ("suit", "rank")
EFFECTS = ("draw", "skip", "again")
NOTHING_PENDING = {
    "type": ["object", "null"],
    "properties": {effect: {"const": 0} for effect in EFFECTS},
    "additionalProperties": False,
}
# Whoever has served the wish is somebody who has (the flags of dlx.wish).
SERVED = {
    "if": {"required": ["you_served"], "properties": {"you_served": {"const": True}}},
    "then": {"required": ["anyone_served"], "properties": {"anyone_served": {"const": True}}},
}


def cards(rules: Rules) -> list[Card]:
    """The different cards of the variant's deck, in deck order (a larger table plays more
    decks of the same cards)."""
    return list(dict.fromkeys(rules.deck(rules.min_players)))


def codes(rules: Rules, ranks: tuple[str, ...] | None = None) -> list[str]:
    """The card codes of the deck, or of its cards of these ranks."""
    return [str(card) for card in cards(rules) if ranks is None or card.rank in ranks]


def pattern(some: list[Card]) -> str:
    """Card codes as a pattern, the ranks (values) that come in the same suits (colours)
    together: ``^(?:[CSHD](?:7|10|J|Q|K|A))$``. A pattern, not a list of the codes: a fuzzer
    tries every value of a list, in every place a card can be named."""
    suits: dict[str, list[str]] = {}
    for one in some:
        suits.setdefault(one.rank, []).append(one.suit or "")
    alike: dict[tuple[str, ...], list[str]] = {}
    for rank, its in suits.items():
        alike.setdefault(tuple(its), []).append(re.escape(rank))
    parts = [
        f"[{''.join(its)}](?:{'|'.join(ranks)})" if any(its) else "|".join(ranks)
        for its, ranks in alike.items()
    ]
    return f"^(?:{'|'.join(parts)})$"


def card(rules: Rules, description: str) -> dict[str, Any]:
    """A card code of the variant's deck (rules/RULES.md, "Card codes")."""
    return {"type": "string", "pattern": pattern(cards(rules)), "description": description}


def wish(rules: Rules, kind: str, named: list[str], in_situation: bool) -> dict[str, Any]:
    """A wish of one kind naming one of ``named``, the other kind null or left out; in the
    situation with the variant's flags."""
    other = next(key for key in KINDS if key != kind)
    properties: dict[str, Any] = {kind: {"enum": named}, other: {"type": "null"}}
    flags = rules.wish_flags if in_situation else ()
    properties.update({flag: {"type": "boolean"} for flag in flags})
    shape = {"type": "object", "required": [kind], "properties": properties}
    served = SERVED if {"you_served", "anyone_served"} <= set(flags) else {}
    return {**shape, "additionalProperties": False, **served}


def targets(rules: Rules, kind: str) -> list[str]:
    """Every suit (colour) or every rank of the variant."""
    return list(rules.suits if kind == "suit" else rules.ranks)


def wishes_on(rules: Rules, top: Card) -> dict[tuple[Card | None, ...], list[str]]:
    """The wishes the player of ``top`` could name, by the cards below it he could name them
    on (None: the card below left out)."""
    belows: dict[str, list[Card | None]] = {}
    for below in [None, *cards(rules)]:
        for target in rules.named_wishes(Situation(rules.name, top, below=below)):
            belows.setdefault(target, []).append(below)
    alike: dict[tuple[Card | None, ...], list[str]] = {}
    for target, under in belows.items():
        alike.setdefault(tuple(under), []).append(target)
    return alike


def situation_wishes(rules: Rules) -> list[dict[str, Any]]:
    """No wish on any top; or a wish of the top card's kind that its player could have named
    on the card below (or with the card below left out)."""
    if not rules.wish_on_top:  # a wish outlives its card (dlx.wish): any top, any kind
        kinds = dict.fromkeys(rules.wish_kinds.values())
        shapes = [wish(rules, kind, targets(rules, kind), True) for kind in kinds]
        return [{"properties": {"wish": {"anyOf": [{"type": "null"}, *shapes]}}}]
    groups: dict[tuple[str, tuple[Card | None, ...], tuple[str, ...]], list[str]] = {}
    for top in (card for card in cards(rules) if card.rank in rules.wish_on_top):
        kind = rules.wish_kinds.get(top.rank, "suit")
        for under, named in wishes_on(rules, top).items():
            groups.setdefault((kind, under, tuple(named)), []).append(str(top))
    every_below = len(cards(rules)) + 1
    found: list[dict[str, Any]] = [{"properties": {"wish": {"type": "null"}}}]
    for (kind, under, wished), tops in groups.items():
        properties: dict[str, Any] = {"top": {"enum": tops}}
        if len(under) < every_below:
            below = {"type": "string", "pattern": pattern([c for c in under if c is not None])}
            properties["below"] = {"anyOf": [below, {"type": "null"}]} if None in under else below
        properties["wish"] = wish(rules, kind, list(wished), True)
        found.append({"required": ["wish"], "properties": properties})
    return found


def pending(rules: Rules) -> list[dict[str, Any]]:
    """Nothing pending on any top; or one effect, left by a top card that leaves it (under
    the body's house rules, where they decide it). The choices the house rules do not decide
    are one condition on the situation; the others each a condition on the whole body."""
    plain: list[dict[str, Any]] = [{"properties": {"pending": NOTHING_PENDING}}]
    ruled: list[dict[str, Any]] = []
    combinations = every_options(rules)
    for effect in EFFECTS:
        leaving: dict[str, tuple[dict[str, Any], list[str]]] = {}
        for rank in rules.ranks:
            good = [
                named
                for named, options in combinations
                if rank in rules.pending_tops(options).get(effect, ())
            ]
            condition = options_where(rules, good)
            if condition is not None:
                leaving.setdefault(repr(condition), (condition, []))[1].append(rank)
        for condition, ranks in leaving.values():
            shape = due(rules, effect, tuple(ranks))
            if condition:
                ruled.append(both(condition, within(shape)))
            else:
                plain.append(shape)
    return [within(plain[0] if len(plain) == 1 else {"anyOf": plain}), *ruled]


def drew(rules: Rules) -> list[dict[str, Any]]:
    """dop.draw: only the player on turn has drawn and may play on."""
    if not rules.play_after_draw:
        return []
    return [
        {"properties": {"actor": {"const": "on_turn"}}},
        within({"properties": {"drew": {"const": False}}}),
    ]


def due(rules: Rules, effect: str, ranks: tuple[str, ...]) -> dict[str, Any]:
    """One effect pending (from 1), the others 0 or left out, on a top card of these ranks."""
    count = {"type": "integer", "minimum": 1, "maximum": 200}
    demanded = {
        "type": "object",
        "required": [effect],
        "properties": {other: count if other == effect else {"const": 0} for other in EFFECTS},
        "additionalProperties": False,
    }
    properties: dict[str, Any] = {"top": {"enum": codes(rules, ranks)}, "pending": demanded}
    if rules.play_after_draw:  # nothing is pending once he has drawn
        properties["drew"] = {"const": False}
    return {"required": ["pending"], "properties": properties}


def most_cards(rules: Rules) -> int:
    """The cards of the game with the most players (where more players play more decks, the
    number of players decides how many there are: said in words)."""
    return max(len(rules.deck(count)) for count in range(rules.min_players, rules.max_players + 1))


def hand_counts(rules: Rules) -> list[dict[str, Any]]:
    """How many cards a hand can hold where the house rules decide it: the hand limit."""
    most = most_cards(rules)
    shapes = []
    for limit, options in by_options(rules, rules.hand_limit):
        held = within({"properties": {"hand_count": {"maximum": most if limit is None else limit}}})
        shapes.append(both(options, held))
    return shapes if len(shapes) > 1 else []


def options(rules: Rules) -> dict[str, Any]:
    """The variant's house rules, each with its values (the default first)."""
    switches = {
        rule.option: {
            "enum": list(rule.values),
            "description": f"{say(rule.title, 'en')} ({rule.rule})",
        }
        for rule in rules.house_rules
    }
    return {"type": "object", "properties": switches, "additionalProperties": False}


def situation(rules: Rules) -> dict[str, Any]:
    """What the acting player sees; its wish and what is pending as the conditions say."""
    properties: dict[str, Any] = {
        "top": card(rules, "The top card of the discard pile."),
        "below": {"anyOf": [card(rules, "The card under it."), {"type": "null"}]},
        "wish": {"description": "The active wish, one its top card's player could name."},
        "pending": {"description": "What the top card still demands: one of draw, skip, again."},
        "hand": {
            "type": ["array", "null"],
            "items": card(rules, "A card of the hand."),
            "description": "The acting player's hand before the action: it holds every card "
            "played, and with top and below no card more often than the variant's decks.",
        },
        "hand_count": {
            "type": ["integer", "null"],
            "minimum": 0,
            "maximum": most_cards(rules),
            "description": "How many cards the acting player holds: at most the cards of the "
            "game for its players (where more players play with more decks, the most is "
            "given here), the hand's size where the hand is given, and at least the cards "
            "played.",
        },
    }
    if rules.play_after_draw:
        properties["drew"] = {"type": "boolean", "description": "He has drawn and may play on."}
    if rules.asks_top_was_last:
        properties["top_was_last"] = {"type": "boolean", "description": "The top card went out."}
    return {
        "type": "object",
        "required": ["top"],
        "properties": properties,
        "additionalProperties": False,
        "anyOf": situation_wishes(rules),
    }


def action(rules: Rules) -> dict[str, Any]:
    """Draw; or play cards, with a card that wishes first the wish of its kind."""
    play = {"type": "array", "items": card(rules, "A card played."), "minItems": 1}
    shapes: list[dict[str, Any]] = [
        {"required": ["draw"], "properties": {"draw": {"const": True}, "wish": {"type": "null"}}},
        {
            "required": ["play"],
            "properties": {"play": play, "draw": {"const": False}, "wish": {"type": "null"}},
        },
    ]
    for kind in dict.fromkeys(rules.wish_kinds.values()):
        ranks = tuple(rank for rank, its in rules.wish_kinds.items() if its == kind)
        first = {**play, "prefixItems": [{"enum": codes(rules, ranks)}]}
        named = wish(rules, kind, targets(rules, kind), False)
        properties = {"play": first, "draw": {"const": False}, "wish": named}
        shapes.append({"required": ["play", "wish"], "properties": properties})
    return {
        "anyOf": [{"type": "object", **shape, "additionalProperties": False} for shape in shapes]
    }


def request(rules: Rules) -> dict[str, Any]:
    """One variant's question."""
    conditions = [pending(rules), drew(rules), hand_counts(rules)]
    players = {"type": "integer", "minimum": rules.min_players, "maximum": rules.max_players}
    return {
        "title": rules.name,
        "type": "object",
        "required": ["variant", "situation", "action"],
        "properties": {
            "variant": {"const": rules.name},
            "players": {**players, "description": "Players still in the game (default 4)."},
            "options": options(rules),
            "situation": situation(rules),
            "actor": {"enum": list(ACTORS)},
            "action": action(rules),
            "lang": {"enum": list(LANGS)},
        },
        "additionalProperties": False,
        "allOf": [
            shapes[0] if len(shapes) == 1 else {"anyOf": shapes} for shapes in conditions if shapes
        ],
    }


# A question is of exactly one variant (its `variant`). oneOf, and no "type" beside it: with
# anyOf or an outer "type", the canonical form fuzzers read the document in (jsonschema_rs)
# outgrows its limits, and a fuzzer could not read the operation at all.
REFEREE_REQUEST = {
    "description": "A question of one variant (docs/api.md §1).",
    "oneOf": [request(rules) for rules in VARIANTS.values()],
}
