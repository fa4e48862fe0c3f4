"""Members looking for a game: a request per server, member and system, until it lapses.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-29 18:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column(
            "side",
            sa.String(length=32),
            nullable=True,
            comment="None: any side; otherwise only a game with this side free",
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lapses_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "user_id", "system", name=op.f("pk_seeks")),
    )
    op.create_index("ix_seeks_guild_id_system", "seeks", ["guild_id", "system"])


def downgrade() -> None:
    op.drop_index("ix_seeks_guild_id_system", table_name="seeks")
    op.drop_table("seeks")
