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
from bot.posting.interactions import APOLOGY
from bot.process.app import LaagerBot, running_bot
from bot.process.command_sync import CommandsRefused
from bot.sandbox.models import SandboxError
from bot.sandbox.runner import run_sandbox
from bot.sandbox.sandbox import DEFAULT_TIMEOUT, DiscordSandbox
from bot.sandbox.script import SYNTAX

SCRIPT_HELP = SYNTAX
"""What ``laager sandbox -h`` shows after its options."""

APOLOGISED = APOLOGY.split("(", 1)[0].strip()
"""How every apology of the bot begins, whatever its error id."""


def apologies(sandbox: DiscordSandbox) -> int:
    """How many messages the bot apologised in, in any version of them."""
    return sum(
        any(APOLOGISED in text for text in (m.content, *(old.content for old in m.history)))
        for m in sandbox.transcript
    )


async def play_offline(
    settings: Settings,
    lines: list[str] | None,
    seed: str | None,
    out: Path | None,
    line_wait: float = DEFAULT_TIMEOUT,
) -> int:
    """Run the script ``lines`` (or prompt for lines) against the bot, waiting up to
    ``line_wait`` seconds for what each line sets off; 0 if all went well, which a run where
    the bot apologised did not."""
    seen: list[DiscordSandbox] = []
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
                    # A server's webhook may post to a receiver on this machine, over http.
                    "webhook_allow_private": True,
                }
            )
            seen.append(sandbox)
            try:
                async with running_bot(local, workers_first=False) as bot:
                    yield bot
            except CommandsRefused as refused:
                raise SandboxError(str(refused)) from None

        status = await run_sandbox(
            start_bot,
            script=lines,
            out_dir=out,
            write=print,
            read_line=None if lines else _prompt,
            line_wait=line_wait,
        )
    sorry = sum(apologies(sandbox) for sandbox in seen)
    if sorry:
        print(f"the bot apologised in {sorry} message(s): see its log for the error ids")
        return 1
    return status


async def _prompt() -> str | None:
    try:
        return await asyncio.to_thread(input, "laager> ")
    except EOFError:
        return None
