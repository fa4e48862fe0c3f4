"""Ratings: a server's and a person's opt-in, each person's rating by system and side, and
what each rated game changed, in order.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29 18:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("guild_settings") as batch:
        batch.add_column(
            sa.Column(
                "ratings",
                sa.Boolean(),
                nullable=True,
                comment="True: finished two-player games between people here are rated",
            )
        )
    with op.batch_alter_table("player_settings") as batch:
        batch.add_column(
            sa.Column(
                "rated",
                sa.Boolean(),
                nullable=True,
                comment="True: their games count toward ratings where the server rates games",
            )
        )
    op.create_table(
        "ratings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("side", sa.String(length=32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "user_id", "system", "side", name=op.f("pk_ratings")),
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("side", sa.String(length=32), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_rating_changes_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_changes")),
        sa.UniqueConstraint("game_id", "side", name=op.f("uq_rating_changes_game_id_side")),
    )
    op.create_index("ix_rating_changes_guild_id", "rating_changes", ["guild_id"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_guild_id", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    with op.batch_alter_table("player_settings") as batch:
        batch.drop_column("rated")
    with op.batch_alter_table("guild_settings") as batch:
        batch.drop_column("ratings")
