"""Which PostgreSQL server the tests use, and how they say when they cannot get one."""

from __future__ import annotations

import socket

import pytest

from tests.postgres.server import (
    EXTERNAL_SERVER_ENV,
    PG_CTL_ENV,
    PostgresServer,
    ServerUnavailable,
    external_server,
    find_pg_ctl,
)


async def test_the_session_server_is_a_throwaway_one_unless_an_external_one_is_named(
    postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    if external_server() is None:
        connection = await postgres_server.connect("postgres")
        try:
            folder = await connection.fetchval("SHOW data_directory")
        finally:
            await connection.close()
        assert "laager-postgres-" in folder and postgres_server.port != 5432
    monkeypatch.delenv(EXTERNAL_SERVER_ENV, raising=False)
    assert external_server() is None
    monkeypatch.setenv(EXTERNAL_SERVER_ENV, "postgresql://tester:pw@db.example:6543")
    assert external_server() == PostgresServer("db.example", 6543, "tester", "pw")


async def test_a_server_that_does_not_answer_is_reported_in_words() -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    with pytest.raises(ServerUnavailable, match=f"PostgreSQL at 127.0.0.1:{port}"):
        await PostgresServer("127.0.0.1", port, "postgres").connect("postgres")


def test_without_pg_ctl_the_message_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PG_CTL_ENV, raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.setattr("tests.postgres.server.INSTALL_ROOT", "/nonexistent")
    with pytest.raises(ServerUnavailable, match="apt-get install postgresql"):
        find_pg_ctl()
