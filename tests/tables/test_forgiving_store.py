"""Forgiving entry in the store (app/store/) on a real database: delete/restore of tables and
groups (statistics, 30 days, purge on start and by `flask purge`), play again, undo/redo
previews as one query each, and the round uid given to rounds of an older database."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import event
from sqlalchemy import select
from sqlalchemy import text

from app.factory import create_app
from app.groups.results import group_results
from app.store.changelog import redo_preview
from app.store.changelog import undo_preview
from app.store.db import db
from app.store.groups import delete_group
from app.store.groups import deleted_groups
from app.store.groups import restore_group
from app.store.models import Change
from app.store.models import Group
from app.store.models import Round
from app.store.models import Table
from app.store.models import utcnow
from app.store.purge import purge_deleted
from app.store.rounds import add_round
from app.store.settings import update_table
from app.store.setup import MIGRATIONS
from app.store.setup import register_migrations
from app.store.tables import create_table
from app.store.tables import delete_table
from app.store.tables import deleted_tables
from app.store.tables import play_again
from app.store.tables import restore_table
from app.store.tables import table_state
from app.store.undo import undo_last_change
from app.text import InputError
from app.web.found import group_or_404
from app.web.found import table_or_404
from tests.tables.conftest import PLAYERS


def hands(*others: int) -> dict[str, Any]:
    """A Dynamisch round: seat 0 went out, the others hold this many cards (no jacks)."""
    return {"hands": [{"jacks": 0, "others": n} for n in (0, *others)], "jack_suit": None}


def new_table(group: Group | None = None, variant: str = "dynamisch", rounds: int = 2) -> Table:
    """A table with some rounds, through the store."""
    options: dict[str, Any] = {"rate_cents": 10} if variant == "dynamisch" else {}
    table, _token = create_table(variant, "Freitag", PLAYERS, options, group.id if group else None)
    for n in range(rounds):
        add_round(table, hands(n + 1, 2, 3) if variant == "dynamisch" else {"winner": n % 4})
    return table


def new_group() -> Group:
    """A group (as the group page makes one)."""
    group = Group(name="Stammtisch", players=PLAYERS)
    group.set_edit_token()
    db.session.add(group)
    db.session.commit()
    return group


def test_a_deleted_table_leaves_its_groups_statistics_at_once(app: Flask) -> None:
    """Delete: gone from the group's results (and 410); restore: back."""
    with app.test_request_context():
        group = new_group()
        kept, stray = new_table(group), new_table(group)
        assert {r.table_id for r in group_results(group)} == {kept.id, stray.id}
        delete_table(stray)
        assert {r.table_id for r in group_results(group)} == {kept.id}
        with pytest.raises(Exception) as gone:
            table_or_404(stray.id)
        assert getattr(gone.value, "code", None) == 410
        assert deleted_tables([kept.id, stray.id]) == [stray]
        restore_table(stray)
        assert {r.table_id for r in group_results(group)} == {kept.id, stray.id}
        assert deleted_tables([stray.id]) == []


def test_a_deleted_group_takes_its_tables_and_brings_them_back(app: Flask) -> None:
    """A group deleted with its tables; a table deleted before stays deleted on restore."""
    with app.test_request_context():
        group = new_group()
        one, two, earlier = new_table(group), new_table(group), new_table(group)
        delete_table(earlier)
        delete_group(group)
        assert deleted_groups([group.id]) == [group]
        assert all(db.session.get(Table, t.id).deleted_at is not None for t in (one, two))
        with pytest.raises(Exception) as gone:
            group_or_404(group.id)
        assert getattr(gone.value, "code", None) == 410
        restore_group(group)
        assert group_or_404(group.id) is group
        assert db.session.get(Table, one.id).deleted_at is None
        assert db.session.get(Table, two.id).deleted_at is None
        assert db.session.get(Table, earlier.id).deleted_at is not None


def test_purge_removes_what_was_deleted_over_30_days_ago(app: Flask) -> None:
    """29 days: restorable; 31 days: gone with rounds and changes, and restore says so."""
    with app.test_request_context():
        group = new_group()
        old, recent = new_table(group), new_table()
        old_id, recent_id, group_id = old.id, recent.id, group.id
        delete_group(group)
        delete_table(recent)
        db.session.execute(
            Group.__table__.update().values(deleted_at=utcnow() - timedelta(days=31))
        )
        db.session.execute(
            Table.__table__.update()
            .where(Table.id == old_id)
            .values(deleted_at=utcnow() - timedelta(days=31))
        )
        db.session.commit()
        db.session.expire_all()
        with pytest.raises(InputError):
            restore_table(db.session.get(Table, old_id))
        assert purge_deleted() == 2
        assert db.session.get(Table, old_id) is None
        assert db.session.get(Group, group_id) is None
        assert db.session.scalars(select(Round).where(Round.table_id == old_id)).all() == []
        assert db.session.scalars(select(Change).where(Change.table_id == old_id)).all() == []
        assert db.session.get(Table, recent_id) is not None
        assert purge_deleted(utcnow() + timedelta(days=31)) == 1


