"""The ``laager`` command: run the bot, manage the database, or try it offline.

Each command imports what it uses when it runs: ``laager health``, which the image's
HEALTHCHECK runs every 30 seconds, loads nothing of the bot but its small probe.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.process import db_commands as db_data

if TYPE_CHECKING:
    from bot.operations.settings import Settings


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
    sandbox = commands.add_parser(
        "sandbox", help="try the bot offline against a local Discord", add_help=False
    )
    sandbox.add_argument("-h", "--help", action=SandboxHelp, help="show this and the script lines")
    sandbox.add_argument("--script", type=Path, help="run the lines of FILE instead of a prompt")
    sandbox.add_argument("--seed", help="make the run reproducible")
    sandbox.add_argument("--out", type=Path, help="save attachments (maps) into this folder")
    args = parser.parse_args(argv)
    if args.command == "health":
        from bot.operations.health_probe import check

        return check()
    from bot.operations.logs import configure_logging
    from bot.operations.settings import Settings
    from bot.operations.sharding import ShardSpecError

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
    if args.command == "db":
        return asyncio.run(_db(settings, args.db_command, getattr(args, "revision", None)))
    lines = args.script.read_text().splitlines() if args.script else None
    return asyncio.run(_sandbox(settings, lines, args.seed, args.out))


def sharded(settings: Settings, shards: str | None, shard_count: int | None) -> Settings:
    """The settings with the command line's shards (over SHARD_IDS and SHARD_COUNT), checked."""
    from bot.operations.sharding import check_shards, parse_shard_ids

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
    from bot.process.collector import freeze_what_lasts, freeze_when_ready, loading

    with loading():
        from bot.play import workers
        from bot.process.app import LaagerBot, point_at
        from bot.process.command_sync import CommandsRefused
        from bot.storage.single_process import DatabaseInUse, hold_database

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
        workers.POOL.close(wait=True)
        if database_lock is not None:
            database_lock.close()
    return 0


async def _db(settings: Settings, command: str, revision: str | None) -> int:
    from bot.storage import db

    if command == "upgrade":
        await db.upgrade(settings.database_url, revision or "head")
    elif command == "downgrade":
        await db.downgrade(settings.database_url, revision or "-1")
    print(f"revision: {await db.current(settings.database_url) or 'none'}")
    return 0


SANDBOX_MODULE = "bot.sandbox.laager_offline"
SANDBOX_MISSING = (
    "`laager sandbox` needs Discord-in-a-box, a development tool installed apart. From a "
    "checkout of Laager: pip install -e '.[sandbox]' (or '.[dev]', which includes it)."
)


class SandboxHelp(argparse.Action):
    """``laager sandbox -h``: the options, then the script lines, which only Discord-in-a-box
    knows (it is found by name, as when it runs)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, argparse.SUPPRESS, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        parser.print_help()
        try:
            said = importlib.import_module(SANDBOX_MODULE).SCRIPT_HELP
        except ModuleNotFoundError:
            said = SANDBOX_MISSING
        print(f"\n{said}")
        parser.exit()


async def _sandbox(
    settings: Settings, lines: list[str] | None, seed: str | None, out: Path | None
) -> int:
    """Play against Discord-in-a-box. The bot imports nothing of it: the command finds it by
    name, and says how to install it where it (or what it needs) is missing."""
    try:
        offline = importlib.import_module(SANDBOX_MODULE)
    except ModuleNotFoundError as missing:
        name = missing.name or ""
        if name.startswith(("bot.", "games.", "renderers.")) and not name.startswith("bot.sandbox"):
            raise  # the bot itself is broken, not the sandbox missing
        print(SANDBOX_MISSING)
        return 2
    code: int = await offline.play_offline(settings, lines, seed, out)
    return code


if __name__ == "__main__":
    sys.exit(main())
