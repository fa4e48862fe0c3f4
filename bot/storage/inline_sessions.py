"""Sessions on SQLite that end on the spot, without waiting a turn of the event loop.

SQLAlchemy's async session closes in a task of its own (so that a cancelled caller cannot
abandon a close half-done) and waits for that task: the commit of ``sessionmaker.begin()``
and the return of the connection come one turn of the loop later. On a busy loop a turn is
long, and meanwhile the transaction keeps its connection and the write gate, so writers
went through at one per turn: at 1,000 channels the pool's 15 connections were held for
30 s and commands failed waiting for one. With SQLite on the loop
(:mod:`bot.storage.inline_sqlite`) a commit and a close never suspend, so no cancellation
can land inside them and the task buys nothing; here they run in the caller's task.
PostgreSQL's close does wait on the network, so its sessions keep SQLAlchemy's way.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker


class InlineSession(AsyncSession):
    """An async session whose ``async with`` closes it in the caller's task."""

    async def __aexit__(self, type_: Any, value: Any, traceback: Any) -> None:
        await self.close()


class InlineSessions(async_sessionmaker[InlineSession]):
    """Makes :class:`InlineSession`; its ``begin()`` commits and closes in the caller's task."""

    @asynccontextmanager
    async def begin(self) -> AsyncIterator[InlineSession]:  # type: ignore[override]
        async with self() as session, session.begin():
            yield session
