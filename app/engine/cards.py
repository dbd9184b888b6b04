"""Cards, card codes and the decks the variants are played with ("Card codes").

A card is a frozen value with a compact code, like python-chess's ``Move``:
``Card.parse("♥10") == Card("H", "10")``. Cards of the colour deck (UNO-like) keep their
colour (``None`` for wild cards) in ``suit`` and value in ``rank``. Cards with the same code
are twins and equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field

from app.text import InputError
from app.text import Message
from app.text import shown

SUITS = ("C", "S", "H", "D")
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
COLOURS = ("R", "G", "B", "Y")
VALUES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "W", "W+4")
WILD_VALUES = ("W", "W+4")
SYMBOLS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D", "♧": "C", "♤": "S", "♡": "H", "♢": "D"}


class InvalidCardError(InputError):
    """A card code that is not one of the codes of the rules digest; the sentence quotes the
    input (``text``, a message; ``str()`` is English)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card; twins (identical cards of several decks) are equal."""

    suit: str | None
    rank: str
    # Whole games compare and hash cards over and over: the hash is made once.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Refuse impossible combinations, so every Card has a valid code."""
        skat = self.suit in SUITS and self.rank in RANKS
        colour_card = self.suit in COLOURS and self.rank in VALUES[:13]
        wild = self.suit is None and self.rank in WILD_VALUES
        if not (skat or colour_card or wild):
            code = f"Card({self.suit!r}, {self.rank!r})"
            raise InvalidCardError(Message("%(code)s is not a card.", code=code))
        object.__setattr__(self, "_hash", hash((self.suit, self.rank)))

    def __eq__(self, other: object) -> bool:
        """Twins are equal: same suit (colour) and rank (value)."""
        if isinstance(other, Card):
            return self.rank == other.rank and self.suit == other.suit
        return NotImplemented

    def __hash__(self) -> int:
        """The hash made once by ``__post_init__``."""
        return self._hash

    def __reduce__(self) -> tuple[type[Card], tuple[str | None, str]]:
        """Pickle and copy by suit and rank (a hash belongs to one process)."""
        return (Card, (self.suit, self.rank))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code; symbols (♥7) and lower case are accepted, whitespace ignored.
        A canonical code is one lookup in ``BY_CODE``: the very object the decks hold."""
        if not isinstance(text, str):
            raise InvalidCardError(
                Message(
                    '%(text)s is not a card code: expected a string like "H7".', text=shown(text)
                )
            )
        card = BY_CODE.get(text)
        if card is None:
            code = text.strip().upper()
            if code[:1] in SYMBOLS:
                code = SYMBOLS[code[:1]] + code[1:]
            card = BY_CODE.get(code)
        if card is not None:
            return card
        raise InvalidCardError(
            Message(
                "%(text)s is not a card code: expected a suit C/S/H/D (or ♣♠♥♦) and a rank 7, 8, "
                "9, "
                '10, J, Q, K, A like "H7", or a colour card like "R5", "GS", "BR", '
                '"Y+2", "W", "W+4".',
                text=shown(text),
            )
        )

    def __str__(self) -> str:
        """The canonical code, e.g. ``H10``, ``Y+2``, ``W+4``."""
        return (self.suit or "") + self.rank

    def __repr__(self) -> str:
        """A constructor call that evaluates back to an equal card."""
        return f"Card({self.suit!r}, {self.rank!r})"

    @property
    def is_colour_card(self) -> bool:
        """True for cards of the colour deck (UNO-like: colours, values, wild cards)."""
        return self.suit is None or self.suit in COLOURS

    @property
    def is_wild(self) -> bool:
        """True for the colour deck's wild cards W and W+4."""
        return self.suit is None

    @property
    def colour(self) -> str | None:
        """The colour deck's name for ``suit`` (None for wild cards)."""
        return self.suit

    @property
    def value(self) -> str:
        """The colour deck's name for ``rank``."""
        return self.rank

    def sort_key(self) -> tuple[int, int]:
        """Order for showing hands: by suit (or colour), then rank (or value)."""
        if self.is_colour_card:
            colour = COLOURS.index(self.suit) if self.suit else len(COLOURS)
            return (colour + len(SUITS), VALUES.index(self.rank))
        assert self.suit is not None
        return (SUITS.index(self.suit), RANKS.index(self.rank))


# The one Card of each code (cards are frozen values): what parse answers and the decks hold.
BY_CODE = {
    str(card): card
    for card in (
        *(Card(suit, rank) for suit in SUITS for rank in RANKS),
        *(Card(colour, value) for colour in COLOURS for value in VALUES[:13]),
        *(Card(None, value) for value in WILD_VALUES),
    )
}


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read comma-separated card codes (``"CJ,S7"``); an empty text is no cards."""
    return tuple(Card.parse(part) for part in text.split(",") if part.strip())


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """The inverse of :func:`parse_cards`."""
    return ",".join(str(card) for card in cards)


def skat_deck(copies: int = 1, ranks: tuple[str, ...] = RANKS) -> list[Card]:
    """``copies`` Skat decks shuffled together (unshuffled: suit by suit)."""
    return [BY_CODE[suit + rank] for _ in range(copies) for suit in SUITS for rank in ranks]


def colour_deck(wilds: int = 4) -> list[Card]:
    """The 108 cards of the colour deck: each colour's 0 once, 1–9, S, R, +2 twice, and
    `wilds` of each wild card."""
    cards: list[Card] = []
    for colour in COLOURS:
        cards.append(BY_CODE[colour + "0"])
        cards.extend(BY_CODE[colour + value] for value in VALUES[1:13] for _ in range(2))
    cards.extend(BY_CODE[value] for value in WILD_VALUES for _ in range(wilds))
    return cards
