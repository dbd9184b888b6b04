"""Doppel Mau-Mau: two teams, games to sets to a match (dop.*)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from app import inputs
from app.inputs import Field
from app.scoring.base import Scoring
from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import Winner
from app.text import Message

WINNER = Field("winner", Message("The winning team"))
SET_GAMES = 5  # dop.set
SET_LEAD = 2
MATCH_SETS = 2  # dop.match


def set_winner(games: Mapping[str, int]) -> str | None:
    """dop.set: 5 games with a lead of 2 (5:3), else on until one leads by 2 (6:4, 7:5, ...)."""
    for team, other in (("A", "B"), ("B", "A")):
        if games[team] >= SET_GAMES and games[team] - games[other] >= SET_LEAD:
            return team
    return None


class DoppelScoring(Scoring):
    """dop.game, dop.set, dop.match."""

    round_keys = frozenset({"winner"})

    def check_round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Mapping[str, Any]
    ) -> dict[str, Any]:
        """dop.game: the team whose two players are out first (A = seats 0+2, B = 1+3)."""
        return {
            "winner": inputs.choice(inputs.required(body, "winner", WINNER), WINNER, ("A", "B"))
        }

    def points(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> dict[str, int]:
        """One game point for the winning team."""
        return {team: int(team == data["winner"]) for team in TEAM_SEATS}

    def evaluate(
        self, players: int, options: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]
    ) -> tuple[Standing, int | None]:
        """Games fill the current set; a won set opens the next until a team has 2 sets."""
        points = [self.points(players, options, data) for data in rounds]
        sets: list[dict[str, Any]] = [{"A": 0, "B": 0, "winner": None}]
        won = {"A": 0, "B": 0}
        running: list[dict[str, int]] = []
        finished_after = None
        for number, row in enumerate(points, start=1):
            if finished_after is None and sets[-1]["winner"] is not None:
                sets.append({"A": 0, "B": 0, "winner": None})
            current = sets[-1]
            for team in TEAM_SEATS:
                current[team] += row[team]
            running.append({"A": current["A"], "B": current["B"]})
            if finished_after is None and current["winner"] is None:
                current["winner"] = set_winner(current)
                if current["winner"]:
                    won[current["winner"]] += 1
                    if won[current["winner"]] == MATCH_SETS:
                        finished_after = number
        if finished_after is None and sets[-1]["winner"] is not None:
            sets.append({"A": 0, "B": 0, "winner": None})  # the next set has begun, 0:0
        current = sets[-1]
        key = (won["A"], current["A"]), (won["B"], current["B"])
        leader: Winner = None if key[0] == key[1] else ("A" if key[0] > key[1] else "B")
        order = ("B", "A") if leader == "B" else ("A", "B")
        return (
            Standing(
                round_points=points,
                running_totals=running,
                totals={"A": current["A"], "B": current["B"]},
                ranking=[s for team in order for s in TEAM_SEATS[team]] if leader else [0, 1, 2, 3],
                finished=finished_after is not None,
                winner=leader if finished_after is not None else None,
                next_dealer=self.next_dealer(players, rounds),
                progress={"kind": "set", "set": len(sets), "A": current["A"], "B": current["B"]},
                leader=leader,
                teams=dict(won),
                sets=sets,
                details=[{} for _ in rounds],
            ),
            finished_after,
        )
