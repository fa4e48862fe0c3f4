"""Solo campaigns: a player's chain of battles against the bot in one channel, with each
battle's game, its result in the game's own terms and the points it scored.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("preset", sa.String(length=64), nullable=False),
        sa.Column("side", sa.String(length=32), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('active', 'finished', 'abandoned')", name=op.f("ck_campaigns_status")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_campaigns")),
    )
    op.create_index(
        "uq_campaigns_active_channel",
        "campaigns",
        ["channel_id"],
        unique=True,
        sqlite_where=sa.text("status = 'active'"),
        postgresql_where=sa.text("status = 'active'"),
    )
    op.create_table(
        "campaign_battles",
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column(
            "outcome",
            sa.String(length=16),
            nullable=True,
            comment="won, drawn, lost or aborted, from the player's side; None: playing",
        ),
        sa.Column("summary", sa.Text(), nullable=True, comment="The result in the game's terms"),
        sa.Column("points", sa.Integer(), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_campaign_battles_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_campaign_battles_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("campaign_id", "number", name=op.f("pk_campaign_battles")),
    )
    op.create_index(
        op.f("ix_campaign_battles_game_id"), "campaign_battles", ["game_id"], unique=True
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_campaign_battles_game_id"), table_name="campaign_battles")
    op.drop_table("campaign_battles")
    op.drop_index("uq_campaigns_active_channel", table_name="campaigns")
    op.drop_table("campaigns")
