"""An order's statements straight on the driver (bot.storage.driver_sql) store and read what
SQLAlchemy's execution would, on both backends: the same game, seats and contributions read;
the same game row, log entries, deadline and outbox row written; nothing written when the
change fails, and the connection (and SQLite's write gate) free for the next."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.db import create_engine, session_factory
from bot.storage.deadlines import Turn
from bot.storage.driver_sql import DriverRunner
from bot.storage.errors import StaleVersion
from bot.storage.outbox import OutboxStore, Owed
from bot.storage.records import EncodedState, GameRecord, NewEvent
from bot.storage.repository import Store
from tests.service.test_order_statements import through_sqlalchemy
from tests.storage.builders import T0, action_event, creation_event, new_game, seats

STATE = {"turn": 2, "units": [{"id": "24th", "at": "C4", "strength": 6}], "note": "Zulu ünï ✓"}
LATER = T0 + timedelta(minutes=3)


@pytest.fixture
def stores(engine: AsyncEngine) -> tuple[Store, Store]:
    """The same database, through the driver and through SQLAlchemy's sessions."""
    sessions = session_factory(engine)
    return Store(sessions), Store(sessions, on_driver=False)


async def a_game(store: Store, channel: int) -> GameRecord:
    events = [replace(creation_event(), contributions=["alice's words", "ünï"])]
    game = await store.create_game(
        new_game(channel_id=channel, result=None),
        seats(),
        events,
        now=T0,
        deadline=Turn(24, None, None),
    )
    return game


def an_order(game: GameRecord) -> dict[str, Any]:
    return {
        "state": EncodedState(STATE, json.dumps(STATE)),
        "events": [
            action_event("Fire! \u202e"),
            NewEvent(
                kind="action", side="zulu", public_text="quiet", contributions=["bob", "nul \x00 ✓"]
            ),
        ],
        "dice_cursor": 3,
        "now": LATER,
        "owed": Owed("abc123", ["line one", "ünï ✓"], {111: ["yours"]}, 111, [222]),
        "awaited": True,
    }


async def test_a_game_read_on_the_driver_is_the_game_read_through_sqlalchemy(
    engine: AsyncEngine, stores: tuple[Store, Store]
) -> None:
    driver, sessions = stores
    game = await a_game(sessions, 7)
    await sessions.commit_action(game.id, game.version, **an_order(game))
    with through_sqlalchemy(engine) as seen:
        through_driver = await driver.game_in_full(7)
    assert seen == [], "the read went through SQLAlchemy's execution"
    assert through_driver == await sessions.game_in_full(7)
    assert through_driver is not None
    assert through_driver[2] == ["alice's words", "ünï", "bob", "nul \x00 ✓"]
    assert await driver.game_in_full(8) is None


async def test_an_order_committed_on_the_driver_stores_what_sqlalchemy_would(
    engine: AsyncEngine, stores: tuple[Store, Store]
) -> None:
    outbox = OutboxStore(session_factory(engine))
    written = []
    for channel, store in enumerate(stores, start=1):
        game = await a_game(store, channel)
        with through_sqlalchemy(engine) as seen:
            moved = await store.commit_action(game.id, game.version, **an_order(game))
        through = "driver" if store is stores[0] else "sessions"
        assert (seen == []) == (through == "driver"), f"{through}: {seen}"
        rows = await outbox.all_rows(game.id)
        written.append(
            (
                replace(moved, id=0, channel_id=0, outbox_id=None),
                await store.get_game(game.id) == replace(moved, outbox_id=None),
                [replace(e, game_id=0) for e in await store.events(game.id)],
                replace(await store.deadline(game.id), game_id=0),
                [replace(row, id=0, game_id=0, channel_id=0) for row in rows],
                moved.outbox_id == rows[0].id,
            )
        )
    assert written[0] == written[1]
    assert written[0][1], "the game read back is not the game the commit returned"
    assert written[0][5]
    assert written[0][0].state == STATE and written[0][0].version == 2


async def test_a_stale_order_on_the_driver_writes_nothing(stores: tuple[Store, Store]) -> None:
    driver, _ = stores
    game = await a_game(driver, 3)
    await driver.commit_action(game.id, game.version, **an_order(game))
    with pytest.raises(StaleVersion):
        await driver.commit_action(game.id, game.version, **an_order(game))
    assert len(await driver.events(game.id)) == 3
    assert (await driver.get_game(game.id)).version == 2


@pytest.mark.parametrize("failure", [RuntimeError("the disk"), asyncio.CancelledError()])
async def test_an_order_failing_midway_on_the_driver_is_rolled_back_and_frees_the_connection(
    stores: tuple[Store, Store], monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    driver, _ = stores
    game = await a_game(driver, 4)
    real = DriverRunner.many

    async def failing(self: DriverRunner, statement: Any, rows: Any) -> None:
        await real(self, statement, rows)
        raise failure

    monkeypatch.setattr(DriverRunner, "many", failing)
    with pytest.raises(type(failure)):
        await driver.commit_action(game.id, game.version, **an_order(game))
    monkeypatch.undo()
    stored = await driver.get_game(game.id)
    assert (stored.version, len(await driver.events(game.id))) == (1, 1), "half an order stayed"
    # The next order finds the write gate and its connection free.
    moved = await asyncio.wait_for(
        driver.commit_action(game.id, game.version, **an_order(game)), timeout=5
    )
    assert moved.version == 2


async def test_an_order_on_the_driver_waits_its_turn_at_sqlites_write_gate(
    sqlite_database_url: str,
) -> None:
    """A writer through SQLAlchemy holds SQLite's write lock across turns of the loop; an
    order on the driver waits at the gate, never in SQLite's busy handler (which would
    block the loop the holder needs to finish), and goes through once it is free."""
    engine = create_engine(sqlite_database_url)
    try:
        sessions = session_factory(engine)
        driver = Store(sessions)
        game = await a_game(driver, 5)
        async with sessions.begin() as holder:
            await holder.execute(
                text("UPDATE games SET mode = mode WHERE id = :id"), {"id": game.id}
            )
            order = asyncio.create_task(
                driver.commit_action(game.id, game.version, **an_order(game))
            )
            started = time.monotonic()
            await asyncio.sleep(0.2)
            assert time.monotonic() - started < 1, "the loop was blocked while the order waited"
            assert not order.done(), "the order wrote past the holder of the write lock"
        moved = await asyncio.wait_for(order, timeout=5)
        assert moved.version == 2
    finally:
        await engine.dispose()
