"""season start: the day a group's season (its year of statistics) starts

One column on `groups`, `season_start`: "MM-DD", empty for the calendar year.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28 03:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the group's season start."""
    with op.batch_alter_table("groups") as batch:
        batch.add_column(sa.Column("season_start", sa.String(length=5), nullable=True))


def downgrade() -> None:
    """Drop it again."""
    with op.batch_alter_table("groups") as batch:
        batch.drop_column("season_start")
