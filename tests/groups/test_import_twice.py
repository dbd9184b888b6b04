"""Importing a backup that is already here asks first: replace, keep both or cancel.
Without the question a second import silently made a twin."""

from __future__ import annotations

import io
import re
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func
from sqlalchemy import select

from app.store.db import db
from app.store.groups import delete_group
from app.store.models import Group
from app.store.models import Table
from app.web.found import group_or_404
from tests.groups.conftest import TableMaker
from tests.groups.samples import SAMPLES
from tests.groups.samples import claim
from tests.groups.samples import day
from tests.groups.test_import_backup import GroupMaker
from tests.groups.test_import_backup import csrf_token
from tests.helpers import played_table


def send(client: FlaskClient, data: dict[str, Any], lang: str = "de") -> Any:
    """Post the import form as the browser does (multipart)."""
    return client.post(f"/import?lang={lang}", data=data, content_type="multipart/form-data")


def upload(client: FlaskClient, raw: bytes, lang: str = "de") -> Any:
    """Send a backup file, no answer given."""
    return send(client, {"backup": (io.BytesIO(raw), "backup.json")}, lang)


def held(html: str) -> str:
    """The backup the question page holds for the answer."""
    found = re.search(r'<input id="held" name="held" type="hidden" value="([^"]*)"', html)
    assert found, "the page holds no backup"
    return unescape(found.group(1))


def answers(html: str) -> list[str]:
    """The choices the question offers."""
    return re.findall(r'name="duplicate" type="radio" value="(\w+)"', html)


def live(app: Flask, model: type[Group] | type[Table]) -> int:
    """How many groups or tables are not deleted."""
    with app.app_context():
        query = select(func.count()).select_from(model).where(model.deleted_at.is_(None))
        return db.session.scalar(query) or 0


def test_the_same_group_backup_again_asks_and_cancel_keeps_everything(
    app: Flask, client: FlaskClient, make_group: GroupMaker, make_table: TableMaker
) -> None:
    """The backup of a group that is here: the page asks (German and English); cancel
    imports nothing and leads to the group that is here; keep both makes a second one."""
    group_id, _token = make_group(name="Krone")
    make_table("deluxe", group_id=group_id, created_at=day(12))
    raw = client.get(f"/g/{group_id}/export.json").data
    before = live(app, Group), live(app, Table)
    page = upload(client, raw)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Diese Sicherung ist die Gruppe „Krone“, und die ist schon da." in html
    # A phone without the group's edit link may keep both or cancel, not replace.
    assert answers(html) == ["keep", "cancel"]
    assert "Ersetzen kann nur ein Handy, das es ändern darf." in html
    assert (live(app, Group), live(app, Table)) == before
    english = upload(client, raw, lang="en").get_data(as_text=True)
    assert "This backup is the group “Krone”, which is already here." in english
    assert "Keep both" in english and "Cancel" in english
    cancelled = send(client, {"held": held(html), "duplicate": "cancel"})
    assert cancelled.status_code == 302 and cancelled.location.endswith(f"/g/{group_id}")
    assert (live(app, Group), live(app, Table)) == before
    kept = send(client, {"held": held(html), "duplicate": "keep"})
    assert kept.status_code == 302 and not kept.location.endswith(f"/g/{group_id}")
    assert (live(app, Group), live(app, Table)) == (before[0] + 1, before[1] + 1)


def test_a_copy_is_recognised_by_its_content_and_replace_puts_the_backup_in_its_place(
    app: Flask, client: FlaskClient, make_group: GroupMaker, make_table: TableMaker
) -> None:
    """Import once (the original is gone meanwhile), then again: the copy has new ids but the
    same content, so the page asks; this phone holds the copy's edit link and may replace it:
    the copy goes to the recently deleted, the backup takes its place."""
    group_id, _token = make_group(name="Krone")
    make_table("speedone", group_id=group_id, created_at=day(3))
    raw = client.get(f"/g/{group_id}/export.json").data
    with app.app_context():
        delete_group(group_or_404(group_id))
    first = upload(client, raw)  # the original is deleted: nothing here to ask about
    assert first.status_code == 302
    copy_id = first.location.rsplit("/", 1)[-1]
    html = upload(client, raw).get_data(as_text=True)
    assert answers(html) == ["replace", "keep", "cancel"]
    assert f'href="/g/{copy_id}"' in html
    replaced = send(client, {"held": held(html), "duplicate": "replace"})
    assert replaced.status_code == 302
    new_id = replaced.location.rsplit("/", 1)[-1]
    assert new_id != copy_id
    with app.app_context():
        assert db.session.get(Group, copy_id).deleted_at is not None  # restorable
        assert db.session.get(Group, new_id).deleted_at is None
    assert live(app, Group) == 1
    assert "Die Sicherung hat „Krone“ ersetzt" in client.get(f"/g/{new_id}").get_data(as_text=True)


def test_replace_needs_the_edit_link_of_what_is_here(
    app: Flask, client: FlaskClient, make_group: GroupMaker, make_table: TableMaker
) -> None:
    """A forged answer "replace" from a phone that may not change the group: refused."""
    group_id, token = make_group(name="Krone")
    raw = client.get(f"/g/{group_id}/export.json").data
    html = upload(client, raw).get_data(as_text=True)
    refused = send(client, {"held": held(html), "duplicate": "replace"})
    assert refused.status_code == 403 and live(app, Group) == 1
    claim(client, group_id, token)
    html = upload(client, raw).get_data(as_text=True)
    assert answers(html) == ["replace", "keep", "cancel"]


def test_the_same_table_backup_again_asks_too(
    app: Flask, client: FlaskClient, make_table: TableMaker
) -> None:
    """A table backup whose table is here: asked, named by its name."""
    table_id = make_table("dynamisch", name="Freitag")
    raw = client.get(f"/t/{table_id}/export.json").data
    html = upload(client, raw, lang="en").get_data(as_text=True)
    assert "This backup is the table “Freitag”, which is already here." in html
    assert live(app, Table) == 1


@pytest.mark.postgres
def test_the_question_on_postgresql(pg_app: Flask) -> None:
    """The same on PostgreSQL (aware times, JSON columns): the copy is recognised by content."""
    client = pg_app.test_client()
    with pg_app.app_context():
        group = Group(name="Krone", players=["Anna", "Ben", "Cem", "Dora"])
        group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        options, rounds = SAMPLES["deluxe"]
        played_table("deluxe", group.players, options, rounds, group_id=group.id)
        group_id = group.id
    raw = client.get(f"/g/{group_id}/export.json").data
    with pg_app.app_context():
        delete_group(group_or_404(group_id))
    token = csrf_token(client)  # CSRF is on here, as in production

    def file() -> dict[str, Any]:
        """The backup file with the form's token."""
        return {"backup": (io.BytesIO(raw), "backup.json"), "csrf_token": token}

    assert send(client, file()).status_code == 302  # the original is deleted: no question
    html = send(client, file()).get_data(as_text=True)
    assert "und die ist schon da" in html and answers(html) == ["replace", "keep", "cancel"]
    kept = send(client, {"held": held(html), "duplicate": "keep", "csrf_token": token})
    assert kept.status_code == 302
    assert live(pg_app, Group) == 2
