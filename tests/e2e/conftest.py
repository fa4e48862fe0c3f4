"""End-to-end fixtures: the real bot, over a socket, against Discord-in-a-box."""

from __future__ import annotations

import gc
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.operations.settings import Settings
from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, Message, SandboxUser
from bot.sandbox.spec_validation import load_openapi

TEST_SYSTEMS = ["tests.fixtures.duel_pairing:PAIRING"]
RATE_SCALE = 0.1
"""Discord's rate-limit windows, ten times shorter: the limits hold, the suite stays quick
(tests/sandbox/test_rate_limits.py holds discord.py to them at Discord's own scale)."""
DRIVER_TIMEOUT = 120.0
"""How long a driver call may wait for the bot to finish what it set off. A game's end draws
its recap: on a two-core machine running four test workers, the zone game's took over 30 s
once (a leak audit of Isandlwana), so the limit is a stuck bot's, not a slow one's."""


def is_recap(message: Message) -> bool:
    """Whether this is the recap a finished game posts after its last position."""
    return any(str(embed.get("title", "")).startswith("Recap") for embed in message.embeds)


def newest_post(sandbox: DiscordSandbox) -> Message:
    """The newest post of the game itself, past the recap that follows a game's end."""
    return next(m for m in reversed(sandbox.messages()) if not is_recap(m))


async def strike_to_the_end(
    sandbox: DiscordSandbox, laager: LaagerBot, channel: int, people: dict[int, SandboxUser]
) -> None:
    """Play the channel's duel out, each player (by id in ``people``) striking in turn."""
    for _ in range(60):
        game = await laager.store.latest_game(channel)
        assert game is not None
        if game.status != "active":
            return
        [side] = laager.registry.get("duel").to_act(game.state)
        seats = {s.side: s.user_id for s in await laager.store.seats(game.id)}
        await sandbox.slash(
            people[seats[side]], "game order", {"choice": "strike"}, channel=channel
        )
    raise AssertionError("the duel did not end")


def bot_settings(
    sandbox: DiscordSandbox, database_url: str, systems: list[str] = TEST_SYSTEMS
) -> Settings:
    return Settings(
        _env_file=None,
        discord_token=sandbox.token,
        discord_api_base=sandbox.api_base,
        discord_gateway_url=sandbox.gateway_url,
        database_url=database_url,
        extra_systems=systems,
        seed="e2e",
        allow_insecure_seed=True,
    )


@pytest.fixture(scope="session", autouse=True)
def frozen_heap() -> None:
    """Discord's OpenAPI spec and the imported modules live as long as the run. Frozen out of
    the collector's sight, they no longer make each full collection pause the sandbox for a
    few hundred milliseconds, which could land inside an interaction's 3-second window."""
    load_openapi()
    gc.collect()
    gc.freeze()


@pytest.fixture
async def sandbox() -> AsyncIterator[DiscordSandbox]:
    sb = DiscordSandbox(rate_scale=RATE_SCALE, timeout=DRIVER_TIMEOUT)
    await sb.start()
    try:
        yield sb
    finally:
        await sb.stop()
    assert sb.violations == [], "the bot sent requests that Discord rejects"


@pytest.fixture
def sqlite_url(tmp_path: Path, migrated_sqlite: Path) -> str:
    """A database of the test's own, up to date: its bot's start finds nothing to migrate."""
    path = tmp_path / "e2e.sqlite3"
    shutil.copyfile(migrated_sqlite, path)
    return f"sqlite+aiosqlite:///{path}"


@pytest.fixture
async def laager(sandbox: DiscordSandbox, sqlite_url: str) -> AsyncIterator[LaagerBot]:
    async with running_bot(bot_settings(sandbox, sqlite_url)) as bot:
        await sandbox.wait_ready()
        yield bot


@pytest.fixture
def alice(sandbox: DiscordSandbox) -> SandboxUser:
    return sandbox.add_user("alice")


@pytest.fixture
def bob(sandbox: DiscordSandbox) -> SandboxUser:
    return sandbox.add_user("bob")


@pytest.fixture
def carol(sandbox: DiscordSandbox) -> SandboxUser:
    return sandbox.add_user("carol")
