"""The outbox: a row is written in the order's own transaction, claimed by exactly one
sender at a time, taken over only once its lease runs out, and counted until it is sent;
the position each person was last shown only ever moves forward."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.storage.db import create_engine, session_factory
from bot.storage.errors import StaleVersion
from bot.storage.outbox import OutboxStore, Owed
from bot.storage.repository import Store
from tests.storage.builders import T0, action_event, creation_event, new_game, seats

RACERS = 20


def owed(text: str = "Red strikes.") -> Owed:
    return Owed(
        position="abc123", lines=[text], private={111: ["secret"]}, actor_id=111, handed_to=[222]
    )


@pytest.fixture
async def outbox(database_url: str) -> OutboxStore:
    engine = create_engine(database_url)
    yield OutboxStore(session_factory(engine))
    await engine.dispose()


async def commit(store: Store, game_id: int, version: int, text: str, lease: float = 30.0) -> int:
    record = await store.commit_action(
        game_id,
        version,
        state={"turn": version},
        events=[action_event(text)],
        dice_cursor=version,
        owed=owed(text),
        lease=lease,
        now=T0,
    )
    assert record.outbox_id is not None
    return record.outbox_id


async def test_the_row_is_written_with_the_order_and_not_without_it(
    store: Store, outbox: OutboxStore
) -> None:
    game = await store.create_game(new_game(), seats(), [creation_event()])
    row_id = await commit(store, game.id, game.version, "Red strikes.")
    with pytest.raises(StaleVersion):
        await commit(store, game.id, game.version, "A stale order.")
    [row] = await outbox.all_rows(game.id)
    assert row.id == row_id and row.lines == ["Red strikes."] and row.version == 2
    assert row.private == {111: ["secret"]} and row.handed_to == [222]
    assert await outbox.depth() == 1


async def test_a_row_is_claimed_only_after_its_lease_and_by_one_claimant(
    database_url: str, store: Store, outbox: OutboxStore
) -> None:
    game = await store.create_game(new_game(), seats(), [creation_event()])
    version = game.version
    for n in range(5):
        await commit(store, game.id, version + n, f"order {n}", lease=10)
    assert await outbox.claim_due(60, now=T0 + timedelta(seconds=5)) == []
    later = T0 + timedelta(seconds=11)
    engines = [create_engine(database_url) for _ in range(RACERS)]
    try:
        claims = await asyncio.gather(
            *(OutboxStore(session_factory(e)).claim_due(60, now=later) for e in engines)
        )
    finally:
        await asyncio.gather(*(e.dispose() for e in engines))
    claimed = [row.id for rows in claims for row in rows]
    assert sorted(claimed) == sorted(set(claimed)), "a row was claimed twice"
    assert len(claimed) == 5
    assert await outbox.claim_due(60, now=later) == [], "a fresh claim holds its lease"
    again = await outbox.claim_due(60, now=later + timedelta(seconds=61))
    assert len(again) == 5, "a claimant that died loses its rows when the lease runs out"
    for row in again[:3]:
        await outbox.mark_sent(row.id)
    assert await outbox.depth() == 2
    assert [row.id for row in await outbox.owed(game.id)] == [r.id for r in again[3:]]
    assert len(await outbox.claim_due(60, now=later + timedelta(seconds=200))) == 2


async def test_what_someone_was_shown_only_moves_forward(store: Store, outbox: OutboxStore) -> None:
    """A person's newest position is theirs or the channel's post, whichever is newer; an
    older private view never overwrites a newer one."""
    game = await store.create_game(new_game(), seats(), [creation_event()])
    assert await outbox.last_seen(game.id, 111) is None
    assert await store.posted(game.id) is None
    await store.note_post(game.id, 9001, None, (3, "p3"))
    await outbox.note_seen(game.id, [111], 2, "p2")
    seen = await outbox.last_seen(game.id, 111)
    assert seen is not None and seen.position == "p3", "the channel's newer post counts"
    await outbox.note_seen(game.id, [111], 4, "p4")
    await outbox.note_seen(game.id, [111], 1, "p1")
    seen = await outbox.last_seen(game.id, 111)
    assert seen is not None and (seen.version, seen.position) == (4, "p4")
    other = await outbox.last_seen(game.id, 222)
    assert other is not None and (other.version, other.position) == (3, "p3")
    posted = await store.posted(game.id)
    assert posted is not None and (posted.version, posted.position) == (3, "p3")


async def test_a_row_marked_with_its_post_notes_the_post_on_its_game(
    store: Store, outbox: OutboxStore
) -> None:
    """One statement marks the row and, through the trigger outbox_posted, makes its post the
    game's, showing the row's position; a post without a map keeps the last map's print."""
    game = await store.create_game(new_game(), seats(), [creation_event()])
    await store.note_post(game.id, 500, "map-1", (0, "p0"))
    first = await commit(store, game.id, game.version, "Red strikes.")
    await store.note_post(game.id, 501, None, (game.version + 1, "abc123"), settles=first)
    assert await outbox.depth() == 0
    assert await store.post_of(game.id) == (501, "map-1")
    posted = await store.posted(game.id)
    assert posted is not None and (posted.version, posted.position) == (game.version + 1, "abc123")
    second = await commit(store, game.id, game.version + 1, "Blue strikes.")
    await store.note_post(game.id, 502, "map-2", (game.version + 2, "abc123"), settles=second)
    assert await store.post_of(game.id) == (502, "map-2")
    [row] = [r for r in await outbox.all_rows(game.id) if r.id == second]
    assert row.sent_at is not None


