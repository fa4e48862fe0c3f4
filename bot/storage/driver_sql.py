"""An order's statements run straight on the database's driver, past SQLAlchemy's execution.

Timed alone (``python -m tests.bench.statements``), SQLAlchemy's execution costs the bot 2.5
to 7 times the driver's own CPU for the same statement: its execution context, the pool's
connection wrapper, each result's processing, spread thin with no one switch to turn off.
The SQL stays SQLAlchemy's: each statement is built once (:mod:`bot.storage.statements`),
compiled here once per backend and set of columns, and its values and rows pass through the
columns' own type processors, so what is stored and read is what SQLAlchemy would store
and read. The connection is one of the engine's pool. On SQLite a transaction takes the
write gate (:mod:`bot.storage.write_gate`) before it starts, as any writer does, and then
runs to its commit without giving up the event loop; on PostgreSQL asyncpg prepares each
statement once a connection and keeps it.
"""

from __future__ import annotations

import time
import weakref
from collections import namedtuple
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Executable
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.util import greenlet_spawn

from bot.storage.watched import Watchers, watchers
from bot.storage.write_gate import WriteGate, gate_of

T = TypeVar("T")
Processor = Callable[[Any], Any] | None


@dataclass(frozen=True)
class Compiled:
    """A statement's SQL in the driver's own parameter style, with what turns the values
    given by name into the driver's (in order, each through its column's type) and the
    driver's rows into named ones (each through its column's type)."""

    sql: str
    names: tuple[str, ...]
    fixed: Mapping[str, Any]
    """Every parameter's value in the statement itself (a status, a limit), given ones
    standing in for those named."""
    binds: tuple[Processor, ...]
    row: Any
    results: tuple[Processor, ...]

    @classmethod
    def of(cls, statement: Executable, dialect: Dialect, keys: tuple[str, ...]) -> Compiled:
        compiled = statement.compile(dialect=dialect, column_keys=list(keys))
        names = tuple(compiled.positiontup or ())
        binds = tuple(
            compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect)
            for name in names
        )
        columns = list(getattr(statement, "exported_columns", ()))
        return cls(
            sql=str(compiled),
            names=names,
            fixed=compiled.params,
            binds=binds,
            row=namedtuple("Row", [column.key for column in columns]),
            results=tuple(
                column.type.dialect_impl(dialect).result_processor(dialect, None)
                for column in columns
            ),
        )

    def values(self, given: Mapping[str, Any]) -> tuple[Any, ...]:
        every = {**self.fixed, **given}
        return tuple(
            every[name] if process is None else process(every[name])
            for name, process in zip(self.names, self.binds, strict=True)
        )

    def named(self, raw: Sequence[Any]) -> Any:
        return self.row._make(
            value if process is None else process(value)
            for value, process in zip(raw, self.results, strict=True)
        )


_COMPILED: dict[tuple[Executable, str, tuple[str, ...]], Compiled] = {}
"""Compiled statements by statement (statements hash by identity), backend and columns."""


def compiled(statement: Executable, dialect: Dialect, keys: tuple[str, ...]) -> Compiled:
    """``statement`` compiled for ``dialect`` with the columns ``keys`` names, once."""
    key = (statement, dialect.name, keys)
    found = _COMPILED.get(key)
    if found is None:
        found = _COMPILED[key] = Compiled.of(statement, dialect, keys)
    return found