def test_purge_runs_on_start_and_as_a_command(tmp_path: Path) -> None:
    """A start purges what is due; `flask purge` does it and says how many went."""
    settings = {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'p.sqlite'}",
        "SECRET_KEY": "test",
    }
    app = create_app(settings)
    with app.test_request_context():
        due, later = new_table(), new_table()
        for table, days in ((due, 40), (later, 10)):
            delete_table(table)
            db.session.execute(
                Table.__table__.update()
                .where(Table.id == table.id)
                .values(deleted_at=utcnow() - timedelta(days=days))
            )
        db.session.commit()
        ids = (due.id, later.id)
        db.engine.dispose()
    again = create_app(settings)
    with again.app_context():
        assert db.session.get(Table, ids[0]) is None
        assert db.session.get(Table, ids[1]) is not None
        db.session.execute(
            Table.__table__.update().values(deleted_at=utcnow() - timedelta(days=35))
        )
        db.session.commit()
    result = again.test_cli_runner().invoke(args=["purge"])
    assert result.exit_code == 0 and result.output.startswith("1 ")
    with again.app_context():
        assert db.session.get(Table, ids[1]) is None
        db.engine.dispose()


def test_play_again_keeps_everything_and_the_dealer_continues(app: Flask) -> None:
    """Same variant, players, options, house rules and group; the next dealer deals first."""
    with app.test_request_context():
        group = new_group()
        table = new_table(group, "terroristen", rounds=3)
        update_table(table, {"options": {"seven": "pass"}})
        dealer = table_state(table).next_dealer
        assert dealer != 0
        fresh, token = play_again(table)
        assert fresh.id != table.id and fresh.check_edit_token(token)
        assert (fresh.variant, fresh.players, fresh.group_id) == (
            table.variant,
            table.players,
            group.id,
        )
        assert fresh.options == table.options and fresh.options["seven"] == "pass"
        assert table_state(fresh).next_dealer == dealer
        add_round(fresh, {"winner": 0})
        assert table_state(fresh).next_dealer == (dealer + 1) % 4


def test_previews_are_one_query_each(app: Flask) -> None:
    """undo_preview and redo_preview never read the whole log: one statement each."""
    with app.test_request_context():
        table = new_table(rounds=5)
        undo_last_change(table)
        assert table.version  # loaded before counting
        statements: list[str] = []

        def count(*args: Any) -> None:
            """Note every statement sent."""
            statements.append(str(args[2]))

        event.listen(db.engine, "before_cursor_execute", count)
        try:
            undo = undo_preview(table)
            redo = redo_preview(table)
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
        assert len(statements) == 2, statements
        assert all("LIMIT" in s for s in statements)
        assert undo is not None and (undo.kind, undo.round_number) == ("add", 4)
        assert redo is not None and (redo.kind, redo.round_number) == ("add", 5)


def test_migration_gives_every_older_round_a_uid(tmp_path: Path) -> None:
    """A database at 0004 with rounds is upgraded: each round gets its own uid."""
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite'}",
            "SECRET_KEY": "test",
            "AUTO_MIGRATE": False,
        }
    )
    register_migrations(app)
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision="0004")
        now = utcnow()
        db.session.execute(
            text(
                "INSERT INTO tables (id, variant, name, players, options, version, created_at,"
                " updated_at, edit_token_hash) VALUES ('t1', 'terroristen', '', "
                "'[\"A\", \"B\"]', '{\"games\": null}', 2, :now, :now, 'x')"
            ),
            {"now": now},
        )
        for number in (1, 2):
            db.session.execute(
                text(
                    "INSERT INTO rounds (table_id, number, data, version, created_at, updated_at)"
                    " VALUES ('t1', :n, '{\"winner\": 0}', 1, :now, :now)"
                ),
                {"n": number, "now": now},
            )
        db.session.commit()
        upgrade(directory=str(MIGRATIONS))
        uids = db.session.execute(text("SELECT uid FROM rounds")).scalars().all()
        assert len(uids) == 2 and len(set(uids)) == 2 and all(len(u) == 12 for u in uids)
        table = db.session.get(Table, "t1")
        assert table is not None and (table.closed, table.deleted_at) == (False, None)
        db.engine.dispose()
