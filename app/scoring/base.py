"""What every variant's score keeping shares: option and body checks, dealer rotation and the
tally of per-seat points into a Standing; a variant's scoring subclass fills in the hooks."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from itertools import accumulate
from operator import add
from typing import Any
from typing import ClassVar

from app import inputs
from app.inputs import Field
from app.scoring.money import MoneyRule
from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import Winner
from app.text import Message

OPTIONS = Field("options", Message("The table options"))
BODY = Field("", Message("The round"))
NEXT_DEALER = Field("next_dealer", Message("The next dealer"))
# The direction of play; clockwise (the next seat number) at the start of a series (RULES.md
# "Words used below").
CLOCKWISE = "clockwise"
COUNTERCLOCKWISE = "counterclockwise"
DIRECTIONS = (CLOCKWISE, COUNTERCLOCKWISE)
LIMIT_GAMES = (1, 100)  # games/rounds per series
RATE_CENTS = Field("options.rate_cents", Message("The rate per point in cents"))
# The same limits as JSON Schema, for the API's document (app.api.input_schemas).
RATE_SCHEMA = {"type": "integer", "minimum": 0, "maximum": 1000}
SERIES_SCHEMA = {"type": "integer", "minimum": LIMIT_GAMES[0], "maximum": LIMIT_GAMES[1]}


def winner_of(seats: list[int]) -> Winner:
    """One seat, or the tied seats as a list."""
    return seats[0] if len(seats) == 1 else list(seats)


def rate_cents(value: Any) -> int:
    """The money rate: dyn.money recommends at most 10 cents; 1000 (10 euros) is the hard cap."""
    return inputs.whole(value, RATE_CENTS, 0, 1000, Message(" (0 = no money)"))


def series_length(value: Any, field: Field) -> int:
    """Games/rounds of a series: 1 to 100."""
    return inputs.whole(value, field, *LIMIT_GAMES)


class Scoring:
    """The score keeping of one variant; subclasses set the switches and fill in the hooks."""

    # The scoring options and their defaults (docs/api.md §2).
    defaults: ClassVar[dict[str, Any]] = {}
    # Each option's values as JSON Schema (what option() accepts), for the API's document.
    option_schemas: ClassVar[dict[str, dict[str, Any]]] = {}
    # What check_options() demands across options and seats, as JSON Schema over the whole
    # new-table body (`options`, `players`), for the API's document.
    table_rules: ClassVar[tuple[dict[str, Any], ...]] = ()
    # The keys a round body may have besides `next_dealer`.
    round_keys: ClassVar[frozenset[str]] = frozenset()
    # When a table may be played for money: the option values it needs ({} = always),
    # None = never (no points to pay for: wins, sets).
    money_when: ClassVar[dict[str, Any] | None] = None
    # A round stores the direction of play at its end, and it carries over to the next
    # (dyn.twin.reverse); the round form then asks for it.
    keeps_direction: ClassVar[bool] = False

    def money_allowed(self, options: Mapping[str, Any]) -> bool:
        """May a table with these options be played for money (dyn.money)?"""
        when = self.money_when
        return when is not None and all(options.get(key) == value for key, value in when.items())

    def options(self, raw: Any, players: int) -> dict[str, Any]:
        """Known options only, each checked, defaults filled in."""
        given = inputs.mapping({} if raw is None else raw, OPTIONS, self.defaults.keys())
        result = dict(self.defaults)
        for key, value in given.items():
            result[key] = self.option(key, value)
        self.check_options(result, players)
        if result.get("rate_cents") and not self.money_allowed(result):
            raise RATE_CENTS.fail(self.no_money)
        return result

    # What RATE_CENTS.fail says when money is not allowed (a variant may say why).
    no_money = Message("must be 0 here: this scoring has no points to pay for.")

    def option(self, key: str, value: Any) -> Any:
        """Check one option value (hook)."""
        raise NotImplementedError

    def check_options(self, options: dict[str, Any], players: int) -> None:
        """Checks across options and the player count (hook; none by default)."""

    def round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Any
    ) -> dict[str, Any]:
        """The normalised round body; `next_dealer` kept when given."""
        given = inputs.mapping(body, BODY, self.round_keys | {"next_dealer"})
        data = self.check_round(players, options, given)
        if given.get("next_dealer") is not None:
            data["next_dealer"] = inputs.seat(given["next_dealer"], NEXT_DEALER, len(players))
        return data

    def entry_max(self, options: Mapping[str, Any]) -> dict[str, int]:
        """The most each count of one player's entry on the round form can be, from the deck
        (the steppers' upper ends; hook, none by default)."""
        return {}

    def check_round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Check and normalise the variant's own fields (hook)."""
        raise NotImplementedError

    def points(self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]) -> Any:
        """What each seat (or team) scores in one normalised round (hook)."""
        raise NotImplementedError

    def round_winners(self, data: Mapping[str, Any]) -> set[int]:
        """The seats that won one round: the body's winning seat, or both seats of its team."""
        winner = data["winner"]
        return set(TEAM_SEATS[winner]) if isinstance(winner, str) else {winner}

    def natural_dealer(
        self, dealer: int, players: int, data: Mapping[str, Any], direction: str
    ) -> int:
        """Who deals next when the round names nobody: the next seat in `direction`."""
        return (dealer + 1) % players

    def directions(self, rounds: Sequence[Mapping[str, Any]]) -> list[str]:
        """The direction of play at the end of each round: what the round stored, else the
        previous round's (a reversal persists through the series, dyn.twin.reverse);
        clockwise before the first. Variants that keep no direction stay clockwise."""
        current = CLOCKWISE
        result = []
        for data in rounds:
            current = data.get("direction") or current
            result.append(current)
        return result

    def next_dealer(self, players: int, rounds: Sequence[Mapping[str, Any]], first: int = 0) -> int:
        """Seat `first` deals first; then each round's `next_dealer` or the default."""
        dealer = first
        for data, direction in zip(rounds, self.directions(rounds), strict=True):
            named = data.get("next_dealer")
            dealer = (
                named
                if named is not None
                else self.natural_dealer(dealer, players, data, direction)
            )
        return dealer

    def open_ended(self, options: Mapping[str, Any]) -> bool:
        """Does a table with these options run until the players end it by hand (hook)?"""
        return False

    # The options of an open-ended table as JSON Schema (the API document says when a table
    # may be closed by hand); None: no options make this variant open-ended.
    open_ended_schema: ClassVar[dict[str, Any] | None] = None

    # The option holding a series' planned length (`games` of dyn.series, `rounds` of dlx):
    # such a table may be ended by hand before its end, as players stop early.
    series_option: str | None = None

    def ends_by_hand(self, options: Mapping[str, Any]) -> bool:
        """May the players end a table with these options by hand: an open-ended one, or a
        series before its planned end?"""
        return self.open_ended(options) or self.series_option is not None

    def closed_options(self, options: Mapping[str, Any], played: int) -> dict[str, Any]:
        """The options a table ended by hand after `played` rounds is scored with: a series
        as if the rounds played had been its planned length (hook for open-ended tables)."""
        if self.series_option is None:
            return dict(options)
        return {**options, self.series_option: min(played, options[self.series_option])}

    def evaluate(
        self, players: int, options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
    ) -> tuple[Standing, int | None]:
        """The standing and after how many rounds the table was finished (hook)."""
        raise NotImplementedError

    def series(
        self,
        players: int,
        options: Mapping[str, Any],
        rounds: Sequence[Mapping[str, Any]],
        length: int,
        details: list[dict[str, Any]] | None = None,
    ) -> tuple[Standing, int | None]:
        """A series of `length` games where the fewest points win (dyn.series, dlx.series)."""
        done = len(rounds) >= length
        standing = self.tally(
            players,
            [self.points(players, options, data) for data in rounds],
            lower_is_better=True,
            finished=done,
            next_dealer=self.next_dealer(players, rounds),
            progress={"kind": "games", "played": len(rounds), "of": length},
            rate=options["rate_cents"],
            details=details,
        )
        return standing, (length if done else None)

    def wins_count(
        self, players: int, options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
    ) -> tuple[Standing, int | None]:
        """Wins counted over `games` games, or open-ended when `games` is None (ter.win,
        mau.score.wins): the most wins win, ties all of them."""
        games = options["games"]
        done = games is not None and len(rounds) >= games
        progress: dict[str, Any] = (
            {"kind": "open", "played": len(rounds)}
            if games is None
            else {"kind": "games", "played": len(rounds), "of": games}
        )
        standing = self.tally(
            players,
            [self.points(players, options, data) for data in rounds],
            lower_is_better=False,
            finished=done,
            next_dealer=self.next_dealer(players, rounds),
            progress=progress,
        )
        return standing, (games if done else None)

    def tally(
        self,
        players: int,
        points: list[list[int]],
        *,
        lower_is_better: bool,
        finished: bool,
        next_dealer: int,
        progress: dict[str, Any],
        rate: int = 0,
        details: list[dict[str, Any]] | None = None,
    ) -> Standing:
        """A Standing from per-seat round points (where seats score, not teams)."""
        # Starting from zeros, every running total is a list of its own (not a round's points).
        running = list(
            accumulate(points, lambda a, b: list(map(add, a, b)), initial=[0] * players)
        )[1:]
        totals = running[-1] if running else [0] * players
        sign = 1 if lower_is_better else -1
        ranking = sorted(range(players), key=lambda s: sign * totals[s])
        best = [s for s in ranking if totals[s] == totals[ranking[0]]] if points else []
        money = MoneyRule(rate, lower_is_better) if rate else None
        return Standing(
            round_points=points,
            running_totals=running,
            totals=totals,
            ranking=ranking,
            finished=finished,
            winner=winner_of(best) if finished else None,
            next_dealer=next_dealer,
            progress=progress,
            leader=winner_of(best) if best else None,
            details=details or [{} for _ in points],
            money=money,
        )
