"""An order's statements as the bot runs them (SQLAlchemy Core, built once) against the same
SQL run straight on the driver (``sqlite3``; asyncpg's prepared statements), to see what the
layer between costs: the read of a game in full, and the versioned UPDATE committed.

Run: ``.venv/bin/python -m tests.bench.statements [--rounds N] [--repeats N] [--postgres]``.

Each repeat times ``--rounds`` of each statement both ways, in turns; the figures are the
medians over the repeats of the CPU (of this process: the client's side, the database's own
work apart on PostgreSQL) and of the wall time a statement. Both ways hand back the same
thing: the game as a record with its seats and contributions for the read, the game's new
row for the UPDATE. The Core way checks a connection out of the engine's pool for each, as
the bot does; the driver way holds one connection throughout, which is its best case.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import asyncpg
from sqlalchemy.engine import Dialect, make_url
from sqlalchemy.sql import Executable

from bot.play.engine_work import Given, begun, ordered
from bot.storage.conversions import game_record, in_full
from bot.storage.db import create_engine, session_factory, upgrade
from bot.storage.records import NewEvent, NewGame, NewSeat
from bot.storage.repository import Store
from bot.storage.statements import ADVANCE_ENCODED, GAME_IN_FULL, run
from games.core.dice import Dice, commitment, new_seed
from games.core.versions import stored
from games.last_stand.system import SYSTEM as LAST_STAND
from tests.postgres.server import throwaway_server

CHANNEL = 4242
JSON_COLUMNS = ("options", "state", "result", "seated", "mixed")
TIME_COLUMNS = ("created_at", "updated_at", "last_action_at", "reminded_at")


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


@dataclass
class Compiled:
    """A Core statement's SQL for the driver, and its parameters' names in order."""

    sql: str
    names: tuple[str, ...]
    fixed: dict[str, Any]

    @classmethod
    def of(cls, statement: Executable, dialect: Dialect) -> Compiled:
        compiled = statement.compile(dialect=dialect)
        return cls(str(compiled), tuple(compiled.positiontup or ()), dict(compiled.params))

    def values(self, given: dict[str, Any]) -> list[Any]:
        """The parameters in order: those given, and the statement's own (a status, a limit)."""
        every = {**self.fixed, **given}
        return [every[name] for name in self.names]


def record_of(names: list[str], row: Any, sqlite: bool) -> Any:
    """A driver's row as the read's result: JSON decoded, times read, the record built."""
    values = dict(zip(names, row, strict=True))
    for name in JSON_COLUMNS:
        if isinstance(values.get(name), str):
            values[name] = json.loads(values[name])
    if sqlite:
        for name in TIME_COLUMNS:
            if values.get(name) is not None:
                values[name] = datetime.fromisoformat(values[name]).replace(tzinfo=UTC)
    return in_full(SimpleNamespace(**values))


