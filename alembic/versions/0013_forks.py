"""What-if games forked from finished ones.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29 20:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "forks",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("parent_id", sa.Integer(), nullable=True),
        sa.Column(
            "steps",
            sa.Integer(),
            nullable=False,
            comment="How many of the parent's logged steps lead to the position forked",
        ),
        sa.Column(
            "label",
            sa.String(length=200),
            nullable=False,
            comment="The public phase forked from",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_forks_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["parent_id"], ["games.id"], name=op.f("fk_forks_parent_id_games"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_forks")),
    )
    op.create_index("ix_forks_parent_id", "forks", ["parent_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_forks_parent_id", table_name="forks")
    op.drop_table("forks")
