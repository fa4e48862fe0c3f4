"""Leagues: their players and the pairings of each round.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-29 20:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("scenario", sa.String(length=128), nullable=True),
        sa.Column("format", sa.String(length=16), nullable=False),
        sa.Column("schedule", sa.String(length=16), nullable=False),
        sa.Column(
            "rounds",
            sa.Integer(),
            nullable=True,
            comment="Swiss rounds chosen; None: as many as the format gives",
        ),
        sa.Column("deadline_hours", sa.Integer(), nullable=False),
        sa.Column(
            "round",
            sa.Integer(),
            nullable=False,
            comment="The round under way; 0 while players sign up",
        ),
        sa.Column(
            "status", sa.String(length=16), nullable=False, comment="open, running or finished"
        ),
        sa.Column("organiser_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("format IN ('round-robin', 'swiss')", name=op.f("ck_leagues_format")),
        sa.CheckConstraint(
            "schedule IN ('as-ready', 'by-organiser')", name=op.f("ck_leagues_schedule")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leagues")),
    )
    op.create_index("ix_leagues_guild_id", "leagues", ["guild_id"], unique=False)
    op.create_table(
        "league_players",
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "left_at",
            sa.DateTime(timezone=True),
            nullable=True,
            comment="When they left; their games not yet played are forfeited",
        ),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_players_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("league_id", "user_id", name=op.f("pk_league_players")),
    )
    op.create_table(
        "league_games",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column(
            "first_id", sa.BigInteger(), nullable=False, comment="Plays the system's first side"
        ),
        sa.Column("second_id", sa.BigInteger(), nullable=True, comment="None: a bye"),
        sa.Column("thread_id", sa.BigInteger(), nullable=True),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column(
            "claimed_at",
            sa.DateTime(timezone=True),
            nullable=True,
            comment="When a process began making its thread and game",
        ),
        sa.Column(
            "score",
            sa.Float(),
            nullable=True,
            comment="The first player's score: 1, 0.5 or 0; None until decided",
        ),
        sa.Column(
            "how",
            sa.String(length=16),
            nullable=True,
            comment="played, aborted, forfeit or bye, once decided",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_league_games_game_id_games"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_games_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_games")),
    )
    op.create_index(
        "ix_league_games_league_id_round", "league_games", ["league_id", "round"], unique=False
    )
    op.create_index("ix_league_games_game_id", "league_games", ["game_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_league_games_game_id", table_name="league_games")
    op.drop_index("ix_league_games_league_id_round", table_name="league_games")
    op.drop_table("league_games")
    op.drop_table("league_players")
    op.drop_index("ix_leagues_guild_id", table_name="leagues")
    op.drop_table("leagues")
