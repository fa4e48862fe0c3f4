"""The digest of the synced commands: two processes starting at once may both note a sync of
the same scope, and neither fails (the row was once written by a select, then an insert,
and the second process died on the duplicate key)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from bot.storage.command_syncs import CommandSyncs
from bot.storage.db import create_engine, session_factory


async def test_two_processes_noting_the_same_sync_at_once_both_succeed(
    database_url: str,
) -> None:
    engines = [create_engine(database_url) for _ in range(2)]
    try:
        first, second = (CommandSyncs(session_factory(e)) for e in engines)
        now = datetime.now(UTC)
        for round_ in range(5):
            scope = f"guild-{round_}"
            await asyncio.gather(
                first.synced(scope, "a" * 64, now), second.synced(scope, "b" * 64, now)
            )
            assert await first.digest(scope) in ("a" * 64, "b" * 64)
        await first.synced("guild-0", "c" * 64, now)
        assert await second.digest("guild-0") == "c" * 64
    finally:
        for engine in engines:
            await engine.dispose()
