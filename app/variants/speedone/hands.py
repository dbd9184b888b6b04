"""Speedone hand input: points per player or a breakdown per hand, within the deck and the
hand limit (spd.points, spd.handlimit unless spd.house.handlimit is off)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app import inputs
from app.inputs import Field
from app.text import Message
from app.variants.speedone.rules import SpeedoneRules

HAND_LIMIT = 22  # spd.handlimit
ACTION_POINTS = 20  # spd.points: skip, reverse, draw-two
WILD_POINTS = 50  # spd.points: wild, wild-draw-four
# The deck is the engine's (108 cards); what its cards are worth follows from spd.points.
DECK = SpeedoneRules().deck(4)
DECK_CARDS = len(DECK)
DECK_WILDS = sum(card.is_wild for card in DECK)
# The number cards' faces, highest first: per colour one 0 and two each of 1-9.
FACES = sorted((int(card.rank) for card in DECK if card.rank.isdigit()), reverse=True)
DECK_ACTIONS = DECK_CARDS - DECK_WILDS - len(FACES)
DECK_NUMBERS = sum(FACES)  # 360
WORTH = sorted([WILD_POINTS] * DECK_WILDS + [ACTION_POINTS] * DECK_ACTIONS + FACES, reverse=True)


def most_faces(cards: int) -> int:
    """The highest sum of number faces `cards` number cards of the deck can show (8 nines,
    then 8 eights, …): 178 for 22 cards, 360 for all of them."""
    return sum(FACES[: max(cards, 0)])


def most_worth(cards: int) -> int:
    """The most `cards` cards of the deck are worth (spd.points): wilds first, then actions,
    then the highest number cards."""
    return sum(WORTH[: max(cards, 0)])


HAND_MAX = most_worth(HAND_LIMIT)  # the most 22 cards are worth: 680
# All cards but the discard pile's top: still 1240, as the top may be a 0.
DECK_MAX = most_worth(DECK_CARDS - 1)
POINTS = Field("points", Message("The hand points"))
HANDS = Field("hands", Message("The hands"))


def hand_points(hand: Mapping[str, int] | None) -> int:
    """spd.points: number faces + 20 per skip/reverse/+2 + 50 per wild; an empty hand is 0."""
    if hand is None:
        return 0
    return hand["numbers"] + ACTION_POINTS * hand["actions"] + WILD_POINTS * hand["wilds"]


def points_entry(seat: int, name: str, value: Any, limited: bool = True) -> int:
    """Hand points of one player: at most what 22 cards can be worth (spd.handlimit), or
    what the whole deck is worth when the table plays without the limit."""
    field = Field(f"points[{seat}]", Message("The hand points of %(name)s", name=name))
    if not limited:
        why = Message(
            " (all %(deck_cards)s cards are worth %(deck_max)s)",
            deck_cards=DECK_CARDS,
            deck_max=DECK_MAX,
        )
        return inputs.whole(value, field, 0, DECK_MAX, why)
    return inputs.whole(
        value,
        field,
        0,
        HAND_MAX,
        Message(
            " (a hand holds at most %(hand_limit)s cards, spd.handlimit)", hand_limit=HAND_LIMIT
        ),
    )


def hand_entry(
    seat: int, name: str, entry: Any, won: bool, limited: bool = True
) -> dict[str, int] | None:
    """One hand's breakdown (spd.points), within 22 cards (or the deck when the table plays
    without spd.handlimit); only the winner's may be null."""
    cards = HAND_LIMIT if limited else DECK_CARDS - 1
    path = f"hands[{seat}]"
    field = Field(path, Message("The hand of %(name)s", name=name))
    if entry is None:
        if not won:
            raise field.fail(Message("is missing: only the round's winner has no cards left."))
        return None
    inputs.mapping(entry, field, ("numbers", "actions", "wilds"))

    def sub(key: str, what: Message) -> Field:
        """A count of the breakdown, named for the messages."""
        return Field(f"{path}.{key}", Message("%(what)s of %(name)s", what=what, name=name))

    wilds = inputs.whole_at(
        entry,
        "wilds",
        sub("wilds", Message("The number of wild cards")),
        DECK_WILDS,
        Message(" (the deck holds %(deck_wilds)s)", deck_wilds=DECK_WILDS),
    )
    actions = inputs.whole_at(
        entry,
        "actions",
        sub("actions", Message("The number of skip/reverse/+2 cards")),
        min(DECK_ACTIONS, cards - wilds),
        Message(
            " (the deck holds %(deck_actions)s; a hand holds at most %(cards)s cards, wilds "
            "included)",
            deck_actions=DECK_ACTIONS,
            cards=cards,
        ),
    )
    free = cards - wilds - actions
    numbers = inputs.whole_at(
        entry,
        "numbers",
        sub("numbers", Message("The sum of the number faces")),
        most_faces(free),
        Message(
            " (at most %(free)s number cards fit in a hand of %(cards)s, and the deck has only 8 "
            "cards of each number, 4 of the 0)",
            free=free,
            cards=cards,
        ),
    )
    return {"numbers": numbers, "actions": actions, "wilds": wilds}


def check_deck(hands: list[dict[str, int] | None], cards: int = HAND_LIMIT) -> None:
    """All hands together cannot hold more wilds or action cards than the 108-card deck, nor
    number faces summing to more than the deck's number cards can show in the room the hands
    leave for them (`cards` per hand: 22, or the deck without the limit)."""
    for key, limit, what in (
        ("wilds", DECK_WILDS, Message("wild cards")),
        ("actions", DECK_ACTIONS, Message("action cards")),
    ):
        total = sum(hand[key] for hand in hands if hand)
        if total > limit:
            raise HANDS.fail(
                Message(
                    "hold %(total)s %(what)s together, but the deck has only %(limit)s.",
                    total=total,
                    what=what,
                    limit=limit,
                )
            )
    # A hand whose faces add up to 0 holds no number card above 0: no room counted there.
    room = min(
        sum(cards - hand["wilds"] - hand["actions"] for hand in hands if hand and hand["numbers"]),
        len(FACES),
    )
    faces = sum(hand["numbers"] for hand in hands if hand)
    if faces > most_faces(room):
        raise HANDS.fail(
            Message(
                "show number faces summing to %(faces)s together, but at most %(most_faces)s are "
                "possible: the deck has only 8 cards of each number (4 of the 0), %(deck_numbers)s "
                "in all, and the hands have room for %(room)s number cards.",
                faces=faces,
                most_faces=most_faces(room),
                deck_numbers=DECK_NUMBERS,
                room=room,
            )
        )
