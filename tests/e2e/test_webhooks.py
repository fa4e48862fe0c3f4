"""A server's webhook through Discord-in-a-box, to a real receiver on 127.0.0.1: a game told
in order and signed, a receiver that fails a few times then answers, never two requests at
once even with a second process sending, and the addresses a server should not reach refused,
when set and when a name resolves elsewhere at delivery time."""

from __future__ import annotations

import asyncio
import json
import re
import socket
from collections.abc import AsyncIterator

import pytest
from aiohttp.abc import AbstractResolver, ResolveResult

import bot.operations.addresses
import bot.posting.announce
from bot.operations.settings import Settings
from bot.posting.webhook_sender import WebhookSender
from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxInteraction, SandboxUser
from bot.storage.db import create_engine, session_factory
from bot.storage.webhooks import DELIVERED, PENDING, Webhooks
from tests.e2e.conftest import bot_settings
from tests.webhooks.receiver import Receiver

SECRET = re.compile(r"`([0-9a-f]{64})`")
HOOK_WAIT = 60.0


def hooks_allowed(sandbox: DiscordSandbox, url: str) -> Settings:
    """The bot as tests run it, allowed to reach a receiver on 127.0.0.1, retrying soon."""
    return bot_settings(sandbox, url).model_copy(
        update={"webhook_allow_private": True, "webhook_retry_seconds": 0.05}
    )


@pytest.fixture
async def hooked(sandbox: DiscordSandbox, sqlite_url: str) -> AsyncIterator[LaagerBot]:
    async with running_bot(hooks_allowed(sandbox, sqlite_url)) as bot:
        await sandbox.wait_ready()
        yield bot


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    running = Receiver(hold=0.02)
    await running.start()
    try:
        yield running
    finally:
        await running.stop()


def said(answered: SandboxInteraction) -> str:
    return "\n".join(m.content for m in answered.messages or answered.responses)


async def set_hook(sandbox: DiscordSandbox, url: str) -> str:
    """Set the server's hook as its owner; the secret shown once."""
    answered = await sandbox.slash("server-owner", "webhook set", {"url": url})
    assert answered.ephemeral, said(answered)
    found = SECRET.search(said(answered))
    assert found, said(answered)
    return found.group(1)


async def settled(bot: LaagerBot, guild_id: int) -> list:
    """The hook's deliveries once none is pending."""
    store = Webhooks(bot.sessions)
    for _ in range(int(HOOK_WAIT / 0.05)):
        found = await store.deliveries(guild_id)
        if found and all(d.status != PENDING for d in found):
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"deliveries still pending: {await store.deliveries(guild_id)}")


