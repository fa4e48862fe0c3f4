"""Referee storage: channel rosters and event decks under a version guard, guild house rules."""

from collections.abc import AsyncIterator

import pytest

from bot.storage.db import create_engine, session_factory
from bot.storage.referee import DocumentMoved, RefereeStore
from tests.storage.builders import CHANNEL_ID, GUILD_ID, T0


@pytest.fixture
async def referee(database_url: str) -> AsyncIterator[RefereeStore]:
    engine = create_engine(database_url)
    try:
        yield RefereeStore(session_factory(engine))
    finally:
        await engine.dispose()


async def test_a_roster_is_created_then_advanced_by_version(referee: RefereeStore) -> None:
    assert await referee.roster(CHANNEL_ID) is None

    first = await referee.save_roster(CHANNEL_ID, GUILD_ID, {"turn": 1, "units": []}, 0, now=T0)
    second = await referee.save_roster(CHANNEL_ID, GUILD_ID, {"turn": 2, "units": []}, 1)

    assert (first.version, second.version) == (1, 2)
    stored = await referee.roster(CHANNEL_ID)
    assert stored is not None
    assert stored.state == {"turn": 2, "units": []}
    assert (stored.channel_id, stored.guild_id, stored.version) == (CHANNEL_ID, GUILD_ID, 2)
    assert await referee.roster(CHANNEL_ID + 1) is None


async def test_a_stale_roster_write_is_refused_and_stores_nothing(referee: RefereeStore) -> None:
    await referee.save_roster(CHANNEL_ID, GUILD_ID, {"turn": 1}, 0)
    await referee.save_roster(CHANNEL_ID, GUILD_ID, {"turn": 2}, 1)

    with pytest.raises(DocumentMoved, match="roster changed"):
        await referee.save_roster(CHANNEL_ID, GUILD_ID, {"turn": 99}, 1)
    with pytest.raises(DocumentMoved):
        await referee.save_roster(CHANNEL_ID, GUILD_ID, {"turn": 99}, 0)

    stored = await referee.roster(CHANNEL_ID)
    assert stored is not None and stored.state == {"turn": 2} and stored.version == 2


async def test_decks_are_kept_apart_from_rosters_and_can_be_deleted(
    referee: RefereeStore,
) -> None:
    await referee.save_roster(CHANNEL_ID, GUILD_ID, {"turn": 1}, 0)
    deck = await referee.save_deck(CHANNEL_ID, None, {"pile": ["a", "b"], "discards": []}, 0)
    assert deck.version == 1 and deck.guild_id is None

    with pytest.raises(DocumentMoved, match="event deck changed"):
        await referee.save_deck(CHANNEL_ID, None, {"pile": []}, 7)
    assert await referee.delete_deck(CHANNEL_ID) is True
    assert await referee.delete_deck(CHANNEL_ID) is False
    assert await referee.deck(CHANNEL_ID) is None
    assert await referee.roster(CHANNEL_ID) is not None
    assert await referee.delete_roster(CHANNEL_ID) is True


async def test_house_rules_are_per_guild_and_replaced_by_key(referee: RefereeStore) -> None:
    """Rule 22: a server's overrides, any JSON value, one per dotted key."""
    key = "sotq_firing.weapons.blr.ranges.long"
    await referee.set_house_rule(GUILD_ID, key, 26, 111, now=T0)
    await referee.set_house_rule(GUILD_ID, key, 30.5, 222)
    await referee.set_house_rule(GUILD_ID, "qref_movement.troop_types.zulus.dice", 4, 111)
    await referee.set_house_rule(GUILD_ID + 1, key, [1, "two"], 333)

    rules = await referee.house_rules(GUILD_ID)

    assert [(r.key, r.value, r.set_by) for r in rules] == [
        ("qref_movement.troop_types.zulus.dice", 4, 111),
        (key, 30.5, 222),
    ]
    [other] = await referee.house_rules(GUILD_ID + 1)
    assert other.value == [1, "two"]
    assert await referee.clear_house_rule(GUILD_ID, key) is True
    assert await referee.clear_house_rule(GUILD_ID, key) is False
    assert [r.key for r in await referee.house_rules(GUILD_ID)] == [
        "qref_movement.troop_types.zulus.dice"
    ]
