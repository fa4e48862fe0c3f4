"""Per-person preferences (whether the bot may ping them), and each game's current post,
whose buttons are taken away when the next post replaces it, and the fingerprint of the
last map posted, so an order that moves nothing posts no new map.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "player_settings",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column(
            "pings", sa.Boolean(), nullable=False, comment="False: never mention them with a ping"
        ),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_player_settings")),
    )
    op.add_column(
        "games",
        sa.Column(
            "post_id",
            sa.BigInteger(),
            nullable=True,
            comment="The channel post carrying the game's current buttons",
        ),
    )
    op.add_column(
        "games",
        sa.Column(
            "post_picture",
            sa.String(length=64),
            nullable=True,
            comment="SHA-256 of the public picture last posted as a map",
        ),
    )


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("post_picture")
        batch.drop_column("post_id")
    op.drop_table("player_settings")
