"""Running the bot as a separate process, as in production, against the sandbox."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.sandbox import DiscordSandbox
from tests.e2e.conftest import TEST_SYSTEMS

ROOT = Path(__file__).resolve().parents[2]


def bot_env(sandbox: DiscordSandbox, database_url: str, **settings: str) -> dict[str, str]:
    """The environment of a ``laager run`` against the sandbox, with any further
    ``settings`` (environment variables)."""
    return {
        **os.environ,
        "DISCORD_TOKEN": sandbox.token,
        "DISCORD_API_BASE": sandbox.api_base,
        "DISCORD_GATEWAY_URL": sandbox.gateway_url,
        "DATABASE_URL": database_url,
        "EXTRA_SYSTEMS": ",".join(TEST_SYSTEMS),
        "LOG_LEVEL": "WARNING",
        **settings,
    }


@asynccontextmanager
async def bot_process(
    sandbox: DiscordSandbox, database_url: str, *run_args: str, **settings: str
) -> AsyncIterator[asyncio.subprocess.Process]:
    """``laager run *run_args`` in a child process, with any further ``settings``
    (environment variables); stopped (SIGTERM, then SIGKILL) on exit unless the test
    already ended it."""
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.process.cli",
        "run",
        *run_args,
        cwd=ROOT,
        env=bot_env(sandbox, database_url, **settings),
    )
    try:
        yield child
    finally:
        if child.returncode is None:
            child.terminate()
            try:
                await asyncio.wait_for(child.wait(), 10)
            except TimeoutError:
                child.kill()
                await child.wait()


async def wait_disconnected(sandbox: DiscordSandbox) -> None:
    """Wait (up to 10 s) until no bot is connected, so a restarted one is seen anew."""
    for _ in range(200):
        if sandbox.session_count == 0:
            return
        await asyncio.sleep(0.05)
    raise TimeoutError("the stopped bot's gateway session is still open")
