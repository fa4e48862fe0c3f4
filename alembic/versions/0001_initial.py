"""Initial schema: games, seats, events, guild settings and rolls.

Revision ID: 0001
Revises:
Create Date: 2026-11-21 09:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ACTIVE_ONLY = sa.text("status = 'active'")


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("scenario", sa.String(length=128), nullable=False),
        sa.Column("mode", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seed", sa.String(length=128), nullable=False),
        sa.Column("seed_commitment", sa.String(length=64), nullable=False),
        sa.Column("dice_cursor", sa.Integer(), nullable=False),
        sa.Column("creator_id", sa.BigInteger(), nullable=False),
        sa.Column("result", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_action_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reminded_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "status IN ('active', 'finished', 'aborted')", name=op.f("ck_games_status")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_index("ix_games_channel_id", "games", ["channel_id"])
    op.create_index("ix_games_status_last_action_at", "games", ["status", "last_action_at"])
    op.create_index(
        "uq_games_active_channel",
        "games",
        ["channel_id"],
        unique=True,
        sqlite_where=ACTIVE_ONLY,
        postgresql_where=ACTIVE_ONLY,
    )

    op.create_table(
        "seats",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_seats_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "side", name=op.f("pk_seats")),
    )

    op.create_table(
        "events",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("actor_id", sa.BigInteger(), nullable=True),
        sa.Column("side", sa.String(length=32), nullable=True),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("dice", sa.JSON(), nullable=False),
        sa.Column("public_text", sa.Text(), nullable=False),
        sa.Column("private", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_events_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "seq", name=op.f("pk_events")),
    )

    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("referee_role_id", sa.BigInteger(), nullable=True),
        sa.Column(
            "reminder_hours",
            sa.Float(),
            nullable=True,
            comment="None: use the bot's REMINDER_HOURS setting",
        ),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_guild_settings")),
    )

    op.create_table(
        "rolls",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("expression", sa.Text(), nullable=False),
        sa.Column("result_text", sa.Text(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rolls")),
    )
    op.create_index("ix_rolls_channel_id", "rolls", ["channel_id"])


def downgrade() -> None:
    op.drop_index("ix_rolls_channel_id", table_name="rolls")
    op.drop_table("rolls")
    op.drop_table("guild_settings")
    op.drop_table("events")
    op.drop_table("seats")
    op.drop_index("uq_games_active_channel", table_name="games")
    op.drop_index("ix_games_status_last_action_at", table_name="games")
    op.drop_index("ix_games_channel_id", table_name="games")
    op.drop_table("games")
