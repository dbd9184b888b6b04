"""Speedone: card points per round, up to a target of 200 or 500, optionally partners (spd.*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import team_of
from app.text import Message
from app.variants.base import ROUNDS
from app.variants.base import BlankSheetSetup
from app.variants.base import Variant
from app.variants.rated import TABLE
from app.variants.rated import RatedGame
from app.variants.rated import by_totals
from app.variants.rated import places_of
from app.variants.rated import single_sides
from app.variants.rated import team_won
from app.variants.speedone.game import SpeedoneGame
from app.variants.speedone.hands import hand_points
from app.variants.speedone.scoring import SCORINGS
from app.variants.speedone.scoring import TARGETS
from app.variants.speedone.scoring import SpeedoneScoring

OWN_POINTS = Message("Own points: the lowest line is best; at %(target)s the game ends.")
POINTS_WON = Message("Points won: the highest line is best; at %(target)s the game ends.")
OWN_POINTS_PARTY = Message(
    "Own points per party: the lowest line is best; the game ends when a party reaches "
    "%(target)s (the dashed line)."
)
POINTS_WON_PARTY = Message(
    "Points won per party: the highest line is best; the game ends when a party reaches "
    "%(target)s (the dashed line)."
)


class Speedone(Variant):
    """spd.opt.scoring, spd.opt.target, spd.opt.partner, spd.points."""

    id = "speedone"
    order = 3
    game = SpeedoneGame
    rules = SpeedoneGame.rules
    short_name = "Speedone"
    label = Message("Speedone")
    description = Message("UNO-like: card points up to 200 or 500, optionally in teams of two.")
    min_players = 2
    max_players = 10
    scoring = SpeedoneScoring()
    team_option = "partner"
    names_round_winner = True
    form_fields = {
        "target": "target",
        "scoring": "scoring",
        "partner": "partner",
        "rate_cents": "rate_cents",
    }
    round_entry = "hand_points"
    chart_note_text = POINTS_WON
    blank_sheet = BlankSheetSetup(
        room=8,
        rows=(1, 20, 12),
        row_words=ROUNDS,
        choices={
            "target": tuple(str(target) for target in TARGETS),
            "scoring": SCORINGS,
            "partner": ("0", "1"),
        },
        choice_words={
            "target": Message("Target"),
            "scoring": Message("Scoring"),
            "winner-takes": Message("Winner takes"),
            "own-points": Message("Own points"),
        },
    )
    # spd.opt.target: the race to the target decides the winner and the money, not who went
    # out in one round, so the finished race is one rated result.
    rated_unit = TABLE
    rated_note = Message("each finished race, placed by its totals")

    def chart_target(self, options: Mapping[str, Any]) -> int | None:
        """spd.opt.target: the game ends when a total (a party's) reaches it."""
        return int(options["target"]) if options.get("target") else None

    def chart_note(self, options: Mapping[str, Any]) -> Message:
        """spd.opt.scoring: which line is best depends on who is charged the points;
        spd.opt.partner: the lines are the parties', and a party reaches the target."""
        own = options.get("scoring") == "own-points"
        if self.has_teams(options):
            note = OWN_POINTS_PARTY if own else POINTS_WON_PARTY
        else:
            note = OWN_POINTS if own else POINTS_WON
        return Message(note.msgid, target=str(options.get("target")))

    def round_doubts(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> list[Message]:
        """spd.points: only a hand of zeros is worth nothing; every other hand at 0 points
        looks like an untouched form."""
        worth = [hand_points(h) for h in data["hands"]] if "hands" in data else data["points"]
        if players < 2 or any(worth):
            return []
        return [Message("Nobody but the winner has points left — save anyway?")]

    def rated_game(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> RatedGame:
        """spd.points: the winner first, then fewest card points left; spd.opt.partner: the two
        parties, by the points charged (own-points) or the winner's party first."""
        hands = data.get("hands")
        worth = [hand_points(h) for h in hands] if hands is not None else list(data["points"])
        winner = data["winner"]
        if not self.has_teams(options):
            return RatedGame(
                single_sides(players), places_of([(s != winner, w) for s, w in enumerate(worth)])
            )
        if options.get("scoring") != "own-points":
            return team_won(team_of(winner))
        parties = [sum(worth[s] for s in seats) for seats in TEAM_SEATS.values()]
        return RatedGame(tuple(TEAM_SEATS.values()), places_of(parties))

    def rated_table(
        self, players: int, options: Mapping[str, Any], standing: Standing
    ) -> RatedGame:
        """spd.opt.scoring: own points, fewest first; points won, most first;
        spd.opt.partner: the two parties by their totals."""
        lower = options.get("scoring") == "own-points"
        if not self.has_teams(options):
            return by_totals(standing.totals, lower)
        parties = [sum(standing.totals[s] for s in seats) for seats in TEAM_SEATS.values()]
        rated = by_totals(parties, lower)
        return RatedGame(tuple(TEAM_SEATS.values()), rated.places)


VARIANT = Speedone()
