"""Speedone: card points per round, up to a target of 200 or 500 (spd.*)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from app import inputs
from app.inputs import Field
from app.scoring.base import RATE_SCHEMA
from app.scoring.base import Scoring
from app.scoring.base import rate_cents
from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import team_of
from app.text import InputError
from app.text import Message
from app.variants.speedone.hands import DECK_ACTIONS
from app.variants.speedone.hands import DECK_CARDS
from app.variants.speedone.hands import DECK_MAX
from app.variants.speedone.hands import DECK_WILDS
from app.variants.speedone.hands import HAND_LIMIT
from app.variants.speedone.hands import HAND_MAX
from app.variants.speedone.hands import HANDS
from app.variants.speedone.hands import POINTS
from app.variants.speedone.hands import check_deck
from app.variants.speedone.hands import hand_entry
from app.variants.speedone.hands import hand_points
from app.variants.speedone.hands import most_faces
from app.variants.speedone.hands import points_entry

WINNER = Field("winner", Message("The winner of the round"))
OPTION_FIELDS = {
    "target": Field("options.target", Message("The target")),
    "scoring": Field("options.scoring", Message("The scoring")),
    "partner": Field("options.partner", Message("Partner mode")),
}
TARGETS = (200, 500)  # spd.opt.target
SCORINGS = ("winner-takes", "own-points")  # spd.opt.scoring


class SpeedoneScoring(Scoring):
    """spd.opt.scoring, spd.opt.target, spd.opt.partner, spd.points."""

    defaults = {"target": 500, "scoring": "winner-takes", "partner": False, "rate_cents": 0}
    option_schemas = {
        "target": {"enum": list(TARGETS)},
        "scoring": {"enum": list(SCORINGS)},
        "partner": {"type": "boolean"},
        "rate_cents": RATE_SCHEMA,
    }
    # spd.opt.partner: partners play at exactly four seats.
    table_rules = (
        {
            "if": {
                "required": ["options"],
                "properties": {
                    "options": {"required": ["partner"], "properties": {"partner": {"const": True}}}
                },
            },
            "then": {"properties": {"players": {"minItems": 4, "maxItems": 4}}},
        },
    )
    round_keys = frozenset({"winner", "points", "hands"})
    # Money only when each player is charged his own points (lowest wins), without parties.
    money_when = {"scoring": "own-points", "partner": False}
    no_money = Message(
        "must be 0 here: Speedone is played for money only with own-points scoring and without "
        "partners."
    )

    def option(self, key: str, value: Any) -> Any:
        """target 200/500, scoring one of two, partner a boolean, rate 0–1000."""
        if key == "rate_cents":
            return rate_cents(value)
        if key == "target":
            return inputs.choice(value, OPTION_FIELDS[key], TARGETS)
        if key == "scoring":
            return inputs.choice(value, OPTION_FIELDS[key], SCORINGS)
        return inputs.flag(value, OPTION_FIELDS[key])

    def check_options(self, options: dict[str, Any], players: int) -> None:
        """spd.opt.partner: exactly 4 players."""
        if options["partner"] and players != 4:
            raise OPTION_FIELDS["partner"].fail(
                Message(
                    "needs exactly 4 players (two parties of two); you entered %(players)s.",
                    players=players,
                )
            )

    def entry_max(self, options: Mapping[str, Any]) -> dict[str, int]:
        """One hand: within 22 cards (spd.handlimit) or, without the limit, the deck."""
        cards = HAND_LIMIT if options.get("handlimit", True) else DECK_CARDS - 1
        return {
            "points": HAND_MAX if cards == HAND_LIMIT else DECK_MAX,
            "numbers": most_faces(cards),
            "actions": min(DECK_ACTIONS, cards),
            "wilds": DECK_WILDS,
        }

    def check_round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Mapping[str, Any]
    ) -> dict[str, Any]:
        """A winner seat and either `points` or `hands` per seat; the winner has nothing left."""
        winner = inputs.seat(inputs.required(body, "winner", WINNER), WINNER, len(players))
        # spd.house.handlimit off: a hand may hold more than 22 cards.
        limited = bool(options.get("handlimit", True))
        if ("points" in body) == ("hands" in body):
            raise InputError(
                Message(
                    "Give either points (hand points per player) or hands (numbers, actions, wilds "
                    "per player), not both or neither."
                ),
                "points",
            )
        if "points" in body:
            values = inputs.entries(body["points"], POINTS, len(players))
            data: dict[str, Any] = {
                "winner": winner,
                "points": [
                    points_entry(s, n, v, limited)
                    for s, (n, v) in enumerate(zip(players, values, strict=True))
                ],
            }
        else:
            entries = inputs.entries(body["hands"], HANDS, len(players))
            data = {
                "winner": winner,
                "hands": [
                    hand_entry(s, n, e, s == winner, limited)
                    for s, (n, e) in enumerate(zip(players, entries, strict=True))
                ],
            }
            check_deck(data["hands"], HAND_LIMIT if limited else DECK_CARDS - 1)
        worth = [hand_points(h) for h in data["hands"]] if "hands" in data else data["points"]
        if worth[winner]:
            raise InputError(
                Message(
                    "%(players)s won the round and so has no cards left: 0 points, not %(worth)s.",
                    players=players[winner],
                    worth=worth[winner],
                ),
                f"{'points' if 'points' in data else 'hands'}[{winner}]",
            )
        if sum(worth) > DECK_MAX:
            raise (POINTS if "points" in data else HANDS).fail(
                Message(
                    "add up to %(sum)s points, but all %(deck_cards)s cards are worth only "
                    "%(deck_max)s.",
                    sum=sum(worth),
                    deck_cards=DECK_CARDS,
                    deck_max=DECK_MAX,
                )
            )
        return data

    def points(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> list[int]:
        """spd.opt.scoring: the winner is credited all others' points, or each pays his own."""
        worth = [hand_points(h) for h in data["hands"]] if "hands" in data else list(data["points"])
        if options["scoring"] == "own-points":
            return worth
        credited = [0] * players
        credited[data["winner"]] = sum(worth)
        return credited

    def evaluate(
        self, players: int, options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
    ) -> tuple[Standing, int | None]:
        """spd.opt.target: the game ends with the round in which a total (a party's) reaches it."""
        points = [self.points(players, options, data) for data in rounds]
        lower = options["scoring"] == "own-points"
        partner = bool(options["partner"])
        target = options["target"]
        finished_after = None
        totals = [0] * players
        for number, row in enumerate(points, start=1):
            totals = [t + p for t, p in zip(totals, row, strict=True)]
            if max(self.parties(totals, partner).values()) >= target:
                finished_after = number
                break
        standing = self.tally(
            players,
            points,
            lower_is_better=lower,
            finished=finished_after is not None,
            next_dealer=self.next_dealer(players, rounds),
            progress={"kind": "target", "best": 0, "target": target},
            rate=options["rate_cents"],
        )
        teams = self.parties(standing.totals, partner)
        standing = replace(
            standing, progress={"kind": "target", "best": max(teams.values()), "target": target}
        )
        if not partner:
            return standing, finished_after
        sign = 1 if lower else -1
        ranking = sorted(
            range(players), key=lambda s: (sign * teams[team_of(s)], sign * standing.totals[s])
        )
        best = sorted(teams, key=lambda team: sign * teams[team])
        # A tie of the parties is both letters (Winner has no list-of-letters form yet).
        leading: Any = best[0] if teams[best[0]] != teams[best[1]] else list(best)
        return (
            replace(
                standing,
                ranking=ranking,
                teams=teams,
                winner=leading if standing.finished else None,
                leader=leading if rounds else None,
            ),
            finished_after,
        )

    def parties(self, totals: list[int], partner: bool) -> dict[str, int]:
        """The totals that race to the target: per party in partner mode, else per seat."""
        if partner:
            return {team: sum(totals[s] for s in seats) for team, seats in TEAM_SEATS.items()}
        return {str(seat): total for seat, total in enumerate(totals)}
