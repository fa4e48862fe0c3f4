"""Forgetting reaches campaigns: a forgotten member's campaigns go with their battles, and a
forgotten server's campaigns go; everyone else's stay whole."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.db import create_engine
from bot.storage.forget import forget_guild, forget_user
from bot.storage.models import Campaign, CampaignBattle
from tests.storage.stocked import ALICE, BOB, CAMPAIGNERS, GUILDS, stock


@pytest.fixture
async def engine(database_url: str) -> AsyncIterator[AsyncEngine]:
    await stock(database_url)
    engine = create_engine(database_url)
    try:
        yield engine
    finally:
        await engine.dispose()


async def campaigns(engine: AsyncEngine) -> dict[int, tuple[int | None, int, int]]:
    """Each campaign's server, player and number of battles, by id."""
    async with engine.connect() as connection:
        rows = (
            await connection.execute(select(Campaign.id, Campaign.guild_id, Campaign.user_id))
        ).all()
        battles = (await connection.execute(select(CampaignBattle.campaign_id))).scalars().all()
    return {row.id: (row.guild_id, row.user_id, battles.count(row.id)) for row in rows}


async def test_a_forgotten_members_campaigns_go_with_their_battles(engine: AsyncEngine) -> None:
    before = await campaigns(engine)
    assert sorted((g, u) for g, u, _ in before.values()) == sorted(
        (g, u) for g, u, _ in CAMPAIGNERS
    )
    assert all(count for _, _, count in before.values()), "every stocked campaign has battles"
    async with engine.begin() as connection:
        summary = await forget_user(connection, BOB)
    after = await campaigns(engine)
    assert after == {k: v for k, v in before.items() if v[1] != BOB}
    assert summary.deleted["campaigns"] == 1 and summary.deleted["campaign_battles"] >= 1

    async with engine.begin() as connection:
        await forget_user(connection, ALICE)
    assert await campaigns(engine) == {}


async def test_a_forgotten_servers_campaigns_go(engine: AsyncEngine) -> None:
    before = await campaigns(engine)
    async with engine.begin() as connection:
        await forget_guild(connection, GUILDS[0])
    assert await campaigns(engine) == {k: v for k, v in before.items() if v[0] != GUILDS[0]}
