"""Writers in separate connections racing on one game: the version guard serialises them."""

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.storage.db import create_engine, session_factory
from bot.storage.errors import StaleVersion
from bot.storage.records import GameRecord
from bot.storage.repository import Store
from tests.storage.builders import action_event, creation_event, new_game, seats

RACERS = 50
EVENTS_PER_MOVE = 2

Outcome = TypeVar("Outcome")


async def _race(
    database_url: str, racer: Callable[[Store, int], Awaitable[Outcome]]
) -> list[Outcome | BaseException]:
    """Run every racer at once, each through its own engine and connection."""
    engines = [create_engine(database_url) for _ in range(RACERS)]
    try:
        return await asyncio.gather(
            *(racer(Store(session_factory(engine)), n) for n, engine in enumerate(engines)),
            return_exceptions=True,
        )
    finally:
        await asyncio.gather(*(engine.dispose() for engine in engines))


async def test_racers_on_one_version_have_exactly_one_winner(
    database_url: str, store: Store
) -> None:
    game = await store.create_game(new_game(), seats(), [creation_event()])

    async def commit_once(racer_store: Store, n: int) -> GameRecord:
        return await racer_store.commit_action(
            game.id, game.version, state={"winner": n}, events=[action_event(f"{n}")], dice_cursor=n
        )

    outcomes = await _race(database_url, commit_once)

    winners = [o for o in outcomes if isinstance(o, GameRecord)]
    assert len(winners) == 1
    assert all(isinstance(o, StaleVersion) for o in outcomes if o is not winners[0])
    assert await store.get_game(game.id) == winners[0]
    assert [e.seq for e in await store.events(game.id)] == [0, 1]


async def test_retrying_racers_all_land_without_lost_updates(
    database_url: str, store: Store
) -> None:
    game = await store.create_game(new_game(state={"moves": []}), seats(), [creation_event()])

    async def move_until_accepted(racer_store: Store, move: int) -> int:
        lost_races = 0
        while True:
            current = await racer_store.get_game(game.id)
            # A command works out its order off the event loop between reading the game and
            # committing; SQLite's statements do not yield, so the racers yield here instead.
            await asyncio.sleep(0)
            try:
                await racer_store.commit_action(
                    game.id,
                    current.version,
                    state={"moves": [*current.state["moves"], move]},
                    events=[action_event(f"move {move}"), action_event(f"after {move}")],
                    dice_cursor=current.dice_cursor + 1,
                )
            except StaleVersion:
                lost_races += 1
                # Jittered backoff, as a real client would, so losers stop colliding in lockstep.
                await asyncio.sleep(random.uniform(0, 0.003 * lost_races))
            else:
                return lost_races

    outcomes = await _race(database_url, move_until_accepted)

    lost_races = [o for o in outcomes if isinstance(o, int)]
    assert len(lost_races) == RACERS, [o for o in outcomes if isinstance(o, BaseException)]
    assert sum(lost_races) > 0, "the racers never actually collided"
    final = await store.get_game(game.id)
    assert final.version == 1 + RACERS
    assert final.dice_cursor == RACERS
    assert sorted(final.state["moves"]) == list(range(RACERS))
    seqs = [e.seq for e in await store.events(game.id)]
    assert seqs == list(range(1 + EVENTS_PER_MOVE * RACERS))
