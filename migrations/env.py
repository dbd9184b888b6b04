"""Alembic environment: runs against the app's own engine and metadata (Flask-Migrate)."""

from __future__ import annotations

from alembic import context
from flask import current_app

from app.store import models  # noqa: F401  (registers the tables on the metadata)
from app.store.db import db


def run_migrations() -> None:
    """Online migrations only: the app always has a live engine.

    No logging.fileConfig here on purpose: the app's loggers must survive a migration on start.
    """
    engine = current_app.extensions["migrate"].db.engine
    with engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=db.metadata,
            render_as_batch=connection.dialect.name == "sqlite",
            compare_type=True,
        )
        with context.begin_transaction():
            context.run_migrations()


run_migrations()
