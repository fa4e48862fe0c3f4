"""Crash loop: many channels playing while the bot is killed again and again; then how long
the last restart takes to send every post the dead processes owed.

Run: ``.venv/bin/python -m tests.bench.crash_loop [--channels 40] [--kills 6]
[--postgres URL]``.

The bot runs as ``laager run`` in a child process with its production outbox settings (a
30-second lease, a look every 5 seconds); each round it plays until SIGKILL comes, at a
random moment up to six seconds in. After the last kill it starts once more and this prints
the posts owed at that start and the seconds until none is left, with the depth each second.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bot.sandbox import DiscordSandbox, SandboxError, SandboxUser
from bot.storage.db import create_engine, session_factory
from bot.storage.outbox import OutboxStore
from tests.bench.load import NEW_GAME, newest_orders, press
from tests.e2e.processes import bot_process, wait_disconnected

SETTINGS = {"LOG_LEVEL": "WARNING"}
"""Nothing but the log level changed: the outbox keeps its production lease and pace."""
WITHIN = 180.0
"""Seconds the last start is given to send what is owed before the run says it did not."""


async def player(
    sandbox: DiscordSandbox, channel: int, user: SandboxUser, rng: random.Random
) -> None:
    """Start a Last Stand game in the channel, then press its orders until cancelled."""
    while True:
        post = newest_orders(sandbox, channel)
        try:
            if post is None:
                await sandbox.slash(user, "game new", NEW_GAME["last-stand"], channel=channel)
            else:
                await press(sandbox, user, post, rng)
        except SandboxError:
            pass  # the bot died under the command
        await asyncio.sleep(rng.uniform(0, 0.3))


async def crash_loop(channels: int, kills: int, url: str) -> None:
    sandbox = DiscordSandbox(timeout=20.0, quiet=None)
    await sandbox.start()
    engine = create_engine(url)
    outbox = OutboxStore(session_factory(engine))
    try:
        rng = random.Random(7)
        places = [sandbox.add_channel(f"crash-{n}") for n in range(channels)]
        users = [sandbox.add_user(f"crash-player-{n}") for n in range(channels)]
        for kill in range(kills):
            async with bot_process(sandbox, url, **SETTINGS) as child:
                await sandbox.wait_ready(timeout=60)
                players = [
                    asyncio.ensure_future(player(sandbox, c, u, random.Random(n + 100 * kill)))
                    for n, (c, u) in enumerate(zip(places, users, strict=True))
                ]
                await asyncio.sleep(rng.uniform(0.5, 6))
                child.kill()
                sandbox.process_killed()
                await child.wait()
                for task in players:
                    task.cancel()
                await asyncio.gather(*players, return_exceptions=True)
            await wait_disconnected(sandbox)
        owed = await outbox.depth()
        print(f"{channels} channels, {kills} kills: {owed} posts owed at the last start")
        async with bot_process(sandbox, url, **SETTINGS):
            started = time.monotonic()
            await sandbox.wait_ready(timeout=60)
            depths = []
            while (left := await outbox.depth()) and time.monotonic() - started < WITHIN:
                depths.append(left)
                await asyncio.sleep(1)
            took = time.monotonic() - started
        print(f"  owed each second after the start: {depths}")
        print(f"  {'all sent' if not left else f'{left} still owed'} after {took:.1f} s")
    finally:
        await engine.dispose()
        await sandbox.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=40)
    parser.add_argument("--kills", type=int, default=6)
    parser.add_argument("--postgres", help="a PostgreSQL URL (postgresql+asyncpg://...)")
    args = parser.parse_args()
    if args.postgres:
        asyncio.run(crash_loop(args.channels, args.kills, args.postgres))
        return
    with tempfile.TemporaryDirectory(prefix="laager-crash-") as scratch:
        url = f"sqlite+aiosqlite:///{Path(scratch) / 'crash.sqlite3'}"
        asyncio.run(crash_loop(args.channels, args.kills, url))


if __name__ == "__main__":
    main()
