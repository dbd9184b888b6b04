"""rate limits: fixed-window counters shared by every process

Creating tables, groups and imports is rate-limited per client address (`app.web.limits`); the
counts live in the database so that several server processes count together.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 08:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """The table of windows: key (kind and address), hits, end of the window."""
    op.create_table(
        "rate_limits",
        sa.Column("key", sa.String(length=255), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )


def downgrade() -> None:
    """Drop the windows (counting starts afresh)."""
    op.drop_table("rate_limits")
