"""Database fixtures: tests run once on a throwaway SQLite file, once on real PostgreSQL
(a server the session starts for itself, see tests/postgres/server.py).

PostgreSQL databases are slow to create, so the migrated one is shared by the whole
session and emptied before each test; migration tests get fresh blank databases.
"""

import asyncio
import os
import secrets
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest
import pytest_asyncio
from sqlalchemy import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.db import create_engine, session_factory, upgrade
from bot.storage.models import Base
from bot.storage.repository import Store
from tests import profiles  # noqa: F401 - registers the Hypothesis profiles
from tests.postgres.server import (
    PostgresServer,
    ServerUnavailable,
    external_server,
    throwaway_server,
)

BACKENDS = ["sqlite", "postgres"]


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers a core, at most eight. Much of the suite waits on sockets,
    timers and other processes rather than computing, and on two cores four workers finished
    the quick run in 3.5 minutes where two took 4.3."""
    return min(8, 2 * (os.cpu_count() or 1))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The session's PostgreSQL: started here for the run, unless LAAGER_TEST_POSTGRES_URL
    names one that is already running."""
    external = external_server()
    if external is not None:
        yield external
        return
    try:
        with throwaway_server() as server:
            yield server
    except ServerUnavailable as unavailable:
        pytest.fail(str(unavailable), pytrace=False)


async def _postgres_connection(server: PostgresServer, database: str) -> asyncpg.Connection:
    try:
        return await server.connect(database)
    except ServerUnavailable as unavailable:
        reason = str(unavailable)
    # Failing outside the except block keeps the report to this one clear line.
    pytest.fail(reason, pytrace=False)


@asynccontextmanager
async def throwaway_postgres_database(server: PostgresServer) -> AsyncIterator[str]:
    """Create an empty `laager_test_<hex>` database and drop it, connections and all, after."""
    name = f"laager_test_{secrets.token_hex(6)}"
    admin = await _postgres_connection(server, "postgres")
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield server.url(name)
    finally:
        admin = await _postgres_connection(server, "postgres")
        try:
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = $1 AND pid <> pg_backend_pid()",
                name,
            )
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        finally:
            await admin.close()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def migrated_postgres_database(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """One migrated PostgreSQL database for the whole session."""
    async with throwaway_postgres_database(postgres_server) as url:
        await upgrade(url)
        yield url


async def _empty_postgres_tables(server: PostgresServer, url: str) -> None:
    tables = ", ".join(f'"{table.name}"' for table in Base.metadata.sorted_tables)
    connection = await _postgres_connection(server, str(make_url(url).database))
    try:
        await connection.execute(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
    finally:
        await connection.close()


@pytest.fixture
def sqlite_blank_database_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'laager.sqlite3'}"


@pytest.fixture
async def postgres_blank_database_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    async with throwaway_postgres_database(postgres_server) as url:
        yield url


@pytest.fixture
async def sqlite_database_url(sqlite_blank_database_url: str) -> str:
    await upgrade(sqlite_blank_database_url)
    return sqlite_blank_database_url


@pytest.fixture
async def postgres_database_url(
    postgres_server: PostgresServer, migrated_postgres_database: str
) -> str:
    await _empty_postgres_tables(postgres_server, migrated_postgres_database)
    return migrated_postgres_database


@pytest.fixture(params=BACKENDS)
def blank_database_url(request: pytest.FixtureRequest) -> str:
    """A fresh database without any schema, for exercising the migrations themselves."""
    url: str = request.getfixturevalue(f"{request.param}_blank_database_url")
    return url


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest) -> str:
    """An empty database at the latest schema."""
    url: str = request.getfixturevalue(f"{request.param}_database_url")
    return url


@pytest.fixture
async def engine(database_url: str) -> AsyncIterator[AsyncEngine]:
    """An engine on an empty database at the latest schema, on each backend."""
    engine = create_engine(database_url)
    try:
        yield engine
    finally:
        await engine.dispose()


@pytest.fixture
def store(engine: AsyncEngine) -> Store:
    return Store(session_factory(engine))


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database migrated once per test process. The migrations have tests of their own
    (tests/storage/test_migrations.py); run again for each of the hundreds of bots these tests
    start, they cost a fifth of a second each."""
    path = tmp_path_factory.mktemp("migrated") / "e2e.sqlite3"
    asyncio.run(upgrade(f"sqlite+aiosqlite:///{path}"))
    return path
