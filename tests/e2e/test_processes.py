"""Real bot processes: a restart mid-game, and two processes racing on one PostgreSQL game."""

from __future__ import annotations

import asyncio
import signal
import sys

import pytest

from bot.posting.announce import POSTED
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.storage.db import create_engine, session_factory
from bot.storage.repository import Store
from tests.e2e.processes import ROOT, bot_env, bot_process, wait_disconnected


@pytest.mark.slow
async def test_restart_mid_game_keeps_state_and_old_buttons_work(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser, bob: SandboxUser
) -> None:
    async with bot_process(sandbox, sqlite_url):
        await sandbox.wait_ready(timeout=60)
        started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
        await sandbox.slash(bob, "game join")
        post = started.response
    await wait_disconnected(sandbox)
    async with bot_process(sandbox, sqlite_url):
        await sandbox.wait_ready(timeout=60)
        status = await sandbox.slash(bob, "game status")
        assert "<@" in status.response.text() and "blue" in status.response.text()
        struck = await sandbox.click(alice, post, label="Strike")
        assert not struck.ephemeral
        assert "red strikes for" in struck.messages[-1].text()


async def test_two_processes_fifty_concurrent_orders_on_postgres(
    sandbox: DiscordSandbox, postgres_database_url: str, alice: SandboxUser, bob: SandboxUser
) -> None:
    async with (
        bot_process(sandbox, postgres_database_url),
        bot_process(sandbox, postgres_database_url),
    ):
        await sandbox.wait_ready(timeout=60, sessions=2)
        await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"}, via=0)
        await sandbox.slash(bob, "game join", via=1)
        orders = [
            sandbox.slash(player, "game order", {"choice": "tally"})
            for _ in range(25)
            for player in (alice, bob)
        ]
        answers = await asyncio.gather(*orders)
    won = [a for a in answers if POSTED in a.response.content]
    lost = [a for a in answers if POSTED not in a.response.content]
    assert len(won) + len(lost) == 50 and all(a.ephemeral for a in answers)
    assert all("tallies" in a.response.text() for a in won)
    assert all("moved on" in a.response.content for a in lost), [a.response for a in lost]
    engine = create_engine(postgres_database_url)
    try:
        store = Store(session_factory(engine))
        game = await store.latest_game(sandbox.default_channel)
        assert game is not None
        assert game.state["tally"] == len(won)
        events = await store.events(game.id)
        assert [e.seq for e in events] == list(range(len(events)))
        assert len([e for e in events if e.kind == "action"]) == len(won)
    finally:
        await engine.dispose()


async def test_a_bot_stopped_on_postgres_closes_its_connections_without_an_error(
    sandbox: DiscordSandbox, postgres_database_url: str, alice: SandboxUser
) -> None:
    """SIGTERM, as Docker sends it: the commands in hand finish, then the gateway, the HTTP
    session and the database close, and nothing is logged as an error. (Planted: when the run
    does not wait for the SIGTERM's close, it ends while that close is closing the PostgreSQL
    connections, and each logs "Exception closing connection".)"""
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.process.cli",
        "run",
        cwd=ROOT,
        env=bot_env(sandbox, postgres_database_url),
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await sandbox.wait_ready(timeout=60)
        await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
        child.send_signal(signal.SIGTERM)
        _, errors = await asyncio.wait_for(child.communicate(), 30)
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
    assert child.returncode == 0
    logged = errors.decode()
    assert '"level": "error"' not in logged and "Traceback" not in logged, logged[-3000:]
