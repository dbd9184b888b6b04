"""ratings checkpoints: what a group's ratings came to before its newest evening

One table, `ratings_checkpoints`: per group the ratings, games and tables as rated before its
newest evening, with what they were made from. Derived, not a fact (app.store.derived): a start
of the server goes on from there instead of replaying every game; a deleted group's row goes
with it.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28 06:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table."""
    op.create_table(
        "ratings_checkpoints",
        sa.Column("group_id", sa.String(length=24), nullable=False),
        sa.Column("made_by", sa.String(length=64), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"],
            ["groups.id"],
            name=op.f("fk_ratings_checkpoints_group_id_groups"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("group_id", name=op.f("pk_ratings_checkpoints")),
    )


def downgrade() -> None:
    """Drop it again."""
    op.drop_table("ratings_checkpoints")
