"""Alembic environment: runs migrations over an async engine."""

import asyncio
import os
from logging.config import fileConfig

from alembic import context
from sqlalchemy import Connection, pool, text
from sqlalchemy.ext.asyncio import async_engine_from_config

from bot.operations.settings import DEFAULT_DATABASE_URL
from bot.storage.models import Base

MIGRATION_LOCK = 0x1AA6E7
"""PostgreSQL advisory-lock key that serializes migrations across processes."""

config = context.config
target_metadata = Base.metadata

# Only command-line runs have an ini file; programmatic runs keep the host's logging.
if config.config_file_name is not None:
    fileConfig(config.config_file_name)


def database_url() -> str:
    return (
        config.get_main_option("sqlalchemy.url")
        or os.environ.get("DATABASE_URL")
        or DEFAULT_DATABASE_URL
    )


def run_migrations_offline() -> None:
    """Emit the migration SQL as a script instead of running it."""
    url = database_url()
    context.configure(
        url=url,
        target_metadata=target_metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        render_as_batch=url.startswith("sqlite"),
    )
    with context.begin_transaction():
        context.run_migrations()


def do_run_migrations(connection: Connection) -> None:
    # SQLite can't ALTER most things in place; batch mode rebuilds tables instead.
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # Bot processes starting together would race to migrate; the first to take this
            # lock migrates, the others wait and then find nothing left to do.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        context.run_migrations()


async def run_async_migrations() -> None:
    # A bare engine on purpose: SQLite foreign keys stay off, so batch table rebuilds
    # don't cascade deletes into child tables.
    section = config.get_section(config.config_ini_section, {})
    section["sqlalchemy.url"] = database_url()
    connectable = async_engine_from_config(
        section,
        prefix="sqlalchemy.",
        poolclass=pool.NullPool,
    )
    async with connectable.connect() as connection:
        await connection.run_sync(do_run_migrations)
    await connectable.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    asyncio.run(run_async_migrations())
