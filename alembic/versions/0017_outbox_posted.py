"""An outbox row marked sent with the channel post that was all it owed notes that post on
its game in the same statement: a trigger copies the post, its map's fingerprint and the
position it shows (the row's) to the game.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-29 23:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | Sequence[str] | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NOTE_ON_GAME = (
    "UPDATE games SET post_id = NEW.post_id,"
    " post_picture = COALESCE(NEW.post_picture, games.post_picture),"
    " post_position = NEW.position, post_version = NEW.version"
    " WHERE id = NEW.game_id;"
)
"""What the trigger does: the game's current post becomes the row's."""


def upgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(
            sa.Column(
                "post_id",
                sa.BigInteger(),
                nullable=True,
                comment="The channel post that was all the row owed, noted on its game as it "
                "is marked",
            )
        )
        batch.add_column(
            sa.Column(
                "post_picture",
                sa.String(length=64),
                nullable=True,
                comment="SHA-256 of the map on that post, if it carries one",
            )
        )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "CREATE FUNCTION outbox_posted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            f"{NOTE_ON_GAME} RETURN NULL; END $$"
        )
        op.execute(
            "CREATE TRIGGER outbox_posted AFTER UPDATE OF sent_at ON outbox FOR EACH ROW "
            "WHEN (NEW.post_id IS NOT NULL) EXECUTE FUNCTION outbox_posted()"
        )
    else:
        op.execute(
            "CREATE TRIGGER outbox_posted AFTER UPDATE OF sent_at ON outbox FOR EACH ROW "
            f"WHEN NEW.post_id IS NOT NULL BEGIN {NOTE_ON_GAME} END"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER outbox_posted ON outbox")
        op.execute("DROP FUNCTION outbox_posted()")
    else:
        op.execute("DROP TRIGGER outbox_posted")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("post_picture")
        batch.drop_column("post_id")
