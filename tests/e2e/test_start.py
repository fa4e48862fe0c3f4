"""A start: the bot logs in, loads its cogs and connects while its render workers load on
their own cores, instead of waiting for them first."""

from __future__ import annotations

import asyncio

import pytest

from bot.play import workers
from bot.process.app import LaagerBot, point_at
from bot.sandbox import DiscordSandbox
from tests.e2e.conftest import bot_settings


async def test_the_bot_is_ready_while_its_workers_still_load(
    sandbox: DiscordSandbox, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Planted: workers that never finish loading. The bot still becomes ready and answers;
    had it waited for them in ``setup_hook``, it never would. Closing it gives up the wait."""
    loading: asyncio.Future[list[int]] = asyncio.get_running_loop().create_future()
    monkeypatch.setattr(workers.POOL, "start", lambda: loading)
    settings = bot_settings(sandbox, sqlite_url)
    point_at(settings.discord_api_base, settings.discord_gateway_url)
    bot = LaagerBot(settings)
    running = asyncio.create_task(bot.start(settings.discord_token))
    try:
        await asyncio.wait_for(bot.wait_until_ready(), 60)
        await sandbox.wait_ready()
        alice = sandbox.add_user("alice")
        answer = await sandbox.slash(alice, "game help")
        assert answer.response is not None and "/game new" in answer.response.text()
        assert not loading.done()
    finally:
        await bot.close()
        await running
    assert loading.cancelled()
