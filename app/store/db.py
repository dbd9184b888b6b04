"""The database handle shared by the models, the views and the migrations."""

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base with a naming convention so Alembic migrations get stable names."""

    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


class Database(SQLAlchemy):
    """Flask-SQLAlchemy, ending only a session the request (or app context) opened.

    Its teardown removes the context's session whether or not there is one; with none,
    SQLAlchemy's registry raises and catches a KeyError to find that out. A referee question,
    a static file or a 304 uses no session: for them the teardown is one lookup."""

    def _teardown_session(self, exc: BaseException | None) -> None:
        """Close and forget the context's session, if it has one."""
        if self.session.registry.has():
            self.session.remove()


db = Database(model_class=Base)
