"""Ratings on both databases: which finished games are rated, rated in the transaction that
finishes them, one after the other when two games of one player end at once, and every
rating rebuilt exactly from the record of the rated games, a forgotten player's included."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select, update

from bot.play.ratings import RATER, shown
from bot.play.service import Actor, GameService, Place, SeedSource
from bot.storage.db import create_engine, session_factory
from bot.storage.forget import forget_user
from bot.storage.models import Rating, RatingChange
from bot.storage.ratings import NOBODY, Rater, Ratings, Skill, ranks_of, rate_game
from bot.storage.repository import Store
from games.registry import Registry
from tests.fixtures.duel import SYSTEM

ROOT = Path(__file__).resolve().parents[2]
GUILD = 1
ALICE, BOB, CAROL = Actor(31), Actor(32), Actor(33)
NOW = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)


def rating(store: Store) -> Store:
    """The store as the bot makes it: rating the games it finishes."""
    return Store(store._sessions, rater=RATER)


def service_of(store: Store, seed: str = "ratings") -> GameService:
    return GameService(rating(store), Registry([SYSTEM]), SeedSource(seed))


async def played(
    service: GameService, channel: int, first: Actor, second: Actor, *, guild: int = GUILD
) -> int:
    """A two-player duel from its start to its end; the game's id."""
    place = Place(guild, channel)
    update = await service.new_game(place, first, "duel", "short", "two-player", side="red")
    update = await service.join(place, second)
    by_id = {first.user_id: first, second.user_id: second}
    while not update.result:
        [waiting] = update.waiting_for
        update = await service.act(place, by_id[waiting], {"type": "strike"})
    return update.game.id


async def opt_in(store: Store, *people: Actor) -> None:
    await store.update_guild_settings(GUILD, ratings=True)
    for person in people:
        await store.set_rated(person.user_id, True)


async def all_ratings(ratings: Ratings) -> dict[tuple[int, str], tuple[float, float, int]]:
    async with ratings._sessions() as session:
        rows = (await session.execute(select(Rating))).scalars().all()
    return {(r.user_id, r.side): (r.mu, r.sigma, r.games) for r in rows}


async def test_a_finished_game_between_two_opted_in_people_is_rated_as_it_ends(
    store: Store,
) -> None:
    ratings = Ratings(store._sessions)
    await opt_in(store, ALICE, BOB)
    game_id = await played(service_of(store), 400, ALICE, BOB)
    game = await store.get_game(game_id)
    winner = game.result["winner"] if game.result else None

    changes = await ratings.changes(game_id)
    assert {(c.user_id, c.side) for c in changes} == {(ALICE.user_id, "red"), (BOB.user_id, "blue")}
    for change in changes:
        assert change.before == RATER.initial()
        won = change.side == winner
        assert (change.after[0] > change.before[0]) is won, "the winner's mu rises"
        assert change.after[1] < change.before[1], "both ratings grow surer"
    stored = await all_ratings(ratings)
    assert all(games == 1 for _, _, games in stored.values())
    [best, *_] = (await ratings.standings(GUILD, "duel", None, offset=0, limit=10))[1]
    assert best.side == winner and shown((best.mu, best.sigma)) > 0


async def test_a_store_without_the_rater_rates_nothing(store: Store) -> None:
    """Planted: the store the bot makes without its rater; the game ends unrated."""
    ratings = Ratings(store._sessions)
    await opt_in(store, ALICE, BOB)
    service = GameService(store, Registry([SYSTEM]), SeedSource("unrated"))
    game_id = await played(service, 399, ALICE, BOB)
    assert await ratings.changes(game_id) == []


@pytest.mark.parametrize(
    "missing", ["the server", "one player", "nobody"], ids=["server-off", "one-out", "control"]
)
async def test_only_opted_in_servers_and_people_are_rated(store: Store, missing: str) -> None:
    ratings = Ratings(store._sessions)
    await store.update_guild_settings(GUILD, ratings=missing != "the server")
    await store.set_rated(ALICE.user_id, True)
    await store.set_rated(BOB.user_id, missing != "one player")
    game_id = await played(service_of(store), 401, ALICE, BOB)
    rated = await ratings.changes(game_id)
    assert bool(rated) is (missing == "nobody")