async def play_duel(
    sandbox: DiscordSandbox, bot: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    players = {alice.id: alice, bob.id: bob}
    for turn in range(60):
        game = await bot.store.latest_game(sandbox.default_channel)
        assert game is not None
        if game.status != "active":
            return
        [side] = bot.registry.get("duel").to_act(game.state)
        seats = {s.side: s.user_id for s in await bot.store.seats(game.id)}
        await sandbox.slash(players[seats[side]], "game order", {"choice": "strike"})
        if turn % 4 == 0:
            await sandbox.slash("server-owner", "webhook test")
    raise AssertionError("the duel did not end")


async def test_a_game_reaches_the_receiver_in_order_signed_and_retried(
    sandbox: DiscordSandbox,
    hooked: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    receiver: Receiver,
    sqlite_url: str,
) -> None:
    """The receiver fails the first three requests (500), then answers; a second process
    sends from the same database all along. Each event arrives once answered, in the order
    queued, each request signed, never two at once."""
    receiver.answers = [500, 500, 500]
    secret = await set_hook(sandbox, receiver.url)
    engine = create_engine(sqlite_url)
    other = WebhookSender(Webhooks(session_factory(engine)), allow_private=True, first_retry=0.05)
    playing = True

    async def second_process() -> None:
        while playing:
            await other.send_due()
            await asyncio.sleep(0.01)

    helping = asyncio.create_task(second_process())
    try:
        await play_duel(sandbox, hooked, alice, bob)
        deliveries = await settled(hooked, sandbox.guild_id)
    finally:
        playing = False
        await helping
        await other.close()
        await engine.dispose()

    assert all(d.status == DELIVERED for d in deliveries)
    assert deliveries[0].attempts == 4, "three refusals, then delivered"
    assert receiver.most_in_flight == 1
    assert all(r.signed_with(secret) for r in receiver.received)
    assert [e["id"] for e in receiver.events()] == [json.loads(d.body)["id"] for d in deliveries]
    assert len(receiver.received) == len(deliveries) + 3
    kinds = [e["type"] for e in receiver.events() if e["type"] != "ping"]
    assert kinds[0] == "game.started" and kinds[-1] == "game.ended"
    assert set(kinds[1:-1]) == {"turn.handed"}
    versions = [e["game"]["version"] for e in receiver.events() if e["game"]]
    assert versions == sorted(versions)
    ended = receiver.events("game.ended")[0]["data"]
    assert ended["status"] == "finished" and ended["winner"] in ("red", "blue")
    assert {r.headers["X-Laager-Event"] for r in receiver.received} == {
        "game.started",
        "turn.handed",
        "game.ended",
        "ping",
    }
    assert not any("reserve" in r.body for r in receiver.received)
    shown = said(await sandbox.slash("server-owner", "webhook show"))
    assert receiver.url in shown and "delivered" in shown and secret not in shown
    assert not any("went wrong" in m.text() for m in sandbox.messages())


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("http://example.com/hook", "must begin with https://"),
        ("https://127.0.0.1:8443/hook", "private, local or reserved"),
        ("https://[::1]/hook", "private, local or reserved"),
        ("https://[::ffff:10.0.0.1]/hook", "private, local or reserved"),
        ("https://169.254.169.254/latest/meta-data", "private, local or reserved"),
        ("https://localhost/hook", "private, local or reserved"),
        ("https://me:pw@example.com/hook", "user name or password"),
    ],
)
async def test_an_address_a_server_should_not_reach_is_refused_and_nothing_stored(
    sandbox: DiscordSandbox, laager: LaagerBot, url: str, why: str
) -> None:
    answered = await sandbox.slash("server-owner", "webhook set", {"url": url})
    assert answered.ephemeral and why in said(answered), said(answered)
    assert "Nothing was set" in said(answered)
    assert await Webhooks(laager.sessions).hook(sandbox.guild_id) is None
    assert not await laager.hooked.has(sandbox.guild_id)
    shown = await sandbox.slash("server-owner", "webhook show")
    assert "no webhook" in said(shown)


async def test_only_a_member_who_may_manage_the_server_sets_its_hook(
    sandbox: DiscordSandbox, hooked: LaagerBot, alice: SandboxUser, receiver: Receiver
) -> None:
    for command, options in (("webhook set", {"url": receiver.url}), ("webhook show", {})):
        answered = await sandbox.slash(alice, command, options)
        assert answered.ephemeral and "Manage Server" in said(answered)
    assert await Webhooks(hooked.sessions).hook(sandbox.guild_id) is None
    sandbox.set_permissions(alice, manage_guild=True)
    await set_hook_as(sandbox, alice, receiver.url)
    assert await Webhooks(hooked.sessions).hook(sandbox.guild_id) is not None


async def set_hook_as(sandbox: DiscordSandbox, user: SandboxUser, url: str) -> None:
    answered = await sandbox.slash(user, "webhook set", {"url": url})
    assert SECRET.search(said(answered)), said(answered)


class Rebinding(AbstractResolver):
    """A name that resolves to a public address once (when it is set), then to 127.0.0.1."""

    looked_up = 0

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        Rebinding.looked_up += 1
        address = "93.184.216.34" if Rebinding.looked_up == 1 else "127.0.0.1"
        return [
            ResolveResult(
                hostname=host, host=address, port=port, family=socket.AF_INET, proto=0, flags=0
            )
        ]

    async def close(self) -> None:
        pass


