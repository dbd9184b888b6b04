"""docs/api.md §1 without Flask: validate a referee request body and answer it.

``judge_request`` and ``situation_from_request`` raise :class:`app.text.InputError`: one
sentence naming the field and the limit, and its JSON path (``situation.top`` …).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app import inputs
from app.engine.card_problems import option_problem
from app.engine.cards import Card
from app.engine.cards import InvalidCardError
from app.engine.fields import field_words
from app.engine.judge import judge_checked
from app.engine.options import DEFAULT_OPTIONS
from app.engine.options import Options
from app.engine.problems import find_problem
from app.engine.registry import VARIANTS
from app.engine.registry import Rules
from app.engine.registry import variant_ids
from app.engine.situation import ACTORS
from app.engine.situation import Action
from app.engine.situation import Pending
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.unknowns import judge_open
from app.engine.unknowns import missing_fields
from app.inputs import Field
from app.text import LANGS
from app.text import InputError
from app.text import Message
from app.text import shown

BODY_KEYS = ("variant", "players", "options", "situation", "actor", "action", "lang")
SITUATION_KEYS = ("top", "below", "wish", "pending", "hand", "hand_count", "drew", "top_was_last")
WISH_KEYS = ("suit", "rank", "by_you", "anyone_served", "you_served")
PENDING_KEYS = ("draw", "skip", "again")
ACTION_KEYS = ("play", "wish", "draw")
BODY = Field("", Message("The request body"))
SITUATION = Field("situation", Message("The situation"))
OPTIONS = Field("options", Message("The house rules"))
ACTION = Field("action", Message("The action"))
PENDING = Field("situation.pending", Message("The pending effect"))


def request_lang(body: Any) -> str:
    """The answer language of a request: its ``lang`` when readable, else German."""
    lang = body.get("lang") if isinstance(body, dict) else None
    return lang if lang in LANGS else "de"


def judge_request(body: Any) -> dict[str, Any]:
    """Validate an docs/api.md §1 request body and return the response body."""
    obj = inputs.mapping(body, BODY, BODY_KEYS)
    for key in ("variant", "situation", "action"):
        if key not in obj:
            words = field_words(key)
            raise InputError(
                Message(
                    "%(words)s is missing: the request needs the variant, the situation and the "
                    "move "
                    "(variant, situation, action).",
                    words=words,
                ),
                key,
            )
    situation, action = read_question(obj), read_action(obj["action"])
    lang = obj.get("lang", "de")
    # docs/api.md §1 "Missing information": a missing wish, hand or number of players is
    # answered for every value it could have; only a malformed question is refused.
    missing = missing_fields(situation, action, players_given="players" in obj)
    if missing:
        answer = judge_open(situation, action, missing, lang)
    else:
        check(situation, action)
        answer = judge_checked(situation, action, lang).to_json()
    return answer


def situation_from_request(body: Any) -> tuple[Situation, Action | None]:
    """The checked question of a request body: its Situation and its Action (None when the
    body has no ``action``). Raises InputError for anything judge_request would refuse."""
    obj = inputs.mapping(body, BODY, BODY_KEYS)
    for key in ("variant", "situation"):
        if key not in obj:
            words = field_words(key)
            raise InputError(
                Message(
                    "%(words)s is missing: the request needs the variant and the situation.",
                    words=words,
                ),
                key,
            )
    situation = read_question(obj)
    action = read_action(obj["action"]) if "action" in obj else None
    check(situation, action or Action(draw=True))  # without an action: the situation alone
    return situation, action


def read_question(obj: Mapping[str, Any]) -> Situation:
    """The answer language must be known; then the situation is read."""
    lang = obj.get("lang", "de")
    if lang not in LANGS:
        raise InputError(
            Message('Language: %(lang)s – expected "de" or "en".', lang=shown(lang)), "lang"
        )
    return read_situation(obj)


def check(situation: Situation, action: Action) -> None:
    """Raise the first problem of the question (find_problem) as an InputError."""
    problem = find_problem(situation, action)
    if problem is not None:
        raise InputError(problem.text, problem.field)


def read_situation(obj: Mapping[str, Any]) -> Situation:
    """The Situation of a request body (everything but the action)."""
    variant = obj["variant"]
    if not isinstance(variant, str) or variant not in VARIANTS:  # a list/object is unhashable
        ids = ", ".join(variant_ids())
        raise InputError(
            Message(
                "Variant: %(variant)s is unknown, expected one of %(ids)s.",
                variant=shown(variant),
                ids=ids,
            ),
            "variant",
        )
    players = integral(obj.get("players", 4))
    if type(players) is not int:
        raise InputError(
            Message(
                "Players in the game: %(players)s – expected a whole number.",
                players=shown(players),
            ),
            "players",
        )
    actor = obj.get("actor", "on_turn")
    if actor not in ACTORS:
        raise InputError(
            Message(
                'Who plays: %(actor)s – expected "on_turn" or "other" (out of turn).',
                actor=shown(actor),
            ),
            "actor",
        )
    options = (
        read_options(VARIANTS[variant], obj["options"]) if "options" in obj else DEFAULT_OPTIONS
    )
    seen = inputs.mapping(obj["situation"], SITUATION, SITUATION_KEYS)
    if "top" not in seen:
        raise InputError(
            Message("Top card is missing: give the top card of the discard pile."), "situation.top"
        )
    hand = seen.get("hand")
    return Situation(
        variant=variant,
        top=read_card(seen["top"], "situation.top"),
        below=None if seen.get("below") is None else read_card(seen["below"], "situation.below"),
        wish=None if seen.get("wish") is None else read_wish(seen["wish"], "situation.wish"),
        pending=read_pending(seen.get("pending")),
        hand=None if hand is None else read_cards(hand, "situation.hand"),
        players=players,
        options=options,
        actor=actor,
        drew=read_flag(seen, "drew", "situation"),
        hand_count=read_hand_count(seen.get("hand_count")),
        top_was_last=read_flag(seen, "top_was_last", "situation"),
    )


def read_hand_count(value: Any) -> int | None:
    """``situation.hand_count``: how many cards the acting player holds, a whole number from
    0 (its upper limits and its agreement with ``hand`` are checked with the question)."""
    if value is None:
        return None
    value = integral(value)
    if type(value) is not int or value < 0:
        words = field_words("situation.hand_count")
        raise InputError(
            Message(
                "%(words)s (hand_count): %(value)s – expected a whole number from 0.",
                words=words,
                value=shown(value),
            ),
            "situation.hand_count",
        )
    return value


def integral(value: Any) -> Any:
    """JSON knows one number type: 4.0 is the whole number 4 (as JSON Schema's "integer"
    says, and app.inputs reads it); anything else is left for the check to refuse."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def read_options(rules: Rules, value: Any) -> Options:
    """The house rules of a request (docs/api.md §1 ``options``): exactly the variant's
    switches, each with a value it allows; the others keep their defaults."""
    obj = inputs.mapping(value, OPTIONS, None)  # option_problem names the unknown switches
    for name, choice in obj.items():
        problem = option_problem(rules, name, choice)
        if problem is not None:
            raise InputError(problem.text, problem.field)
    return Options.of(rules.house_rules, obj)


