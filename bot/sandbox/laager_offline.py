"""``laager sandbox``: Laager itself against Discord-in-a-box, on a scratch database.

The one place the sandbox reaches into the bot, since this is what it is for; the bot's own
code imports nothing of the sandbox, which is installed apart (the ``sandbox`` extra).
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.operations.settings import Settings
from bot.process.app import LaagerBot, running_bot
from bot.process.command_sync import CommandsRefused
from bot.sandbox.models import SandboxError
from bot.sandbox.runner import run_sandbox
from bot.sandbox.sandbox import DiscordSandbox


async def play_offline(
    settings: Settings, lines: list[str] | None, seed: str | None, out: Path | None
) -> int:
    """Run the script ``lines`` (or prompt for lines) against the bot; 0 if all went well."""
    with tempfile.TemporaryDirectory(prefix="laager-sandbox-") as scratch:

        @asynccontextmanager
        async def start_bot(sandbox: DiscordSandbox) -> AsyncIterator[LaagerBot]:
            local = settings.model_copy(
                update={
                    "discord_token": sandbox.token,
                    "discord_api_base": sandbox.api_base,
                    "discord_gateway_url": sandbox.gateway_url,
                    "database_url": f"sqlite+aiosqlite:///{scratch}/sandbox.sqlite3",
                    "seed": seed if seed is not None else settings.seed,
                    # A local Discord and a scratch database: predictable dice harm no one.
                    "allow_insecure_seed": True,
                    "dev_guild_id": None,
                }
            )
            try:
                async with running_bot(local) as bot:
                    yield bot
            except CommandsRefused as refused:
                raise SandboxError(str(refused)) from None

        return await run_sandbox(
            start_bot, script=lines, out_dir=out, write=print, read_line=None if lines else _prompt
        )


async def _prompt() -> str | None:
    try:
        return await asyncio.to_thread(input, "laager> ")
    except EOFError:
        return None
