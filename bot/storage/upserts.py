"""Atomic insert-or-update, and the choice of a statement by backend: each backend has its own
INSERT ... ON CONFLICT construct, and a select-then-insert races when two processes write the
same row."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

T = TypeVar("T")
INSERTS = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}
"""Each supported backend's INSERT, the kind that can take ``on_conflict_do_update``."""


def for_backend(session: AsyncSession, choices: Mapping[str, T]) -> T:
    """Of ``choices`` (by backend name), the one for the session's backend."""
    name = session.get_bind().dialect.name
    try:
        return choices[name]
    except KeyError:
        raise NotImplementedError(f"{name} is not a supported database") from None


def upsert_into(session: AsyncSession, model: Any) -> postgresql.Insert | sqlite.Insert:
    """An INSERT into ``model``'s table that can take ``on_conflict_do_update``."""
    return for_backend(session, INSERTS)(model)
