"""Speedone hand input: points per player or a breakdown per hand, within the deck and
the 22-card hand limit (spd.points, spd.handlimit; without it when the table switched the
house rule spd.house.handlimit off)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app import checks
from app.checks import Field
from app.text import Text

HAND_LIMIT = 22  # spd.handlimit
DECK_WILDS = 8
DECK_ACTIONS = 24
DECK_NUMBERS = 360  # per colour one 0 and two each of 1-9: 4 × 90
HAND_MAX = DECK_WILDS * 50 + (HAND_LIMIT - DECK_WILDS) * 20  # the most 22 cards are worth: 680
DECK_MAX = DECK_WILDS * 50 + DECK_ACTIONS * 20 + DECK_NUMBERS  # all 108 cards: 1240
DECK_CARDS = 108
POINTS = Field("points", Text("Die Handpunkte", "The hand points"))
HANDS = Field("hands", Text("Die Hände", "The hands"))


def hand_points(hand: Mapping[str, int] | None) -> int:
    """spd.points: number faces + 20 per skip/reverse/+2 + 50 per wild; an empty hand is 0."""
    if hand is None:
        return 0
    return hand["numbers"] + 20 * hand["actions"] + 50 * hand["wilds"]


def points_entry(seat: int, name: str, value: Any, limited: bool = True) -> int:
    """Hand points of one player: at most what 22 cards can be worth (spd.handlimit), or
    what the whole deck is worth when the table plays without the limit."""
    field = Field(
        f"points[{seat}]",
        Text(f"Der Punktwert der Hand von {name}", f"The hand points of {name}"),
    )
    if not limited:
        why = Text(" (alle 108 Karten sind 1240 wert)", " (all 108 cards are worth 1240)")
        return checks.whole(value, field, 0, DECK_MAX, why)
    return checks.whole(
        value,
        field,
        0,
        HAND_MAX,
        Text(
            " (eine Hand hat höchstens 22 Karten, spd.handlimit)",
            " (a hand holds at most 22 cards, spd.handlimit)",
        ),
    )


def hand_entry(
    seat: int, name: str, entry: Any, won: bool, limited: bool = True
) -> dict[str, int] | None:
    """One hand's breakdown (spd.points), within 22 cards (or the deck when the table plays
    without spd.handlimit); only the winner's may be null."""
    cards = HAND_LIMIT if limited else DECK_CARDS
    path = f"hands[{seat}]"
    field = Field(path, Text(f"Die Hand von {name}", f"The hand of {name}"))
    if entry is None:
        if not won:
            raise field.fail(Text(
                "fehlt: nur der Gewinner der Runde hat keine Karten mehr.",
                "is missing: only the round's winner has no cards left.",
            ))
        return None
    checks.mapping(entry, field, ("numbers", "actions", "wilds"))

    def sub(key: str, what: Text) -> Field:
        """A count of the breakdown, named for the messages."""
        return Field(f"{path}.{key}", Text(f"{what.de} von {name}", f"{what.en} of {name}"))

    wilds = checks.whole_at(
        entry,
        "wilds",
        sub("wilds", Text("Die Anzahl der Joker", "The number of wild cards")),
        DECK_WILDS,
        Text(" (das Spiel hat 8)", " (the deck holds 8)"),
    )
    actions = checks.whole_at(
        entry,
        "actions",
        sub("actions", Text("Die Anzahl der Aktionskarten", "The number of skip/reverse/+2 cards")),
        min(DECK_ACTIONS, cards - wilds),
        Text(
            f" (das Spiel hat 24; eine Hand hat höchstens {cards} Karten, Joker mitgezählt)",
            f" (the deck holds 24; a hand holds at most {cards} cards, wilds included)",
        ),
    )
    free = cards - wilds - actions
    numbers = checks.whole_at(
        entry,
        "numbers",
        sub("numbers", Text("Die Summe der Zahlenwerte", "The sum of the number faces")),
        min(9 * free, DECK_NUMBERS),
        Text(
            f" (höchstens {free} Zahlenkarten zu höchstens 9 passen in eine Hand von {cards})",
            f" (at most {free} number cards of at most 9 fit in a hand of {cards})",
        ),
    )
    return {"numbers": numbers, "actions": actions, "wilds": wilds}


def check_deck(hands: list[dict[str, int] | None]) -> None:
    """All hands together cannot hold more wilds or action cards than the 108-card deck."""
    for key, limit, what in (
        ("wilds", DECK_WILDS, Text("Joker", "wild cards")),
        ("actions", DECK_ACTIONS, Text("Aktionskarten", "action cards")),
    ):
        total = sum(hand[key] for hand in hands if hand)
        if total > limit:
            raise HANDS.fail(Text(
                f"haben zusammen {total} {what.de}, das Spiel hat aber nur {limit}.",
                f"hold {total} {what.en} together, but the deck has only {limit}.",
            ))
