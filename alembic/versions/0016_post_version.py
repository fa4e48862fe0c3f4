"""The version of the position the game's current post shows, noted with the post itself,
instead of a "seen by the channel" row written in a commit of its own before every post.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-29 23:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CHANNEL = 0
"""The user id under which seen_positions kept what the whole channel was shown."""
EARLIER = -1
"""The version noted for a post that shows a position older than its game's known ones."""


def upgrade() -> None:
    op.add_column(
        "games",
        sa.Column(
            "post_version",
            sa.Integer(),
            nullable=True,
            comment="The version of the position the current post shows",
        ),
    )
    # the channel's row agrees with the post when the post went up; where it does not (a
    # post that failed after its row was written, which the outbox still owes), the post
    # shows some earlier position: EARLIER, older than any
    op.execute(
        sa.text(
            "UPDATE games SET post_version = COALESCE((SELECT s.version FROM seen_positions s"
            " WHERE s.game_id = games.id AND s.user_id = :channel"
            " AND s.position = games.post_position), :earlier)"
            " WHERE post_position IS NOT NULL"
        ).bindparams(channel=CHANNEL, earlier=EARLIER)
    )
    op.execute(
        sa.text("DELETE FROM seen_positions WHERE user_id = :channel").bindparams(channel=CHANNEL)
    )


def downgrade() -> None:
    op.execute(
        sa.text(
            "INSERT INTO seen_positions (game_id, user_id, version, position, seen_at)"
            " SELECT id, :channel, post_version, post_position, updated_at FROM games"
            " WHERE post_version > :earlier AND post_position IS NOT NULL"
        ).bindparams(channel=CHANNEL, earlier=EARLIER)
    )
    with op.batch_alter_table("games") as batch:
        batch.drop_column("post_version")
