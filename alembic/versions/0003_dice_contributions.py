"""Players' contributions to the dice, fixed in the game log entry that made them.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-28 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: entries logged before contributions existed simply have none.
    op.add_column("events", sa.Column("contributions", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("contributions")
