"""docs/api.md §1 without Flask: validate a referee request body and answer it.

``judge_request(body)`` returns the response dict; ``situation_from_request(body)`` reads
and checks the question (the action may be left out) for callers that ask more than one
thing about it. Both raise :class:`RequestError`, whose ``text`` is one sentence in German
and English (``message``, ``message_de``) naming the field and the limit, and whose
``field`` is the JSON path of the bad field (``situation.top``, ``action.play[0]``,
``players`` …). :func:`request_lang` says which of the two the answer should carry.
"""

from __future__ import annotations

from typing import Any

from app.engine.cards import Card
from app.engine.cards import InvalidCardError
from app.engine.cards import quoted
from app.engine.checks import find_problem
from app.engine.checks import option_problem
from app.engine.judge import judge_checked
from app.engine.situation import ACTORS
from app.engine.situation import Action
from app.engine.situation import Options
from app.engine.situation import Pending
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.situation import replace_options
from app.engine.texts import Text
from app.engine.variants import VARIANT_IDS
from app.engine.variants import VARIANTS
from app.engine.variants import Rules

BODY_KEYS = ("variant", "players", "options", "situation", "actor", "action", "lang")
SITUATION_KEYS = ("top", "below", "wish", "pending", "hand", "drew")
WISH_KEYS = ("suit", "rank", "by_you", "anyone_served", "you_served")
PENDING_KEYS = ("draw", "skip", "again")
ACTION_KEYS = ("play", "wish", "draw")
LANGS = ("de", "en")


class RequestError(ValueError):
    """A malformed referee request: the sentence in both languages, and the field."""

    def __init__(self, text: Text, field: str | None = None) -> None:
        """Keep the sentence and the JSON path of the bad field; ``str()`` is English."""
        super().__init__(text.en)
        self.text = text
        self.field = field

    @property
    def message(self) -> str:
        """The sentence in English."""
        return self.text.en

    @property
    def message_de(self) -> str:
        """The sentence in German."""
        return self.text.de

    def message_for(self, lang: str) -> str:
        """The sentence in ``lang`` (German for anything but "en", as the reasons)."""
        return self.text.get(lang)


def request_lang(body: Any) -> str:
    """The answer language of a request: its ``lang`` when readable, else German."""
    lang = body.get("lang") if isinstance(body, dict) else None
    return lang if lang in LANGS else "de"


def judge_request(body: Any) -> dict[str, Any]:
    """Validate an docs/api.md §1 request body and return the response body."""
    obj = expect_object(body, None, BODY_KEYS)
    for key in ("variant", "situation", "action"):
        if key not in obj:
            raise RequestError(Text(
                f"{key} fehlt: Die Anfrage braucht variant, situation und action.",
                f"{key} is missing: the request needs variant, situation and action."), key)
    situation, action = read_question(obj), read_action(obj["action"])
    check(situation, action)
    # find_problem has run once (check); judge_checked does not run it again.
    return judge_checked(situation, action, obj.get("lang", "de")).to_json()


def situation_from_request(body: Any) -> tuple[Situation, Action | None]:
    """The checked question of a request body: its Situation and its Action (None when the
    body has no ``action``). Raises RequestError for anything judge_request would refuse."""
    obj = expect_object(body, None, BODY_KEYS)
    for key in ("variant", "situation"):
        if key not in obj:
            raise RequestError(Text(
                f"{key} fehlt: Die Anfrage braucht variant und situation.",
                f"{key} is missing: the request needs variant and situation."), key)
    situation = read_question(obj)
    action = read_action(obj["action"]) if "action" in obj else None
    check(situation, action or Action(draw=True))  # without an action: the situation alone
    return situation, action


def read_question(obj: dict[str, Any]) -> Situation:
    """The answer language must be known; then the situation is read."""
    lang = obj.get("lang", "de")
    if lang not in LANGS:
        raise RequestError(Text(f"lang ist {quoted(lang)}: erwartet ist 'de' oder 'en'.",
                                   f"lang is {quoted(lang)}: expected 'de' or 'en'."), "lang")
    return read_situation(obj)


def check(situation: Situation, action: Action) -> None:
    """Raise the first problem of the question (find_problem) as a RequestError."""
    problem = find_problem(situation, action)
    if problem is not None:
        raise RequestError(problem.text, problem.field)


def read_situation(obj: dict[str, Any]) -> Situation:
    """The Situation of a request body (everything but the action)."""
    variant = obj["variant"]
    if not isinstance(variant, str) or variant not in VARIANTS:  # a list/object is unhashable
        ids = ", ".join(VARIANT_IDS)
        raise RequestError(Text(
            f"variant ist {quoted(variant)}: Diese Variante gibt es nicht, erwartet ist eine von "
            f"{ids}.",
            f"variant {quoted(variant)} is unknown: expected one of {ids}."), "variant")
    players = obj.get("players", 4)
    if type(players) is not int:
        raise RequestError(Text(f"players ist {quoted(players)}: erwartet ist eine ganze Zahl.",
                                   f"players is {quoted(players)}: expected a whole number."),
                              "players")
    actor = obj.get("actor", "on_turn")
    if actor not in ACTORS:
        raise RequestError(Text(
            f"actor ist {quoted(actor)}: erwartet ist 'on_turn' oder 'other'.",
            f"actor is {quoted(actor)}: expected 'on_turn' or 'other'."), "actor")
    options = read_options(VARIANTS[variant], obj.get("options", {}))
    seen = expect_object(obj["situation"], "situation", SITUATION_KEYS)
    if "top" not in seen:
        raise RequestError(Text(
            "situation.top fehlt: Gib die oberste Karte des Ablagestapels an.",
            "situation.top is missing: give the top card of the discard pile."),
            "situation.top")
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
    )


