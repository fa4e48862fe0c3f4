"""Idle-game reminders: who is due, and that a reminder is sent once per quiet spell."""

from datetime import timedelta

from bot.storage.records import GameRecord
from bot.storage.repository import Store
from tests.storage.builders import T0, action_event, creation_event, new_game, seats

HOUR = timedelta(hours=1)


async def _game(store: Store, channel_id: int, *, last_action_hours_ago: int) -> GameRecord:
    created = T0 - timedelta(hours=last_action_hours_ago)
    return await store.create_game(
        new_game(channel_id=channel_id), seats(), [creation_event()], now=created
    )


async def test_only_active_games_quiet_for_long_enough_are_idle(store: Store) -> None:
    quiet = await _game(store, 1, last_action_hours_ago=30)
    await _game(store, 2, last_action_hours_ago=2)
    finished = await _game(store, 3, last_action_hours_ago=40)
    await store.commit_action(
        finished.id,
        finished.version,
        state={},
        events=[],
        dice_cursor=0,
        status="finished",
        now=T0 - 40 * HOUR,
    )

    idle = await store.idle_games(older_than=T0 - 24 * HOUR)

    assert [g.id for g in idle] == [quiet.id]


async def test_idle_games_are_oldest_first(store: Store) -> None:
    newer = await _game(store, 1, last_action_hours_ago=25)
    older = await _game(store, 2, last_action_hours_ago=50)

    idle = await store.idle_games(older_than=T0 - 24 * HOUR)

    assert [g.id for g in idle] == [older.id, newer.id]


async def test_reminded_game_is_not_idle_again_until_it_moves(store: Store) -> None:
    game = await _game(store, 1, last_action_hours_ago=30)
    await store.mark_reminded(game.id, T0)

    assert await store.idle_games(older_than=T0 - 24 * HOUR) == []
    reminded = await store.get_game(game.id)
    assert reminded.reminded_at == T0
    assert reminded.version == game.version

    later = T0 + HOUR
    await store.commit_action(
        game.id, game.version, state={}, events=[action_event("moved")], dice_cursor=0, now=later
    )
    assert await store.idle_games(older_than=later + 24 * HOUR) != []
    assert await store.idle_games(older_than=later) == []
