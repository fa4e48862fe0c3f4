"""The slash commands last synced to each scope, by digest, so a start whose commands are
unchanged does not sync them again (Discord rate-limits syncs).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-28 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "command_syncs",
        sa.Column("scope", sa.String(length=32), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("synced_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("scope", name=op.f("pk_command_syncs")),
    )


def downgrade() -> None:
    op.drop_table("command_syncs")