def sqlite_time(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


class Driver:
    """The two statements run on one driver connection held open."""

    def __init__(self, url: str, dialect: Dialect) -> None:
        self.url = make_url(url)
        self.sqlite = self.url.get_backend_name() == "sqlite"
        name = dialect.name
        self.read = Compiled.of(GAME_IN_FULL[name], dialect)
        self.advance = Compiled.of(ADVANCE_ENCODED[name], dialect)
        self._sqlite: sqlite3.Connection | None = None
        self._pg: asyncpg.Connection | None = None
        self._statements: dict[str, Any] = {}

    async def open(self) -> None:
        if self.sqlite:
            self._sqlite = sqlite3.connect(str(self.url.database), isolation_level=None)
            self._sqlite.execute("PRAGMA synchronous = NORMAL")
            return
        self._pg = await asyncpg.connect(
            host=self.url.host,
            port=self.url.port,
            user=self.url.username,
            password=self.url.password,
            database=self.url.database,
        )
        for name, compiled in (("read", self.read), ("advance", self.advance)):
            self._statements[name] = await self._pg.prepare(compiled.sql)

    async def close(self) -> None:
        if self._sqlite is not None:
            self._sqlite.close()
        if self._pg is not None:
            await self._pg.close()

    async def game_in_full(self) -> Any:
        values = self.read.values({"b_channel": CHANNEL})
        if self._sqlite is not None:
            cursor = self._sqlite.execute(self.read.sql, values)
            names = [column[0] for column in cursor.description]
            return record_of(names, cursor.fetchone(), sqlite=True)
        statement = self._statements["read"]
        row = await statement.fetchrow(*values)
        return record_of(list(row.keys()), row.values(), sqlite=False)

    async def advance_game(self, game_id: int, version: int, text: str) -> Any:
        now = datetime.now(UTC)
        given = {
            "b_game": game_id,
            "b_version": version,
            "b_state": text,
            "updated_at": sqlite_time(now) if self.sqlite else now,
            "dice_cursor": version,
            "last_action_at": sqlite_time(now) if self.sqlite else now,
        }
        values = self.advance.values(given)
        if self._sqlite is not None:
            self._sqlite.execute("BEGIN IMMEDIATE")
            cursor = self._sqlite.execute(self.advance.sql, values)
            row = cursor.fetchone()
            self._sqlite.execute("COMMIT")
            names = [column[0] for column in cursor.description]
            return None if row is None else self._moved(names, row)
        assert self._pg is not None
        async with self._pg.transaction():
            found = await self._statements["advance"].fetchrow(*values)
        return None if found is None else self._moved(list(found.keys()), found.values())

    def _moved(self, names: list[str], row: Any) -> Any:
        """The UPDATE's row as the bot uses it: the game's record (its state held already)."""
        values = dict(zip(names, row, strict=True))
        for name in ("options", "result"):
            if isinstance(values.get(name), str):
                values[name] = json.loads(values[name])
        if self.sqlite:
            for name in TIME_COLUMNS:
                if values.get(name) is not None:
                    values[name] = datetime.fromisoformat(values[name]).replace(tzinfo=UTC)
        return game_record(SimpleNamespace(**values), {})


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
    driver = Driver(url, engine.dialect)
    await driver.open()
    version = game.version

    async def core_read() -> None:
        await store.game_in_full(CHANNEL)

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
        async with store._sessions.begin() as session:
            row = (await run(session, ADVANCE_ENCODED[engine.dialect.name], moved_on())).one()
        version = game_record(row, {}).version

    read_statement = GAME_IN_FULL[engine.dialect.name]
    advance_statement = ADVANCE_ENCODED[engine.dialect.name]

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
        await driver.game_in_full()

    async def driver_advance() -> None:
        nonlocal version
        if await driver.advance_game(game.id, version, text) is None:
            raise RuntimeError("the driver's UPDATE found the game at another version")
        version += 1

    assert (await driver.game_in_full())[0] == (await store.game_in_full(CHANNEL))[0]
    ways = {
        "read, Core in a session": core_read,
        "read, Core on a connection": connection_read,
        "read, driver": driver_read,
        "UPDATE committed, Core in a session": core_advance,
        "UPDATE committed, Core on a connection": connection_advance,
        "UPDATE committed, driver": driver_advance,
    }
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in ways}
    try:
        for action in ways.values():  # warm both ways' caches before timing
            await timed(20, action)
        for _ in range(repeats):
            for name, action in ways.items():
                figures[name].append(await timed(rounds, action))
    finally:
        await driver.close()
        await engine.dispose()
    lines = [f"{label}: state {len(text):,} bytes of JSON, {rounds} rounds x {repeats}"]
    for name, samples in figures.items():
        cpu = statistics.median(s[0] for s in samples) * 1e6
        wall = statistics.median(s[1] for s in samples) * 1e6
        lines.append(f"  {name:<40} CPU {cpu:7.1f} us   wall {wall:7.1f} us")
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
