"""Channel etiquette, counted: pings, posts and maps per game turn of whole solo games."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxUser
from tests.e2e.conftest import bot_settings
from tests.e2e.etiquette import measure_solo


@pytest.fixture
async def laager(sandbox: DiscordSandbox, sqlite_url: str) -> AsyncIterator[LaagerBot]:
    async with running_bot(bot_settings(sandbox, sqlite_url, [])) as bot:
        await sandbox.wait_ready()
        yield bot


@pytest.mark.parametrize("system_id", ["last-stand", "ramparts"])
async def test_counts_of_a_solo_game(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, system_id: str
) -> None:
    measured = await measure_solo(sandbox, laager, system_id, alice)
    print(f"\n{system_id}\n{measured.per_turn()}")
    assert measured.over


async def test_the_counter_reads_allowed_mentions_as_discord_does(
    sandbox: DiscordSandbox, alice: SandboxUser
) -> None:
    """A mention pings unless ``allowed_mentions`` keeps it quiet; the counter sees which."""
    from bot.sandbox.message_input import pinged

    text = f"<@{alice.id}> and <@!{alice.id}>"
    assert pinged(text, None) == [alice.id], "absent, every mention pings once"
    assert pinged(text, {"parse": ["users"]}) == [alice.id]
    assert pinged(text, {"parse": []}) == []
    assert pinged(text, {"parse": [], "users": [str(alice.id)]}) == [alice.id]
    assert pinged(text, {"parse": [], "users": ["1"]}) == []
