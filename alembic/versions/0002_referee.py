"""Referee toolkit: per-channel unit rosters and event decks, per-guild house rules.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _channel_document(name: str) -> None:
    op.create_table(
        name,
        sa.Column("channel_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("channel_id", name=op.f(f"pk_{name}")),
    )


def upgrade() -> None:
    _channel_document("referee_rosters")
    _channel_document("event_decks")
    op.create_table(
        "house_rules",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("set_by", sa.BigInteger(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "key", name=op.f("pk_house_rules")),
    )


def downgrade() -> None:
    op.drop_table("house_rules")
    op.drop_table("event_decks")
    op.drop_table("referee_rosters")