class DriverRunner:
    """A :class:`bot.storage.runners.Runner` straight on a driver connection, telling the
    engine's watchers of each statement."""

    def __init__(self, dialect: Dialect, connection: Any, watching: Watchers) -> None:
        self._dialect = dialect
        self._connection = connection
        """sqlite3's connection, or asyncpg's."""
        self._watching = watching
        self._sqlite = dialect.name == "sqlite"

    def pick(self, choices: Mapping[str, T]) -> T:
        return choices[self._dialect.name]

    async def one(self, statement: Executable, values: Mapping[str, Any]) -> Any:
        done = compiled(statement, self._dialect, tuple(values))
        started = time.perf_counter()
        if self._sqlite:
            found = self._connection.execute(done.sql, done.values(values)).fetchall()
            raw = found[0] if found else None
        else:
            raw = await self._connection.fetchrow(done.sql, *done.values(values))
        self._watching.statement(done.sql, time.perf_counter() - started)
        return None if raw is None else done.named(raw)

    async def run(self, statement: Executable, values: Mapping[str, Any]) -> None:
        done = compiled(statement, self._dialect, tuple(values))
        started = time.perf_counter()
        if self._sqlite:
            self._connection.execute(done.sql, done.values(values))
        else:
            await self._connection.execute(done.sql, *done.values(values))
        self._watching.statement(done.sql, time.perf_counter() - started)

    async def many(self, statement: Executable, rows: Sequence[Mapping[str, Any]]) -> None:
        done = compiled(statement, self._dialect, tuple(rows[0]))
        values = [done.values(row) for row in rows]
        started = time.perf_counter()
        if self._sqlite:
            self._connection.executemany(done.sql, values)
        else:
            await self._connection.executemany(done.sql, values)
        self._watching.statement(done.sql, time.perf_counter() - started)


class DriverSQL:
    """Reads and transactions straight on the driver of the engine's pooled connections."""

    def __init__(self, engine: AsyncEngine, gate: WriteGate | None) -> None:
        self._engine = engine
        self._dialect = engine.dialect
        self._gate = gate
        """SQLite's write gate; None on PostgreSQL."""
        self._watching = watchers(engine)

    def pick(self, choices: Mapping[str, T]) -> T:
        return choices[self._dialect.name]

    async def one(self, statement: Executable, values: Mapping[str, Any]) -> Any:
        """The first row of a read, outside any transaction."""
        fairy = await self._engine.raw_connection()
        try:
            return await self._runner(fairy).one(statement, values)
        finally:
            await greenlet_spawn(fairy.close)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[DriverRunner]:
        """A runner whose statements commit together when the block ends, or not at all."""
        fairy = await self._engine.raw_connection()
        try:
            runner = self._runner(fairy)
            if self._gate is not None:
                # Handed back to the pool, the connection is rolled back and gives the gate
                # back (bot.storage.write_gate), whether or not the block got to its commit.
                await self._gate.take(fairy.info)
                yield runner
                fairy.driver_connection.sqlite.commit()
            else:
                transaction = fairy.driver_connection.transaction()
                await transaction.start()
                try:
                    yield runner
                    await transaction.commit()
                except BaseException:
                    await _roll_back(fairy, transaction)
                    raise
            self._watching.commit()
        finally:
            await greenlet_spawn(fairy.close)

    def _runner(self, fairy: Any) -> DriverRunner:
        connection = fairy.driver_connection
        if self._gate is not None:
            connection = connection.sqlite
        return DriverRunner(self._dialect, connection, self._watching)


async def _roll_back(fairy: Any, transaction: Any) -> None:
    """Roll back an asyncpg transaction that failed; a connection that cannot be rolled back
    (its commit failed or was cut short, its state unknown) is closed, never pooled again."""
    try:
        await transaction.rollback()
    except BaseException:
        fairy.invalidate()


_DRIVERS: weakref.WeakKeyDictionary[Engine, DriverSQL] = weakref.WeakKeyDictionary()


def driver_of(sessions: async_sessionmaker[AsyncSession]) -> DriverSQL | None:
    """The driver way for the engine ``sessions`` are bound to; None for sessions bound to
    one connection (an import's transaction), which must keep to it, and for an SQLite engine
    made without its write gate (not by :func:`bot.storage.db.create_engine`)."""
    bind = sessions.kw.get("bind")
    if not isinstance(bind, AsyncEngine):
        return None
    found = _DRIVERS.get(bind.sync_engine)
    if found is None:
        gate = gate_of(bind)
        if bind.dialect.name == "sqlite" and gate is None:
            return None
        found = _DRIVERS[bind.sync_engine] = DriverSQL(bind, gate)
    return found
