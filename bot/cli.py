"""The ``laager`` command: run the bot, manage the database, or try it offline."""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import signal
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from bot import db_commands as db_data
from bot import render_pool
from bot.logs import configure_logging
from bot.settings import Settings
from bot.sharding import ShardSpecError, check_shards, parse_shard_ids
from bot.storage.single_process import DatabaseInUse, hold_database

if TYPE_CHECKING:
    from bot.app import LaagerBot
    from bot.sandbox import DiscordSandbox


def freeze_what_lasts() -> None:
    """Keep everything alive now out of the collector's sight, for what lives as long as the
    process: a full collection no longer walks it, so it pauses the bot for milliseconds
    instead of a few hundred (seen landing in the middle of commands)."""
    gc.collect()
    gc.freeze()


async def freeze_when_ready(bot: LaagerBot) -> None:
    """Once the bot is connected, freeze what it built on the way too: its commands, cogs,
    settings, grammars and the guilds' state, which each full collection walked again, for
    13 to 22 ms on the event loop about every 9 s at 100 channels."""
    await bot.wait_until_ready()
    freeze_what_lasts()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="laager", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run the bot (token from DISCORD_TOKEN or .env)")
    run.add_argument(
        "--shards",
        metavar="IDS",
        help="hold only these shards, e.g. 0-3 or 0,2 (other processes hold the rest)",
    )
    run.add_argument(
        "--shard-count", type=int, metavar="N", help="shards across every process (with --shards)"
    )
    commands.add_parser("health", help="ask the running bot's /health; exit 0 when healthy")
    db = commands.add_parser("db", help="database migrations, export and import, forgetting")
    db_commands = db.add_subparsers(dest="db_command", required=True)
    db_commands.add_parser("upgrade", help="apply every migration").add_argument(
        "revision", nargs="?", default="head"
    )
    db_commands.add_parser("downgrade", help="step back to a revision").add_argument("revision")
    db_commands.add_parser("current", help="show the database's revision")
    db_data.add_commands(db_commands)
    sandbox = commands.add_parser("sandbox", help="try the bot offline against a local Discord")
    sandbox.add_argument("--script", type=Path, help="run the lines of FILE instead of a prompt")
    sandbox.add_argument("--seed", help="make the run reproducible")
    sandbox.add_argument("--out", type=Path, help="save attachments (maps) into this folder")
    args = parser.parse_args(argv)
    settings = Settings()
    sandbox_run = args.command == "sandbox"
    configure_logging(
        "WARNING" if sandbox_run and "LOG_LEVEL" not in os.environ else settings.log_level,
        "text" if sandbox_run else settings.log_format,
    )
    logging.getLogger("discord.client").addFilter(_no_voice_notice)
    if args.command == "run":
        try:
            settings = sharded(settings, args.shards, args.shard_count)
        except ShardSpecError as error:
            print(error)
            return 2
        return _run(settings)
    if args.command == "db" and args.db_command in db_data.COMMANDS:
        return db_data.run_command(settings, args)
    if args.command == "health":
        return _health(settings)
    if args.command == "db":
        return asyncio.run(_db(settings, args.db_command, getattr(args, "revision", None)))
    lines = args.script.read_text().splitlines() if args.script else None
    return asyncio.run(_sandbox(settings, lines, args.seed, args.out))


def sharded(settings: Settings, shards: str | None, shard_count: int | None) -> Settings:
    """The settings with the command line's shards (over SHARD_IDS and SHARD_COUNT), checked."""
    update: dict[str, object] = {}
    if shards is not None:
        update["shard_ids"] = parse_shard_ids(shards)
    if shard_count is not None:
        update["shard_count"] = shard_count
    chosen = settings.model_copy(update=update)
    check_shards(chosen.shard_ids, chosen.shard_count)
    return chosen


def _no_voice_notice(record: logging.LogRecord) -> bool:
    """The bot never joins voice, so discord.py's notice about voice libraries is noise."""
    return "voice will NOT be supported" not in record.getMessage()


def _run(settings: Settings) -> int:
    refusal = settings.seed_refusal()
    if refusal:
        print(refusal)
        return 2
    if not settings.discord_token:
        print("Set DISCORD_TOKEN (in the environment or a .env file) to run the bot.")
        return 2
    from bot.app import LaagerBot, point_at
    from bot.command_sync import CommandsRefused

    try:
        database_lock = hold_database(settings.database_url)
    except DatabaseInUse as refusal:
        print(refusal)
        return 3

    freeze_what_lasts()  # what the imports built
    point_at(settings.discord_api_base, settings.discord_gateway_url)

    async def run() -> None:
        async with LaagerBot(settings) as bot:
            # Docker and service managers stop a process with SIGTERM: let the commands in
            # hand finish, close the gateway and the database, and let the render workers
            # go, instead of dying mid-write.
            stopping = asyncio.get_running_loop()
            closing: list[asyncio.Future[None]] = []
            stopping.add_signal_handler(
                signal.SIGTERM, lambda: closing.append(asyncio.ensure_future(bot.close()))
            )
            frozen = asyncio.ensure_future(freeze_when_ready(bot))
            try:
                await bot.start(settings.discord_token)
            finally:
                frozen.cancel()
                # The gateway's end lets start() return while that close is still closing
                # the database; leaving the client would not wait for it (the client looks
                # closed already), and the run's end would cancel it mid-way, which logged
                # an error for each PostgreSQL connection.
                await asyncio.gather(*closing)

    try:
        asyncio.run(run())
    except CommandsRefused:
        return 1  # the bot has logged which command broke which limit
    finally:
        render_pool.POOL.close(wait=True)
        if database_lock is not None:
            database_lock.close()
    return 0


def _health(settings: Settings) -> int:
    from bot.status_server import probe

    if settings.status_port is None:
        print("Set STATUS_PORT to the port the bot serves /health on.")
        return 2
    status, body = probe(settings.status_host, settings.status_port)
    print(body)
    return 0 if status == 200 else 1


async def _db(settings: Settings, command: str, revision: str | None) -> int:
    from bot.storage import db

    if command == "upgrade":
        await db.upgrade(settings.database_url, revision or "head")
    elif command == "downgrade":
        await db.downgrade(settings.database_url, revision or "-1")
    print(f"revision: {await db.current(settings.database_url) or 'none'}")
    return 0


async def _sandbox(
    settings: Settings, lines: list[str] | None, seed: str | None, out: Path | None
) -> int:
    from bot.app import running_bot
    from bot.command_sync import CommandsRefused
    from bot.sandbox import SandboxError
    from bot.sandbox.runner import run_sandbox

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


if __name__ == "__main__":
    sys.exit(main())
