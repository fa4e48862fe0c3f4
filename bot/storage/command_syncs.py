"""Which slash commands were last synced to each scope, by digest. Processes starting at once
may each sync and note it, so the row is written by an atomic upsert."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.models import CommandSync
from bot.storage.upserts import upsert_into


class CommandSyncs:
    """The digest of the commands last synced to a scope ("global", or a guild's id)."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def digest(self, scope: str) -> str | None:
        async with self._sessions() as session:
            row = await session.get(CommandSync, scope)
            return None if row is None else row.digest

    async def synced(self, scope: str, digest: str, now: datetime) -> None:
        """Note that the commands with this digest are now the scope's."""
        async with self._sessions.begin() as session:
            statement = (
                upsert_into(session, CommandSync)
                .values(scope=scope, digest=digest, synced_at=now)
                .on_conflict_do_update(
                    index_elements=[CommandSync.scope], set_={"digest": digest, "synced_at": now}
                )
            )
            await session.execute(statement)
