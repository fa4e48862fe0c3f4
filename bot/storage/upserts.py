"""Atomic insert-or-update: each backend has its own INSERT ... ON CONFLICT construct, and a
select-then-insert races when two processes write the same row."""

from __future__ import annotations

from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession


def upsert_into(session: AsyncSession, model: Any) -> postgresql.Insert | sqlite.Insert:
    """An INSERT into ``model``'s table that can take ``on_conflict_do_update``."""
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        return postgresql.insert(model)
    if dialect == "sqlite":
        return sqlite.insert(model)
    raise NotImplementedError(f"upserts are not supported on {dialect}")
