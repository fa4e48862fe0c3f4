"""A post is noted on its game only if it shows the position the game's noted post shows,
or a newer one: a row marked late, after a newer post was noted, no longer takes the game's
buttons back to its older post.

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-30 02:30:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0018"
down_revision: str | Sequence[str] | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NOTE_ON_GAME = (
    "UPDATE games SET post_id = NEW.post_id,"
    " post_picture = COALESCE(NEW.post_picture, games.post_picture),"
    " post_position = NEW.position, post_version = NEW.version"
    " WHERE id = NEW.game_id{newer};"
)
"""What the trigger does: the game's current post becomes the row's."""
NEWER = " AND (games.post_version IS NULL OR games.post_version <= NEW.version)"


def _trigger(newer: str) -> None:
    body = NOTE_ON_GAME.format(newer=newer)
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "CREATE OR REPLACE FUNCTION outbox_posted() RETURNS trigger LANGUAGE plpgsql AS "
            f"$$ BEGIN {body} RETURN NULL; END $$"
        )
    else:
        op.execute("DROP TRIGGER outbox_posted")
        op.execute(
            "CREATE TRIGGER outbox_posted AFTER UPDATE OF sent_at ON outbox FOR EACH ROW "
            f"WHEN NEW.post_id IS NOT NULL BEGIN {body} END"
        )


def upgrade() -> None:
    _trigger(NEWER)


def downgrade() -> None:
    _trigger("")
