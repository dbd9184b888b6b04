"""longer public ids: 128 random bits for new tables and groups

A view link needs only the id, so new ids carry 128 random bits (22 characters) instead of 72
(12): the id columns and the columns that refer to them grow from 16 to 24 characters. Existing
ids stay as they are, and their links keep working.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 08:10:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

# (table, column) pairs that hold a table or group id, referenced ones first.
ID_COLUMNS = [
    ("groups", "id"),
    ("tables", "id"),
    ("tables", "group_id"),
    ("rounds", "table_id"),
    ("changes", "table_id"),
    ("idempotency_keys", "table_id"),
]


def resize(old: int, new: int) -> None:
    """Every id column from `old` to `new` characters.

    SQLite does not enforce a VARCHAR length, and recreating the referenced tables (Alembic's
    batch mode) would trip its foreign keys: there only the declared type is rewritten, in the
    schema text, so the database says what the models say.
    """
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        rewrite_sqlite_schema(f"VARCHAR({old})", f"VARCHAR({new})")
        return
    for table, column in ID_COLUMNS:
        op.alter_column(
            table, column, type_=sa.String(length=new), existing_type=sa.String(length=old)
        )


def rewrite_sqlite_schema(old: str, new: str) -> None:
    """Change a type in the stored CREATE TABLE statements of the id columns' tables."""
    tables = sorted({table for table, _column in ID_COLUMNS})
    op.execute("PRAGMA writable_schema = ON")
    for table in tables:
        op.execute(
            sa.text(
                "UPDATE sqlite_master SET sql = replace(sql, :old, :new) "
                "WHERE type = 'table' AND name = :name"
            ).bindparams(old=old, new=new, name=table)
        )
    # A new schema version makes every connection read the rewritten statements again.
    version = op.get_bind().exec_driver_sql("PRAGMA schema_version").scalar_one()
    op.execute(f"PRAGMA schema_version = {int(version) + 1}")
    op.execute("PRAGMA writable_schema = OFF")


def upgrade() -> None:
    """Ids of up to 24 characters."""
    resize(16, 24)


def downgrade() -> None:
    """Back to 16 (only while every id is that short)."""
    resize(24, 16)