async def test_a_what_if_game_is_never_rated(store: Store) -> None:
    """A fork of a rated game, played to its end by the same two opted-in people, is not
    rated; the game it came from was."""
    ratings = Ratings(store._sessions)
    await opt_in(store, ALICE, BOB)
    service = service_of(store)
    parent_id = await played(service, 410, ALICE, BOB)
    assert await ratings.changes(parent_id)
    before = await all_ratings(ratings)
    parent, _, point = await service.fork_point(Place(GUILD, 410))
    assert parent.id == parent_id
    there = Place(GUILD, 411)
    update = await service.fork(there, ALICE, parent, point)
    update = await service.join(there, BOB)
    by_id = {ALICE.user_id: ALICE, BOB.user_id: BOB}
    while not update.result:
        [waiting] = update.waiting_for
        update = await service.act(there, by_id[waiting], {"type": "strike"})
    assert update.game.status == "finished"
    assert await ratings.changes(update.game.id) == []
    assert await all_ratings(ratings) == before


async def test_games_against_the_bot_and_aborted_games_are_not_rated(store: Store) -> None:
    ratings = Ratings(store._sessions)
    await opt_in(store, ALICE, BOB)
    service = service_of(store)
    solo = await service.new_game(Place(GUILD, 402), ALICE, "duel", "short", "solo")
    update = solo
    while not update.result:
        update = await service.act(Place(GUILD, 402), ALICE, {"type": "strike"})
    assert await ratings.changes(solo.game.id) == []
    place = Place(GUILD, 403)
    started = await service.new_game(place, ALICE, "duel", "short", "two-player")
    await service.join(place, BOB)
    await service.abort(place, Actor(99, is_referee=True))
    assert await ratings.changes(started.game.id) == []
    assert await all_ratings(ratings) == {}


async def test_the_ratings_rebuild_exactly_from_the_rated_games(store: Store) -> None:
    ratings = Ratings(store._sessions)
    await opt_in(store, ALICE, BOB, CAROL)
    service = service_of(store)
    pairs = [(ALICE, BOB), (BOB, CAROL), (CAROL, ALICE), (ALICE, BOB), (BOB, ALICE)]
    for channel, (first, second) in enumerate(pairs, start=500):
        await played(service, channel, first, second)
    before = await all_ratings(ratings)
    assert sum(games for _, _, games in before.values()) == 2 * len(pairs)

    rebuilt = await ratings.rebuild(RATER, NOW)
    assert (rebuilt.games, rebuilt.differed) == (len(pairs), 0)
    assert await all_ratings(ratings) == before, "bit for bit the same numbers"

    # Planted: a stored rating drifts, and a game's recorded change is altered.
    async with ratings._sessions.begin() as session:
        await session.execute(
            update(Rating).where(Rating.user_id == BOB.user_id).values(mu=Rating.mu + 1)
        )
        await session.execute(
            update(RatingChange).where(RatingChange.id == 1).values(mu_after=99.0)
        )
    repaired = await ratings.rebuild(RATER, NOW)
    assert repaired.differed >= 3, repaired
    assert await all_ratings(ratings) == before, "the rebuild puts back what the games give"


