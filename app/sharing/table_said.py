"""A table as the shared evening says it: the winner by name (a team by its players), the
totals best first, the sets won, or the parties' totals with their players under them."""

from __future__ import annotations

from collections.abc import Sequence

from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import Winner
from app.sharing.runs import Run
from app.sharing.runs import joined
from app.sharing.summary import TableLine
from app.sharing.summary import sheet_lang
from app.sheets.table_result import status_text
from app.text import Message
from app.text import Name
from app.text import commas
from app.variants.registry import find_variant


def table_line(
    name: str, variant: str, players: Sequence[str], standing: Standing, lang: str
) -> TableLine:
    """One table said as its score sheet says it: the winner by name (a team by its players)
    and the totals best first, the sets won where games make sets, the parties' totals where
    partners race as parties (204 : 145, each party's players under it); how far it got while
    it runs."""
    definition = find_variant(variant)
    if not standing.finished:
        return TableLine(name, definition.label, "–", status_text(standing, sheet_lang(lang)))
    names = list(players)
    winner = winner_said(standing.winner, names)
    if definition.has_sets and standing.teams is not None:
        sets = standing.teams
        return TableLine(
            name,
            definition.label,
            winner,
            Message("Sets won: A %(a)s : %(b)s B", a=sets["A"], b=sets["B"]),
        )
    if standing.teams is not None:
        parties = tuple(party_line(team, names, standing.totals) for team in TEAM_SEATS)
        result = Message(
            "Team A %(a)s : %(b)s Team B", a=standing.teams["A"], b=standing.teams["B"]
        )
        return TableLine(name, definition.label, winner, result, parties)
    totals = [
        (Run(names[seat], True), Run(f" {standing.totals[seat]}")) for seat in standing.ranking
    ]
    return TableLine(name, definition.label, winner, joined(totals, " · "))


def winner_said(winner: Winner, players: list[str]) -> Message | str:
    """A seat, tied seats, a team or tied teams (partners), each name a `Name`."""
    if winner is None:
        return "–"
    if isinstance(winner, list):
        return commas([winner_said(each, players) for each in winner])
    if isinstance(winner, str):
        first, second = TEAM_SEATS[winner]
        return Message(
            "Team %(team)s (%(first)s & %(second)s)",
            team=winner,
            first=Name(players[first]),
            second=Name(players[second]),
        )
    return Name(players[winner])


def party_line(team: str, players: list[str], totals: Sequence[int]) -> Message:
    """ "Team A: Anna 120 · Cem 84", a party's players under its total."""
    first, second = TEAM_SEATS[team]
    return Message(
        "Team %(team)s: %(first)s %(first_total)s · %(second)s %(second_total)s",
        team=team,
        first=Name(players[first]),
        first_total=totals[first],
        second=Name(players[second]),
        second_total=totals[second],
    )