async def test_a_post_noted_late_leaves_a_newer_one_the_games(
    store: Store, outbox: OutboxStore
) -> None:
    """Two orders' posts noted in the wrong order: the second's post is up and noted when
    the first's note arrives, by its row (the trigger) or by itself. The game's post stays
    the one showing the newer position; a post of the same position may replace it."""
    game = await store.create_game(new_game(), seats(), [creation_event()])
    first = await commit(store, game.id, game.version, "Red strikes.")
    second = await commit(store, game.id, game.version + 1, "Blue strikes.")
    await store.note_post(game.id, 502, "map-2", (game.version + 2, "abc123"), settles=second)
    await store.note_post(game.id, 501, "map-1", (game.version + 1, "abc123"), settles=first)
    assert await store.post_of(game.id) == (502, "map-2")
    assert await outbox.depth() == 0, "the late row is marked sent all the same"
    await store.note_post(game.id, 500, "map-0", (game.version, "p0"))
    posted = await store.posted(game.id)
    assert posted is not None and (posted.version, posted.position) == (game.version + 2, "abc123")
    assert await store.post_of(game.id) == (502, "map-2")
    await store.note_post(game.id, 503, None, (game.version + 2, "abc123"))
    assert await store.post_of(game.id) == (503, "map-2"), "the same position, posted again"


async def test_a_restart_takes_over_the_claims_of_its_shards_made_before_it_started(
    store: Store, outbox: OutboxStore
) -> None:
    """Games in guilds of shards 0 and 1 (of 2), and a DM game (no guild), each with a row
    claimed for 30 s by a process that died; a row this process claimed since it started is
    its own and is left alone."""
    guilds = {0: 4194304 * 10, 1: 4194304 * 11, None: None}  # a guild's shard: (id >> 22) % 2
    rows = {}
    for shard, guild in guilds.items():
        game = await store.create_game(
            new_game(guild_id=guild, channel_id=500 + (shard or 0) + (guild is None) * 9),
            seats(),
            [creation_event()],
        )
        rows[shard] = await commit(store, game.id, game.version, f"shard {shard}")
    started = T0 + timedelta(seconds=2)
    own = await store.create_game(
        new_game(guild_id=guilds[1], channel_id=600), seats(), [creation_event()]
    )
    mine = await store.commit_action(
        own.id,
        own.version,
        state={},
        events=[action_event("mine")],
        dice_cursor=1,
        owed=owed("mine"),
        lease=30,
        now=started + timedelta(seconds=1),
    )
    now = started + timedelta(seconds=3)
    assert await outbox.take_over(started, 30, ([1], 2), now=now) == 1
    assert [r.id for r in await outbox.claim_due(30, now=now)] == [rows[1]]
    assert await outbox.take_over(started, 30, ([0], 2), now=now) == 2  # shard 0 has the DMs
    assert sorted(r.id for r in await outbox.claim_due(30, now=now)) == [rows[0], rows[None]]
    assert await outbox.take_over(started, 30, now=now) == 0, "only its own claim is left"
    assert await outbox.claim_due(30, now=now) == [] and mine.outbox_id is not None
