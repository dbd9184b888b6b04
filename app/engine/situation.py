"""What the acting player sees (a Situation) and what he does (an Action).

Both are frozen values with a one-line text form, like FEN and UCI in python-chess; the first
word is the variant's id (each variant's tests show its own)::

    <variant> top=HJ below=S8 wish=C hand=CJ,S7 players=4
    <variant> top=CJ wish=10:by_you:anyone_served draw=2 actor=other
    <variant> top=Y+2 draw=2 options=stack2,stack4

Keys: ``top`` (required), ``below``, ``wish`` (suit, colour or rank, then the dlx.wish flags
``by_you``, ``anyone_served``, ``you_served`` joined by ``:``), ``draw=N``, ``skip=N``,
``again=N``, ``hand`` (may be empty), ``players`` (default 4), ``options`` (house rules off
their default: ``stack2,seven:pass,handlimit:false``), ``actor`` (``on_turn``/``other``),
``drew`` (dop.draw), ``hand_count`` (when the hand is not named: the hand limit and last-card
rules need only the number), ``top_was_last`` (dop.lastcard.two), ``waiting``
(``draw:N,skip:N``, ter.multi; whole games only, the API has no field). ``str()`` writes the
keys in this order and leaves defaults out::

    <variant> top=C10 hand=C7,H9 drew=true
    <variant> top=H7 draw=2 players=3 top_was_last=true

Actions: ``CJ wish=D``, ``D7,D7``, ``draw``.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import fields

from app.engine.cards import COLOURS
from app.engine.cards import RANKS
from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.cards import format_cards
from app.engine.cards import parse_cards
from app.engine.houserules import HOUSE_RULES
from app.engine.options import DEFAULT_OPTIONS
from app.engine.options import Options

WISH_FLAGS = ("by_you", "anyone_served", "you_served")
ACTORS = ("on_turn", "other")


class InvalidNotationError(ValueError):
    """A situation or action text that cannot be read; the message quotes the input."""


@dataclass(frozen=True, slots=True)
class Wish:
    """An active or chosen wish: a suit (or colour) or a rank, with the flags a variant's
    wishes carry (`Rules.wish_flags`)."""

    suit: str | None = None
    rank: str | None = None
    by_you: bool = False
    anyone_served: bool = False
    you_served: bool = False

    @classmethod
    def parse(cls, text: str) -> Wish:
        """Read ``C``, ``10`` or ``10:by_you:anyone_served``."""
        what, *flags = text.strip().upper().split(":")
        unknown = [flag for flag in flags if flag.lower() not in WISH_FLAGS]
        if unknown or not what:
            raise InvalidNotationError(
                f"{text!r} is not a wish: expected a suit, colour or "
                "rank, then flags by_you, anyone_served, you_served."
            )
        named = {flag.lower() for flag in flags}
        if what in SUITS or what in COLOURS or what in RANKS:
            suit = what if what not in RANKS else None
            return cls(
                suit=suit,
                rank=None if suit else what,
                by_you="by_you" in named,
                anyone_served="anyone_served" in named,
                you_served="you_served" in named,
            )
        raise InvalidNotationError(
            f"{text!r} is not a wish: {what!r} is neither a suit "
            "(C, S, H, D), a colour (R, G, B, Y) nor a rank (7 … A)."
        )

    def __str__(self) -> str:
        """``C`` or ``10:by_you``: the wished suit/rank, then the flags that are set."""
        flags = [flag for flag in WISH_FLAGS if getattr(self, flag)]
        return ":".join([self.suit or self.rank or "", *flags])

    @property
    def target(self) -> str:
        """The wished suit or rank."""
        return self.suit or self.rank or ""

    def matches(self, card: Card) -> bool:
        """True when ``card`` is of the wished suit (colour) or rank."""
        return card.suit == self.suit if self.suit else card.rank == self.rank


@dataclass(frozen=True, slots=True)
class Pending:
    """What the last card still demands of the acting player (docs/api.md §1)."""

    draw: int = 0
    skip: int = 0
    again: int = 0

    def __bool__(self) -> bool:
        """True when anything is pending."""
        return bool(self.draw or self.skip or self.again)


NO_PENDING = Pending()


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything a referee answer depends on, seen by the acting player."""

    variant: str
    top: Card
    below: Card | None = None
    wish: Wish | None = None
    pending: Pending | None = None
    hand: tuple[Card, ...] | None = None
    players: int = 4
    options: Options = DEFAULT_OPTIONS
    actor: str = "on_turn"
    drew: bool = False  # dop.draw: he has drawn this turn and may still play
    # ter.multi, ter.ace: what his earlier cards do once his turn passes (whole games only).
    waiting: Pending | None = None
    # How many cards he holds when the hand itself is not named (spd.handlimit, last cards).
    hand_count: int | None = None
    top_was_last: bool = False  # dop.lastcard.two: the top card went out with its player

    @property
    def held(self) -> int | None:
        """The acting player's cards before the action: the hand's size, else ``hand_count``."""
        return len(self.hand) if self.hand is not None else self.hand_count

    @property
    def on_turn(self) -> bool:
        """True when the acting player is the one on turn."""
        return self.actor == "on_turn"

    @property
    def due(self) -> Pending:
        """The pending effect, never None."""
        return self.pending or NO_PENDING

    @classmethod
    def parse(cls, text: str) -> Situation:
        """Read the one-line form described in the module docstring."""
        variant, *pairs = text.split()
        values: dict[str, str] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or key in values or key not in SITUATION_KEYS:
                raise InvalidNotationError(
                    f"{pair!r} in {text!r} is not a key=value pair of "
                    f"a situation (keys: {', '.join(SITUATION_KEYS)})."
                )
            values[key] = value
        if "top" not in values:
            raise InvalidNotationError(f"{text!r} has no top=CARD.")
        try:
            return cls._from_values(variant, values)
        except ValueError as error:
            raise InvalidNotationError(f"{text!r}: {error}") from error

    @classmethod
    def _from_values(cls, variant: str, values: dict[str, str]) -> Situation:
        """Build a situation from the parsed key=value pairs."""
        pending = Pending(
            **{key: int(values[key]) for key in ("draw", "skip", "again") if key in values}
        )
        actor = values.get("actor", "on_turn")
        if actor not in ACTORS:
            raise ValueError(f"actor must be on_turn or other, not {actor!r}")
        flags = {name: values.get(name, "false") for name in ("drew", "top_was_last")}
        for name, flag in flags.items():
            if flag not in ("true", "false"):
                raise ValueError(f"{name} must be true or false, not {flag!r}")
        return cls(
            variant=variant,
            top=Card.parse(values["top"]),
            below=Card.parse(values["below"]) if "below" in values else None,
            wish=Wish.parse(values["wish"]) if "wish" in values else None,
            pending=pending if pending else None,
            hand=parse_cards(values["hand"]) if "hand" in values else None,
            players=int(values.get("players", "4")),
            options=Options.parse(values.get("options", ""), HOUSE_RULES.get(variant, ())),
            actor=actor,
            drew=flags["drew"] == "true",
            waiting=read_waiting(values["waiting"]) if "waiting" in values else None,
            hand_count=int(values["hand_count"]) if "hand_count" in values else None,
            top_was_last=flags["top_was_last"] == "true",
        )

    def __str__(self) -> str:
        """The one-line form; ``Situation.parse(str(s)) == s``."""
        parts = [self.variant, f"top={self.top}"]
        if self.below:
            parts.append(f"below={self.below}")
        if self.wish:
            parts.append(f"wish={self.wish}")
        parts += [
            f"{f.name}={getattr(self.due, f.name)}"
            for f in fields(Pending)
            if getattr(self.due, f.name)
        ]
        if self.hand is not None:
            parts.append(f"hand={format_cards(self.hand)}")
        if self.hand_count is not None:
            parts.append(f"hand_count={self.hand_count}")
        if self.players != 4:
            parts.append(f"players={self.players}")
        if str(self.options):
            parts.append(f"options={self.options}")
        if self.actor != "on_turn":
            parts.append(f"actor={self.actor}")
        if self.drew:
            parts.append("drew=true")
        if self.top_was_last:
            parts.append("top_was_last=true")
        if self.waiting:
            parts.append(
                "waiting="
                + ",".join(
                    f"{name}:{getattr(self.waiting, name)}"
                    for name in ("draw", "skip")
                    if getattr(self.waiting, name)
                )
            )
        return " ".join(parts)


