"""The campaign tables on SQLite and PostgreSQL: one running campaign per channel, battles
linked to their games, and a battle's result written once, never into an ended campaign."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.storage.campaigns import CampaignBusy, Campaigns, Fought
from bot.storage.db import create_engine, session_factory
from bot.storage.repository import Store
from tests.storage.builders import CHANNEL_ID, GUILD_ID, T0, new_game, seats

PLAYER = 111


@pytest.fixture
async def stores(database_url: str) -> AsyncIterator[tuple[Store, Campaigns]]:
    engine = create_engine(database_url)
    try:
        sessions = session_factory(engine)
        yield Store(sessions), Campaigns(sessions)
    finally:
        await engine.dispose()


async def a_game(store: Store, channel_id: int = CHANNEL_ID) -> int:
    game = await store.create_game(new_game(channel_id=channel_id), seats(), [], now=T0)
    await store.commit_action(
        game.id,
        game.version,
        state={},
        events=[],
        dice_cursor=0,
        status="finished",
        result={"winner": "british", "summary": "Held."},
        now=T0,
    )
    return game.id


async def test_battles_chain_and_each_result_is_written_once(
    stores: tuple[Store, Campaigns],
) -> None:
    store, campaigns = stores
    first = await a_game(store)
    started = await campaigns.start(
        GUILD_ID, CHANNEL_ID, PLAYER, "rising-odds", "british", first, T0
    )
    assert await campaigns.active_in(CHANNEL_ID) == started
    assert await campaigns.of_game(first) == (started, Fought(1, first, None, None, None))

    assert await campaigns.end_battle(started.id, 1, "won", "Held.", 2, "active", T0)
    assert not await campaigns.end_battle(started.id, 1, "lost", "Again.", 0, "active", T0), (
        "a battle's result is written once"
    )
    second = await a_game(store)
    await campaigns.add_battle(started.id, 2, second)
    assert await campaigns.battles(started.id) == [
        Fought(1, first, "won", "Held.", 2),
        Fought(2, second, None, None, None),
    ]

    assert await campaigns.end_battle(started.id, 2, "drawn", "Standoff.", 1, "finished", T0)
    assert await campaigns.active_in(CHANNEL_ID) is None
    latest = await campaigns.latest_in(CHANNEL_ID)
    assert latest is not None and latest.status == "finished"
    assert await campaigns.of_game(await a_game(store, CHANNEL_ID + 1)) is None


async def test_a_channel_runs_one_campaign_at_a_time(stores: tuple[Store, Campaigns]) -> None:
    store, campaigns = stores
    running = await campaigns.start(
        GUILD_ID, CHANNEL_ID, PLAYER, "rising-odds", "british", await a_game(store), T0
    )
    with pytest.raises(CampaignBusy):
        await campaigns.start(
            GUILD_ID, CHANNEL_ID, 222, "22-january-1879", "zulu", await a_game(store), T0
        )
    assert [c.id for c in [await campaigns.active_in(CHANNEL_ID)] if c] == [running.id]
    elsewhere = await campaigns.start(
        GUILD_ID, CHANNEL_ID + 1, 222, "22-january-1879", "zulu", await a_game(store), T0
    )
    assert elsewhere.id != running.id

    assert await campaigns.abandon(running.id, T0)
    assert not await campaigns.abandon(running.id, T0), "an ended campaign stays ended"
    assert not await campaigns.end_battle(running.id, 1, "won", "Late.", 2, "active", T0), (
        "no result is written into an abandoned campaign"
    )
    assert (await campaigns.battles(running.id))[0].outcome is None
    again = await campaigns.start(
        GUILD_ID, CHANNEL_ID, 222, "rising-odds", "british", await a_game(store), T0
    )
    assert (await campaigns.latest_in(CHANNEL_ID)) == again
