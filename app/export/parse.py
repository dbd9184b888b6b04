"""Read a JSON backup — checked like any input before anything is written.

`parse_backup(raw)` raises an InputError naming the first problem, down to totals that do not
follow from the rounds and a change log that does not lead to them (undo would go wrong).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app import inputs
from app.export.backup import FORMAT_GROUP
from app.export.backup import FORMAT_TABLE
from app.export.history import replay
from app.export.money import MONEY_KEYS
from app.export.money import check_money
from app.export.plans import ChangePlan
from app.export.plans import GroupPlan
from app.export.plans import RoundPlan
from app.export.plans import TablePlan
from app.export.validation import each
from app.export.validation import load_json
from app.export.validation import moment
from app.export.validation import object_with
from app.export.validation import same
from app.export.validation import version_of
from app.export.validation import whole
from app.export.validation import within
from app.groups.validate import validate_group
from app.inputs import Field
from app.store.rounds import ROUND_LIMIT
from app.text import InputError
from app.text import Message
from app.text import either
from app.text import shown
from app.variants import registry as variants

TABLE_KEYS = (
    *("format", "version", "id", "variant", "name", "players", "options", "created_at"),
    *("rounds", "totals", "finished", "winner", "changes"),
)
ROUND_KEYS = ("number", "data", "version", "points", "created_at", "updated_at")
CHANGE_KEYS = ("kind", "round_number", "before", "after", "undone", "created_at")
GROUP_KEYS = ("format", "version", "id", "name", "players", "created_at", "tables")
TABLE_LIMIT = 500  # tables per group backup: years of evenings
# Changes per table in a file: any log a 1 MB backup can hold, older versions' longer logs too
# (the import keeps the newest store.CHANGE_LIMIT, as the store does).
CHANGE_IMPORT_LIMIT = 10_000
# Whether a change of each kind carries a round before/after it (store.undo_last_change
# needs them); an undo or redo entry may have either. A "settings" change (and an undo/redo
# of one: round number 0) carries the table's settings on both sides.
CHANGE_SHAPES = {
    "add": (False, True),
    "edit": (True, True),
    "delete": (True, False),
    "settings": (True, True),
}
SETTINGS_KEYS = ("name", "players", "options", "closed")
# Written by newer versions only: a file without them is an older backup (defaults).
OPTIONAL_TABLE_KEYS = {"closed": False, "first_dealer": 0}


@dataclass(frozen=True)
class Game:
    """What a table's rounds are checked against: its variant, players and options."""

    variant: str
    players: list[str]
    options: dict[str, Any]
    closed: bool = False
    first_dealer: int = 0

    def settings(self, value: Any, path: str) -> dict[str, Any]:
        """A "settings" change's side: name, players, options (checked by the variant) and
        closed, as the store logs them."""
        # A move into or out of a group is logged with the settings; an imported table
        # starts outside any group, so its log keeps the rest.
        if isinstance(value, dict):
            value = {key: item for key, item in value.items() if key != "group"}
        item = object_with(value, path + ".", SETTINGS_KEYS)
        with within(path):
            name, players, options = variants.validate_table(
                self.variant, item["name"], item["players"], item["options"]
            )
        closed = inputs.flag(item["closed"], Field(path + ".closed", Message("Closed")))
        return {"name": name, "players": players, "options": options, "closed": closed}

    def body(self, value: Any, path: str, lead: Message) -> dict[str, Any]:
        """A round body checked by the variant, its errors placed at `path` after `lead`."""
        with within(path, lead):
            return variants.validate_round(self.variant, self.players, self.options, value)


def round_plan(game: Game, item: Any, at: str, index: int) -> RoundPlan:
    """One round: numbered in order, its input valid for this table."""
    item = object_with(item, at + ".", ROUND_KEYS)
    whole(item["number"], at + ".number", index + 1, index + 1)
    lead = Message("Round %(value)s: ", value=index + 1)
    return RoundPlan(
        index + 1,
        game.body(item["data"], at + ".data", lead),
        whole(item["version"], at + ".version", 1, 10**6),
        moment(item["created_at"], at + ".created_at"),
        moment(item["updated_at"], at + ".updated_at"),
    )


def change_plan(game: Game, item: Any, at: str, index: int) -> ChangePlan:
    """One change: a known kind, valid round inputs where undo needs them."""
    item = object_with(item, at + ".", CHANGE_KEYS)
    kinds = ("add", "edit", "delete", "settings", "undo", "redo")
    kind = inputs.choice(item["kind"], Field(at + ".kind", Message("The kind of change")), kinds)
    sides: list[dict[str, Any] | None] = []
    for side, needed in zip(
        ("before", "after"), CHANGE_SHAPES.get(kind, (None, None)), strict=True
    ):
        value = item[side]
        if needed is not None and (value is not None) != needed:
            raise Field(f"{at}.{side}", Message("The round")).fail(
                Message("must be a round for a change of kind %(kind)s.", kind=repr(kind))
                if needed
                else Message("must be null for a change of kind %(kind)s.", kind=repr(kind))
            )
        lead = Message("Change %(value)s: ", value=index + 1)
        if value is not None and (kind == "settings" or item["round_number"] == 0):
            sides.append(game.settings(value, f"{at}.{side}"))
            continue
        sides.append(None if value is None else game.body(value, f"{at}.{side}", lead))
    undone = inputs.flag(item["undone"], Field(at + ".undone", Message("The undone mark")))
    low = 0 if kind in ("settings", "undo", "redo") else 1  # 0: the table's settings
    number = whole(item["round_number"], at + ".round_number", low, ROUND_LIMIT + 1)
    return ChangePlan(
        kind, number, sides[0], sides[1], undone, moment(item["created_at"], at + ".created_at")
    )


