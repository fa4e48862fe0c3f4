"""Fixtures: a started sandbox that must end without API violations, and a bot on it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.sandbox import DiscordSandbox, SandboxUser
from tests.sandbox.demo_bot import DemoBot, running_bot


@pytest.fixture
async def sandbox() -> AsyncIterator[DiscordSandbox]:
    sb = DiscordSandbox(check_responses=True)
    await sb.start()
    try:
        yield sb
    finally:
        await sb.stop()
    assert sb.violations == []
    assert sb.response_violations == []


@pytest.fixture
async def bot(sandbox: DiscordSandbox) -> AsyncIterator[DemoBot]:
    async with running_bot(sandbox) as demo:
        await sandbox.wait_ready()
        yield demo


@pytest.fixture
def alice(sandbox: DiscordSandbox) -> SandboxUser:
    return sandbox.add_user("alice")


@pytest.fixture
def bob(sandbox: DiscordSandbox) -> SandboxUser:
    return sandbox.add_user("bob")
