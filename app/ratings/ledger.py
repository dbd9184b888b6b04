"""A group's games in the order played, rated per variant and across variants.

Each table gives its rated results (a game, a set or the finished table: `Variant.rated_results`),
each with its sides and places. Names are the group's spelling (`app.groups.stats.Roster`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field
from datetime import date
from datetime import datetime

from openskill.models import PlackettLuceRating

from app.ratings.scale import BASE
from app.ratings.scale import MODEL
from app.ratings.scale import PROVISIONAL_GAMES
from app.ratings.scale import fresh
from app.ratings.scale import shown
from app.ratings.scale import spread
from app.text import Message

ACROSS = ""  # the board of every variant together


@dataclass(frozen=True)
class Game:
    """One rated game: its table, its number there, its evening, the sides and their places."""

    table_id: str
    variant: str
    number: int
    evening: date
    sides: tuple[tuple[str, ...], ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class PlayerRating:
    """A player's line of a ranking."""

    player: str
    rating: int
    uncertainty: int
    games: int
    guest: bool

    @property
    def provisional(self) -> bool:
        """Too few games to say much yet ("vorläufig")."""
        return self.games < PROVISIONAL_GAMES

    def to_json(self) -> dict[str, object]:
        """docs/api.md §3 shape, plus the uncertainty and whether the player is a guest."""
        return {
            "player": self.player,
            "rating": self.rating,
            "games": self.games,
            "provisional": self.provisional,
            "uncertainty": self.uncertainty,
            "guest": self.guest,
        }


@dataclass
class Board:
    """The ratings of one variant (or of all together) as the games go."""

    ratings: dict[str, PlackettLuceRating] = field(default_factory=dict)
    games: Counter[str] = field(default_factory=Counter)
    # The rating shown at the end of each evening a player played.
    history: dict[str, dict[date, int]] = field(default_factory=dict)

    def current(self, name: str) -> PlackettLuceRating:
        """The player's rating now (a newcomer's before his first game)."""
        return self.ratings[name] if name in self.ratings else fresh(name)

    def play(self, game: Game) -> None:
        """Rate one game: every side's players by the places (ties share a place)."""
        teams = [[self.current(name) for name in side] for side in game.sides]
        rated = MODEL.rate(teams, ranks=[float(place) for place in game.places])
        for side, after in zip(game.sides, rated, strict=True):
            for name, rating in zip(side, after, strict=True):
                self.ratings[name] = rating
                self.games[name] += 1
                self.history.setdefault(name, {})[game.evening] = shown(rating)

    def ranking(self, regulars: Iterable[str]) -> list[PlayerRating]:
        """Every player who played, best first (then by name)."""
        known = set(regulars)
        rows = [
            PlayerRating(name, shown(r), spread(r), self.games[name], name not in known)
            for name, r in self.ratings.items()
        ]
        return sorted(rows, key=lambda row: (-row.rating, row.player.casefold()))

    def trend(self, name: str, evenings: list[date]) -> list[float]:
        """The player's rating at the end of each of these evenings (1000 before his first)."""
        own = self.history.get(name, {})
        values: list[float] = []
        last = float(BASE)
        for evening in evenings:
            last = float(own.get(evening, last))
            values.append(last)
        return values

    def copy(self) -> Board:
        """A copy to go on from (ratings are replaced by each game, never changed)."""
        history = {name: dict(own) for name, own in self.history.items()}
        return Board(dict(self.ratings), Counter(self.games), history)

    def evenings(self) -> list[date]:
        """The evenings on which this board's games were played, oldest first."""
        return sorted({e for own in self.history.values() for e in own})


@dataclass(frozen=True)
class Sitting:
    """A table as one player's record lists it."""

    table_id: str
    name: str
    variant: str
    played_at: datetime
    players: tuple[str, ...]
    finished: bool
    winners: tuple[str, ...]
    # For the statistics: the evening, the money per seat of a settled table (else empty), the
    # rounds played and the points per seat where the variant keeps minus points (else empty).
    evening: date | None = None
    cents: tuple[int, ...] = ()
    rounds: int = 0
    points: tuple[int, ...] = ()
    counts: Message | None = None  # what one rated result is at this table, as a phrase
    # For the leaderboards: the games and the sets each seat won.
    games_won: tuple[int, ...] = ()
    sets_won: tuple[int, ...] = ()


@dataclass
class GroupRatings:
    """Everything the ratings, records and predictions of one group are read from."""

    regulars: list[str]
    boards: dict[str, Board] = field(default_factory=dict)
    games: list[Game] = field(default_factory=list)
    tables: list[Sitting] = field(default_factory=list)
    # Money paid over the settled tables: (payer, payee) -> cents.
    money: Counter[tuple[str, str]] = field(default_factory=Counter)

    def board(self, variant: str = ACROSS) -> Board:
        """A variant's board ("" for all together); empty where nothing was played."""
        return self.boards.get(variant) or Board()

    def copy(self) -> GroupRatings:
        """A copy to go on from with more tables."""
        return GroupRatings(
            list(self.regulars),
            {key: board.copy() for key, board in self.boards.items()},
            list(self.games),
            list(self.tables),
            Counter(self.money),
        )

    def spelling(self, name: str) -> str:
        """A name as the group spells it (ignoring case); a newcomer's as given."""
        key = name.strip().casefold()
        known = [*self.regulars, *self.board(ACROSS).ratings]
        return next((n for n in known if n.casefold() == key), name.strip())
