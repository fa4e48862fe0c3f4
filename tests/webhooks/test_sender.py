"""Delivering to a real receiver on 127.0.0.1: signed, retried after anything but a 2xx (a
redirect is not followed, a silent receiver times out), never sent to an address refused at
delivery time, and one request at a time per hook even with two processes sending."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import bot.posting.webhook_sender
import bot.storage.webhooks
from bot.posting.webhook_events import ping
from bot.posting.webhook_sender import SHORTEST_WAIT, WebhookSender, signature
from bot.storage.db import create_engine, session_factory
from bot.storage.webhooks import DELIVERED, FAILED, PENDING, Webhooks
from tests.webhooks.receiver import Receiver

ROOT = Path(__file__).resolve().parents[2]
GUILD = 4242
SECRET = "ab" * 32
KNOWN = "a438e398bfafc57e4396bb7fc2304422f0f768e965d073ca313cb52e22e6ad03"


@pytest.fixture
async def hooks(sqlite_database_url: str) -> AsyncIterator[Webhooks]:
    engine = create_engine(sqlite_database_url)
    try:
        yield Webhooks(session_factory(engine))
    finally:
        await engine.dispose()


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    running = Receiver()
    await running.start()
    try:
        yield running
    finally:
        await running.stop()


def sender_for(hooks: Webhooks, allow_private: bool = True) -> WebhookSender:
    return WebhookSender(hooks, allow_private=allow_private, first_retry=0.05)


async def pings(hooks: Webhooks, url: str, count: int = 1) -> None:
    now = datetime.now(UTC)
    await hooks.set_hook(GUILD, url, SECRET, now)
    await hooks.queue(GUILD, [ping(GUILD, 77, now) for _ in range(count)], now)


async def send_until_settled(sender: WebhookSender, rounds: int = 100) -> None:
    """Send what is due, waiting out each backoff, until nothing is pending."""
    for _ in range(rounds):
        await sender.send_due()
        if await sender.webhooks.next_due() is None:
            return
        await asyncio.sleep(await sender.wait(1.0))
    raise AssertionError("deliveries still pending")


def test_the_signature_is_the_hmac_of_the_timestamp_a_full_stop_and_the_body() -> None:
    """Worked out apart: ``printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac key``."""
    assert signature("key", "1700000000", '{"a":1}') == f"sha256={KNOWN}"


async def test_a_delivery_is_signed_and_a_2xx_delivers_it(
    hooks: Webhooks, receiver: Receiver
) -> None:
    await pings(hooks, receiver.url)
    sender = sender_for(hooks)
    try:
        await send_until_settled(sender)
    finally:
        await sender.close()
    [got] = receiver.received
    [delivery] = await hooks.deliveries(GUILD)
    assert delivery.status == DELIVERED and delivery.attempts == 1
    assert got.body == delivery.body and got.event["type"] == "ping"
    assert got.headers["X-Laager-Event"] == "ping"
    assert got.headers["X-Laager-Delivery"] == str(delivery.id)
    assert got.headers["Content-Type"] == "application/json"
    assert got.signed_with(SECRET) and not got.signed_with("cd" * 32)
    assert abs(int(got.headers["X-Laager-Timestamp"]) - datetime.now(UTC).timestamp()) < 60


async def test_anything_but_a_2xx_is_retried_until_delivered(
    hooks: Webhooks, receiver: Receiver
) -> None:
    receiver.answers = [500, 404, 429]
    await pings(hooks, receiver.url)
    sender = sender_for(hooks)
    try:
        await send_until_settled(sender)
    finally:
        await sender.close()
    [delivery] = await hooks.deliveries(GUILD)
    assert (delivery.status, delivery.attempts) == (DELIVERED, 4)
    assert len({r.body for r in receiver.received}) == 1, "the same event each time"
    assert all(r.signed_with(SECRET) for r in receiver.received)


async def test_a_redirect_is_not_followed(hooks: Webhooks, receiver: Receiver) -> None:
    receiver.answers = [307]
    await pings(hooks, receiver.url)
    sender = sender_for(hooks)
    try:
        await sender.send_due()
    finally:
        await sender.close()
    [delivery] = await hooks.deliveries(GUILD)
    assert (delivery.status, delivery.last_error) == (PENDING, "HTTP 307")
    assert len(receiver.received) == 1


async def test_a_receiver_that_does_not_answer_in_time_fails_the_attempt(
    hooks: Webhooks, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot.posting.webhook_sender, "TIMEOUT_SECONDS", 0.2)
    receiver.hold = 2.0
    await pings(hooks, receiver.url)
    sender = sender_for(hooks)
    try:
        await sender.send_due()
    finally:
        await sender.close()
    [delivery] = await hooks.deliveries(GUILD)
    assert delivery.status == PENDING and "no answer within" in (delivery.last_error or "")


async def test_an_address_refused_at_delivery_time_is_never_reached(
    hooks: Webhooks, receiver: Receiver
) -> None:
    """Set while the operator allowed private addresses; they no longer are."""
    await pings(hooks, receiver.url.replace("http:", "https:"))
    sender = sender_for(hooks, allow_private=False)
    try:
        await sender.send_due()
    finally:
        await sender.close()
    [delivery] = await hooks.deliveries(GUILD)
    assert delivery.status == PENDING and "private" in (delivery.last_error or "")
    assert receiver.received == []


async def test_a_receiver_that_is_not_there_fails_the_attempt(hooks: Webhooks) -> None:
    gone = Receiver()
    url = await gone.start()
    await gone.stop()
    await pings(hooks, url)
    sender = sender_for(hooks)
    try:
        await sender.send_due()
    finally:
        await sender.close()
    [delivery] = await hooks.deliveries(GUILD)
    assert (delivery.status, delivery.last_error) == (PENDING, "could not connect")


async def test_a_delivery_failing_every_time_is_given_up(
    hooks: Webhooks, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot.storage.webhooks, "MAX_ATTEMPTS", 3)
    receiver.answers = [500] * 10
    await pings(hooks, receiver.url)
    sender = sender_for(hooks)
    try:
        await send_until_settled(sender)
    finally:
        await sender.close()
    [delivery] = await hooks.deliveries(GUILD)
    assert (delivery.status, delivery.attempts, delivery.last_error) == (FAILED, 3, "HTTP 500")
    assert len(receiver.received) == 3


async def test_two_processes_sending_hold_one_request_at_a_time_per_hook(
    sqlite_database_url: str, receiver: Receiver
) -> None:
    receiver.hold = 0.05
    engines = [create_engine(sqlite_database_url) for _ in range(2)]
    senders = [sender_for(Webhooks(session_factory(e))) for e in engines]
    try:
        await pings(senders[0].webhooks, receiver.url, count=12)
        queued = [d.body for d in await senders[0].webhooks.deliveries(GUILD)]

        async def keep_sending(sender: WebhookSender) -> None:
            while await sender.webhooks.next_due() is not None:
                await sender.send_due()
                await asyncio.sleep(0.01)

        await asyncio.gather(*(keep_sending(s) for s in senders))
    finally:
        for sender in senders:
            await sender.close()
        for engine in engines:
            await engine.dispose()
    assert len(receiver.received) == 12
    assert receiver.most_in_flight == 1
    assert [r.body for r in receiver.received] == queued, "oldest first, each once"


def readme_check() -> Callable[[str, dict, bytes], bool]:
    """The receiver's check as README.md gives it, run as written."""
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    [code] = [block for block in blocks if "def genuine" in block]
    namespace: dict = {}
    exec(code, namespace)
    found: Callable[[str, dict, bytes], bool] = namespace["genuine"]
    return found


