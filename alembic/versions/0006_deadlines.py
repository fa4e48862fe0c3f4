"""Turn deadlines: each game's deadline and the turn's due time, claimed by one process at a
time so an expiry fires once; and the seats the bot stands in for until their players return.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "deadlines",
        sa.Column("game_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("hours", sa.Integer(), nullable=False),
        sa.Column(
            "due_at",
            sa.DateTime(timezone=True),
            nullable=True,
            comment="When the turn now running runs out; None while the game waits for nobody",
        ),
        sa.Column("remind_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reminded_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column(
            "claimed_until",
            sa.DateTime(timezone=True),
            nullable=True,
            comment="A process acting on the expiry holds it until then",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_deadlines_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_deadlines")),
    )
    op.create_index("ix_deadlines_due_at", "deadlines", ["due_at"])
    op.create_table(
        "stand_ins",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=32), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_stand_ins_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "side", name=op.f("pk_stand_ins")),
    )


def downgrade() -> None:
    op.drop_table("stand_ins")
    op.drop_index("ix_deadlines_due_at", table_name="deadlines")
    op.drop_table("deadlines")
