"""What every variant's score keeping shares: its description, option and body checks,
dealer rotation and the tally of per-seat points into a Standing.

A variant is a small subclass that fills in the hooks (python-chess style, STYLE.md).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from app.scoring import checks
from app.scoring.checks import Field
from app.scoring.settlement import settle
from app.scoring.types import InputError
from app.scoring.types import Standing
from app.scoring.types import Winner

OPTIONS = Field("options", "The table options", "Die Tischoptionen")
BODY = Field("", "The round", "Die Runde")
NEXT_DEALER = Field("next_dealer", "The next dealer", "Der nächste Geber")
LIMIT_GAMES = (1, 100)  # games/rounds per series (issue 2)
RATE_CENTS = Field(
    "options.rate_cents", "The rate per point in cents", "Der Satz pro Punkt in Cent"
)


def no_money(options: Mapping[str, Any]) -> bool:
    """Variants without points to pay for (wins, sets)."""
    return False


@dataclass(frozen=True)
class VariantInfo:
    """What a page needs to offer a variant: names, player range, option defaults."""

    id: str
    min_players: int
    max_players: int
    label_de: str
    label_en: str
    description_de: str
    description_en: str
    defaults: dict[str, Any]
    money_allowed: Callable[[Mapping[str, Any]], bool] = no_money


def winner_of(seats: list[int]) -> Winner:
    """One seat, or the tied seats as a list."""
    return seats[0] if len(seats) == 1 else list(seats)


def rate_cents(value: Any) -> int:
    """The money rate: dyn.money recommends at most 10 cents; 1000 (10 euros) is the hard cap."""
    return checks.whole(value, RATE_CENTS, 0, 1000, " (0 = no money)", " (0 = ohne Geld)")


def series_length(value: Any, field: Field) -> int:
    """Games/rounds of a series: 1 to 100."""
    return checks.whole(value, field, *LIMIT_GAMES)


class Variant:
    """The score keeping of one variant; subclasses fill in the hooks below."""

    info: VariantInfo
    round_keys: frozenset[str] = frozenset()

    # -- options ------------------------------------------------------------------------
    def options(self, raw: Any, players: int) -> dict[str, Any]:
        """Known options only, each checked, defaults filled in."""
        given = checks.mapping({} if raw is None else raw, OPTIONS, self.info.defaults.keys())
        result = dict(self.info.defaults)
        for key, value in given.items():
            result[key] = self.option(key, value)
        self.check_options(result, players)
        if result.get("rate_cents") and not self.info.money_allowed(result):
            raise RATE_CENTS.fail(self.no_money_en, self.no_money_de)
        return result

    no_money_en = "must be 0 here: this scoring has no points to pay for."
    no_money_de = "muss hier 0 sein: diese Wertung hat keine Punkte, um die gespielt wird."

    def option(self, key: str, value: Any) -> Any:
        """Check one option value (hook)."""
        raise NotImplementedError

    def check_options(self, options: dict[str, Any], players: int) -> None:
        """Checks across options and the player count (hook; none by default)."""

    # -- rounds -------------------------------------------------------------------------
    def round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Any
    ) -> dict[str, Any]:
        """The normalised round body; `next_dealer` kept when given."""
        given = checks.mapping(body, BODY, self.round_keys | {"next_dealer"})
        data = self.check_round(players, options, given)
        if given.get("next_dealer") is not None:
            data["next_dealer"] = checks.seat(given["next_dealer"], NEXT_DEALER, len(players))
        return data

    def check_round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Check and normalise the variant's own fields (hook)."""
        raise NotImplementedError

    def points(self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]) -> Any:
        """What each seat (or team) scores in one normalised round (hook)."""
        raise NotImplementedError

    def natural_dealer(self, dealer: int, players: int, data: Mapping[str, Any]) -> int:
        """Who deals next when the round names nobody: the next seat (across variants)."""
        return (dealer + 1) % players

    def next_dealer(self, players: int, rounds: Sequence[Mapping[str, Any]]) -> int:
        """Seat 0 deals first; then each round's `next_dealer` or the variant's default."""
        dealer = 0
        for data in rounds:
            named = data.get("next_dealer")
            dealer = named if named is not None else self.natural_dealer(dealer, players, data)
        return dealer

    # -- standing -----------------------------------------------------------------------
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
        """A series of `length` games where the fewest points win (dyn.series, Deluxe)."""
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
        """A Standing from per-seat round points (all variants but doppel)."""
        running = [
            list(step)
            for step in accumulate(points, lambda a, b: [x + y for x, y in zip(a, b, strict=True)])
        ]
        totals = running[-1] if running else [0] * players
        sign = 1 if lower_is_better else -1
        ranking = sorted(range(players), key=lambda s: sign * totals[s])
        best = [s for s in ranking if totals[s] == totals[ranking[0]]] if points else []
        money = settle([sign * t for t in totals], rate) if rate else None
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
            settlement=money,
            details=details or [{} for _ in points],
        )


def players_range(variant: Variant, count: int) -> None:
    """The variant's player count (RULES.md per variant)."""
    low, high = variant.info.min_players, variant.info.max_players
    if not low <= count <= high:
        limit = f"exactly {low}" if low == high else f"{low} to {high}"
        grenze = f"genau {low}" if low == high else f"{low} bis {high}"
        raise InputError(
            "players",
            f"{variant.info.label_en} is played by {limit} players (players); you entered {count}.",
            f"{variant.info.label_de} spielen {grenze} Spieler (players); eingegeben: {count}.",
        )