def check_results(game: Game, data: dict[str, Any], rounds: list[RoundPlan], path: str) -> None:
    """No round after the end; points, totals, finished and winner as the rounds give them."""
    bodies = [r.data for r in rounds]
    end = variants.finished_after(game.variant, game.players, game.options, bodies, game.closed)
    if end is not None and end < len(rounds):
        words = variants.find_variant(game.variant).round_words
        last = words.number(end, inside=True)
        raise InputError(
            Message(
                "The table was finished after %(last)s; the file has %(count)s %(many)s.",
                last=last,
                count=len(rounds),
                many=words.many_inside,
            ),
            path + "rounds",
        )
    state = variants.standing(
        game.variant, game.players, game.options, bodies, game.closed, game.first_dealer
    )
    for i, points in enumerate(state.round_points):
        at = f"{path}rounds[{i}].points"
        what = Message("The points of round %(value)s", value=i + 1)
        same(data["rounds"][i]["points"], points, at, what)
    same(data["totals"], state.totals, path + "totals", Message("The totals"))
    what = Message("Whether it is finished")
    same(data["finished"], state.finished, path + "finished", what)
    same(data["winner"], state.winner, path + "winner", Message("The winner"))


def check_table(data: Any, path: str = "") -> TablePlan:
    """A table backup, fully checked (`path` is "tables[2]." inside a group)."""
    version_of(data, path)
    extra = dict(OPTIONAL_TABLE_KEYS)
    if isinstance(data, dict):
        data = dict(data)
        extra.update({key: data.pop(key) for key in OPTIONAL_TABLE_KEYS if key in data})
    data = object_with(data, path, TABLE_KEYS)
    inputs.choice(data["format"], Field(path + "format", Message("The format")), (FORMAT_TABLE,))
    if not isinstance(data["id"], str):
        raise Field(path + "id", Message("The id")).fail(Message("must be a text."))
    with within(path.rstrip(".")):
        name, players, options = variants.validate_table(
            data["variant"], data["name"], data["players"], data["options"]
        )
    closed = inputs.flag(extra["closed"], Field(path + "closed", Message("Closed")))
    first_dealer = inputs.seat(
        extra["first_dealer"],
        Field(path + "first_dealer", Message("The first dealer")),
        len(players),
    )
    game = Game(data["variant"], players, options, closed, first_dealer)
    rounds = each(data["rounds"], path + "rounds", ROUND_LIMIT, lambda *a: round_plan(game, *a))
    check_results(game, data, rounds, path)
    changes = each(
        data["changes"], path + "changes", CHANGE_IMPORT_LIMIT, lambda *a: change_plan(game, *a)
    )
    replay(changes, [r.data for r in rounds], path + "changes")
    created_at = moment(data["created_at"], path + "created_at")
    return TablePlan(
        game.variant,
        name,
        players,
        options,
        created_at,
        rounds,
        changes,
        data["id"],
        closed,
        first_dealer,
    )


def check_group(data: dict[str, Any]) -> GroupPlan:
    """A group backup: name, players and every table, fully checked."""
    version_of(data, "")
    money = check_money(data if isinstance(data, dict) else {})
    bare = (
        {k: v for k, v in data.items() if k not in MONEY_KEYS} if isinstance(data, dict) else data
    )
    data = object_with(bare, "", GROUP_KEYS)
    name, players = validate_group(data["name"], data["players"])

    def table_plan(item: Any, at: str, index: int) -> TablePlan:
        """One table of the group; errors say which one."""
        with within("", Message("Table %(value)s: ", value=index + 1)):
            return check_table(item, at + ".")

    tables = each(data["tables"], "tables", TABLE_LIMIT, table_plan)
    source = data["id"] if isinstance(data["id"], str) else ""
    made = moment(data["created_at"], "created_at")
    return GroupPlan(name, players, made, tables, source, money)


def parse_backup(raw: bytes) -> TablePlan | GroupPlan:
    """A downloaded backup file, checked through and through, or an InputError."""
    data = load_json(raw)
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == FORMAT_TABLE:
        return check_table(data)
    if kind == FORMAT_GROUP:
        return check_group(data)
    raise InputError(
        Message(
            "This is not a Mautisch backup: its format must be %(formats)s (got %(kind)s). "
            "Use the JSON download of a table or group.",
            formats=either([shown(FORMAT_TABLE), shown(FORMAT_GROUP)]),
            kind=shown(kind),
        ),
        "format",
    )
