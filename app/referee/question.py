"""A referee question as it lives in the page URL, and its request body (docs/api.md §1).

Query parameters mirror the request; house rules go by option name (``app.referee.house``).
A value the page cannot turn into a request is an InputError at the request's path
(``situation.pending``, ``action.play``), like the engine's own errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any

from werkzeug.datastructures import MultiDict

from app.engine import COLOURS
from app.engine import SUITS
from app.engine import find_variant
from app.engine.houserules import HouseRule
from app.engine.houserules import Value
from app.referee.house import house_rules
from app.referee.house import query_text
from app.referee.house import read_value
from app.text import InputError
from app.text import Message
from app.variants.registry import VARIANT_IDS

TOP_WAS_LAST = "top_was_last"
DREW = "drew"
FLAGS = ("other", "by_you", "anyone_served", "you_served", TOP_WAS_LAST, DREW)
WISH_FLAGS = ("by_you", "anyone_served", "you_served")
PENDING_KINDS = ("draw", "skip", "again")
DRAW = "draw"
MAX_COUNT = 99


def card_list(values: list[str]) -> list[str]:
    """``["CJ,S7", "H9"]`` -> ``["CJ", "S7", "H9"]`` (repeated and comma-separated both work)."""
    return [code.strip() for value in values for code in value.split(",") if code.strip()]


def wish_object(text: str) -> dict[str, Any]:
    """``S`` -> ``{"suit": "S"}``, ``10`` -> ``{"rank": "10"}`` (colours count as suits)."""
    code = text.strip().upper()
    return {"suit": code} if code in SUITS or code in COLOURS else {"rank": code}


@dataclass(frozen=True)
class Question:
    """Everything the page form holds, as text, exactly as the user gave it."""

    # None given: the first variant the registry offers.
    variant: str = field(default_factory=lambda: VARIANT_IDS[0])
    players: str = ""
    top: str = ""
    below: str = ""
    wish: str = ""
    pending: str = ""
    hand: tuple[str, ...] = ()
    count: str = ""
    play: tuple[str, ...] = ()
    play_wish: str = ""
    ask: str = "legal"
    flags: frozenset[str] = field(default_factory=frozenset)
    # The house rules given in the URL, by option name, as typed (the variant's switches only).
    house: tuple[tuple[str, str], ...] = ()

    @classmethod
    def from_args(cls, args: MultiDict[str, str]) -> Question:
        """Read the query string; empty values count as not given."""
        text = {
            name: args.get(name, "").strip()
            for name in ("players", "top", "below", "wish", "pending", "count", "play_wish")
        }
        # The one-tap pending chips send ``pending_tap`` when the page runs without script.
        text["pending"] = text["pending"] or args.get("pending_tap", "").strip()
        variant = args.get("variant", "").strip().lower() or VARIANT_IDS[0]
        return cls(
            variant=variant,
            hand=tuple(card_list(args.getlist("hand"))),
            play=tuple(card_list(args.getlist("play"))),
            ask="list" if args.get("ask") == "list" else "legal",
            flags=frozenset(name for name in FLAGS if args.get(name) not in (None, "", "0")),
            house=tuple(
                (rule.option, args[rule.option].strip())
                for rule in house_rules(variant)
                if args.get(rule.option, "").strip()
            ),
            **text,
        )

    @property
    def draws(self) -> bool:
        """True when the action is to draw (take the pending cards, miss the turn)."""
        return self.play == (DRAW,)

    @property
    def complete(self) -> bool:
        """A verdict needs at least the top card and the play."""
        return bool(self.top and self.play)

    def with_play(self, play: tuple[str, ...], play_wish: str = "") -> Question:
        """The same situation with another action (for "what can I play?" links)."""
        return replace(self, play=play, play_wish=play_wish, ask="legal")

    def table(self) -> Question:
        """A new question at the same table: variant, players and house rules kept."""
        return Question(variant=self.variant, players=self.players, house=self.house)

    def given_house(self) -> list[tuple[HouseRule, str, Value | None]]:
        """The switches the URL gives: rule, text as typed, value (None: not a choice)."""
        given = dict(self.house)
        return [
            (rule, given[rule.option], read_value(rule, given[rule.option]))
            for rule in house_rules(self.variant)
            if rule.option in given
        ]

    def house_value(self, rule: HouseRule) -> Value:
        """The value of a switch in this question (its default when not given or unreadable)."""
        values = {given.option: value for given, _text, value in self.given_house()}
        value = values.get(rule.option)
        return rule.default if value is None else value

    def house_options(self) -> dict[str, Value]:
        """The house rules away from their default (the engine's default), as ``options``."""
        options: dict[str, Value] = {}
        for rule, text, value in self.given_house():
            if value is None:
                choices = ", ".join(query_text(choice) for choice in rule.values)
                raise InputError(
                    Message(
                        "House rule “%(title)s” cannot be “%(text)s”: choose one of %(choices)s.",
                        title=rule.title,
                        text=text,
                        choices=choices,
                    ),
                    "options",
                )
            if value != rule.default:
                options[rule.option] = value
        return options

    def query(self) -> dict[str, str]:
        """The canonical query string: given values only, lists comma-joined."""
        data = {
            "variant": self.variant,
            "players": self.players,
            "top": self.top,
            "below": self.below,
            "wish": self.wish,
            "pending": self.pending,
            "hand": ",".join(self.hand),
            "count": self.count,
            "play": ",".join(self.play),
            "play_wish": self.play_wish,
            "ask": "list" if self.ask == "list" else "",
        }
        data.update({name: "1" for name in sorted(self.flags)})
        data.update(self.house_query())
        return {key: value for key, value in data.items() if value}

    def house_query(self) -> dict[str, str]:
        """The house rules for the URL; a text that is no choice stays, so a shared link shows
        its error again."""
        return {
            rule.option: text if value is None else query_text(value)
            for rule, text, value in self.given_house()
            if value != rule.default
        }

    def situation_body(self, lang: str) -> dict[str, Any]:
        """The request body without the action; InputError for values the page cannot read."""
        situation: dict[str, Any] = {"top": self.top}
        if self.below:
            situation["below"] = self.below
        if self.wish:
            flags = {name: True for name in WISH_FLAGS if name in self.flags}
            situation["wish"] = wish_object(self.wish) | flags
        if self.pending:
            situation["pending"] = self.pending_object()
        if self.hand:
            situation["hand"] = list(self.hand)
        count = self.hand_count()
        if count is not None:
            situation["hand_count"] = count
        # Only where the rules ask it (dop.lastcard.two); another variant's page shows no
        # toggle, so a flag left in its link is no question.
        if TOP_WAS_LAST in self.flags and self.asks_top_was_last:
            situation["top_was_last"] = True
        # Where a drawn card may still be played (dop.draw, mau.draw.play).
        if DREW in self.flags and self.asks_drew:
            situation["drew"] = True
        body: dict[str, Any] = {
            "variant": self.variant,
            "situation": situation,
            "actor": "other" if "other" in self.flags else "on_turn",
            "lang": lang,
        }
        # Players not given: the referee answers for every number it could be
        # (docs/api.md §1 "Missing information").
        if self.players:
            body["players"] = self.player_count()
        options = self.house_options()
        if options:
            body["options"] = options
        return body

    def body(self, lang: str) -> dict[str, Any]:
        """The full request (docs/api.md §1) for the question."""
        body = self.situation_body(lang)
        if DRAW in self.play and not self.draws:
            raise InputError(Message("Either draw or play cards, not both."), "action.play")
        if self.draws:
            body["action"] = {"draw": True}
        else:
            body["action"] = {"play": list(self.play)}
            if self.play_wish:
                body["action"]["wish"] = wish_object(self.play_wish)
        return body

    def player_count(self) -> int:
        """Players still in the game (4 unless given)."""
        if not self.players:
            return 4
        if not self.players.isdigit():
            raise InputError(Message("Players must be a whole number, like 4."), "players")
        return int(self.players)

    def pending_object(self) -> dict[str, int]:
        """``draw:2`` -> ``{"draw": 2}``."""
        kind, _sep, number = self.pending.partition(":")
        if kind not in PENDING_KINDS or not number.isdigit():
            raise InputError(
                Message("The pending effect must look like draw:2, skip:1 or again:1."),
                "situation.pending",
            )
        return {kind: int(number)}

    @property
    def asks_top_was_last(self) -> bool:
        """Do the variant's rules ask whether the top card was its player's last one?"""
        return self.variant in VARIANT_IDS and find_variant(self.variant).asks_top_was_last

    @property
    def asks_drew(self) -> bool:
        """May a player who drew still play this turn in the variant (the "drew" question)?"""
        return self.variant in VARIANT_IDS and find_variant(self.variant).play_after_draw

    def hand_count(self) -> int | None:
        """Cards in hand, if given: the hand limit (spd.handlimit), emptied hands
        (dlx.lastcard, dop.out)."""
        if self.hand:
            if self.count and self.count != str(len(self.hand)):
                cards = len(self.hand)
                held = Message("%(cards)s cards", cards=cards) if cards != 1 else Message("1 card")
                raise InputError(
                    Message(
                        "The number of cards (%(count)s) does not match the hand of %(held)s.",
                        count=self.count,
                        held=held,
                    ),
                    "count",
                )
            return len(self.hand) if self.count else None
        if not self.count:
            return None
        if not self.count.isdigit() or not 1 <= int(self.count) <= MAX_COUNT:
            raise InputError(
                Message(
                    "The number of cards in hand must be a whole number from 1 to %(max_count)s.",
                    max_count=MAX_COUNT,
                ),
                "count",
            )
        played = 0 if self.draws else len(self.play)
        if int(self.count) < played:
            raise InputError(Message("You cannot play more cards than you hold."), "count")
        return int(self.count)
