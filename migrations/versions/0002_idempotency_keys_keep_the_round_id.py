"""idempotency keys keep the round id, not the whole answer

A remembered Idempotency-Key kept the whole table JSON of its answer, forever. It now keeps
the status and the id of the round it made (the answer is rebuilt on a repeat), and records
older than a week are deleted (`app.store.KEY_LIFETIME`), found through an index on
`created_at`.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-28 10:00:00
"""

from datetime import UTC
from datetime import datetime
from datetime import timedelta

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

KEY_LIFETIME = timedelta(days=7)  # app.store.KEY_LIFETIME when this revision was written

keys = sa.table(
    "idempotency_keys",
    sa.column("table_id", sa.String),
    sa.column("key", sa.String),
    sa.column("response", sa.JSON),
    sa.column("round_id", sa.Integer),
    sa.column("created_at", sa.DateTime(timezone=True)),
)
rounds = sa.table(
    "rounds",
    sa.column("id", sa.Integer),
    sa.column("table_id", sa.String),
    sa.column("number", sa.Integer),
    sa.column("data", sa.JSON),
)


def upgrade():
    """Add round_id, fill it from the stored answers, drop the answers, index created_at."""
    with op.batch_alter_table("idempotency_keys", schema=None) as batch_op:
        batch_op.add_column(sa.Column("round_id", sa.Integer(), nullable=True))

    bind = op.get_bind()
    bind.execute(keys.delete().where(keys.c.created_at < datetime.now(UTC) - KEY_LIFETIME))
    for table_id, key, response in bind.execute(
        sa.select(keys.c.table_id, keys.c.key, keys.c.response)
    ).all():
        first = (response or {}).get("round") or {}
        found = bind.execute(
            sa.select(rounds.c.id, rounds.c.data).where(
                rounds.c.table_id == table_id, rounds.c.number == first.get("number")
            )
        ).first()
        where = (keys.c.table_id == table_id) & (keys.c.key == key)
        if found is not None and found.data == first.get("input"):
            bind.execute(keys.update().where(where).values(round_id=found.id))
        else:
            # Its round was deleted or renumbered since: a repeat of this key, if any comes
            # within the week, adds the round once more, as a key never sent would.
            bind.execute(keys.delete().where(where))

    with op.batch_alter_table("idempotency_keys", schema=None) as batch_op:
        batch_op.alter_column("round_id", existing_type=sa.Integer(), nullable=False)
        batch_op.drop_column("response")
        batch_op.create_index(
            batch_op.f("ix_idempotency_keys_created_at"), ["created_at"], unique=False
        )


def downgrade():
    """Back to whole answers: the remembered keys are dropped (no answer to give back)."""
    op.execute(keys.delete())
    with op.batch_alter_table("idempotency_keys", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_idempotency_keys_created_at"))
        batch_op.add_column(sa.Column("response", sa.JSON(), nullable=False))
        batch_op.drop_column("round_id")