async def test_the_check_the_readme_gives_receivers_accepts_a_real_request(
    hooks: Webhooks, receiver: Receiver
) -> None:
    await pings(hooks, receiver.url)
    sender = sender_for(hooks)
    try:
        await sender.send_due()
    finally:
        await sender.close()
    [got] = receiver.received
    genuine = readme_check()
    assert genuine(SECRET, got.headers, got.body.encode())
    assert not genuine("cd" * 32, got.headers, got.body.encode())
    assert not genuine(SECRET, got.headers, got.body.encode() + b" ")
    old = {**got.headers, "X-Laager-Timestamp": str(int(got.headers["X-Laager-Timestamp"]) - 600)}
    assert not genuine(SECRET, old, got.body.encode()), "an old request is refused"


async def test_the_loop_looks_again_as_soon_as_a_retry_falls_due(
    hooks: Webhooks, receiver: Receiver
) -> None:
    """Also one that fell due while the loop was asking: at once, not at the next check."""
    receiver.answers = [500]
    await pings(hooks, receiver.url)
    now = [datetime.now(UTC)]
    sender = WebhookSender(hooks, allow_private=True, first_retry=2.0, clock=lambda: now[0])
    try:
        await sender.send_due()
    finally:
        await sender.close()
    assert await sender.wait(30) == 2.0
    now[0] += timedelta(seconds=2.5)
    assert await sender.wait(30) == SHORTEST_WAIT
