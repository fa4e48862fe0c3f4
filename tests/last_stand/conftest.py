"""Discord-in-a-box for this game's end-to-end tests: a whole game is many round trips, so
the sandbox waits a shorter quiet spell after each one."""

from collections.abc import AsyncIterator

import pytest

from bot.sandbox import DiscordSandbox
from tests.e2e.conftest import RATE_SCALE, alice, bob, carol, sqlite_url

__all__ = ["alice", "bob", "carol", "sandbox", "sqlite_url"]


@pytest.fixture
async def sandbox() -> AsyncIterator[DiscordSandbox]:
    sb = DiscordSandbox(quiet=0.03, rate_scale=RATE_SCALE)
    await sb.start()
    try:
        yield sb
    finally:
        await sb.stop()
    assert sb.violations == [], "the bot sent requests that Discord's API spec rejects"
