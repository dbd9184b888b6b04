"""idempotency keys keep a fingerprint of their round

A key reused for a different round is refused (422) instead of answered with the first round;
keys remembered before have no fingerprint and are replayed as before.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26 18:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """One nullable column: existing rows keep working without a fingerprint."""
    op.add_column("idempotency_keys", sa.Column("body_hash", sa.String(length=64), nullable=True))


def downgrade() -> None:
    """Drop the column again (batch mode: SQLite cannot drop a column in place everywhere)."""
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.drop_column("body_hash")