def read_options(rules: Rules, value: Any) -> Options:
    """The house rules of a request (docs/api.md §1 ``options``): exactly the variant's
    switches, each with a value it allows; the others keep their defaults."""
    obj = expect_object(value, "options", None)
    for name, choice in obj.items():
        problem = option_problem(rules, name, choice)
        if problem is not None:
            raise RequestError(problem.text, problem.field)
    return replace_options(Options(), obj)


def read_action(value: Any) -> Action:
    """The Action of a request body: ``{"play": [...], "wish": {...}}`` or ``{"draw": true}``."""
    obj = expect_object(value, "action", ACTION_KEYS)
    draw = read_flag(obj, "draw", "action")
    play = read_cards(obj["play"], "action.play") if "play" in obj else ()
    if "play" in obj and not play:
        raise RequestError(Text("action.play ist leer: Nenne mindestens eine Karte.",
                                   "action.play is empty: name at least one card."),
                              "action.play")
    wish = None if obj.get("wish") is None else read_wish(obj["wish"], "action.wish")
    return Action(play=play, wish=wish, draw=draw)


def read_card(value: Any, field: str) -> Card:
    """One card code; the error quotes it and names the field."""
    try:
        return Card.parse(value)
    except InvalidCardError as error:
        raise RequestError(Text(f"{field}: {error.message_de}", f"{field}: {error.message}"),
                           field) from error


def read_cards(value: Any, field: str) -> tuple[Card, ...]:
    """A list of card codes."""
    if not isinstance(value, list):
        raise RequestError(Text(
            f"{field} muss eine Liste von Kartencodes wie [\"H7\", \"CJ\"] sein, nicht "
            f"{quoted(value)}.",
            f"{field} must be a list of card codes like [\"H7\", \"CJ\"], not {quoted(value)}."),
            field)
    return tuple(read_card(item, f"{field}[{i}]") for i, item in enumerate(value))


def read_wish(value: Any, field: str) -> Wish:
    """``{"suit": "S"}`` or ``{"rank": "10"}``, with Deluxe's flags in a situation."""
    keys = WISH_KEYS if field == "situation.wish" else WISH_KEYS[:2]
    obj = expect_object(value, field, keys)
    texts = {key: obj[key] for key in ("suit", "rank") if obj.get(key) is not None}
    for key, text in texts.items():
        if not isinstance(text, str):
            raise RequestError(Text(f"{field}.{key} ist {quoted(text)}: erwartet ist ein Text.",
                                       f"{field}.{key} is {quoted(text)}: expected a string."),
                                  f"{field}.{key}")
    if len(texts) != 1:
        raise RequestError(Text(
            f"{field} muss genau eins nennen: suit (Farbe) oder rank (Wert), z. B. "
            "{\"suit\": \"S\"} oder {\"rank\": \"10\"}.",
            f"{field} must name exactly one of suit or rank, e.g. {{\"suit\": \"S\"}} or "
            "{\"rank\": \"10\"}."), field)
    (key, text), = texts.items()
    flags = {flag: read_flag(obj, flag, field) for flag in keys[2:]}
    target = text.strip().upper()
    return Wish(suit=target if key == "suit" else None, rank=target if key == "rank" else None,
                by_you=flags.get("by_you", False),
                anyone_served=flags.get("anyone_served", False),
                you_served=flags.get("you_served", False))


def read_pending(value: Any) -> Pending | None:
    """``{"draw": N}``, ``{"skip": N}`` or ``{"again": N}``; None when nothing is pending."""
    if value is None:
        return None
    obj = expect_object(value, "situation.pending", PENDING_KEYS)
    counts = {}
    for key, count in obj.items():
        if type(count) is not int or not 0 <= count <= 200:
            raise RequestError(Text(
                f"situation.pending.{key} ist {quoted(count)}: erwartet ist eine ganze Zahl von 0 "
                "bis 200.",
                f"situation.pending.{key} is {quoted(count)}: expected a whole number from 0 to "
                "200."), f"situation.pending.{key}")
        counts[key] = count
    pending = Pending(**counts)
    return pending if pending else None


def read_flag(obj: dict[str, Any], key: str, path: str) -> bool:
    """An optional boolean (default false)."""
    value = obj.get(key, False)
    if not isinstance(value, bool):
        raise RequestError(Text(
            f"{path}.{key} ist {quoted(value)}: erwartet ist true oder false.",
            f"{path}.{key} is {quoted(value)}: expected true or false."), f"{path}.{key}")
    return value


def expect_object(value: Any, field: str | None, keys: tuple[str, ...] | None) -> dict[str, Any]:
    """A JSON object with only the known keys (``None``: the caller checks the keys)."""
    if not isinstance(value, dict):
        raise RequestError(Text(
            f"{field or 'Die Anfrage'} muss ein JSON-Objekt sein, nicht {quoted(value)}.",
            f"{field or 'The request body'} must be a JSON object, not {quoted(value)}."), field)
    for key in value:
        if keys is not None and key not in keys:
            path = f"{field}.{key}" if field else key
            known = ", ".join(keys)
            raise RequestError(Text(
                f"{path} ist kein bekanntes Feld: erwartet sind {known}.",
                f"{path} is not a known field: expected {known}."), path)
    return value
