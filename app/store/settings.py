"""A table's settings fixed after the fact (name, spelling of players, options, ended by
hand, its group): checked by the variant's definition and against the rounds played, logged
for undo."""

from __future__ import annotations

from typing import Any

from app import inputs
from app.inputs import Field
from app.store.changelog import log_change
from app.store.groups import find_group
from app.store.locking import locked_write
from app.store.models import Round
from app.store.models import Table
from app.store.tables import round_rows
from app.text import InputError
from app.text import Message
from app.text import shown
from app.variants import registry as variants

SETTINGS_KEYS = ("name", "players", "options", "closed", "group")


SETTINGS = Field("", Message("The change"))


CLOSED = Field("closed", Message("“Closed”"))


def settings_of(table: Table) -> dict[str, Any]:
    """What `update_table` may change, as logged in a "settings" change."""
    return {
        "name": table.name,
        "players": list(table.players),
        "options": dict(table.options),
        "closed": bool(table.closed),
        "group": table.group_id,
    }


def set_settings(table: Table, settings: dict[str, Any]) -> None:
    """Put logged settings on the table (inside the lock)."""
    table.name = settings["name"]
    table.players = list(settings["players"])
    table.options = dict(settings["options"])
    table.closed = bool(settings["closed"])
    # Changes logged before tables could change groups carry no group: it stays.
    if "group" in settings:
        # A group purged since the change was logged cannot take the table back: no group.
        kept = settings["group"] and find_group(settings["group"])
        table.group_id = kept.id if kept else None


def update_table(table: Table, changes: Any) -> None:
    """Fix `name`, `players` (spelling only), `options`, `closed` or `group` (an existing
    group's id or None; who may move it is the caller's check); logged, undoable.

    Options must fit the rounds played (no fewer games than played); InputError otherwise.
    """
    given = inputs.mapping(changes, SETTINGS, SETTINGS_KEYS)

    def work() -> None:
        """Inside the lock: the new settings, checked against the rounds as they are now."""
        before = settings_of(table)
        after = checked_settings(table, given, round_rows(table.id))
        if after == before:
            return
        set_settings(table, after)
        log_change(table, "settings", 0, before, after)

    locked_write(table, work)


def checked_settings(table: Table, given: Any, rounds: list[Round]) -> dict[str, Any]:
    """The table's settings with `given` applied, each checked (InputError otherwise)."""
    definition = table.definition
    name = definition_name(given, table)
    players = list(table.players)
    if "players" in given:
        players = definition.players(given["players"])
        if len(players) != len(table.players):
            raise InputError(
                Message(
                    "Players can only be renamed: there stay %(count)s players (you entered "
                    "%(entered)s). Start a new table for a different set of players.",
                    count=len(table.players),
                    entered=len(players),
                ),
                "players",
            )
    options = dict(table.options)
    if "options" in given:
        raw = inputs.mapping(given["options"], Field("options", Message("The table options")), None)
        merged = {**definition.stored_options(table.options), **raw}
        options = definition.options(merged, len(players))
    closed = table.closed
    if "closed" in given:
        closed = inputs.flag(given["closed"], CLOSED)
        if closed and not definition.ends_by_hand(options):
            raise CLOSED.fail(
                Message(
                    "applies only to a table without a set number of games, or to a series "
                    "ended early: this one ends by itself."
                )
            )
        if closed and not table.closed and not rounds:
            raise CLOSED.fail(
                Message("needs at least one game played; delete an empty table instead.")
            )
    if not definition.ends_by_hand(options):
        closed = False
    fits_rounds(table, players, options, closed, rounds)
    group = checked_group(given["group"]) if "group" in given else table.group_id
    return {"name": name, "players": players, "options": options, "closed": closed, "group": group}


def checked_group(value: Any) -> str | None:
    """The id of an existing group that is not deleted, or None (out of any group)."""
    if value is None:
        return None
    found = find_group(value) if isinstance(value, str) else None
    if found is None or found.deleted_at is not None:
        raise InputError(
            Message("There is no group %(value)s to put the table into.", value=shown(value)),
            "group",
        )
    return found.id


def definition_name(given: Any, table: Table) -> str:
    """The table's new name (checked like a new table's), or its name as it is."""
    if "name" not in given:
        return table.name
    clean_name, _names, _options = variants.validate_table(
        table.variant, given["name"], table.players, table.options
    )
    return clean_name


def fits_rounds(
    table: Table, players: list[str], options: dict[str, Any], closed: bool, rounds: list[Round]
) -> None:
    """The rounds played must still be valid and not end the table early (InputError)."""
    definition = table.definition
    for round_ in rounds:
        try:
            definition.round(players, options, round_.data)
        except InputError as error:
            raise InputError(
                Message(
                    "This does not fit %(value)s: %(text)s",
                    value=definition.round_words.number(round_.number),
                    text=error.text,
                ),
                "options",
            ) from error
    data = [r.data for r in rounds]
    end = definition.finished_after(players, options, data, closed)
    if end is not None and end < len(data):
        many = definition.round_words.many_inside
        changed = [k for k in options if options.get(k) != table.options.get(k)]
        raise InputError(
            Message(
                "%(count)s %(many)s are played already; with this setting the table would have "
                "ended after %(end)s. Choose at least %(count)s or delete %(many)s first.",
                count=len(data),
                many=many,
                end=end,
            ),
            f"options.{changed[0]}" if changed else "options",
        )
