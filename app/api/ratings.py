"""Ratings of a group (docs/api.md §3), a player's record and win chances (additions).

Read-only, no token: reading a group needs only its id, as reading a table does.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask import jsonify
from flask import request

from app.api import ApiError
from app.api import bp
from app.groups.rated import group_ratings
from app.ratings.ledger import ACROSS
from app.ratings.ledger import Board
from app.ratings.ledger import GroupRatings
from app.ratings.predict import balanced_split
from app.ratings.predict import chances
from app.ratings.predict import seating
from app.ratings.record import Record
from app.ratings.record import player_record
from app.scoring.names import player_names
from app.scoring.types import TEAM_SEATS
from app.text import InputError
from app.text import Message
from app.variants.registry import MOST_PLAYERS
from app.variants.registry import find_variant
from app.web.found import group_or_404

TRUE = ("1", "true", "yes", "on")


def board_of(rated: GroupRatings) -> tuple[str | None, Board]:
    """The board `?variant=` asks for (every variant together without it), or a 400."""
    raw = request.args.get("variant") or None
    if raw is None:
        return None, rated.board(ACROSS)
    try:
        return find_variant(raw).id, rated.board(raw)
    except InputError as error:
        raise ApiError.of(error) from error


@bp.get("/groups/<id:group_id>/ratings")
def group_ratings_json(group_id: str) -> Response:
    """The ranking by rating, best first; `provisional` until a player has 5 games."""
    group = group_or_404(group_id)
    rated = group_ratings(group)
    variant, board = board_of(rated)
    rows = [row.to_json() for row in board.ranking(rated.regulars)]
    return jsonify(variant=variant, ratings=rows)


def record_json(record: Record) -> dict[str, Any]:
    """A player's record in the API's shape (docs/api.md §3, additions)."""
    return {
        "player": record.player,
        "ratings": [
            {"variant": board or None, **row.to_json()} for board, row in record.ratings.items()
        ],
        "games": len(record.games),
        "tables": [
            {
                "id": t.table_id,
                "variant": t.variant,
                "name": t.name,
                "players": list(t.players),
                "finished": t.finished,
                "won": record.player in t.winners,
            }
            for t in record.tables
        ],
        "rivals": [vars(rival) for rival in record.rivals],
        "partners": [vars(partner) for partner in record.partners],
        "best_partner": record.best_partner.player if record.best_partner else None,
        "worst_partner": record.worst_partner.player if record.worst_partner else None,
        "history": [
            {
                "variant": board or None,
                "ratings": [{"evening": e.isoformat(), "rating": value} for e, value in points],
            }
            for board, points in record.history.items()
        ],
    }


@bp.get("/groups/<id:group_id>/players/<path:name>")  # a name may hold a slash
def player_record_json(group_id: str, name: str) -> Response:
    """One player's ratings, tables, head-to-head against each regular and partners."""
    group = group_or_404(group_id)
    record = player_record(group_ratings(group), name)
    if record is None:
        raise ApiError(Message("Nobody of this name has played in this group."), "name", 404)
    return jsonify(record_json(record))


def asked_players() -> list[str]:
    """`?players=Anna,Ben,…` in seating order: 2 names up to the most any variant seats, or
    a 400 naming the field."""
    raw = [name.strip() for name in request.args.get("players", "").split(",") if name.strip()]
    if not 2 <= len(raw) <= MOST_PLAYERS:
        raise ApiError(
            Message(
                "Give 2 to %(most)s players, separated by commas; you gave %(given)s.",
                most=MOST_PLAYERS,
                given=len(raw),
            ),
            "players",
        )
    try:
        return player_names(raw)
    except InputError as error:
        raise ApiError.of(error) from error


@bp.get("/groups/<id:group_id>/predictions")
def predictions_json(group_id: str) -> Response:
    """Each player's (or team's) chance to win; with teams also the most balanced split."""
    group = group_or_404(group_id)
    rated = group_ratings(group)
    variant, board = board_of(rated)
    players = [rated.spelling(name) for name in asked_players()]
    partner = request.args.get("partner", "").lower() in TRUE
    definition = find_variant(variant) if variant is not None else None
    # `partner`: the players sit as partners where the variant makes that an option.
    option = {definition.team_option: partner} if definition and definition.team_option else {}
    teams = definition is not None and definition.has_teams(option)
    if teams and len(players) != 4:
        raise ApiError(
            Message("Two teams need exactly 4 players; you gave %(given)s.", given=len(players)),
            "players",
        )
    sides = (
        [[players[s] for s in seats] for seats in TEAM_SEATS.values()]
        if teams
        else [[p] for p in players]
    )
    body: dict[str, Any] = {
        "variant": variant,
        "sides": [chance.to_json() for chance in chances(board, sides)],
        "balanced": None,
    }
    if teams:
        split = balanced_split(board, players)
        body["balanced"] = {"seating": seating(split), "sides": [c.to_json() for c in split]}
    return jsonify(body)
