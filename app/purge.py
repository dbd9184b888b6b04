"""Deleted tables and groups are kept for 30 days (restorable), then removed for good.

`flask --app app purge` removes what is due; every start does the same (`app.dbsetup`), so a
home server that runs for weeks between restarts still purges on the next one.
"""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import with_appcontext

from app import store


@click.command("purge")
@with_appcontext
def purge_command() -> None:
    """Remove the tables and groups deleted more than 30 days ago."""
    gone = store.purge_deleted()
    click.echo(f"{gone} gelöschte Tische/Gruppen endgültig entfernt / deleted tables/groups purged")


def init_purge(app: Flask) -> None:
    """Offer the `purge` command and purge what is due now (inside the app context, once the
    schema is current)."""
    app.cli.add_command(purge_command)
    if app.config.get("AUTO_MIGRATE"):
        store.purge_deleted()