SITUATION_KEYS = (
    "top",
    "below",
    "wish",
    "draw",
    "skip",
    "again",
    "hand",
    "hand_count",
    "players",
    "options",
    "actor",
    "drew",
    "top_was_last",
    "waiting",
)


def read_waiting(text: str) -> Pending | None:
    """``draw:2,skip:1``: the cards the next player draws and the players skipped once the
    acting player's turn passes (ter.multi)."""
    counts: dict[str, int] = {}
    for item in filter(None, text.split(",")):
        name, _, count = item.partition(":")
        if name not in ("draw", "skip") or name in counts or not count.isdigit():
            raise ValueError(f"{item!r} is not draw:N or skip:N")
        counts[name] = int(count)
    waiting = Pending(**counts)
    return waiting if waiting else None


@dataclass(frozen=True, slots=True)
class Action:
    """Play one or more cards (with a wish where the card wishes), or draw."""

    play: tuple[Card, ...] = ()
    wish: Wish | None = None
    draw: bool = False

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``CJ wish=D``, ``D7,D7`` or ``draw``."""
        words = text.split()
        if words == ["draw"]:
            return cls(draw=True)
        if not words or len(words) > 2 or (len(words) == 2 and not words[1].startswith("wish=")):
            raise InvalidNotationError(
                f"{text!r} is not an action: expected 'draw' or cards like 'CJ wish=D' or 'D7,D7'."
            )
        try:
            wish = Wish.parse(words[1][5:]) if len(words) == 2 else None
            return cls(play=parse_cards(words[0]), wish=wish)
        except ValueError as error:
            raise InvalidNotationError(f"{text!r}: {error}") from error

    def __str__(self) -> str:
        """The text form; ``Action.parse(str(a)) == a``."""
        if self.draw:
            return "draw"
        text = format_cards(self.play)
        return f"{text} wish={self.wish}" if self.wish else text
