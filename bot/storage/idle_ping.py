"""A pooled PostgreSQL connection is asked whether it is still alive only after it sat idle.

SQLAlchemy's pre-ping asks at every checkout. Through asyncpg a ping is three round trips
(BEGIN, an empty statement, ROLLBACK) and cost the bot 430 µs of CPU a checkout, against
40 µs for the checkout itself: with three checkouts to an order, about a fifth of its CPU.
A connection handed back a moment ago is as alive as it was then; one that sat idle may
have been cut meanwhile (the server restarted, a firewall dropped an idle link), so only
that one is pinged, and a dead one is replaced before anyone uses it. A server restarted
while connections are busy fails the statements then running, which invalidates the pool,
so the next checkout of each stale connection reconnects.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import event
from sqlalchemy.exc import InvalidatePoolError
from sqlalchemy.ext.asyncio import AsyncEngine

IDLE_BEFORE_PING = 5.0
"""Seconds a connection may sit in the pool and still be used without a ping."""
RETURNED = "laager_returned_at"
"""Key in a pooled connection's info: when it was last handed back (monotonic seconds)."""


def install(engine: AsyncEngine) -> None:
    """Ping the engine's pooled connections at checkout when they were idle over
    :data:`IDLE_BEFORE_PING` (the engine is made without ``pool_pre_ping``)."""
    sync = engine.sync_engine
    dialect = sync.dialect

    def returned(_dbapi_connection: Any, record: Any) -> None:
        if record is not None:
            record.info[RETURNED] = time.monotonic()

    def checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get(RETURNED, time.monotonic()) <= IDLE_BEFORE_PING:
            return
        try:
            dialect.do_ping(dbapi_connection)
        except Exception as error:  # any failure: the pool replaces the connection
            raise InvalidatePoolError(f"idle connection failed its ping: {error}") from error

    event.listen(sync.pool, "connect", lambda dbapi, record: returned(dbapi, record))
    event.listen(sync.pool, "checkin", returned)
    event.listen(sync.pool, "checkout", checkout)
