"""kasse: paid ticks of the Kassensturz and the group members' IBANs

Two new tables, nothing existing changes: `paid_ticks` (a log of transfers ticked paid or
unticked, undoable) and `group_ibans` (one IBAN per group member, for the GiroCode).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26 18:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create both tables."""
    op.create_table(
        "paid_ticks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.String(length=24), nullable=False),
        sa.Column("transfer_id", sa.String(length=32), nullable=False),
        sa.Column("paid", sa.Boolean(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name=op.f("fk_paid_ticks_group_id_groups")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_paid_ticks")),
    )
    op.create_index(op.f("ix_paid_ticks_group_id"), "paid_ticks", ["group_id"], unique=False)
    op.create_table(
        "group_ibans",
        sa.Column("group_id", sa.String(length=24), nullable=False),
        sa.Column("player_key", sa.String(length=40), nullable=False),
        sa.Column("iban", sa.String(length=34), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name=op.f("fk_group_ibans_group_id_groups")
        ),
        sa.PrimaryKeyConstraint("group_id", "player_key", name=op.f("pk_group_ibans")),
    )


def downgrade() -> None:
    """Drop both tables."""
    op.drop_table("group_ibans")
    op.drop_index(op.f("ix_paid_ticks_group_id"), table_name="paid_ticks")
    op.drop_table("paid_ticks")
