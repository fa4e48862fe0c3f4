"""Which slash commands were last synced to each scope, by digest. Only the process holding
shard 0 syncs, so one writer keeps each row."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.models import CommandSync


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
            await session.merge(CommandSync(scope=scope, digest=digest, synced_at=now))
