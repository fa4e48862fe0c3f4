"""The PostgreSQL server the tests talk to: a throwaway one started from the installed
binaries (so the tests need no service set up by hand), or an external one on request."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import port_for
import psycopg
from pytest_postgresql.executors import PostgreSQLExecutor
from sqlalchemy import URL, make_url

EXTERNAL_SERVER_ENV = "LAAGER_TEST_POSTGRES_URL"
"""Set to a server URL such as ``postgresql://postgres@127.0.0.1:5432`` to test on that
server (user with CREATEDB, trust or password auth) instead of starting one."""

PG_CTL_ENV = "LAAGER_PG_CTL"
"""Which pg_ctl to run; by default the one on PATH, else the newest under Debian's
/usr/lib/postgresql/VERSION/bin."""

SERVER_ACCOUNT_ENV = "LAAGER_PG_USER"
"""The account a root test run hands the server to (PostgreSQL refuses to run as root)."""

PG_CTL_WRAPPER = Path(__file__).with_name("pg_ctl")
INSTALL_ROOT = "/usr/lib/postgresql"
"""Where Debian and Ubuntu put each major version's programs (VERSION/bin)."""

# Durability buys nothing for a server thrown away after the run, and costs the shared cores.
FAST_AND_FORGETFUL = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


class ServerUnavailable(Exception):
    """The tests cannot get a PostgreSQL server; the message says what to do."""


@dataclass(frozen=True)
class PostgresServer:
    host: str
    port: int
    user: str
    password: str | None = None

    def url(self, database: str) -> str:
        """The application's URL (asyncpg driver) for one database on this server."""
        url = URL.create(
            "postgresql+asyncpg",
            username=self.user,
            password=self.password,
            host=self.host,
            port=self.port,
            database=database,
        )
        return url.render_as_string(hide_password=False)

    async def fresh_database(self, database: str) -> str:
        """Create an empty database on this server (a throwaway one, for a benchmark's run);
        its URL."""
        connection = await self.connect("postgres")
        try:
            await connection.execute(f'CREATE DATABASE "{database}"')
        finally:
            await connection.close()
        return self.url(database)

    async def connect(self, database: str) -> asyncpg.Connection:
        try:
            return await asyncpg.connect(
                host=self.host,
                port=self.port,
                user=self.user,
                password=self.password,
                database=database,
                timeout=10,
            )
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            reason = repr(error)
        raise ServerUnavailable(
            f"Connecting to the tests' PostgreSQL at {self.host}:{self.port} "
            f"(user {self.user!r}) failed: {reason}."
        )


def external_server() -> PostgresServer | None:
    """The server named by LAAGER_TEST_POSTGRES_URL, if it is set."""
    configured = os.environ.get(EXTERNAL_SERVER_ENV)
    if not configured:
        return None
    url = make_url(configured)
    return PostgresServer(
        url.host or "127.0.0.1", url.port or 5432, url.username or "postgres", url.password
    )


def find_pg_ctl() -> str:
    configured = os.environ.get(PG_CTL_ENV) or shutil.which("pg_ctl")
    if configured:
        return configured
    installed = sorted(
        Path(INSTALL_ROOT).glob("*/bin/pg_ctl"),
        key=lambda path: int(path.parts[-3]) if path.parts[-3].isdigit() else 0,
    )
    if installed:
        return str(installed[-1])
    raise ServerUnavailable(
        "The PostgreSQL tests start their own server, but no pg_ctl was found on PATH or "
        "under /usr/lib/postgresql/*/bin. Install the server binaries (Debian: "
        "`apt-get install postgresql`), set LAAGER_PG_CTL to pg_ctl's path, or set "
        f"{EXTERNAL_SERVER_ENV} to use a server that is already running."
    )


def _wait_until_ready(server: PostgresServer, seconds: float = 60) -> None:
    """The port opens before the server takes connections; wait for it to take one."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            psycopg.connect(
                host=server.host, port=server.port, user=server.user, dbname="postgres"
            ).close()
            return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@contextmanager
def throwaway_server() -> Iterator[PostgresServer]:
    """Start a new PostgreSQL cluster in a temporary folder on a free port; remove it after."""
    os.environ[PG_CTL_ENV] = find_pg_ctl()
    scratch = Path(tempfile.mkdtemp(prefix="laager-postgres-"))
    if os.getuid() == 0:
        shutil.chown(scratch, user=os.environ.get(SERVER_ACCOUNT_ENV, "postgres"))
    server = PostgresServer("127.0.0.1", port_for.get_port(None) or 0, "postgres")
    executor = PostgreSQLExecutor(
        executable=str(PG_CTL_WRAPPER),
        host=server.host,
        port=server.port,
        datadir=str(scratch / "data"),
        unixsocketdir=str(scratch),
        logfile=str(scratch / "server.log"),
        startparams="-w",
        dbname="postgres",
        user=server.user,
        postgres_options=FAST_AND_FORGETFUL,
    )
    try:
        try:
            executor.start()
            _wait_until_ready(server)
        except Exception as error:
            log = scratch / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else "(no server log)"
            raise ServerUnavailable(
                f"Starting a throwaway PostgreSQL with {os.environ[PG_CTL_ENV]} failed "
                f"({error!r}). Server log:\n{tail}"
            ) from None
        yield server
    finally:
        if executor.running():
            executor.stop()
        shutil.rmtree(scratch, ignore_errors=True)
