"""Value types of the score keeping: what every variant's pure scoring functions return.

The pages, the API, the PDFs and the group statistics all read a table through `Standing`;
none of them computes points on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from functools import cached_property
from typing import Any
from typing import Protocol

# A seat, tied seats, a team letter, tied teams, or None while the table runs.
Winner = int | list[int] | str | list[str] | None
# Team tables: four players, partners sit opposite (dop.deal, spd.opt.partner).
TEAM_SEATS: dict[str, tuple[int, int]] = {"A": (0, 2), "B": (1, 3)}


def team_of(seat: int) -> str:
    """The team (A or B) of a seat at a four-player team table."""
    return "A" if seat in TEAM_SEATS["A"] else "B"


class Settles(Protocol):
    """How a table's totals turn into money (`app.scoring.money.MoneyRule`): named here, not
    imported, so the value types need nothing of the code that computes them."""

    def settle(self, totals: Sequence[int]) -> Settlement:
        """The settlement were the series settled at these per-seat totals."""
        ...


@dataclass(frozen=True)
class Transfer:
    """One payment of the money settlement (dyn.money): seat `payer` pays seat `payee`."""

    payer: int
    payee: int
    cents: int

    def to_json(self) -> dict[str, int]:
        """docs/api.md shape: {"from", "to", "cents"}."""
        return {"from": self.payer, "to": self.payee, "cents": self.cents}


@dataclass(frozen=True)
class Settlement:
    """Amounts per seat (positive receives) and the transfers that settle them; zero-sum."""

    amounts_cents: list[int]
    transfers: list[Transfer]

    def to_json(self) -> dict[str, Any]:
        """docs/api.md shape."""
        return {
            "amounts_cents": list(self.amounts_cents),
            "transfers": [t.to_json() for t in self.transfers],
        }


@dataclass(frozen=True)
class Standing:
    """A table's state after its rounds, everything derived from the stored input.

    - `round_points[i]`: per seat what round i+1 scored (teams: {"A": 1, "B": 0}).
    - `running_totals[i]`: per seat the totals after round i+1 (teams: games in the set then).
    - `totals`: per seat (teams: {"A": games, "B": games} in the current set).
    - `ranking`: seats, best first, ties keep seat order.
    - `progress`: numbers for "Spiel 3 von 8", "Satz 2: A 4 : 3 B", "142 / 200":
      {"kind": "games", "played": 3, "of": 8} | {"kind": "open", "played": n} |
      {"kind": "target", "best": 142, "target": 200} | {"kind": "set", "set": 2, "A": 4, "B": 3}
    - `leader`: seat(s)/team best placed now (None before the first round).
    """

    round_points: list[Any]
    running_totals: list[Any]
    totals: Any
    ranking: list[int]
    finished: bool
    winner: Winner
    next_dealer: int
    progress: dict[str, Any]
    leader: Winner = None
    teams: dict[str, int] | None = None
    sets: list[dict[str, Any]] | None = None
    # Per round extras, e.g. the doubled seats and the named jack suit.
    details: list[dict[str, Any]] = field(default_factory=list)
    # The direction of play the next game starts in, where reversals persist through the
    # series (dyn.twin.reverse): "clockwise" or "counterclockwise"; None elsewhere.
    direction: str | None = None
    # How totals turn into money where the table is played for money (None elsewhere).
    money: Settles | None = None

    @cached_property
    def settlement(self) -> Settlement | None:
        """Who pays whom were the series settled now: the money rule applied to the totals
        (None where no money is played); worked out when first asked."""
        return self.money.settle(self.totals) if self.money is not None else None

    def settlement_after(self, played: int) -> Settlement | None:
        """The settlement were the series settled after the first `played` rounds (the
        same rule as `settlement`, which is the one after all of them)."""
        if self.money is None or not 0 < played <= len(self.running_totals):
            return None
        return self.money.settle(self.running_totals[played - 1])