async def test_a_forgotten_players_opponents_still_rebuild_exactly(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        store = Store(session_factory(engine))
        ratings = Ratings(store._sessions)
        await opt_in(store, ALICE, BOB, CAROL)
        service = service_of(store)
        for channel, (first, second) in enumerate([(ALICE, BOB), (BOB, CAROL), (CAROL, BOB)]):
            await played(service, 600 + channel, first, second)
        async with engine.begin() as connection:
            await forget_user(connection, BOB.user_id)
        left = await all_ratings(ratings)
        assert all(user != BOB.user_id for user, _ in left), "the forgotten player's ratings go"
        async with ratings._sessions() as session:
            people = set((await session.execute(select(RatingChange.user_id))).scalars())
        assert BOB.user_id not in people and NOBODY in people
        rebuilt = await ratings.rebuild(RATER, NOW)
        assert rebuilt.differed == 0 and await all_ratings(ratings) == left
    finally:
        await engine.dispose()


def test_a_draw_places_both_sides_first() -> None:
    assert ranks_of(["red", "blue"], "blue") == [2, 1]
    assert ranks_of(["red", "blue"], None) == [1, 1]
    even = RATER.rate([RATER.initial(), RATER.initial()], [1, 1])
    assert even[0] == even[1] and even[0][0] == RATER.initial()[0]


class SlowRater:
    """The bot's rater, but a rating, once its players' rows are read, says so and pauses
    before it is worked out, its transaction holding whatever it has locked."""

    def __init__(self, pause: float) -> None:
        self.pause = pause
        self.reading_done = threading.Event()

    def initial(self) -> Skill:
        return RATER.initial()

    def rate(self, before: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
        self.reading_done.set()
        time.sleep(self.pause)
        return RATER.rate(before, ranks)


def rate_apart(url: str, game_id: int, rater: Rater, after: threading.Event | None) -> None:
    """Rate a game in a transaction of its own, from a thread and engine of its own, as
    another process would; once ``after`` is set, if given."""
    if after is not None:
        after.wait(10)

    async def rate() -> None:
        engine = create_engine(url)
        try:
            async with session_factory(engine).begin() as session:
                await rate_game(session, game_id, rater, NOW)
        finally:
            await engine.dispose()

    asyncio.run(rate())


async def test_one_players_games_ending_at_once_are_rated_in_turn(
    postgres_database_url: str,
) -> None:
    """Alice's two games are rated at once by two processes: the first has read her rating
    and pauses before writing it, and the second then rates the other game. The second
    waits on the first's lock on her row and starts from the first's result, so a rebuild,
    which replays the games in turn, agrees; without the lock the first would write over
    the second's rating from what it read before it. (SQLite, one process's database,
    runs one writing transaction at a time.)"""
    url = postgres_database_url
    engine = create_engine(url)
    try:
        store = Store(session_factory(engine))
        await opt_in(store, ALICE, BOB, CAROL)
        unrated = GameService(store, Registry([SYSTEM]), SeedSource("in-turn"))
        await played(service_of(store, "first"), 699, ALICE, BOB)  # her rating row exists
        games = [await played(unrated, 700, ALICE, BOB), await played(unrated, 701, ALICE, CAROL)]
        slow = SlowRater(0.5)
        await asyncio.gather(
            asyncio.to_thread(rate_apart, url, games[0], slow, None),
            asyncio.to_thread(rate_apart, url, games[1], RATER, slow.reading_done),
        )
        ratings = Ratings(store._sessions)
        assert (await all_ratings(ratings))[ALICE.user_id, "red"][2] == 3
        assert (await ratings.rebuild(RATER, NOW)).differed == 0, "a rating was lost"
    finally:
        await engine.dispose()


async def test_the_rebuild_command_replays_and_reports(database_url: str) -> None:
    """``laager db rebuild-ratings``: what it replayed, and how many stored values it put
    back; planted, a rating that drifted is found and repaired."""
    engine = create_engine(database_url)
    try:
        store = Store(session_factory(engine))
        ratings = Ratings(store._sessions)
        await opt_in(store, ALICE, BOB)
        for channel in (900, 901):
            await played(service_of(store), channel, ALICE, BOB)
        before = await all_ratings(ratings)
        async with ratings._sessions.begin() as session:
            await session.execute(update(Rating).values(sigma=Rating.sigma / 2))
    finally:
        await engine.dispose()

    def rebuild() -> str:
        run = subprocess.run(
            [sys.executable, "-m", "bot.process.cli", "db", "rebuild-ratings"],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": database_url, "LOG_LEVEL": "WARNING"},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert run.returncode == 0, run.stderr
        return run.stdout

    assert "Replayed 2 rated game(s) into 2 rating(s); 2 stored value(s) differed" in rebuild()
    assert "0 stored value(s) differed" in rebuild()
    engine = create_engine(database_url)
    try:
        assert await all_ratings(Ratings(session_factory(engine))) == before
    finally:
        await engine.dispose()


def test_a_start_loads_no_rating_model() -> None:
    """openskill is loaded when a game is first rated, not with the bot and its cogs."""
    ran = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, bot.process.app, bot.cogs.ratings, bot.play.ratings\n"
            "print('openskill' in sys.modules)",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "False"
