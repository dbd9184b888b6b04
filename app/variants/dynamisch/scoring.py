"""Dynamisches Maumau: minus points per game, a series of 8, fewest wins, money (dyn.*)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from app import inputs
from app.inputs import Field
from app.scoring.base import CLOCKWISE
from app.scoring.base import DIRECTIONS
from app.scoring.base import RATE_SCHEMA
from app.scoring.base import SERIES_SCHEMA
from app.scoring.base import Scoring
from app.scoring.base import rate_cents
from app.scoring.base import series_length
from app.scoring.types import Standing
from app.text import InputError
from app.text import Message
from app.variants.dynamisch.rules import DynamischRules

SUITS = ("C", "S", "H", "D")  # the card codes of the rules digest; no import of the engine
SYMBOLS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}
# The deck is the engine's (two Skat decks, every card twice): 8 jacks, 56 other cards.
DECK = DynamischRules().deck(4)
DECK_JACKS = sum(card.rank == "J" for card in DECK)
DECK_OTHERS = len(DECK) - DECK_JACKS
DIRECTION = Field("direction", Message("The direction of play at the end of the game"))
HANDS = Field("hands", Message("The hands"))
GAMES = Field("options.games", Message("The number of games in the series"))
JACK_SUIT = Field("jack_suit", Message("The suit named with the last jack"))


def suit_code(value: Any) -> str | None:
    """The named suit as its canonical code (C S H D); symbols and lower case are accepted."""
    if value is None:
        return None
    code = SYMBOLS.get(value, value.upper()) if isinstance(value, str) else value
    return str(inputs.choice(code, JACK_SUIT, SUITS))


def minus_points(hand: Mapping[str, Any], jack_suit: str | None) -> int:
    """dyn.score: 2 per jack, 1 per other card; dyn.score.double: doubled for holders of the
    named suit when a jack ended the game (I: a jack of that suit counts as the suit)."""
    points = 2 * int(hand["jacks"]) + int(hand["others"])
    return 2 * points if jack_suit and hand["holds_named_suit"] else points


class DynamischScoring(Scoring):
    """dyn.score, dyn.score.double, dyn.series, dyn.money, dyn.dealer, dyn.twin.reverse."""

    series_option = "games"  # dyn.series: the table may still be ended early by hand

    defaults = {"games": 8, "rate_cents": 0}
    option_schemas = {"games": SERIES_SCHEMA, "rate_cents": RATE_SCHEMA}
    round_keys = frozenset({"hands", "jack_suit", "direction"})
    keeps_direction = True  # dyn.twin.reverse: a reversal persists into later games
    money_when = {}  # dyn.money: a series may always be played for money

    def option(self, key: str, value: Any) -> Any:
        """games 1–100, rate_cents 0–1000."""
        return series_length(value, GAMES) if key == "games" else rate_cents(value)

    def entry_max(self, options: Mapping[str, Any]) -> dict[str, int]:
        """One hand: at most every jack, at most every other card of the deck."""
        return {"jacks": DECK_JACKS, "others": DECK_OTHERS}

    def check_round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Mapping[str, Any]
    ) -> dict[str, Any]:
        """One entry per seat, counts within the deck, somebody out, the named suit consistent."""
        jack_suit = suit_code(body.get("jack_suit"))
        raw = inputs.entries(inputs.required(body, "hands", HANDS), HANDS, len(players))
        hands = [
            self.hand(seat, name, entry, jack_suit)
            for seat, (name, entry) in enumerate(zip(players, raw, strict=True))
        ]
        self.check_deck(hands, jack_suit)
        if all(hand["jacks"] + hand["others"] for hand in hands):
            raise InputError(
                Message("Nobody is out: a game ends only when at least one player holds no cards."),
                "hands",
            )
        data: dict[str, Any] = {"hands": hands, "jack_suit": jack_suit}
        if body.get("direction") is not None:  # else the previous game's (`directions`)
            data["direction"] = inputs.choice(body["direction"], DIRECTION, DIRECTIONS)
        return data

    def hand(self, seat: int, name: str, entry: Any, jack_suit: str | None) -> dict[str, Any]:
        """One player's cards left: jacks, other cards, whether he holds the named suit."""
        path = f"hands[{seat}]"
        inputs.mapping(
            entry,
            Field(path, Message("The hand of %(name)s", name=name)),
            ("jacks", "others", "holds_named_suit"),
        )
        jacks = inputs.whole_at(
            entry,
            "jacks",
            Field(f"{path}.jacks", Message("The number of jacks of %(name)s", name=name)),
            DECK_JACKS,
            Message(" (the deck holds 8 jacks)"),
        )
        others = inputs.whole_at(
            entry,
            "others",
            Field(f"{path}.others", Message("The number of other cards of %(name)s", name=name)),
            DECK_OTHERS,
            Message(" (the deck holds 56 cards besides the jacks)"),
        )
        holds_field = Field(
            f"{path}.holds_named_suit", Message("Whether %(name)s holds the named suit", name=name)
        )
        holds = inputs.flag(entry.get("holds_named_suit", False), holds_field)
        if holds and jack_suit is None:
            raise holds_field.fail(
                Message("can only be true when a jack ended the game (give jack_suit).")
            )
        if holds and not jacks + others:
            raise holds_field.fail(Message("cannot be true for a player without cards."))
        return {"jacks": jacks, "others": others, "holds_named_suit": holds}

    def check_deck(self, hands: list[dict[str, Any]], jack_suit: str | None) -> None:
        """All hands together hold at most the deck less the discard pile's top card: the
        card that ended the game. A closing jack (a named suit) lies there, so the hands
        hold at most 7 jacks; otherwise a card that is not a jack does (at most 55 others)."""
        by_jack = jack_suit is not None
        for key, deck_has, on_top, what in (
            ("jacks", DECK_JACKS, by_jack, Message("jacks")),
            ("others", DECK_OTHERS, not by_jack, Message("other cards")),
        ):
            limit = deck_has - on_top
            total = sum(hand[key] for hand in hands)
            if total <= limit:
                continue
            why = Message("the two decks have %(deck_has)s %(what)s", deck_has=deck_has, what=what)
            if on_top:  # the card that ended the game lies on the discard pile
                why = (
                    Message(
                        "%(why)s, and one lies on top of the discard pile (the jack that ended "
                        "the game)",
                        why=why,
                    )
                    if by_jack
                    else Message(
                        "%(why)s, and one lies on top of the discard pile (the card that ended "
                        "the game; with no suit named it was not a jack)",
                        why=why,
                    )
                )
            raise InputError(
                Message(
                    "All hands together hold %(total)s %(what)s, but at most %(limit)s are "
                    "possible: "
                    "%(why)s.",
                    total=total,
                    what=what,
                    limit=limit,
                    why=why,
                ),
                "hands",
            )

    def natural_dealer(
        self, dealer: int, players: int, data: Mapping[str, Any], direction: str
    ) -> int:
        """dyn.dealer: the seat after the player who went out, in the final direction; of
        several out (a 7 round the table) the first after the dealer. The table names another
        seat when the game ended otherwise (an 8 skips)."""
        step = 1 if direction == CLOCKWISE else -1
        order = [(dealer + step * k) % players for k in range(1, players + 1)]
        out = next(s for s in order if not data["hands"][s]["jacks"] + data["hands"][s]["others"])
        return (out + step) % players

    def points(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> list[int]:
        """Minus points per seat."""
        return [minus_points(hand, data["jack_suit"]) for hand in data["hands"]]

    def round_winners(self, data: Mapping[str, Any]) -> set[int]:
        """The players out of cards (dyn.effect.noend: at least one)."""
        return {s for s, hand in enumerate(data["hands"]) if not hand["jacks"] + hand["others"]}

    def evaluate(
        self, players: int, options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
    ) -> tuple[Standing, int | None]:
        """dyn.series: after `games` games, fewest minus points wins; dyn.money settles."""
        details = [
            {
                "jack_suit": data["jack_suit"],
                "doubled": [
                    s
                    for s, h in enumerate(data["hands"])
                    if data["jack_suit"] and h["holds_named_suit"]
                ],
            }
            for data in rounds
        ]
        standing, done = self.series(players, options, rounds, options["games"], details)
        direction = self.directions(rounds)[-1] if rounds else CLOCKWISE
        return replace(standing, direction=direction), done
