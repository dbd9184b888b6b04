"""the group's tables by their start: an evening reads its own tables

An evening's page, Kassensturz, PDF and picture find the group's tables started in its span;
with this index they read those rows, not every table the group ever played.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28 03:00:00
"""

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """One index on (group_id, created_at)."""
    op.create_index("ix_tables_group_started", "tables", ["group_id", "created_at"])


def downgrade() -> None:
    """Drop the index again."""
    op.drop_index("ix_tables_group_started", table_name="tables")
