"""Maumau-Deluxe: 1 penalty point per card left, a series of 10 rounds (dlx.*)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from app import checks
from app.checks import Field
from app.scoring.base import Scoring
from app.scoring.base import rate_cents
from app.scoring.base import series_length
from app.scoring.types import Standing
from app.text import InputError
from app.text import Text

DECK = 48  # two Skat decks without 8s and 9s
CARDS = Field("cards", Text("Die übrigen Karten", "The cards left"))
ROUNDS = Field(
    "options.rounds",
    Text("Die Anzahl der Runden der Serie", "The number of rounds in the series"),
)


class DeluxeScoring(Scoring):
    """dlx.out: the player out deals next, everybody else 1 point per card left."""

    defaults = {"rounds": 10, "rate_cents": 0}
    round_keys = frozenset({"cards"})
    money_when = {}  # penalty points may always be played for money, like dyn.money

    def option(self, key: str, value: Any) -> Any:
        """rounds 1–100, rate_cents 0–1000."""
        return series_length(value, ROUNDS) if key == "rounds" else rate_cents(value)

    def check_round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Mapping[str, Any]
    ) -> dict[str, Any]:
        """One count per seat within the deck, exactly one player out (dlx.out)."""
        raw = checks.entries(checks.required(body, "cards", CARDS), CARDS, len(players))
        cards = [
            checks.whole(
                value,
                Field(
                    f"cards[{seat}]",
                    Text(
                        f"Die Anzahl der Karten von {name}",
                        f"The number of cards left of {name}",
                    ),
                ),
                0,
                DECK,
                Text(" (das Spiel hat 48 Karten)", " (the deck holds 48 cards)"),
            )
            for seat, (name, value) in enumerate(zip(players, raw, strict=True))
        ]
        if sum(cards) > DECK:
            raise CARDS.fail(Text(
                f"ergeben zusammen {sum(cards)}, das Spiel hat aber nur {DECK} Karten.",
                f"add up to {sum(cards)}, but the deck holds only {DECK} cards.",
            ))
        out = cards.count(0)
        if out != 1:
            raise InputError(Text(
                "Genau ein Spieler muss 0 Karten haben (cards): die Runde endet, sobald einer "
                f"fertig ist (dlx.out); erhalten: {out}.",
                "Exactly one player must have 0 cards (cards): the round ends as soon as one "
                f"player is out (dlx.out); got {out}.",
            ), "cards")
        return {"cards": cards}

    def points(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> list[int]:
        """dlx.out: one penalty point per card left in hand."""
        return list(data["cards"])

    def round_winners(self, data: Mapping[str, Any]) -> set[int]:
        """dlx.out: the one player out of cards."""
        return {s for s, cards in enumerate(data["cards"]) if cards == 0}

    def natural_dealer(self, dealer: int, players: int, data: Mapping[str, Any]) -> int:
        """dlx.out: the player who went out deals the next round."""
        return int(data["cards"].index(0))

    def evaluate(
        self, players: int, options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
    ) -> tuple[Standing, int | None]:
        """After `rounds` rounds the fewest penalty points win."""
        return self.series(players, options, rounds, options["rounds"])
