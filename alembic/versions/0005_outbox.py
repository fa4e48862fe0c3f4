"""The outbox: what each committed order owes Discord (its post, pings and DMs), written in
the order's transaction and sent by a worker that marks it done; and the position each
person was last shown of each game, which orders given by slash command are checked against,
and the position each game's current post shows, so a post left stale is refreshed on start.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column(
            "version",
            sa.Integer(),
            nullable=False,
            comment="The game's version once the order committed",
        ),
        sa.Column("position", sa.String(length=64), nullable=False),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.Column(
            "private",
            sa.JSON(),
            nullable=False,
            comment="Hidden lines owed by DM, by the user id (as text) they go to",
        ),
        sa.Column("actor_id", sa.BigInteger(), nullable=True),
        sa.Column("handed_to", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_outbox_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
    )
    op.create_index(
        "ix_outbox_sent_at_claimed_until", "outbox", ["sent_at", "claimed_until"], unique=False
    )
    op.add_column(
        "games",
        sa.Column(
            "post_position",
            sa.String(length=64),
            nullable=True,
            comment="The position the current post shows, noted once it is sent",
        ),
    )
    op.create_table(
        "seen_positions",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("position", sa.String(length=64), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_seen_positions_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "user_id", name=op.f("pk_seen_positions")),
    )


def downgrade() -> None:
    op.drop_table("seen_positions")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("post_position")
    op.drop_index("ix_outbox_sent_at_claimed_until", table_name="outbox")
    op.drop_table("outbox")
