"""One writer at a time on an SQLite file, queued in the event loop instead of in SQLite.

SQLite lets one connection write at a time. The others wait in its busy handler, which
sleeps in growing steps (up to 100 ms) between tries, so under load most of a writer's wait
is sleep after the lock was already free. Only one process may use the file
(:mod:`bot.storage.single_process`), so a lock in that process sees every writer: the first
statement that writes takes it, as SQLite's own lock would be taken, and the end of the
transaction hands it straight to the next writer in line.
"""

from __future__ import annotations

import asyncio
import weakref
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import URL, Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.util import await_only

READS = ("select", "pragma", "begin", "savepoint", "release", "rollback", "commit")
"""Statements that take no write lock (the rest, DML and DDL, do)."""
HELD = "laager_write_gate"
"""Key in a pooled connection's info: the gate's lock this connection holds."""


class WriteGate:
    """An asyncio lock taken by a connection's first write and given back when its
    transaction ends, however it ends (commit, rollback, return to the pool, close).

    Every engine of the process on the same file shares one gate (:func:`gate_for`): a
    writer of one engine must never meet SQLite's lock held by another, or it would wait
    in SQLite's busy handler on a loop the holder needs to finish."""

    def __init__(self, timeout: float) -> None:
        self._locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
            weakref.WeakKeyDictionary()
        )
        """One lock per event loop (tests run one loop after another)."""
        self._timeout = timeout
        """Seconds a writer waits before failing as SQLite would ("database is locked")."""

    @property
    def _lock(self) -> asyncio.Lock:
        """This loop's lock."""
        loop = asyncio.get_running_loop()
        lock = self._locks.get(loop)
        if lock is None:
            lock = self._locks[loop] = asyncio.Lock()
        return lock

    def install(self, engine: AsyncEngine) -> None:
        sync = engine.sync_engine
        _INSTALLED[sync] = self
        event.listen(sync, "before_cursor_execute", self._before_statement)
        event.listen(sync, "commit", self._connection_done)
        event.listen(sync, "rollback", self._connection_done)
        event.listen(sync.pool, "reset", self._reset)
        event.listen(sync.pool, "invalidate", self._invalidated)
        for name in ("checkin", "close"):
            event.listen(sync.pool, name, self._record_done)

    def _before_statement(
        self, conn: Any, _cursor: Any, statement: str, _params: Any, _ctx: Any, _many: Any
    ) -> None:
        if conn.info.get(HELD) or statement.lstrip()[:9].lower().startswith(READS):
            return
        await_only(self.take(conn.info, statement))

    async def take(self, info: dict[str, Any], statement: str = "BEGIN") -> None:
        """Take the lock for the pooled connection whose ``info`` this is, giving up after
        the timeout as SQLite would ("database is locked"). A free lock is taken without a
        turn of the loop (``asyncio.wait_for`` would spend one on a task of its own), so a
        writer that finds the gate free writes at once. It is given back when the
        connection's transaction ends or the pool takes the connection back."""
        lock = self._lock
        try:
            async with asyncio.timeout(self._timeout):
                await lock.acquire()
        except TimeoutError:
            raise OperationalError(statement, None, Exception("database is locked")) from None
        info[HELD] = lock

    def _connection_done(self, conn: Any) -> None:
        self._give_back(conn.info)

    def _record_done(self, _dbapi_connection: Any, connection_record: Any) -> None:
        if connection_record is not None:
            self._give_back(connection_record.info)

    def _reset(self, dbapi_connection: Any, connection_record: Any, reset_state: Any) -> None:
        self._record_done(dbapi_connection, connection_record)

    def _invalidated(self, dbapi_connection: Any, connection_record: Any, exception: Any) -> None:
        self._record_done(dbapi_connection, connection_record)

    @staticmethod
    def _give_back(info: dict[str, Any]) -> None:
        """Release the lock the connection took (the pool may hand a connection back from
        the garbage collector, outside any running loop)."""
        lock = info.pop(HELD, None)
        if lock is not None:
            lock.release()


_GATES: dict[str, WriteGate] = {}
_INSTALLED: weakref.WeakKeyDictionary[Engine, WriteGate] = weakref.WeakKeyDictionary()


def gate_of(engine: AsyncEngine) -> WriteGate | None:
    """The gate installed on ``engine`` (None: it has none, as on PostgreSQL)."""
    return _INSTALLED.get(engine.sync_engine)


def gate_for(url: URL, timeout: float) -> WriteGate:
    """The gate of the SQLite file ``url`` names, shared by the process's engines on it; a
    fresh one for an in-memory database, which no other engine can reach."""
    database = url.database
    if not database or database == ":memory:" or url.query.get("mode") == "memory":
        return WriteGate(timeout)
    return _GATES.setdefault(str(Path(database).resolve()), WriteGate(timeout))