async def test_a_name_that_resolves_to_loopback_at_delivery_time_reaches_nothing(
    sandbox: DiscordSandbox, laager: LaagerBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DNS rebinding: the name passed when it was set; at delivery it leads to 127.0.0.1,
    where a listener counts every connection made to it."""
    monkeypatch.setattr(Rebinding, "looked_up", 0)
    monkeypatch.setattr(bot.operations.addresses, "ThreadedResolver", Rebinding)
    connections = 0

    async def counted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal connections
        connections += 1
        writer.close()

    listener = await asyncio.start_server(counted, "127.0.0.1", 0)
    port = listener.sockets[0].getsockname()[1]
    try:
        await set_hook(sandbox, f"https://hooks.example:{port}/hook")
        await sandbox.slash("server-owner", "webhook test")
        store = Webhooks(laager.sessions)
        for _ in range(200):
            [delivery] = await store.deliveries(sandbox.guild_id)
            if delivery.attempts:
                break
            await asyncio.sleep(0.05)
    finally:
        listener.close()
        await listener.wait_closed()
    assert Rebinding.looked_up >= 2, "looked up when set, and again to deliver"
    assert delivery.status == PENDING and "private" in (delivery.last_error or "")
    assert connections == 0
    shown = said(await sandbox.slash("server-owner", "webhook show"))
    assert "retrying" in shown and "private" in shown


async def test_off_removes_the_hook_and_drops_what_was_waiting(
    sandbox: DiscordSandbox, hooked: LaagerBot, receiver: Receiver
) -> None:
    receiver.answers = [503] * 1000
    await set_hook(sandbox, receiver.url)
    await sandbox.slash("server-owner", "webhook test")
    store = Webhooks(hooked.sessions)
    for _ in range(int(HOOK_WAIT / 0.05)):
        if receiver.received:
            break
        await asyncio.sleep(0.05)
    assert receiver.received, "the ping was tried"
    gone = await sandbox.slash("server-owner", "webhook off")
    assert "removed" in said(gone)
    assert await store.deliveries(sandbox.guild_id) == []
    assert not await hooked.hooked.has(sandbox.guild_id)
    for command in ("webhook test", "webhook off", "webhook show"):
        assert "no webhook" in said(await sandbox.slash("server-owner", command))
    tried = len(receiver.received)
    await asyncio.sleep(0.3)
    assert len(receiver.received) == tried, "nothing more is sent"


async def test_a_post_the_outbox_makes_again_queues_nothing_twice(
    sandbox: DiscordSandbox,
    sqlite_url: str,
    alice: SandboxUser,
    bob: SandboxUser,
    receiver: Receiver,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Killed after an order's post and its events were queued, before its outbox row was
    marked done: after the restart the outbox makes the post again (the same message, by its
    nonce) and follows it again, and the webhook is told each thing once."""
    lease = {"outbox_lease_seconds": 0.2, "outbox_check_seconds": 3600}
    settings = hooks_allowed(sandbox, sqlite_url).model_copy(update=lease)
    async with running_bot(settings) as laager:
        await sandbox.wait_ready()
        await set_hook(sandbox, receiver.url)
        await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
        await sandbox.slash(bob, "game join")
        monkeypatch.setattr(bot.posting.announce, "settles_with_post", lambda *_: None)
        real = bot.posting.announce.settled

        async def killed(*args: object) -> None:
            monkeypatch.setattr(bot.posting.announce, "settled", real)
            raise RuntimeError("killed")

        monkeypatch.setattr(bot.posting.announce, "settled", killed)
        await sandbox.slash(alice, "game order", {"choice": "strike"})
        assert await laager.outbox.depth() == 1
        await asyncio.sleep(0.4)
        worker = laager.get_cog("OutboxWorker")
        assert worker is not None and await worker.send_due() == 1  # type: ignore[attr-defined]
        deliveries = await settled(laager, sandbox.guild_id)
    told = [(e["game"]["version"], e["type"]) for e in receiver.events()]
    assert told == [(1, "game.started"), (3, "turn.handed")], told
    assert len(deliveries) == 2
