"""SQLite on the event loop: statements need no thread, and writers queue at the process's
write gate instead of blocking the loop in SQLite's busy handler."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from bot.storage import db, write_gate
from bot.storage.db import create_engine
from tests.loop_ticker import Ticker


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'gate.sqlite3'}"


@pytest.fixture
async def engines(url: str) -> AsyncIterator[list[AsyncEngine]]:
    """Two engines on one file, as the bot and a tool in the same process would have."""
    made = [create_engine(url), create_engine(url)]
    async with made[0].begin() as connection:
        await connection.execute(text("CREATE TABLE marks (who TEXT)"))
    try:
        yield made
    finally:
        for engine in made:
            await engine.dispose()


async def slow_writer(engine: AsyncEngine, wrote: asyncio.Event) -> None:
    """A write transaction that waits on something else before it commits."""
    async with engine.begin() as connection:
        await connection.execute(text("INSERT INTO marks VALUES ('slow')"))
        wrote.set()
        await asyncio.sleep(0.3)


async def quick_writer(engine: AsyncEngine) -> None:
    async with engine.begin() as connection:
        await connection.execute(text("INSERT INTO marks VALUES ('quick')"))


async def marks(engine: AsyncEngine) -> list[str]:
    async with engine.connect() as connection:
        return list((await connection.execute(text("SELECT who FROM marks"))).scalars())


async def test_a_writer_waits_at_the_gate_while_the_loop_goes_on(
    engines: list[AsyncEngine],
) -> None:
    wrote = asyncio.Event()
    ticker = Ticker()
    slow = asyncio.ensure_future(slow_writer(engines[0], wrote))
    await wrote.wait()
    await quick_writer(engines[1])
    assert slow.done(), "the second writer went first, inside the first one's transaction"
    assert await ticker.stop() < 0.2
    assert await marks(engines[1]) == ["slow", "quick"]


async def test_without_a_shared_gate_sqlite_would_hold_the_loop(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fault the shared gate prevents, planted: engines with gates of their own. The
    second writer meets SQLite's lock and waits in its busy handler, on the loop, so the
    first can never commit; the writer fails when the busy timeout (shortened) runs out."""
    monkeypatch.setattr(db, "SQLITE_BUSY_TIMEOUT_MS", 400)
    monkeypatch.setattr(db, "gate_for", lambda _url, timeout: write_gate.WriteGate(timeout))
    made = [create_engine(url), create_engine(url)]
    try:
        async with made[0].begin() as connection:
            await connection.execute(text("CREATE TABLE marks (who TEXT)"))
        wrote = asyncio.Event()
        ticker = Ticker()
        slow = asyncio.ensure_future(slow_writer(made[0], wrote))
        await wrote.wait()
        with pytest.raises(Exception, match="database is locked"):
            await quick_writer(made[1])
        assert await ticker.stop() >= 0.35
        await slow
    finally:
        for engine in made:
            await engine.dispose()


async def test_a_cancelled_writer_gives_the_gate_back(engines: list[AsyncEngine]) -> None:
    wrote = asyncio.Event()

    async def abandoned() -> None:
        async with engines[0].begin() as connection:
            await connection.execute(text("INSERT INTO marks VALUES ('lost')"))
            wrote.set()
            await asyncio.sleep(60)

    task = asyncio.ensure_future(abandoned())
    await wrote.wait()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await asyncio.wait_for(quick_writer(engines[1]), 2)
    assert await marks(engines[1]) == ["quick"]


async def test_statements_run_without_a_thread_per_connection(
    url: str, engines: list[AsyncEngine]
) -> None:
    """aiosqlite, measured beside it, starts a thread for every connection it opens."""

    async def busy_sessions(engine: AsyncEngine) -> int:
        before = threading.active_count()
        gate = asyncio.Event()

        async def reader() -> None:
            async with engine.connect() as connection:
                await connection.execute(text("SELECT count(*) FROM marks"))
                await gate.wait()

        readers = [asyncio.ensure_future(reader()) for _ in range(5)]
        await asyncio.sleep(0.1)
        during = threading.active_count()
        gate.set()
        await asyncio.gather(*readers)
        return during - before

    assert await busy_sessions(engines[0]) == 0
    threaded = create_async_engine(url)
    try:
        assert await busy_sessions(threaded) == 5
    finally:
        await threaded.dispose()


STOCK = "stock"
"""SQLAlchemy's own sessionmaker, which ends a session in a task of its own: the fault
:mod:`bot.storage.inline_sessions` removes, planted."""


def sessions_for(engine: AsyncEngine, kind: str) -> async_sessionmaker[AsyncSession]:
    if kind == STOCK:
        return async_sessionmaker(engine, expire_on_commit=False)
    return db.session_factory(engine)


@pytest.mark.parametrize("kind", ["bot", STOCK])
async def test_a_transaction_commits_and_closes_in_the_callers_turn(
    engines: list[AsyncEngine], kind: str
) -> None:
    """Nothing else runs between the last statement and the connection's return, so the
    write gate and the connection are never held across a turn of the loop."""
    sessions = sessions_for(engines[0], kind)
    pool = engines[0].sync_engine.pool
    ran: list[str] = []
    loop = asyncio.get_running_loop()
    async with sessions.begin() as session:
        await session.execute(text("INSERT INTO marks VALUES ('begun')"))
        loop.call_soon(ran.append, "begin")
    after_begin = list(ran)
    async with sessions() as session:
        await session.execute(text("INSERT INTO marks VALUES ('committed')"))
        await session.commit()
        loop.call_soon(ran.append, "session")
    after_session = list(ran)
    checked_out = pool.checkedout()  # type: ignore[attr-defined]
    if kind == STOCK:
        assert (after_begin, after_session) == (["begin"], ["begin", "session"])
    else:
        assert (after_begin, after_session, checked_out) == ([], [], 0)
    assert await marks(engines[0]) == ["begun", "committed"]


@pytest.mark.parametrize("kind", ["bot", STOCK])
async def test_writers_on_a_busy_loop_do_not_go_one_a_turn(
    engines: list[AsyncEngine], kind: str
) -> None:
    """With the loop busy, 40 writers at once all finish within a few of its turns; the
    planted stock sessions hold the write gate into the next turn, so one writer a turn."""
    sessions = sessions_for(engines[0], kind)
    turns = 0
    done = asyncio.Event()

    async def count_turns() -> None:
        nonlocal turns
        while not done.is_set():
            turns += 1
            await asyncio.sleep(0)

    async def writer(n: int) -> None:
        async with sessions.begin() as session:
            await session.execute(text("INSERT INTO marks VALUES (:n)"), {"n": str(n)})

    counter = asyncio.ensure_future(count_turns())
    await asyncio.gather(*(writer(n) for n in range(40)))
    done.set()
    await counter
    if kind == STOCK:
        assert turns >= 40
    else:
        assert turns <= 5
    assert len(await marks(engines[0])) == 40


async def test_a_commit_syncs_the_disk_only_at_checkpoints(engines: list[AsyncEngine]) -> None:
    """Every connection is in WAL mode with synchronous NORMAL (1): a commit on the loop
    writes the log without waiting for the disk to sync it, as FULL (2), SQLite's default,
    would at every commit."""
    async with engines[0].connect() as connection:
        journal = (await connection.execute(text("PRAGMA journal_mode"))).scalar_one()
        synchronous = (await connection.execute(text("PRAGMA synchronous"))).scalar_one()
    assert (journal, synchronous) == ("wal", 1)
