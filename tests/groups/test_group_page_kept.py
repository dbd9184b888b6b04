"""The group page's statistics are kept per state of the group's tables (app.groups): every
change shows on the very next look, exactly as if nothing had been kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from app import groups
from app.store.db import db
from app.store.models import Group
from app.store.rounds import edit_round
from app.store.settings import update_table
from app.store.tables import delete_table
from app.web.found import table_or_404
from tests.groups.conftest import TableMaker
from tests.groups.samples import day


def look(client: FlaskClient, group_id: str, query: str = "") -> str:
    """The group page as a phone sees it."""
    response = client.get(f"/g/{group_id}{query}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_the_group_page_shows_a_change_at_once(
    app: Flask,
    client: FlaskClient,
    make_group: Callable[..., tuple[str, str]],
    make_table: TableMaker,
) -> None:
    """A corrected round, a renamed table, a deleted table, a renamed group and another
    language each show on the next look, and that look is the page computed from nothing."""
    group_id, _token = make_group()
    first = make_table("terroristen", name="Erster", group_id=group_id, created_at=day(5))
    second = make_table("deluxe", name="Zweiter", group_id=group_id, created_at=day(12))
    third = make_table("doppel", name="Dritter", group_id=group_id, created_at=day(19))

    def rename_group() -> None:
        """The group's name, changed as its players page changes it."""
        group = db.session.get(Group, group_id)
        assert group is not None
        group.name = "Donnerstagsrunde"
        db.session.commit()

    changes: list[tuple[Callable[[], Any], str]] = [
        (lambda: edit_round(table_or_404(first), 2, {"winner": 1}), ""),
        (lambda: update_table(table_or_404(second), {"name": "Zweiter Abend"}), ""),
        (lambda: delete_table(table_or_404(third)), ""),
        (rename_group, ""),
        (lambda: None, "?lang=en"),
    ]
    groups._statistics.clear()  # what earlier tests of this process kept
    before = look(client, group_id)
    assert len(groups._statistics) == 1 and look(client, group_id) == before  # kept
    for change, query in changes:
        with app.app_context():
            change()
        shown = look(client, group_id, query)
        assert shown != before
        groups._statistics.clear()
        assert look(client, group_id, query) == shown
        before = shown
    assert "Zweiter Abend" in shown and "Dritter" not in shown
    assert "Donnerstagsrunde" in shown


def test_a_change_while_the_group_is_read_keeps_nothing(
    app: Flask,
    client: FlaskClient,
    make_group: Callable[..., tuple[str, str]],
    make_table: TableMaker,
) -> None:
    """A table changed between the statements of one look (its rounds read before the change,
    its settings after) keeps that look's statistics under no key; the next look keeps them."""
    group_id, _token = make_group()
    table_id = make_table("terroristen", name="Erster", group_id=group_id)
    with app.app_context():
        engine = db.engine
    changed: list[str] = []

    def change_before_the_settings_are_read(
        conn: Any, _cursor: Any, statement: str, *_args: Any
    ) -> None:
        """Bump the table's version once (in the look's own transaction, rolled back at its
        end), just before its settings are read."""
        if not changed and statement.startswith("SELECT tables.id, tables.variant"):
            changed.append(statement)
            conn.exec_driver_sql(
                "UPDATE tables SET version = version + 1 WHERE id = ?", (table_id,)
            )

    groups._statistics.clear()
    event.listen(engine, "before_cursor_execute", change_before_the_settings_are_read)
    try:
        look(client, group_id)
    finally:
        event.remove(engine, "before_cursor_execute", change_before_the_settings_are_read)
    assert changed and not groups._statistics
    look(client, group_id)
    assert len(groups._statistics) == 1
