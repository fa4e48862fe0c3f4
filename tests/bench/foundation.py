"""Foundation benchmarks: command round trips through the sandbox and commit cost by log length.

Run: ``.venv/bin/python -m tests.bench.foundation [--rounds N] [--postgres URL]``.
Prints medians and 95th percentiles; figures from one run are comparable with each other,
not across machines.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.operations.settings import Settings
from bot.process.app import running_bot
from bot.sandbox import DiscordSandbox
from bot.storage.db import create_engine, session_factory, upgrade
from bot.storage.records import NewEvent, NewGame, NewSeat
from bot.storage.repository import Store
from games.core.dice import commitment, new_seed


def summary(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"{name:<44} median {statistics.median(ordered) * 1000:7.2f} ms   "
        f"p95 {p95 * 1000:7.2f} ms   (n={len(ordered)})"
    )


async def timed(rounds: int, action: Callable[[], Awaitable[object]]) -> list[float]:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        await action()
        samples.append(time.perf_counter() - start)
    return samples


async def round_trips(rounds: int, scratch: Path) -> list[str]:
    sandbox = DiscordSandbox(quiet=0.0)
    await sandbox.start()
    try:
        settings = Settings(
            _env_file=None,
            discord_token=sandbox.token,
            discord_api_base=sandbox.api_base,
            discord_gateway_url=sandbox.gateway_url,
            database_url=f"sqlite+aiosqlite:///{scratch / 'bench.sqlite3'}",
            extra_systems=["tests.fixtures.duel_pairing:PAIRING"],
            seed="bench",
            allow_insecure_seed=True,
        )
        async with running_bot(settings):
            await sandbox.wait_ready()
            alice = sandbox.add_user("alice")
            await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
            noop = await timed(rounds, lambda: sandbox.slash(alice, "game help"))
            change = await timed(
                rounds, lambda: sandbox.slash(alice, "game order", {"choice": "tally"})
            )
        assert not sandbox.violations, sandbox.violations
    finally:
        await sandbox.stop()
    return [
        summary("light command round trip (/game help, one read)", noop),
        summary("state-changing command + commit (tally)", change),
    ]


async def commits(url: str, rounds: int, label: str) -> list[str]:
    await upgrade(url)
    engine = create_engine(url)
    store = Store(session_factory(engine))
    lines = []
    try:
        for length, channel in ((1, 1), (1000, 2)):
            seed = new_seed()
            game = await store.create_game(
                NewGame(
                    guild_id=1,
                    channel_id=channel + int(time.time() * 1000),
                    system="duel",
                    scenario="standard",
                    mode="two-player",
                    creator_id=1,
                    state={"tally": 0},
                    seed=seed,
                    seed_commitment=commitment(seed),
                ),
                [NewSeat("red", 1)],
                [NewEvent("create", "set-up")],
            )
            filler = [NewEvent("action", "tally", side="red")] * 100
            while await store.event_count(game.id) < length:
                game = await store.commit_action(
                    game.id, game.version, state=game.state, events=filler, dice_cursor=0
                )

            async def one() -> None:
                nonlocal game
                game = await store.commit_action(
                    game.id,
                    game.version,
                    state={"tally": game.version},
                    events=[NewEvent("action", "tally", side="red")],
                    dice_cursor=0,
                )

            count = await store.event_count(game.id)
            lines.append(summary(f"{label} commit at log length {count}", await timed(rounds, one)))
    finally:
        await engine.dispose()
    return lines


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--postgres", help="a PostgreSQL URL to measure commits on as well")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        lines = await round_trips(args.rounds, Path(scratch))
        lines += await commits(
            f"sqlite+aiosqlite:///{Path(scratch) / 'commits.sqlite3'}", args.rounds, "SQLite"
        )
    if args.postgres:
        lines += await commits(args.postgres, args.rounds, "PostgreSQL")
    print("\n".join(lines))


if __name__ == "__main__":
    asyncio.run(main())
