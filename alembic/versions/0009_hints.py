"""A person's choice of first-game hints: on, off, or (no value) during their first game of
each system.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28 15:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("player_settings") as batch:
        batch.add_column(
            sa.Column(
                "hints",
                sa.Boolean(),
                nullable=True,
                comment="True: always; False: never; none: in a first game of a system",
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("player_settings") as batch:
        batch.drop_column("hints")
