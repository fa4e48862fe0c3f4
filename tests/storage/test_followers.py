"""Followers on both databases: at most as many as a game may have, and each told of a phase
once, even when two processes post it at once."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from bot.play.service import Actor, GameService, Place, SeedSource
from bot.storage.db import create_engine, session_factory
from bot.storage.followers import FOLLOWERS_PER_GAME, FollowedGames, Followers
from bot.storage.repository import Store
from games.registry import Registry
from tests.fixtures.duel import SYSTEM

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


async def a_game(store: Store, channel: int = 500) -> int:
    service = GameService(store, Registry([SYSTEM]), SeedSource("followers"))
    return (await service.new_game(Place(1, channel), Actor(1), "duel", mode="two-player")).game.id


async def test_each_follower_is_told_of_a_phase_once(store: Store) -> None:
    followers = Followers(store._sessions)
    game_id = await a_game(store)
    for user in (30, 20, 10):
        assert await followers.follow(game_id, user, NOW)
    assert await followers.follow(game_id, 20, NOW), "following again changes nothing"
    assert await followers.of_game(game_id) == [10, 20, 30]
    assert await followers.due(game_id, "1.setup") == [10, 20, 30]
    assert await followers.due(game_id, "1.setup") == [], "told already"
    await followers.follow(game_id, 40, NOW)
    assert await followers.due(game_id, "1.setup") == [40], "a newcomer hears of it once"
    assert await followers.due(game_id, "1.move") == [10, 20, 30, 40]
    assert await followers.unfollow(game_id, 20)
    assert not await followers.unfollow(game_id, 20)
    assert await followers.due(game_id, "over") == [10, 30, 40]


async def test_a_game_has_a_limit_of_followers(store: Store) -> None:
    followers = Followers(store._sessions)
    game_id = await a_game(store)
    for user in range(FOLLOWERS_PER_GAME):
        assert await followers.follow(game_id, 1000 + user, NOW)
    assert not await followers.follow(game_id, 5, NOW), "one too many"
    assert await followers.follow(game_id, 1000, NOW), "one already there still follows"


async def test_two_processes_telling_one_phase_tell_each_follower_once(
    database_url: str,
) -> None:
    engines = [create_engine(database_url) for _ in range(2)]
    try:
        first, second = (Followers(session_factory(e)) for e in engines)
        game_id = await a_game(Store(session_factory(engines[0])))
        for user in range(50):
            await first.follow(game_id, 100 + user, NOW)
        for phase in ("1.setup", "1.move", "2.move"):
            a, b = await asyncio.gather(first.due(game_id, phase), second.due(game_id, phase))
            assert sorted(a + b) == list(range(100, 150)), phase
    finally:
        for engine in engines:
            await engine.dispose()


async def test_a_fresh_process_knows_which_active_games_are_followed(store: Store) -> None:
    """What the bot keeps in memory instead of asking on every post: read once, kept after."""
    followers = Followers(store._sessions)
    followed, quiet = await a_game(store, 600), await a_game(store, 601)
    await followers.follow(followed, 7, NOW)
    after_restart = FollowedGames(followers)
    assert await after_restart.has(followed) and not await after_restart.has(quiet)
    await followers.follow(quiet, 7, NOW)
    assert not await after_restart.has(quiet), "kept, not asked again"
    await after_restart.add(quiet)
    assert await after_restart.has(quiet)
    after_restart.discard(quiet)
    assert not await after_restart.has(quiet)
