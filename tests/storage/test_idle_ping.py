"""PostgreSQL's pooled connections are pinged at checkout only after sitting idle
(bot.storage.idle_ping): a connection the server cut while it sat idle is replaced before a
command uses it, and one handed back a moment ago costs no round trips."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage import idle_ping
from bot.storage.db import create_engine, session_factory
from bot.storage.repository import Store
from tests.postgres.server import PostgresServer


@pytest.fixture
async def engine(postgres_database_url: str) -> AsyncIterator[AsyncEngine]:
    engine = create_engine(postgres_database_url)
    yield engine
    await engine.dispose()


async def cut_every_connection(server: PostgresServer, url: str) -> int:
    """Terminate every session the server has on the database but our own: what a server
    restart or a firewall's idle timeout does to a pool's connections."""
    database = make_url(url).database
    connection = await server.connect("postgres")
    try:
        return int(
            await connection.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = $1 AND pid <> pg_backend_pid()",
                database,
            )
        )
    finally:
        await connection.close()


def pings(engine: AsyncEngine) -> list[str]:
    """The empty statements (SQLAlchemy's ping on asyncpg) the engine's connections run."""
    seen: list[str] = []
    dialect = engine.sync_engine.dialect
    pinged = dialect.do_ping

    def counted(dbapi_connection: Any) -> bool:
        seen.append("ping")
        return pinged(dbapi_connection)

    dialect.do_ping = counted  # type: ignore[method-assign]
    return seen


async def test_a_connection_cut_while_idle_is_replaced_before_use(
    engine: AsyncEngine,
    postgres_server: PostgresServer,
    postgres_database_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = Store(session_factory(engine))
    assert await store.active_game(1) is None, "the pool's first connection"
    assert await cut_every_connection(postgres_server, postgres_database_url) >= 1
    monkeypatch.setattr(idle_ping, "IDLE_BEFORE_PING", 0.05)
    await asyncio.sleep(0.1)
    assert await store.active_game(1) is None, "the cut connection was handed out unpinged"


async def test_a_connection_handed_back_a_moment_ago_is_not_pinged(engine: AsyncEngine) -> None:
    store = Store(session_factory(engine))
    await store.active_game(1)
    seen = pings(engine)
    for _ in range(5):
        await store.active_game(1)
    assert seen == [], "a busy connection was pinged at every checkout"


async def test_a_connection_idle_past_the_limit_is_pinged(
    engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(session_factory(engine))
    await store.active_game(1)
    seen = pings(engine)
    monkeypatch.setattr(idle_ping, "IDLE_BEFORE_PING", 0.05)
    await asyncio.sleep(0.1)
    await store.active_game(1)
    await store.active_game(1)
    assert seen == ["ping"], "an idle connection, and then not the same one back at once"
