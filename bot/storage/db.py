"""Engine construction and schema migrations, so the bot can bring its database up to date.

Alembic is imported by the functions that migrate, not by this module: whatever only needs an
engine (a command, ``laager db export``) starts without it.
"""

from __future__ import annotations

import asyncio
import fcntl
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from bot.storage import idle_ping, inline_sqlite
from bot.storage.inline_sessions import InlineSession, InlineSessions
from bot.storage.write_gate import gate_for

if TYPE_CHECKING:
    from alembic.config import Config

PROJECT_ROOT = Path(__file__).resolve().parents[2]
MIGRATIONS_DIR = PROJECT_ROOT / "alembic"

HEAD = "0018"
"""The newest migration in ``alembic/versions``. A database already there is left as it is
without loading Alembic, which cost each start a third of a second or more of CPU
(``tests/storage/test_migrations.py`` checks that this is Alembic's own head)."""

# How long an SQLite writer waits for another connection's write lock before failing.
SQLITE_BUSY_TIMEOUT_MS = 10_000


def create_engine(url: str) -> AsyncEngine:
    """Build an engine tuned for the backend: SQLite pragmas, or a PostgreSQL pool whose
    idle connections are checked before use (:mod:`bot.storage.idle_ping`).

    Statement parameters carry secrets (a new game's seed), so they are kept out of
    the engine's log lines and error messages on every backend.
    """
    if make_url(url).get_backend_name() == "sqlite":
        engine = create_async_engine(
            url, hide_parameters=True, async_creator=inline_sqlite.connector(make_url(url))
        )
        event.listen(engine.sync_engine, "connect", _configure_sqlite_connection)
        gate_for(make_url(url), SQLITE_BUSY_TIMEOUT_MS / 1000).install(engine)
        return engine
    engine = create_async_engine(
        url, hide_parameters=True, pool_size=5, max_overflow=10, pool_recycle=1800
    )
    idle_ping.install(engine)
    return engine


def _configure_sqlite_connection(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers proceed while one writer commits; SQLite leaves foreign keys off
    # unless asked, and without a busy timeout a contended write fails immediately.
    # Statements run on the event loop (bot.storage.inline_sqlite), so a commit that waits
    # for the disk holds up every channel: in WAL mode, synchronous NORMAL syncs at each
    # checkpoint instead of each commit. A commit still outlives the bot's process being
    # killed; only the host losing power or crashing may take back the last ones.
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions whose loaded rows stay readable after commit; on SQLite, sessions that end
    in the caller's task (:mod:`bot.storage.inline_sessions`)."""
    if engine.dialect.name == "sqlite":
        return InlineSessions(engine, class_=InlineSession, expire_on_commit=False)
    return async_sessionmaker(engine, expire_on_commit=False)


def _alembic_config(url: str) -> Config:
    from alembic.config import Config

    # No ini file: programmatic runs must not reconfigure the host application's logging.
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    # Config values go through ConfigParser interpolation, so escape URL-encoded characters.
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


async def upgrade(url: str, revision: str = "head") -> None:
    """Migrate the database up to `revision`. An ordinary start finds it at :data:`HEAD`
    already and asks nothing of Alembic.

    Alembic's env.py runs its own event loop, so the command runs in a worker thread.
    """
    if revision == "head" and await current(url) == HEAD:
        return
    import alembic.command

    await asyncio.to_thread(_migrate, alembic.command.upgrade, url, revision)


async def downgrade(url: str, revision: str) -> None:
    """Migrate the database down to `revision` ("base" removes every table)."""
    import alembic.command

    await asyncio.to_thread(_migrate, alembic.command.downgrade, url, revision)


def _migrate(command: Callable[[Config, str], None], url: str, revision: str) -> None:
    """Run one Alembic command, one process at a time per SQLite file.

    SQLite cannot stop a second process from reading the schema version while the first
    is between revisions, so processes take turns on a lock file beside the database.
    (On PostgreSQL, env.py takes an advisory lock instead.)
    """
    database = make_url(url).database
    if make_url(url).get_backend_name() != "sqlite" or not database or database == ":memory:":
        command(_alembic_config(url), revision)
        return
    with open(f"{database}.migrating", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            command(_alembic_config(url), revision)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


async def current(url: str) -> str | None:
    """The revision the database is at, read from Alembic's version table without loading
    Alembic; None if it was never migrated (no table, or an empty one)."""
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            try:
                found = await connection.execute(text("SELECT version_num FROM alembic_version"))
            except DBAPIError:
                return None
            return found.scalar_one_or_none()
    finally:
        await engine.dispose()
