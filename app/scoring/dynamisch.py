"""Dynamisches Maumau: minus points per game, a series of 8, fewest wins, money (dyn.*)."""

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

SUITS = ("C", "S", "H", "D")  # the card codes of the rules digest; no import of the engine
SYMBOLS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}
DECK_JACKS = 8  # two Skat decks: every card twice
DECK_OTHERS = 56
HANDS = Field("hands", Text("Die Hände", "The hands"))
GAMES = Field(
    "options.games",
    Text("Die Anzahl der Spiele der Serie", "The number of games in the series"),
)
JACK_SUIT = Field(
    "jack_suit",
    Text("Die mit dem letzten Buben gewünschte Farbe", "The suit named with the last jack"),
)


def suit_code(value: Any) -> str | None:
    """The named suit as its canonical code (C S H D); symbols and lower case are accepted."""
    if value is None:
        return None
    code = SYMBOLS.get(value, value.upper()) if isinstance(value, str) else value
    return str(checks.choice(code, JACK_SUIT, SUITS))


def minus_points(hand: Mapping[str, Any], jack_suit: str | None) -> int:
    """dyn.score: 2 per jack, 1 per other card; dyn.score.double: doubled for holders of the
    named suit when a jack ended the game (I: a jack of that suit counts as the suit)."""
    points = 2 * int(hand["jacks"]) + int(hand["others"])
    return 2 * points if jack_suit and hand["holds_named_suit"] else points


class DynamischScoring(Scoring):
    """dyn.score, dyn.score.double, dyn.series, dyn.money, dyn.dealer."""

    defaults = {"games": 8, "rate_cents": 0}
    round_keys = frozenset({"hands", "jack_suit"})
    money_when = {}  # dyn.money: a series may always be played for money

    def option(self, key: str, value: Any) -> Any:
        """games 1–100, rate_cents 0–1000."""
        return series_length(value, GAMES) if key == "games" else rate_cents(value)

    def check_round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Mapping[str, Any]
    ) -> dict[str, Any]:
        """One entry per seat, counts within the deck, somebody out, the named suit consistent."""
        jack_suit = suit_code(body.get("jack_suit"))
        raw = checks.entries(checks.required(body, "hands", HANDS), HANDS, len(players))
        hands = [
            self.hand(seat, name, entry, jack_suit)
            for seat, (name, entry) in enumerate(zip(players, raw, strict=True))
        ]
        self.check_deck(hands)
        if all(hand["jacks"] + hand["others"] for hand in hands):
            raise InputError(Text(
                "Niemand ist fertig (hands): ein Spiel endet erst, wenn mindestens ein Spieler "
                "keine Karten mehr hat (dyn.effect.noend).",
                "Nobody is out (hands): a game ends only when at least one player holds no cards "
                "(dyn.effect.noend).",
            ), "hands")
        return {"hands": hands, "jack_suit": jack_suit}

    def hand(self, seat: int, name: str, entry: Any, jack_suit: str | None) -> dict[str, Any]:
        """One player's cards left: jacks, other cards, whether he holds the named suit."""
        path = f"hands[{seat}]"
        checks.mapping(
            entry,
            Field(path, Text(f"Die Hand von {name}", f"The hand of {name}")),
            ("jacks", "others", "holds_named_suit"),
        )
        jacks = checks.whole_at(
            entry,
            "jacks",
            Field(
                f"{path}.jacks",
                Text(f"Die Anzahl der Buben von {name}", f"The number of jacks of {name}"),
            ),
            DECK_JACKS,
            Text(" (das Spiel hat 8 Buben)", " (the deck holds 8 jacks)"),
        )
        others = checks.whole_at(
            entry,
            "others",
            Field(
                f"{path}.others",
                Text(
                    f"Die Anzahl der übrigen Karten von {name}",
                    f"The number of other cards of {name}",
                ),
            ),
            DECK_OTHERS,
            Text(
                " (das Spiel hat außer den Buben 56 Karten)",
                " (the deck holds 56 cards besides the jacks)",
            ),
        )
        holds_field = Field(
            f"{path}.holds_named_suit",
            Text(f"Ob {name} die gewünschte Farbe hat", f"Whether {name} holds the named suit"),
        )
        holds = checks.flag(entry.get("holds_named_suit", False), holds_field)
        if holds and jack_suit is None:
            raise holds_field.fail(Text(
                "kann nur true sein, wenn ein Bube das Spiel beendet hat (jack_suit angeben).",
                "can only be true when a jack ended the game (give jack_suit).",
            ))
        if holds and not jacks + others:
            raise holds_field.fail(Text(
                "kann bei einem Spieler ohne Karten nicht true sein.",
                "cannot be true for a player without cards.",
            ))
        return {"jacks": jacks, "others": others, "holds_named_suit": holds}

    def check_deck(self, hands: list[dict[str, Any]]) -> None:
        """All hands together cannot hold more than the deck (8 jacks, 56 others)."""
        for key, limit, what in (
            ("jacks", DECK_JACKS, Text("Buben", "jacks")),
            ("others", DECK_OTHERS, Text("übrige Karten", "other cards")),
        ):
            total = sum(hand[key] for hand in hands)
            if total > limit:
                raise InputError(Text(
                    f"Alle Hände zusammen (hands) haben {total} {what.de}, das Spiel hat aber nur "
                    f"{limit}.",
                    f"All hands together (hands) hold {total} {what.en}, but the two decks have "
                    f"only {limit}.",
                ), "hands")

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
        return self.series(players, options, rounds, options["games"], details)
