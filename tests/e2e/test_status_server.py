"""/metrics counts what the bot does and /health says when the gateway or database is down,
with the bot running against the sandbox."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
from collections.abc import AsyncIterator
from datetime import timedelta

import aiohttp
import asyncpg
import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import make_url

from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.storage.db import create_engine
from tests.e2e.conftest import TEST_SYSTEMS, bot_settings
from tests.e2e.processes import ROOT

DEAD_DATABASE = "postgresql+asyncpg://postgres@127.0.0.1:9/nowhere"
"""Port 9 (discard) has no PostgreSQL behind it: connections are refused at once."""


async def started(sandbox: DiscordSandbox, database_url: str) -> AsyncIterator[LaagerBot]:
    settings = bot_settings(sandbox, database_url).model_copy(update={"status_port": 0})
    async with running_bot(settings) as bot:
        await sandbox.wait_ready()
        yield bot


@pytest.fixture
async def watched(sandbox: DiscordSandbox, sqlite_url: str) -> AsyncIterator[LaagerBot]:
    async for bot in started(sandbox, sqlite_url):
        yield bot


async def get(bot: LaagerBot, path: str) -> tuple[int, str]:
    assert bot.status_server is not None and bot.status_server.port
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{bot.status_server.port}{path}") as response:
            return response.status, await response.text()


async def scrape(bot: LaagerBot) -> dict[tuple[str, frozenset], float]:
    """Every sample on /metrics, by name and labels."""
    status, text = await get(bot, "/metrics")
    assert status == 200
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def moved(before: dict, after: dict, name: str, **labels: str) -> float:
    key = (name, frozenset(labels.items()))
    return after.get(key, 0.0) - before.get(key, 0.0)


def total(samples: dict, name: str) -> float:
    return sum(value for (sample, _), value in samples.items() if sample == name)


async def test_commands_renders_statements_and_reminders_move_the_metrics(
    sandbox: DiscordSandbox, watched: LaagerBot, alice: SandboxUser
) -> None:
    before = await scrape(watched)
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
    refused = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
    assert refused.messages[-1].ephemeral and "already" in refused.messages[-1].content
    await sandbox.click(alice, label="Strike")
    await sandbox.click(alice, label="Strike")
    real_clock = watched.service.clock
    watched.service.clock = lambda: real_clock() + timedelta(hours=25)
    assert await watched.get_cog("Reminders").remind_idle() == 1
    after = await scrape(watched)

    assert (
        moved(before, after, "laager_commands_total", command="game new", outcome="ok", shard="0")
        == 1
    )
    assert (
        moved(
            before, after, "laager_commands_total", command="game new", outcome="refused", shard="0"
        )
        == 1
    )
    presses = moved(
        before, after, "laager_commands_total", command="component:choose", outcome="ok", shard="0"
    )
    assert presses == 2
    assert moved(before, after, "laager_command_seconds_count", command="game new", shard="0") == 2
    assert (
        moved(before, after, "laager_command_seconds_count", command="component:choose", shard="0")
        == 2
    )
    assert moved(before, after, "laager_render_seconds_count", system="duel") >= 3
    assert moved(before, after, "laager_database_seconds_count", statement="insert") >= 1
    assert moved(before, after, "laager_database_seconds_count", statement="select") >= 3
    assert (
        moved(before, after, "laager_database_commits_total") >= 2 + 2 * 2
    )  # a new game, two presses
    assert moved(before, after, "laager_reminders_sent_total") == 1
    assert after[("laager_active_games", frozenset())] == 1
    assert after[("laager_outbox_depth", frozenset())] == 0
    assert total(after, "laager_command_seconds_sum") > total(before, "laager_command_seconds_sum")


async def test_the_outbox_depth_reads_the_hook(watched: LaagerBot) -> None:
    async def owed() -> int:
        return 7

    watched.outbox_depth = owed
    assert (await scrape(watched))[("laager_outbox_depth", frozenset())] == 7


async def test_health_is_503_when_the_database_url_is_dead(watched: LaagerBot) -> None:
    status, body = await get(watched, "/health")
    assert status == 200, body
    assert '"gateway": "up"' in body and '"database": "up"' in body
    live = watched.engine
    watched.engine = create_engine(DEAD_DATABASE)
    try:
        status, body = await get(watched, "/health")
        # /metrics still answers without the database.
        assert (await get(watched, "/metrics"))[0] == 200
    finally:
        await watched.engine.dispose()
        watched.engine = live
    assert status == 503
    assert '"gateway": "up"' in body and '"database": "down"' in body


async def test_health_is_503_when_the_gateway_drops(watched: LaagerBot) -> None:
    await watched.shards[0].disconnect()
    status, body = await get(watched, "/health")
    assert status == 503
    assert '"gateway": "down"' in body and '"database": "up"' in body


async def test_health_is_503_when_postgresql_loses_the_database(
    sandbox: DiscordSandbox, postgres_blank_database_url: str
) -> None:
    async for bot in started(sandbox, postgres_blank_database_url):
        assert (await get(bot, "/health"))[0] == 200
        url = make_url(postgres_blank_database_url)
        admin = await asyncpg.connect(
            host=url.host, port=url.port, user=url.username, database="postgres"
        )
        try:
            # FORCE ends the bot's connections in the same step: the bot's loops (the
            # outbox, the stand-ins) may open a new one between a separate end and the drop
            await admin.execute(f'DROP DATABASE "{url.database}" WITH (FORCE)')
        finally:
            await admin.close()
        status, body = await get(bot, "/health")
        assert status == 503
        assert '"database": "down"' in body


def free_port() -> int:
    with socket.socket() as probe_socket:
        probe_socket.bind(("127.0.0.1", 0))
        return int(probe_socket.getsockname()[1])


async def laager(*args: str, env: dict[str, str]) -> tuple[int, str]:
    """Run the ``laager`` command line to its end: exit code and output."""
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.process.cli",
        *args,
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await child.communicate()
    return child.returncode or 0, out.decode()


HEALTH_TRIES = 25


async def test_a_bot_process_logs_json_and_serves_health_and_metrics(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser
) -> None:
    port = free_port()
    status_env = {"STATUS_PORT": str(port), "STATUS_HOST": "0.0.0.0"}
    env = {
        "DISCORD_TOKEN": sandbox.token,
        "DISCORD_API_BASE": sandbox.api_base,
        "DISCORD_GATEWAY_URL": sandbox.gateway_url,
        "DATABASE_URL": sqlite_url,
        "EXTRA_SYSTEMS": ",".join(TEST_SYSTEMS),
        "LOG_LEVEL": "INFO",
        **status_env,
    }
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.process.cli",
        "run",
        cwd=ROOT,
        env={**os.environ, **env},
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await sandbox.wait_ready(timeout=30)
        await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
        # commands are answered from the gateway's READY on; the process calls itself ready
        # (discord.py's is_ready) once the guilds have come in, a moment later
        for _ in range(HEALTH_TRIES):
            code, body = await laager("health", env=status_env)
            if code == 0:
                break
            await asyncio.sleep(0.2)
        assert code == 0 and json.loads(body)["status"] == "ok", body
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/metrics") as response:
                scraped = await response.text()
        assert 'laager_commands_total{command="game new",outcome="ok",shard="0"} 1.0' in scraped
        assert "laager_active_games 1.0" in scraped
    finally:
        child.terminate()
        _, err = await asyncio.wait_for(child.communicate(), 20)
    records = [json.loads(line) for line in err.decode().splitlines() if line.strip()]
    answered = [r for r in records if r.get("command") == "game new"]
    assert answered and answered[0]["outcome"] == "ok" and answered[0]["game_id"] >= 1
    assert sandbox.token not in err.decode()
    code, body = await laager("health", env=status_env)
    assert code == 1 and "no answer" in body
