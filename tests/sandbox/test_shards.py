"""Discord's sharding model in the sandbox: GET /gateway/bot, IDENTIFY's shard checked and
honoured, guilds and interactions routed by ``(guild_id >> 22) % shard_count``, DMs on
shard 0, and RESUME after a dropped connection.

Most tests speak the gateway protocol by hand, so that what each shard receives, and in
what order, is seen exactly.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from bot.sandbox import DiscordSandbox, SandboxError, SandboxUser
from bot.sandbox.gateway import DIRECT_MESSAGES, GUILD_MESSAGES, GUILDS
from tests.sandbox.demo_bot import DemoBot

INTENTS = GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES
CHANNEL_MESSAGE = 4


class RawShard:
    """One gateway connection driven by hand, as a bot library would."""

    def __init__(self, sandbox: DiscordSandbox, http: aiohttp.ClientSession) -> None:
        self.sandbox = sandbox
        self.http = http
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.session_id = ""
        self.seq = 0

    async def open(self) -> None:
        self.ws = await self.http.ws_connect(self.sandbox.gateway_url + "?v=10&encoding=json")
        hello = await self.receive()
        assert hello["op"] == 10

    async def identify(self, shard: Any = None) -> None:
        await self.open()
        data: dict[str, Any] = {"token": self.sandbox.token, "intents": INTENTS, "properties": {}}
        if shard is not None:
            data["shard"] = shard
        await self.send({"op": 2, "d": data})

    async def resume(self, session_id: str | None = None, seq: int | None = None) -> None:
        await self.open()
        data = {
            "token": self.sandbox.token,
            "session_id": session_id or self.session_id,
            "seq": self.seq if seq is None else seq,
        }
        await self.send({"op": 6, "d": data})

    async def send(self, payload: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send_str(json.dumps(payload))

    async def receive(self) -> dict[str, Any]:
        """The next payload; a close becomes {"close": code}."""
        assert self.ws is not None
        message = await asyncio.wait_for(self.ws.receive(), 5)
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            return {"close": self.ws.close_code}
        payload: dict[str, Any] = json.loads(message.data)
        if payload.get("s"):
            self.seq = payload["s"]
        if payload.get("t") == "READY":
            self.session_id = payload["d"]["session_id"]
        return payload

    async def next_event(self, *skipping: str) -> dict[str, Any]:
        """The next dispatch whose name is not in ``skipping``."""
        while True:
            payload = await self.receive()
            if payload.get("op") == 0 and payload["t"] in skipping:
                continue
            return payload

    async def ready(self) -> tuple[dict[str, Any], list[str]]:
        """READY and the ids of the guilds created after it."""
        ready = await self.next_event()
        assert ready["t"] == "READY"
        guilds = [
            (await self.next_event())["d"]["id"]
            for _ in ready["d"]["guilds"]  # one GUILD_CREATE per unavailable guild
        ]
        return ready["d"], guilds

    async def close(self, code: int) -> None:
        assert self.ws is not None
        await self.ws.close(code=code)


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def raw(sandbox: DiscordSandbox, http: aiohttp.ClientSession) -> RawShard:
    return RawShard(sandbox, http)


def bot_headers(sandbox: DiscordSandbox) -> dict[str, str]:
    return {"Authorization": f"Bot {sandbox.token}"}


async def gateway_bot(sandbox: DiscordSandbox, http: aiohttp.ClientSession) -> dict[str, Any]:
    async with http.get(f"{sandbox.api_base}/gateway/bot", headers=bot_headers(sandbox)) as r:
        assert r.status == 200
        body: dict[str, Any] = await r.json()
        return body


async def test_gateway_bot_recommends_shards_and_counts_session_starts(
    sandbox: DiscordSandbox, http: aiohttp.ClientSession
) -> None:
    first = await gateway_bot(sandbox, http)
    assert first["url"] == sandbox.gateway_url
    assert first["shards"] == 1
    limit = first["session_start_limit"]
    assert set(limit) == {"total", "remaining", "reset_after", "max_concurrency"}
    assert limit["total"] == limit["remaining"] == 1000 and limit["max_concurrency"] == 1
    assert 0 < limit["reset_after"] <= 24 * 60 * 60 * 1000
    shard = raw(sandbox, http)
    await shard.identify()
    await shard.ready()
    for n in range(1000):
        sandbox.add_guild(f"guild {n}")
    later = await gateway_bot(sandbox, http)
    assert later["session_start_limit"]["remaining"] == 999
    assert later["shards"] == 2  # 1,001 guilds: Discord recommends one shard per 1,000


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0], [0], "0,1", [True, 2]])
async def test_an_invalid_shard_is_closed_with_4010(
    sandbox: DiscordSandbox, http: aiohttp.ClientSession, shard: Any
) -> None:
    client = raw(sandbox, http)
    await client.identify(shard)
    assert await client.receive() == {"close": 4010}
    assert sandbox.sessions_started == 0


async def test_too_many_guilds_for_one_shard_is_closed_with_4011(
    sandbox: DiscordSandbox, http: aiohttp.ClientSession
) -> None:
    sandbox.max_guilds_per_shard = 1
    main_shard = (sandbox.guild_id >> 22) % 2
    sandbox.add_guild("second", shard=(1 - main_shard, 2))  # one guild on each of two shards
    unsharded = raw(sandbox, http)
    await unsharded.identify()
    assert await unsharded.receive() == {"close": 4011}
    for shard_id in (0, 1):
        client = raw(sandbox, http)
        await client.identify([shard_id, 2])
        ready, _ = await client.ready()
        assert ready["shard"] == [shard_id, 2]


async def test_guild_events_reach_only_the_owning_shard_and_dms_shard_zero(
    sandbox: DiscordSandbox, http: aiohttp.ClientSession, alice: SandboxUser
) -> None:
    on_zero = sandbox.guild_of(sandbox.add_guild("zero", shard=(0, 2)))
    on_one = sandbox.guild_of(sandbox.add_guild("one", shard=(1, 2)))
    shards = [raw(sandbox, http), raw(sandbox, http)]
    held = []
    for shard_id, client in enumerate(shards):
        await client.identify([shard_id, 2])
        ready, guilds = await client.ready()
        assert ready["shard"] == [shard_id, 2]
        assert [g["id"] for g in ready["guilds"]] == guilds
        held.append({int(g) for g in guilds})
    every = {sandbox.guild_id, on_zero, on_one}
    assert held[0] | held[1] == every and not held[0] & held[1]
    assert on_zero in held[0] and on_one in held[1]
    assert all((guild >> 22) % 2 == n for n in (0, 1) for guild in held[n])

    sandbox.add_channel("news", guild_id=on_zero)
    created = await shards[0].next_event("GUILD_MEMBER_ADD")
    assert created["t"] == "CHANNEL_CREATE" and created["d"]["guild_id"] == str(on_zero)

    dm = sandbox.dm_channel(alice)
    url = f"{sandbox.api_base}/channels/{dm}/messages"
    async with http.post(url, json={"content": "hi"}, headers=bot_headers(sandbox)) as r:
        assert r.status == 200
    direct = await shards[0].next_event("GUILD_MEMBER_ADD")
    assert direct["t"] == "MESSAGE_CREATE" and "guild_id" not in direct["d"]

    sandbox.add_channel("news", guild_id=on_one)
    # shard 1 saw neither shard 0's channel nor the DM: its next event is its own channel
    created = await shards[1].next_event("GUILD_MEMBER_ADD")
    assert created["t"] == "CHANNEL_CREATE" and created["d"]["guild_id"] == str(on_one)


async def answer_interactions(client: RawShard, name: str) -> None:
    """Answer every interaction this shard receives with a message naming the shard."""
    while True:
        payload = await client.next_event()
        if payload.get("t") != "INTERACTION_CREATE":
            continue
        data = payload["d"]
        url = f"{client.sandbox.api_base}/interactions/{data['id']}/{data['token']}/callback"
        body = {"type": CHANNEL_MESSAGE, "data": {"content": f"pong from {name}"}}
        async with client.http.post(url, json=body) as response:
            assert response.status == 204


async def test_interactions_go_to_the_shard_owning_the_guild_and_dms_to_shard_zero(
    sandbox: DiscordSandbox, http: aiohttp.ClientSession, alice: SandboxUser
) -> None:
    channels = [sandbox.add_guild(f"guild {n}", shard=(n, 2)) for n in (0, 1)]
    url = f"{sandbox.api_base}/applications/{sandbox.application_id}/commands"
    ping = [{"name": "ping", "description": "Ping", "type": 1, "contexts": [0, 1]}]
    async with http.put(url, json=ping, headers=bot_headers(sandbox)) as r:
        assert r.status == 200
    shards = [raw(sandbox, http), raw(sandbox, http)]
    for shard_id, client in enumerate(shards):
        await client.identify([shard_id, 2])
        await client.ready()
    answering = [
        asyncio.create_task(answer_interactions(c, f"shard {n}")) for n, c in enumerate(shards)
    ]
    try:
        for shard_id, channel in enumerate(channels):
            for _ in range(2):
                answer = await sandbox.slash(alice, "ping", channel=channel)
                assert answer.response is not None
                assert answer.response.content == f"pong from shard {shard_id}"
        in_dm = await sandbox.slash(alice, "ping", channel=sandbox.dm_channel(alice))
        assert in_dm.response is not None and in_dm.response.content == "pong from shard 0"
        with pytest.raises(SandboxError, match="no bot session with index 0 holds the shard"):
            await sandbox.slash(alice, "ping", channel=channels[1], via=0)
    finally:
        for task in answering:
            task.cancel()


async def test_resume_replays_what_the_dropped_connection_missed(
    sandbox: DiscordSandbox, http: aiohttp.ClientSession
) -> None:
    client = raw(sandbox, http)
    await client.identify()
    await client.ready()
    seen = client.seq
    await client.close(4000)  # not 1000 or 1001: the session stays resumable
    await sandbox.wait_for(lambda: sandbox.session_count == 0, 5)
    channel = sandbox.add_channel("while-away")
    await client.resume()
    replayed = await client.next_event()
    assert replayed["t"] == "CHANNEL_CREATE" and replayed["d"]["id"] == str(channel)
    assert replayed["s"] == seen + 1
    resumed = await client.next_event()
    assert resumed["t"] == "RESUMED" and resumed["s"] == seen + 2
    assert sandbox.sessions_started == 1
    assert sandbox.session_count == 1


async def test_resume_of_an_unknown_or_ended_session_is_invalid(
    sandbox: DiscordSandbox, http: aiohttp.ClientSession
) -> None:
    stranger = raw(sandbox, http)
    await stranger.resume(session_id="no-such-session", seq=0)
    assert await stranger.receive() == {"op": 9, "d": False}

    ended = raw(sandbox, http)
    await ended.identify()
    await ended.ready()
    await ended.close(1000)  # a clean close ends the session
    await sandbox.wait_for(lambda: sandbox.session_count == 0, 5)
    again = raw(sandbox, http)
    await again.resume(session_id=ended.session_id, seq=ended.seq)
    assert await again.receive() == {"op": 9, "d": False}

    live = raw(sandbox, http)
    await live.identify()
    await live.ready()
    ahead = raw(sandbox, http)
    await ahead.resume(session_id=live.session_id, seq=live.seq + 5)  # never reached
    assert await ahead.receive() == {"op": 9, "d": False}


async def test_discord_py_resumes_a_dropped_shard(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    started = sandbox.sessions_started
    await sandbox.drop_connection(0)
    assert sandbox.sessions_started == started  # RESUME, not a new IDENTIFY
    answer = await sandbox.slash(alice, "ping")
    assert answer.response is not None and answer.response.content == "pong from bot"
