"""Speedone hand input: points per player or a breakdown per hand, within the deck and
the 22-card hand limit (spd.points, spd.handlimit; without it when the table switched the
house rule spd.house.handlimit off)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app import inputs
from app.engine.registry import deck
from app.inputs import Field
from app.text import Text

HAND_LIMIT = 22  # spd.handlimit
ACTION_POINTS = 20  # spd.points: skip, reverse, draw-two
WILD_POINTS = 50  # spd.points: wild, wild-draw-four
# The deck is the engine's (108 cards); what its cards are worth follows from spd.points.
DECK = deck("speedone")
DECK_CARDS = len(DECK)
DECK_WILDS = sum(card.is_wild for card in DECK)
# The number cards' faces, highest first: per colour one 0 and two each of 1-9.
FACES = sorted((int(card.rank) for card in DECK if card.rank.isdigit()), reverse=True)
DECK_ACTIONS = DECK_CARDS - DECK_WILDS - len(FACES)
DECK_NUMBERS = sum(FACES)  # 360
WORTH = sorted(
    [WILD_POINTS] * DECK_WILDS + [ACTION_POINTS] * DECK_ACTIONS + FACES, reverse=True
)


def most_faces(cards: int) -> int:
    """The highest sum of number faces `cards` number cards of the deck can show (8 nines,
    then 8 eights, …): 178 for 22 cards, 360 for all of them."""
    return sum(FACES[: max(cards, 0)])


def most_worth(cards: int) -> int:
    """The most `cards` cards of the deck are worth (spd.points): wilds first, then actions,
    then the highest number cards."""
    return sum(WORTH[: max(cards, 0)])


HAND_MAX = most_worth(HAND_LIMIT)  # the most 22 cards are worth: 680
# All cards but the discard pile's top card, which is not in any hand: still 1240, as the
# top may be a 0.
DECK_MAX = most_worth(DECK_CARDS - 1)
POINTS = Field("points", Text("Die Handpunkte", "The hand points"))
HANDS = Field("hands", Text("Die Hände", "The hands"))


def hand_points(hand: Mapping[str, int] | None) -> int:
    """spd.points: number faces + 20 per skip/reverse/+2 + 50 per wild; an empty hand is 0."""
    if hand is None:
        return 0
    return hand["numbers"] + ACTION_POINTS * hand["actions"] + WILD_POINTS * hand["wilds"]


def points_entry(seat: int, name: str, value: Any, limited: bool = True) -> int:
    """Hand points of one player: at most what 22 cards can be worth (spd.handlimit), or
    what the whole deck is worth when the table plays without the limit."""
    field = Field(
        f"points[{seat}]",
        Text(f"Der Punktwert der Hand von {name}", f"The hand points of {name}"),
    )
    if not limited:
        why = Text(
            f" (alle {DECK_CARDS} Karten sind {DECK_MAX} wert)",
            f" (all {DECK_CARDS} cards are worth {DECK_MAX})",
        )
        return inputs.whole(value, field, 0, DECK_MAX, why)
    return inputs.whole(
        value,
        field,
        0,
        HAND_MAX,
        Text(
            f" (eine Hand hat höchstens {HAND_LIMIT} Karten, spd.handlimit)",
            f" (a hand holds at most {HAND_LIMIT} cards, spd.handlimit)",
        ),
    )


def hand_entry(
    seat: int, name: str, entry: Any, won: bool, limited: bool = True
) -> dict[str, int] | None:
    """One hand's breakdown (spd.points), within 22 cards (or the deck when the table plays
    without spd.handlimit); only the winner's may be null."""
    cards = HAND_LIMIT if limited else DECK_CARDS - 1
    path = f"hands[{seat}]"
    field = Field(path, Text(f"Die Hand von {name}", f"The hand of {name}"))
    if entry is None:
        if not won:
            raise field.fail(Text(
                "fehlt: nur der Gewinner der Runde hat keine Karten mehr.",
                "is missing: only the round's winner has no cards left.",
            ))
        return None
    inputs.mapping(entry, field, ("numbers", "actions", "wilds"))

    def sub(key: str, what: Text) -> Field:
        """A count of the breakdown, named for the messages."""
        return Field(f"{path}.{key}", Text(f"{what.de} von {name}", f"{what.en} of {name}"))

    wilds = inputs.whole_at(
        entry,
        "wilds",
        sub("wilds", Text("Die Anzahl der Joker", "The number of wild cards")),
        DECK_WILDS,
        Text(f" (das Spiel hat {DECK_WILDS})", f" (the deck holds {DECK_WILDS})"),
    )
    actions = inputs.whole_at(
        entry,
        "actions",
        sub("actions", Text("Die Anzahl der Aktionskarten", "The number of skip/reverse/+2 cards")),
        min(DECK_ACTIONS, cards - wilds),
        Text(
            f" (das Spiel hat {DECK_ACTIONS}; eine Hand hat höchstens {cards} Karten, Joker "
            "mitgezählt)",
            f" (the deck holds {DECK_ACTIONS}; a hand holds at most {cards} cards, wilds "
            "included)",
        ),
    )
    free = cards - wilds - actions
    numbers = inputs.whole_at(
        entry,
        "numbers",
        sub("numbers", Text("Die Summe der Zahlenwerte", "The sum of the number faces")),
        most_faces(free),
        Text(
            f" (höchstens {free} Zahlenkarten passen in eine Hand von {cards}, und das Spiel "
            "hat je Zahl nur 8 Karten, die 0 nur 4)",
            f" (at most {free} number cards fit in a hand of {cards}, and the deck has only 8 "
            "cards of each number, 4 of the 0)",
        ),
    )
    return {"numbers": numbers, "actions": actions, "wilds": wilds}


def check_deck(hands: list[dict[str, int] | None], cards: int = HAND_LIMIT) -> None:
    """All hands together cannot hold more wilds or action cards than the 108-card deck, nor
    number faces summing to more than the deck's number cards can show in the room the hands
    leave for them (`cards` per hand: 22, or the deck without the limit)."""
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
    # A hand whose faces add up to 0 holds no number card above 0: no room counted there.
    room = min(
        sum(cards - hand["wilds"] - hand["actions"] for hand in hands if hand and hand["numbers"]),
        len(FACES),
    )
    faces = sum(hand["numbers"] for hand in hands if hand)
    if faces > most_faces(room):
        raise HANDS.fail(Text(
            f"zeigen zusammen Zahlenwerte von {faces}, höchstens {most_faces(room)} sind möglich: "
            "das Spiel hat je Zahl nur 8 Karten (die 0 nur 4), zusammen "
            f"{DECK_NUMBERS}, und die Hände haben Platz für {room} Zahlenkarten.",
            f"show number faces summing to {faces} together, but at most {most_faces(room)} are "
            f"possible: the deck has only 8 cards of each number (4 of the 0), {DECK_NUMBERS} "
            f"in all, and the hands have room for {room} number cards.",
        ))
