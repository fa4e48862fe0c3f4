"""Webhooks on both databases: an event queued once however often it is told, a phase's
change told once, deliveries claimed oldest first and one at a time per hook (also by two
processes at once), retried with backoff, given up, pruned, and gone with their hook."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.storage.db import create_engine, session_factory
from bot.storage.repository import Store
from bot.storage.webhooks import (
    DELIVERED,
    EXPIRE_PENDING,
    EXPIRED,
    FAILED,
    KEEP_DELIVERED,
    LEASE,
    MAX_ATTEMPTS,
    PENDING,
    HookedGuilds,
    NewDelivery,
    Webhooks,
    retry_delay,
)
from tests.storage.test_followers import a_game

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
GUILD, OTHER = 3001, 3002
FIRST_RETRY = 10.0


def told(key: str, game_id: int | None = None, on_new_phase: bool = False) -> NewDelivery:
    return NewDelivery(key, "ping", f'{{"key":"{key}"}}', game_id, on_new_phase)


@pytest.fixture
def hooks(store: Store) -> Webhooks:
    return Webhooks(store._sessions)


async def test_an_event_is_queued_once_however_often_it_is_told(
    hooks: Webhooks, store: Store
) -> None:
    game_id = await a_game(store)
    await hooks.set_hook(GUILD, "https://example.com/a", "s" * 64, NOW)
    events = [told("game:1:1:a", game_id), told("game:1:1:b", game_id)]
    assert await hooks.queue(GUILD, events, NOW, game_id=game_id, phase="1.move") == 2
    assert await hooks.queue(GUILD, events, NOW, game_id=game_id, phase="1.move") == 0
    assert [d.key for d in await hooks.deliveries(GUILD)] == ["game:1:1:a", "game:1:1:b"]
    assert await hooks.queue(OTHER, events, NOW) is None, "a server without a hook"


async def test_a_phase_change_is_queued_only_when_the_phase_moved(
    hooks: Webhooks, store: Store
) -> None:
    game_id = await a_game(store)
    await hooks.set_hook(GUILD, "https://example.com/a", "s" * 64, NOW)

    async def post(version: int, phase: str | None) -> list[str]:
        events = [told(f"v{version}:phase", game_id, on_new_phase=True)]
        events.append(told(f"v{version}:turn", game_id))
        await hooks.queue(GUILD, events, NOW, game_id=game_id, phase=phase)
        return [d.key for d in await hooks.deliveries(GUILD) if d.key.startswith(f"v{version}:")]

    assert await post(2, "1.move") == ["v2:phase", "v2:turn"], "first told: a change"
    assert await post(3, "1.move") == ["v3:turn"], "same phase"
    assert await post(4, "1.fire") == ["v4:phase", "v4:turn"]
    assert await post(4, "1.fire") == ["v4:phase", "v4:turn"], "told again: nothing new"
    assert await post(5, None) == ["v5:turn"], "the game is over"
    assert await post(6, "1.fire") == ["v6:phase", "v6:turn"], "the note went with the end"


async def test_deliveries_are_claimed_oldest_first_one_at_a_time_per_hook(
    hooks: Webhooks,
) -> None:
    await hooks.set_hook(GUILD, "https://example.com/a", "a" * 64, NOW)
    await hooks.set_hook(OTHER, "https://example.com/b", "b" * 64, NOW)
    await hooks.queue(GUILD, [told("g1"), told("g2")], NOW)
    await hooks.queue(OTHER, [told("o1")], NOW)

    first = await hooks.claim(NOW)
    assert sorted((c.guild_id, c.delivery.key) for c in first) == [(GUILD, "g1"), (OTHER, "o1")]
    assert await hooks.claim(NOW) == [], "each hook is held while its delivery is in flight"
    mine = next(c for c in first if c.guild_id == GUILD)
    assert mine.secret == "a" * 64 and mine.url == "https://example.com/a"
    assert await hooks.record(mine, None, NOW, FIRST_RETRY) == DELIVERED
    [second] = await hooks.claim(NOW)
    assert (second.guild_id, second.delivery.key) == (GUILD, "g2")
    later = NOW + LEASE + timedelta(seconds=1)
    taken_over = await hooks.claim(later)
    assert sorted(c.delivery.key for c in taken_over) == ["g2", "o1"], (
        "leases that ran out (their process died) are taken over"
    )


async def test_a_failed_delivery_waits_its_backoff_and_holds_up_the_later_ones(
    hooks: Webhooks,
) -> None:
    await hooks.set_hook(GUILD, "https://example.com/a", "a" * 64, NOW)
    await hooks.queue(GUILD, [told("first"), told("second")], NOW)
    [claim] = await hooks.claim(NOW)
    assert await hooks.next_due(NOW) == NOW + LEASE, "held: look again when the lease runs out"
    assert await hooks.record(claim, "HTTP 500", NOW, FIRST_RETRY) == PENDING
    assert await hooks.claim(NOW + timedelta(seconds=9)) == [], "waiting 10 s, the second too"
    assert await hooks.next_due(NOW) == NOW + timedelta(seconds=10)
    [again] = await hooks.claim(NOW + timedelta(seconds=10))
    assert again.delivery.key == "first" and again.delivery.attempts == 1
    assert again.delivery.last_error == "HTTP 500"


async def test_a_delivery_is_given_up_after_its_last_attempt(hooks: Webhooks) -> None:
    await hooks.set_hook(GUILD, "https://example.com/a", "a" * 64, NOW)
    await hooks.queue(GUILD, [told("doomed"), told("next")], NOW)
    at = NOW
    for attempt in range(1, MAX_ATTEMPTS + 1):
        [claim] = await hooks.claim(at)
        assert claim.delivery.key == "doomed"
        status = await hooks.record(claim, "could not connect", at, FIRST_RETRY)
        assert status == (FAILED if attempt == MAX_ATTEMPTS else PENDING)
        at += retry_delay(FIRST_RETRY, attempt)
    [doomed, following] = await hooks.deliveries(GUILD)
    assert following.status == PENDING and following.attempts == 0
    assert (doomed.status, doomed.attempts, doomed.due_at) == (FAILED, MAX_ATTEMPTS, None)
    [claim] = await hooks.claim(at)
    assert claim.delivery.key == "next", "the next goes once the first is given up"


def test_the_backoff_doubles_from_the_first_wait_up_to_an_hour() -> None:
    waits = [retry_delay(10, n).total_seconds() for n in range(1, MAX_ATTEMPTS)]
    assert waits == [10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600, 3600]
    assert retry_delay(10, 1000) == timedelta(hours=1)


async def test_two_processes_never_hold_one_hook_at_once(database_url: str) -> None:
    engines = [create_engine(database_url) for _ in range(2)]
    try:
        first, second = (Webhooks(session_factory(e)) for e in engines)
        for guild in range(10):
            await first.set_hook(guild + 1, f"https://example.com/{guild}", "k" * 64, NOW)
            await first.queue(guild + 1, [told(f"{guild}:{n}") for n in range(3)], NOW)
        sent: list[str] = []
        for _ in range(3):
            a, b = await asyncio.gather(first.claim(NOW), second.claim(NOW))
            held = [c.guild_id for c in a + b]
            assert sorted(held) == list(range(1, 11)), "every hook claimed, and once"
            for store, claims in ((first, a), (second, b)):
                for claim in claims:
                    sent.append(claim.delivery.key)
                    await store.record(claim, None, NOW, FIRST_RETRY)
        assert sorted(sent) == sorted(f"{g}:{n}" for g in range(10) for n in range(3))
    finally:
        for engine in engines:
            await engine.dispose()


async def test_setting_again_replaces_the_address_and_sends_what_waits_at_once(
    hooks: Webhooks,
) -> None:
    await hooks.set_hook(GUILD, "https://example.com/old", "o" * 64, NOW)
    await hooks.queue(GUILD, [told("waiting")], NOW)
    [claim] = await hooks.claim(NOW)
    await hooks.record(claim, "HTTP 404", NOW, FIRST_RETRY)
    later = NOW + timedelta(seconds=1)
    await hooks.set_hook(GUILD, "https://example.com/new", "n" * 64, later)
    hook = await hooks.hook(GUILD)
    assert hook is not None and (hook.url, hook.secret) == ("https://example.com/new", "n" * 64)
    [claim] = await hooks.claim(later)
    assert (claim.url, claim.delivery.key, claim.delivery.attempts) == (hook.url, "waiting", 0)


async def test_removing_a_hook_drops_what_it_was_owed(hooks: Webhooks, store: Store) -> None:
    game_id = await a_game(store)
    await hooks.set_hook(GUILD, "https://example.com/a", "a" * 64, NOW)
    await hooks.queue(GUILD, [told("x", game_id)], NOW, game_id=game_id, phase="1.move")
    assert await hooks.remove(GUILD)
    assert not await hooks.remove(GUILD)
    assert await hooks.deliveries(GUILD) == [] and await hooks.hook(GUILD) is None
    await hooks.set_hook(GUILD, "https://example.com/a", "a" * 64, NOW)
    events = [told("again", game_id, on_new_phase=True)]
    assert await hooks.queue(GUILD, events, NOW, game_id=game_id, phase="1.move") == 1, (
        "the phase noted went with the hook"
    )


async def test_old_deliveries_are_pruned_and_stale_ones_given_up(hooks: Webhooks) -> None:
    await hooks.set_hook(GUILD, "https://example.com/a", "a" * 64, NOW)
    await hooks.queue(GUILD, [told("done"), told("stuck")], NOW)
    [claim] = await hooks.claim(NOW)
    await hooks.record(claim, None, NOW, FIRST_RETRY)
    soon = NOW + timedelta(hours=1)
    await hooks.queue(GUILD, [told("fresh")], soon)
    assert await hooks.prune(soon) == 0
    later = NOW + EXPIRE_PENDING + KEEP_DELIVERED
    assert await hooks.prune(later) == 3, "done deleted; stuck and fresh given up"
    found = {d.key: d for d in await hooks.deliveries(GUILD)}
    assert set(found) == {"stuck", "fresh"}
    assert found["stuck"].status == FAILED and found["stuck"].last_error == EXPIRED


async def test_a_fresh_process_knows_which_servers_have_a_hook(hooks: Webhooks) -> None:
    """What the bot keeps in memory instead of asking on every post: read once, kept after."""
    await hooks.set_hook(GUILD, "https://example.com/a", "a" * 64, NOW)
    after_restart = HookedGuilds(hooks)
    assert await after_restart.has(GUILD) and not await after_restart.has(OTHER)
    assert not await after_restart.has(None)
    await hooks.set_hook(OTHER, "https://example.com/b", "b" * 64, NOW)
    assert not await after_restart.has(OTHER), "kept, not asked again"
    await after_restart.add(OTHER)
    after_restart.discard(GUILD)
    assert await after_restart.has(OTHER) and not await after_restart.has(GUILD)
    assert await after_restart.any()
