"""One player's record in a group: ratings, head-to-head against each regular, partners.

Head-to-head counts the games in which the two played on different sides: a game is won
against the other when one placed ahead of him. Money is what the settled tables' transfers
moved between the two. Partners are the players he shared a side with (team tables,
partner options); best and worst by the share of games won together.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from app.ratings.ledger import ACROSS
from app.ratings.ledger import Game
from app.ratings.ledger import GroupRatings
from app.ratings.ledger import PlayerRating
from app.ratings.ledger import Sitting


@dataclass
class Rival:
    """The games against one other player and the money between the two."""

    player: str
    games: int = 0
    won: int = 0
    lost: int = 0
    cents: int = 0  # positive: the other paid him


@dataclass
class Partner:
    """The games played on one side with another player."""

    player: str
    games: int = 0
    won: int = 0

    @property
    def share(self) -> float:
        """The share of these games the two won."""
        return self.won / self.games if self.games else 0.0


@dataclass(frozen=True)
class Record:
    """Everything the player page shows."""

    player: str
    ratings: dict[str, PlayerRating]  # by board ("" all variants together)
    history: dict[str, list[tuple[date, int]]]  # by board: the rating after each evening
    games: list[Game]
    tables: list[Sitting]
    rivals: list[Rival]
    partners: list[Partner]  # best first

    @property
    def best_partner(self) -> Partner | None:
        """The partner he won the largest share of games with."""
        return self.partners[0] if self.partners else None

    @property
    def worst_partner(self) -> Partner | None:
        """The partner he won the smallest share with (none when there is only one)."""
        return self.partners[-1] if len(self.partners) > 1 else None


def side_of(game: Game, name: str) -> int | None:
    """The index of the player's side in a game, None when he did not play."""
    return next((i for i, side in enumerate(game.sides) if name in side), None)


def face_offs(games: list[Game], name: str, rivals: dict[str, Rival]) -> None:
    """Count, for every game he played, the result against each player on another side."""
    for game in games:
        mine = side_of(game, name)
        if mine is None:
            continue
        for index, side in enumerate(game.sides):
            for other in side if index != mine else ():
                rival = rivals.setdefault(other, Rival(other))
                rival.games += 1
                rival.won += game.places[mine] < game.places[index]
                rival.lost += game.places[mine] > game.places[index]


def partnerships(games: list[Game], name: str) -> list[Partner]:
    """The players he shared a side with, best share first (then more games, then name)."""
    found: dict[str, Partner] = {}
    for game in games:
        mine = side_of(game, name)
        if mine is None:
            continue
        for other in game.sides[mine]:
            if other != name:
                partner = found.setdefault(other, Partner(other))
                partner.games += 1
                partner.won += game.places[mine] == 1
    return sorted(found.values(), key=lambda p: (-p.share, -p.games, p.player.casefold()))


def player_record(rated: GroupRatings, name: str) -> Record | None:
    """The record of a player of the group (any spelling), None when he never played."""
    spelled = rated.spelling(name)
    if spelled not in rated.board(ACROSS).ratings and not any(
        spelled in table.players for table in rated.tables
    ):
        return None  # a table still running has no rated result yet, but he played
    boards = sorted(rated.boards, key=lambda board: board != ACROSS)  # across variants first
    ratings = {
        board: row
        for board, ranking in ((b, rated.boards[b].ranking(rated.regulars)) for b in boards)
        for row in ranking
        if row.player == spelled
    }
    rivals: dict[str, Rival] = {}
    face_offs(rated.games, spelled, rivals)
    for (payer, payee), cents in rated.money.items():
        if spelled in (payer, payee) and payer != payee:
            other = payee if payer == spelled else payer
            rival = rivals.setdefault(other, Rival(other))
            rival.cents += cents if payee == spelled else -cents
    # Every other regular, also one never met; guests only where they played against him.
    for regular in rated.regulars:
        if regular != spelled:
            rivals.setdefault(regular, Rival(regular))
    order = {n: i for i, n in enumerate(rated.regulars)}
    return Record(
        player=spelled,
        ratings=ratings,
        history={b: sorted(rated.boards[b].history[spelled].items()) for b in ratings},
        games=[g for g in rated.games if side_of(g, spelled) is not None],
        tables=[t for t in rated.tables if spelled in t.players],
        rivals=sorted(rivals.values(), key=lambda r: (order.get(r.player, len(order)), r.player)),
        partners=partnerships(rated.games, spelled),
    )
