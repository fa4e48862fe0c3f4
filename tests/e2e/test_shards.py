"""Several bot processes sharing Discord's shards, on Discord's own model.

Two ``laager run`` processes hold two shards each of four; each guild's interactions reach
only the process holding its shard. One process is killed (SIGKILL) while the other keeps
taking orders, and is restarted; every game must come through whole.
"""

from __future__ import annotations

import asyncio
import signal
import sys

import pytest

from bot.play.service import replay_steps
from bot.sandbox import DiscordSandbox, SandboxInteraction, SandboxUser, rendering
from bot.storage.db import create_engine, session_factory
from bot.storage.repository import Store
from games.core.replay import replay
from games.core.versions import VERSION_KEY
from tests.e2e.processes import ROOT, bot_env, bot_process
from tests.fixtures.duel import Duel

SHARDS = 4
FIRST_HALF = ("--shards", "0-1", "--shard-count", str(SHARDS))
SECOND_HALF = ("--shards", "2-3", "--shard-count", str(SHARDS))


async def tallies(
    sandbox: DiscordSandbox, players: list[SandboxUser], channels: list[int], rounds: int
) -> list[SandboxInteraction]:
    """Every player orders a tally ``rounds`` times in every channel: the channels all at
    once, the players of one channel in turn (an order given without seeing the one before
    it is refused as stale, as a repeated order must be)."""

    async def in_turn(channel: int) -> list[SandboxInteraction]:
        return [
            await sandbox.slash(player, "game order", {"choice": "tally"}, channel=channel)
            for _ in range(rounds)
            for player in players
        ]

    done = await asyncio.gather(*(in_turn(channel) for channel in channels))
    return [interaction for orders in done for interaction in orders]


async def wait_for_shards(sandbox: DiscordSandbox, shards: set[int]) -> None:
    """Wait until exactly these shards each have one connected session."""
    if not await sandbox.wait_for(lambda: set(sandbox.shard_sessions()) == shards, 90):
        raise TimeoutError(f"shards connected: {sandbox.shard_sessions()}, wanted {shards}")


def posts_showing(sandbox: DiscordSandbox, channel: int) -> dict[int, str]:
    """Each public message of a channel, by id, with every version it ever showed."""
    shown: dict[int, str] = {}
    for event in sandbox.events:
        if event.message.channel_id == channel and not event.message.ephemeral:
            version = event.version
            text = rendering.render_message(
                version.content, version.embeds, version.components, version.attachments
            )
            shown[event.message.id] = shown.get(event.message.id, "") + "\n" + text
    return shown


@pytest.mark.slow
async def test_two_processes_four_shards_one_killed_and_restarted(
    sandbox: DiscordSandbox, postgres_database_url: str, alice: SandboxUser, bob: SandboxUser
) -> None:
    url = postgres_database_url
    channels = [sandbox.add_guild(f"guild on shard {n}", shard=(n, SHARDS)) for n in range(SHARDS)]
    first_channels, second_channels = channels[:2], channels[2:]
    players = [alice, bob]
    async with bot_process(sandbox, url, *SECOND_HALF):
        async with bot_process(sandbox, url, *FIRST_HALF) as first:
            await sandbox.wait_ready(timeout=60, sessions=SHARDS)
            assert sandbox.shard_sessions() == dict.fromkeys(range(SHARDS), 1)
            assert sandbox.command_syncs == 1, "only the process holding shard 0 syncs"
            for channel in channels:
                started = await sandbox.slash(
                    alice, "game new", {"system": "duel", "mode": "two-player"}, channel=channel
                )
                joined = await sandbox.slash(bob, "game join", channel=channel)
                assert not started.ephemeral and not joined.ephemeral
            await tallies(sandbox, players, channels, rounds=1)
            during_the_kill = asyncio.ensure_future(
                tallies(sandbox, players, second_channels, rounds=1)
            )
            first.send_signal(signal.SIGKILL)
            assert await first.wait() == -signal.SIGKILL
            await during_the_kill
        await wait_for_shards(sandbox, {2, 3})
        async with bot_process(sandbox, url, *FIRST_HALF):
            await wait_for_shards(sandbox, set(range(SHARDS)))
            assert sandbox.command_syncs == 1, "the same commands are not synced again"
            for channel in first_channels:  # the restarted process finds its games
                status = await sandbox.slash(bob, "game status", channel=channel)
                assert status.response is not None and "Tally 2." in status.response.text()
            await tallies(sandbox, players, channels, rounds=1)

    engine = create_engine(url)
    try:
        store = Store(session_factory(engine))
        for channel in channels:
            game = await store.latest_game(channel)
            assert game is not None and game.guild_id == sandbox.guild_of(channel)
            events = await store.events(game.id)
            assert [e.seq for e in events] == list(range(len(events))), "a gap in the log"
            report = replay(Duel(), game.seed, replay_steps(events))
            assert report.ok, report.problem
            stored = {key: value for key, value in game.state.items() if key != VERSION_KEY}
            assert report.state == stored
            tallied = [e for e in events if e.kind == "action"]
            rounds = 2 if channel in first_channels else 3
            assert game.state["tally"] == len(tallied) == rounds * len(players)
            posts = posts_showing(sandbox, channel)
            for event in tallied:
                assert event.public_text
                showing = [i for i, text in posts.items() if event.public_text in text]
                assert len(showing) == 1, f"{event.public_text!r} announced {len(showing)} times"
    finally:
        await engine.dispose()


async def test_a_dropped_connection_resumes_its_session(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser
) -> None:
    """The sandbox cuts shard 1's connection; discord.py RESUMEs the same session (no new
    IDENTIFY), and the guild on that shard is served as before."""
    channel = sandbox.add_guild("guild on shard 1", shard=(1, 2))
    async with bot_process(sandbox, sqlite_url, "--shards", "0-1", "--shard-count", "2"):
        await sandbox.wait_ready(timeout=60, sessions=2)
        await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"}, channel=channel)
        started = sandbox.sessions_started
        await sandbox.drop_connection(1)
        assert sandbox.sessions_started == started
        assert sandbox.shard_sessions() == {0: 1, 1: 1}
        answer = await sandbox.slash(alice, "game order", {"choice": "tally"}, channel=channel)
        assert answer.response is not None and "tallies (1)" in answer.response.text()


async def test_a_second_process_on_one_sqlite_file_refuses_to_start(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser
) -> None:
    async with bot_process(sandbox, sqlite_url) as first:
        await sandbox.wait_ready(timeout=30)
        second = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.process.cli",
            "run",
            cwd=ROOT,
            env=bot_env(sandbox, sqlite_url),
            stdout=asyncio.subprocess.PIPE,
        )
        said, _ = await asyncio.wait_for(second.communicate(), 30)
        assert second.returncode == 3
        assert "SQLite serves one process" in said.decode()
        assert "PostgreSQL" in said.decode()
        assert sandbox.session_count == 1
        first.send_signal(signal.SIGKILL)
        await first.wait()
    async with bot_process(sandbox, sqlite_url):
        # the killed process's lock went with it: a new process starts and plays
        assert await sandbox.wait_for(lambda: sandbox.session_count == 1, 30)
        answer = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
        assert not answer.ephemeral
