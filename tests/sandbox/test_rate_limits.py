"""Discord's rate limits in the sandbox: buckets, the global limit, 429s, and bots that wait.

The limiter is first checked on a fake clock, then through the server: a client that
retries before ``retry_after`` is caught, and the real discord.py, at Discord's own scale,
waits on the headers and on each 429 and is never refused twice for one message.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import aiohttp

from bot.sandbox import DiscordSandbox
from bot.sandbox.rate_limits import GLOBAL_LIMIT, RateLimiter
from tests.sandbox.demo_bot import DemoBot


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def limiter(scale: float = 1.0) -> tuple[RateLimiter, FakeClock]:
    clock = FakeClock()
    return RateLimiter(scale=scale, clock=clock, wall=lambda: 1_000_000.0 + clock.now), clock


def test_five_messages_per_five_seconds_in_a_channel() -> None:
    limits, clock = limiter()
    verdicts = [limits.check("POST", "/channels/7/messages") for _ in range(5)]
    assert [v.headers["X-RateLimit-Remaining"] for v in verdicts] == ["4", "3", "2", "1", "0"]
    assert not any(v.refused for v in verdicts) and verdicts[-1].exhausted
    first = verdicts[0].headers
    assert first["X-RateLimit-Limit"] == "5" and first["X-RateLimit-Reset-After"] == "5.000"
    assert float(first["X-RateLimit-Reset"]) == 1_000_105.0
    clock.now += 1.5
    refused = limits.check("POST", "/channels/7/messages")
    assert refused.refused and not refused.is_global
    assert refused.body() == {
        "message": "You are being rate limited.",
        "retry_after": 3.5,
        "global": False,
    }
    assert refused.headers["X-RateLimit-Scope"] == "user" and "Via" in refused.headers
    assert "X-RateLimit-Global" not in refused.headers
    assert not limits.check("POST", "/channels/8/messages").refused, "another channel's bucket"
    assert not limits.check("PATCH", "/channels/7/messages/1").refused, "edits are another bucket"
    clock.now += 3.5
    assert not limits.check("POST", "/channels/7/messages").refused


def test_routes_of_one_bucket_share_its_id_and_major_resources_their_own_count() -> None:
    limits, _ = limiter()
    one = limits.check("PATCH", "/channels/7/messages/1").headers["X-RateLimit-Bucket"]
    two = limits.check("PATCH", "/channels/9/messages/2").headers["X-RateLimit-Bucket"]
    other = limits.check("POST", "/channels/7/messages").headers["X-RateLimit-Bucket"]
    assert one == two != other
    assert limits.check("PATCH", "/channels/7/messages/3").headers["X-RateLimit-Remaining"] == "3"


def test_fifty_requests_a_second_in_all_but_interactions_are_not_counted() -> None:
    limits, clock = limiter()
    for channel in range(GLOBAL_LIMIT):
        assert not limits.check("GET", f"/channels/{channel}").refused
    refused = limits.check("GET", "/channels/999")
    assert refused.refused and refused.is_global and refused.body()["global"] is True
    assert refused.headers["X-RateLimit-Global"] == "true"
    assert refused.headers["X-RateLimit-Scope"] == "global"
    for number in range(10):
        assert not limits.check("POST", f"/interactions/{number}/token{number}/callback").refused
        assert not limits.check("PATCH", f"/webhooks/1/token{number}/messages/@original").refused
    assert limits.global_requests == GLOBAL_LIMIT
    clock.now += 1.0
    assert not limits.check("GET", "/channels/999").refused


def test_a_time_scale_shortens_every_window() -> None:
    limits, clock = limiter(scale=0.1)
    for _ in range(5):
        limits.check("POST", "/channels/7/messages")
    refused = limits.check("POST", "/channels/7/messages")
    assert refused.refused and refused.retry_after == 0.5
    clock.now += 0.5
    assert not limits.check("POST", "/channels/7/messages").refused


def test_a_retry_before_retry_after_on_the_refused_connection_is_a_fault() -> None:
    limits, clock = limiter()
    for _ in range(5):
        limits.check("POST", "/channels/7/messages", connection="a")
    assert limits.check("POST", "/channels/7/messages", connection="a").refused
    clock.now += 0.1
    assert limits.check("POST", "/channels/7/messages", connection="b").ignored_retry_after == 0
    early = limits.check("POST", "/channels/7/messages", connection="a")
    assert early.refused and round(early.ignored_retry_after, 3) == 4.9
    clock.now += 5.0
    assert limits.check("POST", "/channels/7/messages", connection="a").ignored_retry_after == 0


async def test_the_server_refuses_with_429_and_records_a_client_that_does_not_wait() -> None:
    """A planted fault: a client that retries at once after a 429 is recorded."""
    sandbox = DiscordSandbox()
    await sandbox.start()
    url = f"{sandbox.api_base}/channels/{sandbox.default_channel}/messages"
    headers = {"Authorization": f"Bot {sandbox.token}"}
    try:
        connector = aiohttp.TCPConnector(limit=1)
        async with aiohttp.ClientSession(connector=connector) as session:
            statuses = []
            for number in range(7):
                async with session.post(url, json={"content": f"m{number}"}, headers=headers) as r:
                    statuses.append(r.status)
                    body = await r.json()
                    if r.status == 429:
                        assert body["global"] is False and 0 < body["retry_after"] <= 5
                        assert r.headers["X-RateLimit-Scope"] == "user"
                    else:
                        assert r.headers["X-RateLimit-Bucket"]
        assert statuses == [200] * 5 + [429, 429]
        assert [v.error.startswith("retried") for v in sandbox.violations] == [True]
        sandbox.violations.clear()
    finally:
        await sandbox.stop()


async def test_discord_py_waits_on_the_headers_of_a_channel_bucket(
    sandbox: DiscordSandbox, bot: DemoBot
) -> None:
    """Seven messages at once into one channel: five go, the rest wait for the window."""
    channel = bot.get_partial_messageable(sandbox.default_channel)
    started = time.monotonic()
    await asyncio.gather(*(channel.send(f"message {n}") for n in range(7)))
    took = time.monotonic() - started
    assert len(sandbox.messages()) == 7
    assert took >= 4.5, f"seven messages in {took:.2f} s: discord.py did not wait"
    assert len(sandbox.rate_limits.refusals) <= 1


async def test_discord_py_waits_out_the_global_limit_and_is_never_refused_twice(
    sandbox: DiscordSandbox, bot: DemoBot
) -> None:
    """With this second's global 50 spent elsewhere, ten messages at once into ten channels
    are refused; each waits its retry_after and then goes, refused once at most."""
    channels = [sandbox.add_channel(f"room-{n}") for n in range(10)]
    while not sandbox.rate_limits.check("GET", "/gateway/bot").refused:
        pass
    sandbox.rate_limits.refusals.clear()
    results = await asyncio.gather(*(bot.get_partial_messageable(c).send("hi") for c in channels))
    assert sorted(m.channel.id for m in results) == sorted(channels)
    refusals = Counter(sandbox.rate_limits.refusals)
    assert refusals, "the messages were never refused"
    assert max(refusals.values()) == 1, refusals
