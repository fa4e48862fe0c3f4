"""An order's statements through SQLAlchemy's Core execution (as the bot ran them before),
and straight on the driver (as it runs them now, :mod:`bot.storage.driver_sql`), to see what
the layer between costs: the read of a game in full, and the versioned UPDATE committed.

Run: ``.venv/bin/python -m tests.bench.statements [--rounds N] [--repeats N] [--postgres]``.

Each repeat times ``--rounds`` of each statement each way, in turns; the figures are the
medians over the repeats of the CPU (of this process: the client's side, the database's own
work apart on PostgreSQL) and of the wall time a statement. Every way hands back the same
thing: the game as a record with its seats and contributions for the read, the game's new
row for the UPDATE, and every way checks a connection out of the engine's pool for each.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.play.engine_work import Given, begun, ordered
from bot.storage.conversions import game_record, in_full
from bot.storage.db import create_engine, session_factory, upgrade
from bot.storage.driver_sql import driver_of
from bot.storage.records import NewEvent, NewGame, NewSeat
from bot.storage.repository import Store
from bot.storage.statements import ADVANCE_ENCODED, GAME_IN_FULL, run
from games.core.dice import Dice, commitment, new_seed
from games.core.versions import stored
from games.last_stand.system import SYSTEM as LAST_STAND
from tests.postgres.server import throwaway_server

CHANNEL = 4242


def played_state(orders: int = 20) -> dict[str, Any]:
    """A solo Last Stand game some orders in: a state of the size an order reads."""
    seed = new_seed()
    dice = Dice(seed)
    worked = begun(LAST_STAND, "historical", {}, dice, {"zulu"})
    state = worked.state
    for n in range(orders):
        choices = worked.orders.get("british")
        if not choices:
            break
        given = Given("british", None, choices[n % len(choices)].key, ["british"])
        worked = ordered(LAST_STAND, state, given, dice, {"zulu"})
        state = worked.state
    return stored(LAST_STAND, state)


async def timed(rounds: int, action: Callable[[], Awaitable[object]]) -> tuple[float, float]:
    """CPU and wall seconds a round of ``action``."""
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(rounds):
        await action()
    return (time.process_time() - cpu) / rounds, (time.perf_counter() - wall) / rounds


async def compare(url: str, label: str, rounds: int, repeats: int) -> list[str]:
    await upgrade(url)
    engine = create_engine(url)
    store = Store(session_factory(engine))
    seed = new_seed()
    state = played_state()
    game = await store.create_game(
        NewGame(
            guild_id=1,
            channel_id=CHANNEL,
            system=LAST_STAND.id,
            scenario="historical",
            mode="solo",
            creator_id=1,
            state=state,
            seed=seed,
            seed_commitment=commitment(seed),
        ),
        [NewSeat("british", 1), NewSeat("zulu", None, is_bot=True)],
        [NewEvent("create", "set-up", contributions=["a", "b"])],
    )
    text = json.dumps(state)
    version = game.version
    on_sessions = Store(session_factory(engine), on_driver=False)
    driver = driver_of(session_factory(engine))
    assert driver is not None
    read_statement = GAME_IN_FULL[engine.dialect.name]
    advance_statement = ADVANCE_ENCODED[engine.dialect.name]

    async def core_read() -> None:
        await on_sessions.game_in_full(CHANNEL)

    def moved_on() -> dict[str, Any]:
        """The UPDATE's parameters, the game at its current version."""
        now = datetime.now(UTC)
        return {
            "b_game": game.id,
            "b_version": version,
            "b_state": text,
            "updated_at": now,
            "dice_cursor": version,
            "last_action_at": now,
        }

    async def core_advance() -> None:
        nonlocal version
        async with session_factory(engine).begin() as session:
            row = (await run(session, advance_statement, moved_on())).one()
        version = game_record(row, {}).version

    async def connection_read() -> None:
        async with engine.connect() as connection:
            row = (await connection.execute(read_statement, {"b_channel": CHANNEL})).first()
        in_full(row)

    async def connection_advance() -> None:
        nonlocal version
        async with engine.begin() as connection:
            row = (await connection.execute(advance_statement, moved_on())).one()
        version = game_record(row, {}).version

    async def driver_read() -> None:
        await store.game_in_full(CHANNEL)

    async def driver_advance() -> None:
        nonlocal version
        async with driver.transaction() as runner:
            row = await runner.one(advance_statement, moved_on())
        version = game_record(row, {}).version

    assert await store.game_in_full(CHANNEL) == await on_sessions.game_in_full(CHANNEL)
    ways = {
        "read, Core in a session (as the bot ran it)": core_read,
        "read, Core on a connection": connection_read,
        "read, driver (as the bot runs it)": driver_read,
        "UPDATE committed, Core in a session (as the bot ran it)": core_advance,
        "UPDATE committed, Core on a connection": connection_advance,
        "UPDATE committed, driver (as the bot runs it)": driver_advance,
    }
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in ways}
    try:
        for action in ways.values():  # warm every way's caches before timing
            await timed(20, action)
        for _ in range(repeats):
            for name, action in ways.items():
                figures[name].append(await timed(rounds, action))
    finally:
        await engine.dispose()
    lines = [f"{label}: state {len(text):,} bytes of JSON, {rounds} rounds x {repeats}"]
    for name, samples in figures.items():
        cpu = statistics.median(s[0] for s in samples) * 1e6
        wall = statistics.median(s[1] for s in samples) * 1e6
        lines.append(f"  {name:<56} CPU {cpu:7.1f} us   wall {wall:7.1f} us")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--postgres", action="store_true", help="on a throwaway server too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="laager-statements-") as scratch:
        url = f"sqlite+aiosqlite:///{Path(scratch) / 'statements.sqlite3'}"
        lines = asyncio.run(compare(url, "SQLite", args.rounds, args.repeats))
    if args.postgres:
        with throwaway_server() as server:
            url = asyncio.run(server.fresh_database("laager_statements"))
            lines += asyncio.run(compare(url, "PostgreSQL", args.rounds, args.repeats))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
