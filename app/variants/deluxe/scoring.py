"""Maumau-Deluxe: 1 penalty point per card left, a series of 10 rounds (dlx.*)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from app import inputs
from app.inputs import Field
from app.scoring.base import RATE_SCHEMA
from app.scoring.base import SERIES_SCHEMA
from app.scoring.base import Scoring
from app.scoring.base import rate_cents
from app.scoring.base import series_length
from app.scoring.types import Standing
from app.text import InputError
from app.text import Message
from app.variants.deluxe.rules import DeluxeRules

DECK = len(DeluxeRules().deck(4))  # the engine's: two Skat decks without 8s and 9s, 48 cards
# The hands hold at most the deck less the discard pile's top card (the last card played).
IN_HANDS = DECK - 1
CARDS = Field("cards", Message("The cards left"))
ROUNDS = Field("options.rounds", Message("The number of rounds in the series"))


class DeluxeScoring(Scoring):
    """dlx.out: the player out deals next, everybody else 1 point per card left."""

    series_option = "rounds"  # the rounds agreed: the table may still be ended early by hand

    defaults = {"rounds": 10, "rate_cents": 0}
    option_schemas = {"rounds": SERIES_SCHEMA, "rate_cents": RATE_SCHEMA}
    round_keys = frozenset({"cards"})
    money_when = {}  # penalty points may always be played for money, like dyn.money

    def option(self, key: str, value: Any) -> Any:
        """rounds 1–100, rate_cents 0–1000."""
        return series_length(value, ROUNDS) if key == "rounds" else rate_cents(value)

    def entry_max(self, options: Mapping[str, Any]) -> dict[str, int]:
        """Cards left in one hand: at most the deck less the discard pile's top card."""
        return {"cards": IN_HANDS}

    def check_round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Mapping[str, Any]
    ) -> dict[str, Any]:
        """One count per seat within the deck, exactly one player out (dlx.out)."""
        raw = inputs.entries(inputs.required(body, "cards", CARDS), CARDS, len(players))
        cards = [
            inputs.whole(
                value,
                Field(f"cards[{seat}]", Message("The number of cards left of %(name)s", name=name)),
                0,
                IN_HANDS,
                Message(
                    " (the deck holds %(deck)s cards, one lies on top of the discard pile)",
                    deck=DECK,
                ),
            )
            for seat, (name, value) in enumerate(zip(players, raw, strict=True))
        ]
        if sum(cards) > IN_HANDS:
            raise CARDS.fail(
                Message(
                    "add up to %(sum)s, but the hands can hold at most %(in_hands)s: the deck has "
                    "%(deck)s cards, and one lies on top of the discard pile.",
                    sum=sum(cards),
                    in_hands=IN_HANDS,
                    deck=DECK,
                )
            )
        out = cards.count(0)
        if out != 1:
            raise InputError(
                Message(
                    "Exactly one player must have 0 cards: the round ends as soon as one player is "
                    "out; got %(out)s.",
                    out=out,
                ),
                "cards",
            )
        return {"cards": cards}

    def points(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> list[int]:
        """dlx.out: one penalty point per card left in hand."""
        return list(data["cards"])

    def round_winners(self, data: Mapping[str, Any]) -> set[int]:
        """dlx.out: the one player out of cards."""
        return {s for s, cards in enumerate(data["cards"]) if cards == 0}

    def natural_dealer(
        self, dealer: int, players: int, data: Mapping[str, Any], direction: str
    ) -> int:
        """dlx.out: the player who went out deals the next round."""
        return int(data["cards"].index(0))

    def evaluate(
        self, players: int, options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
    ) -> tuple[Standing, int | None]:
        """After `rounds` rounds the fewest penalty points win."""
        return self.series(players, options, rounds, options["rounds"])
