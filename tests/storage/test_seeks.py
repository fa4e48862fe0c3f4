"""Requests to be pinged for a game, and the server's games with a side free, on both
databases: a request is answered once, by a game with a side free for it, never after it
lapses, and never twice when two processes start games at the same moment."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.play.service import Actor, GameService, Place, SeedSource
from bot.storage.db import create_engine, session_factory
from bot.storage.repository import Store
from bot.storage.seeks import Seeks
from games.registry import Registry
from tests.fixtures.duel import SYSTEM

GUILD, OTHER_GUILD = 1, 2
ALICE, BOB, CAROL, DAVE = 21, 22, 23, 24
NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
WEEK = NOW + timedelta(days=7)


async def test_a_request_is_answered_once_by_a_game_with_its_side_free(store: Store) -> None:
    seeks = Seeks(store._sessions)
    await seeks.seek(GUILD, ALICE, "duel", "red", now=NOW, lapses_at=WEEK)
    await seeks.seek(GUILD, BOB, "duel", None, now=NOW + timedelta(seconds=1), lapses_at=WEEK)
    await seeks.seek(GUILD, CAROL, "duel", "blue", now=NOW, lapses_at=WEEK)
    await seeks.seek(GUILD, DAVE, "chess", None, now=NOW, lapses_at=WEEK)
    await seeks.seek(OTHER_GUILD, DAVE, "duel", None, now=NOW, lapses_at=WEEK)

    answered = await seeks.answer(GUILD, "duel", ["red"], creator_id=99, now=NOW, limit=40)
    assert [(r.user_id, r.side) for r in answered] == [(ALICE, "red"), (BOB, None)]
    again = await seeks.answer(GUILD, "duel", ["red"], creator_id=99, now=NOW, limit=40)
    assert again == [], "a request is answered once"
    assert [
        r.user_id
        for r in await seeks.answer(
            GUILD, "duel", ["red", "blue"], creator_id=99, now=NOW, limit=40
        )
    ] == [CAROL]
    assert await seeks.of_member(GUILD, DAVE, NOW) != [], "another system's request stays"
    assert await seeks.of_member(OTHER_GUILD, DAVE, NOW) != [], "another server's stays"


async def test_the_creator_is_not_answered_and_lapsed_requests_go(store: Store) -> None:
    seeks = Seeks(store._sessions)
    await seeks.seek(GUILD, ALICE, "duel", None, now=NOW, lapses_at=WEEK)
    await seeks.seek(GUILD, BOB, "duel", None, now=NOW, lapses_at=NOW + timedelta(hours=1))
    later = NOW + timedelta(hours=2)
    assert await seeks.answer(GUILD, "duel", ["red"], creator_id=ALICE, now=later, limit=40) == []
    assert await seeks.of_member(GUILD, ALICE, later) != [], "the creator's request waits on"
    assert await seeks.of_member(GUILD, BOB, NOW) == [], "the lapsed request is gone"
    assert await seeks.answer(GUILD, "duel", [], creator_id=CAROL, now=later, limit=40) == []
    assert await seeks.of_member(GUILD, ALICE, later) != [], "no free side answers nobody"


async def test_asking_again_replaces_and_stopping_withdraws(store: Store) -> None:
    seeks = Seeks(store._sessions)
    await seeks.seek(GUILD, ALICE, "duel", "red", now=NOW, lapses_at=WEEK)
    await seeks.seek(GUILD, ALICE, "duel", "blue", now=NOW, lapses_at=WEEK + timedelta(days=1))
    await seeks.seek(GUILD, ALICE, "chess", None, now=NOW, lapses_at=WEEK)
    mine = await seeks.of_member(GUILD, ALICE, NOW)
    assert [(r.system, r.side, r.lapses_at) for r in mine] == [
        ("chess", None, WEEK),
        ("duel", "blue", WEEK + timedelta(days=1)),
    ]
    assert await seeks.withdraw(GUILD, ALICE, "duel") == 1
    assert await seeks.withdraw(GUILD, ALICE, "duel") == 0
    assert await seeks.withdraw(GUILD, ALICE, None) == 1
    assert await seeks.of_member(GUILD, ALICE, NOW) == []


async def test_at_most_the_limit_are_answered_oldest_first(store: Store) -> None:
    seeks = Seeks(store._sessions)
    for n in range(5):
        await seeks.seek(
            GUILD, 100 + n, "duel", None, now=NOW - timedelta(minutes=n), lapses_at=WEEK
        )
    first = await seeks.answer(GUILD, "duel", ["red"], creator_id=1, now=NOW, limit=3)
    assert [r.user_id for r in first] == [104, 103, 102]
    rest = await seeks.answer(GUILD, "duel", ["red"], creator_id=1, now=NOW, limit=3)
    assert [r.user_id for r in rest] == [101, 100]


async def test_two_processes_answering_at_once_never_ping_one_member_twice(
    database_url: str,
) -> None:
    engines = [create_engine(database_url) for _ in range(2)]
    try:
        first, second = (Seeks(session_factory(e)) for e in engines)
        for round_ in range(5):
            users = range(1000 * (round_ + 1), 1000 * (round_ + 1) + 30)
            for user in users:
                await first.seek(GUILD, user, "duel", None, now=NOW, lapses_at=WEEK)
            a, b = await asyncio.gather(
                first.answer(GUILD, "duel", ["red"], creator_id=ALICE, now=NOW, limit=40),
                second.answer(GUILD, "duel", ["red"], creator_id=ALICE, now=NOW, limit=40),
            )
            pinged = [r.user_id for r in [*a, *b]]
            assert sorted(pinged) == list(users), "each member pinged exactly once"
    finally:
        for engine in engines:
            await engine.dispose()


async def test_the_seated_games_show_which_sides_are_held(store: Store) -> None:
    service = GameService(store, Registry([SYSTEM]), SeedSource("seats"))
    await service.new_game(Place(GUILD, 300), Actor(ALICE), "duel", mode="two-player")
    await service.new_game(Place(GUILD, 301), Actor(BOB), "duel", mode="solo")
    await service.new_game(Place(OTHER_GUILD, 302), Actor(CAROL), "duel", mode="two-player")
    finished = await service.new_game(Place(GUILD, 303), Actor(DAVE), "duel", mode="two-player")
    await service.abort(Place(GUILD, 303), Actor(DAVE))
    games = await Seeks(store._sessions).seated_games(GUILD)
    assert [(g.channel_id, sorted(g.held)) for g in games] == [
        (300, ["red"]),
        (301, ["blue", "red"]),
    ]
    assert finished.game.channel_id not in [g.channel_id for g in games], "an aborted game"
