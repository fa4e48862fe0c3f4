"""SQLite run on the event loop itself, behind the face SQLAlchemy's aiosqlite dialect expects.

aiosqlite gives every connection a thread and hands each call to it: a statement is three
or four trips (cursor, execute, fetch, close), and each trip back waits for the event loop
to come round. On a busy loop a trip costs a whole turn of it, so a command's dozen
statements took half a second of waiting for a few milliseconds of SQLite. A statement on
a local file is quicker than one trip, so here it runs at once, on the loop: reads never
wait in WAL mode, and writers take turns at :class:`~bot.storage.write_gate.WriteGate`
before SQLite's lock, so no statement sits in SQLite's busy handler while the loop waits.

The connection keeps aiosqlite's awaitable methods, so the dialect, its types and its pool
are SQLAlchemy's own; only where the calls run changes.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Coroutine
from typing import Any

from sqlalchemy.dialects.sqlite.aiosqlite import SQLiteDialect_aiosqlite
from sqlalchemy.engine import URL


class InlineCursor:
    """An aiosqlite-shaped cursor whose calls finish before they return."""

    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self._cursor = cursor

    @property
    def description(self) -> Any:
        return self._cursor.description

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    async def execute(self, sql: str, parameters: Any = ()) -> InlineCursor:
        self._cursor.execute(sql, parameters)
        return self

    async def executemany(self, sql: str, parameters: Any) -> InlineCursor:
        self._cursor.executemany(sql, parameters)
        return self

    async def fetchone(self) -> Any:
        return self._cursor.fetchone()

    async def fetchmany(self, size: int | None = None) -> list[Any]:
        return self._cursor.fetchmany(size if size is not None else self._cursor.arraysize)

    async def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    async def close(self) -> None:
        self._cursor.close()


class _AtOnce:
    """Stands in for aiosqlite's queue to its thread, which the dialect uses directly to
    set the isolation level: the call runs as it is put."""

    def put_nowait(self, item: tuple[asyncio.Future[Any] | None, Callable[[], Any]]) -> None:
        future, function = item
        try:
            result = function()
        except Exception as error:  # handed to whoever awaits the future, as aiosqlite does
            if future is not None:
                future.set_exception(error)
            return
        if future is not None:
            future.set_result(result)


class InlineConnection:
    """An aiosqlite-shaped connection over a plain sqlite3 one, used on the event loop."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._conn = connection
        self._tx = _AtOnce()

    @property
    def sqlite(self) -> sqlite3.Connection:
        """The sqlite3 connection underneath, for statements run straight on it
        (:mod:`bot.storage.driver_sql`)."""
        return self._conn

    @property
    def isolation_level(self) -> str | None:
        return self._conn.isolation_level

    @isolation_level.setter
    def isolation_level(self, value: str | None) -> None:
        self._conn.isolation_level = value

    async def cursor(self) -> InlineCursor:
        return InlineCursor(self._conn.cursor())

    async def execute(self, sql: str, parameters: Any = ()) -> InlineCursor:
        return InlineCursor(self._conn.execute(sql, parameters))

    async def create_function(self, *args: Any, **kwargs: Any) -> None:
        self._conn.create_function(*args, **kwargs)

    async def commit(self) -> None:
        self._conn.commit()

    async def rollback(self) -> None:
        self._conn.rollback()

    async def close(self) -> None:
        self._conn.close()

    def stop(self) -> None:
        """Terminate, as the pool does to a connection it gives up on."""
        self._conn.close()


def connector(url: URL) -> Callable[[], Coroutine[Any, Any, InlineConnection]]:
    """The ``async_creator`` for an engine on ``url``: SQLAlchemy's own reading of the URL
    (file name, ``uri``, ``timeout`` and the rest), handed to sqlite3 on the loop's thread."""
    args, options = SQLiteDialect_aiosqlite().create_connect_args(url)
    # The pool may close a connection from the garbage collector's thread.
    options["check_same_thread"] = False

    async def connect() -> InlineConnection:
        return InlineConnection(sqlite3.connect(*args, **options))

    return connect
