"""Two bot processes on one token: interactions are shared out between their sessions."""

from __future__ import annotations

import pytest

from bot.sandbox import DiscordSandbox, SandboxError, SandboxUser
from tests.sandbox.demo_bot import DemoBot, running_bot


async def test_round_robin_across_two_clients(sandbox: DiscordSandbox, alice: SandboxUser) -> None:
    async with running_bot(sandbox, "one"), running_bot(sandbox, "two"):
        await sandbox.wait_ready(sessions=2)
        assert sandbox.session_count == 2
        replies = [(await sandbox.slash(alice, "ping")).response for _ in range(4)]
        assert [r.content for r in replies if r] == [
            "pong from one",
            "pong from two",
            "pong from one",
            "pong from two",
        ]
        chosen = await sandbox.slash(alice, "ping", via=1)
        assert chosen.session_index == 1
        assert chosen.response is not None and chosen.response.content == "pong from two"
        with pytest.raises(SandboxError, match="no bot session with index 5"):
            await sandbox.slash(alice, "ping", via=5)


async def test_driving_without_a_bot_fails_plainly(
    sandbox: DiscordSandbox, alice: SandboxUser
) -> None:
    with pytest.raises(SandboxError, match="unknown command /ping; registered commands: none"):
        await sandbox.slash(alice, "ping")


async def test_sessions_resume_after_a_reconnect_request(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    await sandbox.request_reconnect()
    assert sandbox.session_count == 1
    inter = await sandbox.slash(alice, "ping")
    assert inter.session_index == 0
    assert inter.response is not None and inter.response.content == "pong from bot"
