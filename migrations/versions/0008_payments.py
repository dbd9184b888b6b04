"""payments: a payment is a fact; the group's way to settle and its push version

A new table `payments` (who paid whom how much, for which evening, month or tables, when, from
which phone) and three columns on `groups`: `settle_mode`, `kasse_holder` and `version`. The
older `paid_ticks` stay as they are: a transfer ticked paid is taken over as a payment (and
its ticks deleted) the first time the evening, month or tables it was ticked on are settled
again (app.store.old_ticks).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27 23:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `payments`, add the group's settings and version."""
    op.create_table(
        "payments",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("group_id", sa.String(length=24), nullable=False),
        sa.Column("payer", sa.String(length=40), nullable=True),
        sa.Column("payee", sa.String(length=40), nullable=True),
        sa.Column("cents", sa.Integer(), nullable=False),
        sa.Column("scope_kind", sa.String(length=8), nullable=False),
        sa.Column("scope_key", sa.Text(), nullable=False),
        sa.Column("transfer_id", sa.String(length=32), nullable=True),
        sa.Column("phone", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name=op.f("fk_payments_group_id_groups")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payments")),
    )
    op.create_index(op.f("ix_payments_group_id"), "payments", ["group_id"], unique=False)
    with op.batch_alter_table("groups") as batch:
        batch.add_column(
            sa.Column("settle_mode", sa.String(length=8), nullable=False, server_default="direct")
        )
        batch.add_column(sa.Column("kasse_holder", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("groups") as batch:
        batch.drop_column("version")
        batch.drop_column("kasse_holder")
        batch.drop_column("settle_mode")
    op.drop_index(op.f("ix_payments_group_id"), table_name="payments")
    op.drop_table("payments")