def read_action(value: Any) -> Action:
    """The Action of a request body: ``{"play": [...], "wish": {...}}`` or ``{"draw": true}``."""
    obj = inputs.mapping(value, ACTION, ACTION_KEYS)
    draw = read_flag(obj, "draw", "action")
    play = read_cards(obj["play"], "action.play") if "play" in obj else ()
    if "play" in obj and not play:
        raise InputError(Message("Card played is missing: name at least one card."), "action.play")
    wish = None if obj.get("wish") is None else read_wish(obj["wish"], "action.wish")
    return Action(play=play, wish=wish, draw=draw)


def read_card(value: Any, field: str) -> Card:
    """One card code; the error quotes it and names the field."""
    try:
        return Card.parse(value)
    except InvalidCardError as error:
        raise card_error(error, field) from error


def card_error(error: InvalidCardError, field: str) -> InputError:
    """A bad card code as the error of its field (the field's words first)."""
    words = field_words(field)
    return InputError(Message("%(words)s: %(text)s", words=words, text=error.text), field)


def read_cards(value: Any, field: str) -> tuple[Card, ...]:
    """A list of card codes."""
    if not isinstance(value, list):
        words = field_words(field)
        raise InputError(
            Message(
                '%(words)s: expected a list of card codes like ["H7", "CJ"], not %(value)s.',
                words=words,
                value=shown(value),
            ),
            field,
        )
    cards = []
    for i, item in enumerate(value):
        try:
            cards.append(Card.parse(item))
        except InvalidCardError as error:
            # The field's path is written only for a bad card, not for every card read.
            raise card_error(error, f"{field}[{i}]") from error
    return tuple(cards)


def read_wish(value: Any, field: str) -> Wish:
    """``{"suit": "S"}`` or ``{"rank": "10"}``, with a variant's wish flags in a situation."""
    keys = WISH_KEYS if field == "situation.wish" else WISH_KEYS[:2]
    obj = inputs.mapping(value, Field(field, Message("The wish")), keys)
    texts = {key: obj[key] for key in ("suit", "rank") if obj.get(key) is not None}
    for key, text in texts.items():
        if not isinstance(text, str):
            words = field_words(field)
            raise InputError(
                Message("%(words)s: %(text)s – expected a string.", words=words, text=shown(text)),
                f"{field}.{key}",
            )
    if len(texts) != 1:
        words = field_words(field)
        raise InputError(
            Message(
                '%(words)s: name exactly one, a suit or a rank, e.g. {"suit": "S"} or {"rank": '
                '"10"}.',
                words=words,
            ),
            field,
        )
    ((key, text),) = texts.items()
    flags = {flag: read_flag(obj, flag, field) for flag in keys[2:]}
    target = text.strip().upper()
    return Wish(
        suit=target if key == "suit" else None,
        rank=target if key == "rank" else None,
        by_you=flags.get("by_you", False),
        anyone_served=flags.get("anyone_served", False),
        you_served=flags.get("you_served", False),
    )


def read_pending(value: Any) -> Pending | None:
    """``{"draw": N}``, ``{"skip": N}`` or ``{"again": N}``; None when nothing is pending."""
    if value is None:
        return None
    obj = inputs.mapping(value, PENDING, PENDING_KEYS)
    counts = {}
    for key, count in obj.items():
        count = integral(count)
        if type(count) is not int or not 0 <= count <= 200:
            raise InputError(
                Message(
                    "Pending effect: %(count)s – expected a whole number from 0 to 200.",
                    count=shown(count),
                ),
                f"situation.pending.{key}",
            )
        counts[key] = count
    pending = Pending(**counts)
    return pending if pending else None


def read_flag(obj: Mapping[str, Any], key: str, path: str) -> bool:
    """An optional boolean (default false)."""
    value = obj.get(key, False)
    if not isinstance(value, bool):
        words = field_words(f"{path}.{key}")
        raise InputError(
            Message(
                "%(words)s (%(key)s): %(value)s – expected true or false.",
                words=words,
                key=key,
                value=shown(value),
            ),
            f"{path}.{key}",
        )
    return value
