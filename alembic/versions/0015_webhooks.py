"""Servers' webhooks: one a server, the deliveries owed to each, and the phase each was last
told of a game.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-29 21:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "webhooks",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("url", sa.String(length=500), nullable=False),
        sa.Column(
            "secret",
            sa.String(length=64),
            nullable=False,
            comment="Signs each delivery; shown once to whoever set the hook",
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "lease_until",
            sa.DateTime(timezone=True),
            nullable=True,
            comment="A process delivering to the hook holds it until then",
        ),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_webhooks")),
    )
    op.create_table(
        "webhook_deliveries",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("event", sa.String(length=32), nullable=False),
        sa.Column(
            "body",
            sa.Text(),
            nullable=False,
            comment="The JSON sent, byte for byte what is signed",
        ),
        sa.Column(
            "status",
            sa.String(length=16),
            nullable=False,
            comment="pending, delivered, or failed (given up)",
        ),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "due_at",
            sa.DateTime(timezone=True),
            nullable=True,
            comment="When the next attempt may be made; None once delivered or given up",
        ),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.String(length=200), nullable=True),
        sa.CheckConstraint(
            "status IN ('pending', 'delivered', 'failed')",
            name=op.f("ck_webhook_deliveries_status"),
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_webhook_deliveries_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["guild_id"],
            ["webhooks.guild_id"],
            name=op.f("fk_webhook_deliveries_guild_id_webhooks"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_webhook_deliveries")),
        sa.UniqueConstraint("guild_id", "key", name=op.f("uq_webhook_deliveries_guild_id_key")),
    )
    op.create_index(
        "ix_webhook_deliveries_status_due_at", "webhook_deliveries", ["status", "due_at"]
    )
    op.create_table(
        "webhook_games",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_webhook_games_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["guild_id"],
            ["webhooks.guild_id"],
            name=op.f("fk_webhook_games_guild_id_webhooks"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("guild_id", "game_id", name=op.f("pk_webhook_games")),
    )


def downgrade() -> None:
    op.drop_table("webhook_games")
    op.drop_index("ix_webhook_deliveries_status_due_at", table_name="webhook_deliveries")
    op.drop_table("webhook_deliveries")
    op.drop_table("webhooks")
