"""forgiving tables: deleted tables and groups, closed tables, round ids, redo

Tables and groups get `deleted_at` (restorable for 30 days, then purged), a table `closed`
(an open-ended table ended by hand) and `first_dealer` ("play again" continues the dealer), a
round a stable public `uid` (API `id`, `etag` = uid.version; existing rounds get one here),
and a change `redoable` (undo can be redone until the next new change).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 09:30:00
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

rounds = sa.table("rounds", sa.column("id", sa.Integer), sa.column("uid", sa.String))


def upgrade() -> None:
    """Add the columns; give every existing round its uid.

    Plain ADD COLUMN (SQLite can): recreating `tables` or `groups` in batch mode would trip the
    foreign keys that point at them. Only `rounds`, which nothing refers to, is recreated for
    its NOT NULL uid.
    """
    op.add_column("groups", sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index(op.f("ix_groups_deleted_at"), "groups", ["deleted_at"], unique=False)
    op.add_column(
        "tables", sa.Column("closed", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column(
        "tables", sa.Column("first_dealer", sa.Integer(), nullable=False, server_default="0")
    )
    op.add_column("tables", sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index(op.f("ix_tables_deleted_at"), "tables", ["deleted_at"], unique=False)
    op.add_column(
        "changes", sa.Column("redoable", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("rounds", sa.Column("uid", sa.String(length=16), nullable=True))

    bind = op.get_bind()
    for (round_id,) in bind.execute(sa.select(rounds.c.id)).all():
        bind.execute(
            rounds.update()
            .where(rounds.c.id == round_id)
            .values(uid=secrets.token_urlsafe(9))  # models.new_round_uid when written
        )

    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.alter_column("uid", existing_type=sa.String(length=16), nullable=False)
        batch_op.create_unique_constraint(batch_op.f("uq_rounds_uid"), ["uid"])


def downgrade() -> None:
    """Drop the columns again (deleted tables and groups come back as ordinary ones)."""
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_rounds_uid"), type_="unique")
        batch_op.drop_column("uid")
    op.drop_column("changes", "redoable")
    op.drop_index(op.f("ix_tables_deleted_at"), table_name="tables")
    op.drop_column("tables", "deleted_at")
    op.drop_column("tables", "first_dealer")
    op.drop_column("tables", "closed")
    op.drop_index(op.f("ix_groups_deleted_at"), table_name="groups")
    op.drop_column("groups", "deleted_at")
