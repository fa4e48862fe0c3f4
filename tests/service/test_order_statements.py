"""What an order costs the database, on both backends: one read of the game with its seats and
its dice contributions, then one commit of three statements (the game's versioned UPDATE,
its log entries, its outbox row), and one more for a turn deadline. The UPDATE returns what
the rest of the commit needs, so nothing is read twice."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.operations.metrics import statement_kind
from bot.play import service as service_module
from bot.play.service import Actor, GameService, Place, SeedSource, fingerprint
from bot.storage.db import session_factory
from bot.storage.records import GameRecord
from bot.storage.repository import Store
from bot.storage.watched import watch
from games.core.versions import loaded
from games.registry import Registry
from tests.fixtures.duel import SYSTEM

HERE = Place(guild_id=1, channel_id=100)
ALICE, BOB = Actor(11), Actor(12)
AN_ORDER = ["select", "update", "insert", "insert", "commit"]
"""The game with its seats and contributions; the UPDATE, the log entries, the outbox row."""


@contextmanager
def counted(engine: AsyncEngine) -> Iterator[list[str]]:
    """The kinds of the statements the engine runs meanwhile, through SQLAlchemy or straight on
    the driver, with "commit" for each commit."""
    kinds: list[str] = []
    unwatch = watch(
        engine,
        lambda statement, _seconds: kinds.append(statement_kind(statement)),
        lambda: kinds.append("commit"),
    )
    try:
        yield kinds
    finally:
        unwatch()


@contextmanager
def through_sqlalchemy(engine: AsyncEngine) -> Iterator[list[str]]:
    """The statements SQLAlchemy's own execution runs on the engine meanwhile (not those run
    straight on the driver)."""
    seen: list[str] = []

    def ran(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement)

    event.listen(engine.sync_engine, "before_cursor_execute", ran)
    try:
        yield seen
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", ran)


@pytest.fixture
def service(engine: AsyncEngine) -> GameService:
    return GameService(Store(session_factory(engine)), Registry([SYSTEM]), SeedSource("costs"))


async def test_an_order_runs_its_statements_straight_on_the_driver(
    service: GameService, engine: AsyncEngine
) -> None:
    """Its read and its commit run on the driver (bot.storage.driver_sql), none of them
    through SQLAlchemy's execution, which costs the bot several times the CPU."""
    await service.new_game(HERE, ALICE, "duel", mode="two-player", deadline_hours=24)
    await service.join(HERE, BOB)
    with counted(engine) as kinds, through_sqlalchemy(engine) as seen:
        update = await service.act(HERE, ALICE, key="strike")
        await service.store.note_post(update.game.id, 5, None, (update.game.version, "x"))
    assert kinds == [*AN_ORDER[:-2], "update", *AN_ORDER[-2:], "update", "commit"], kinds
    assert seen == [], seen


@pytest.mark.parametrize("hours", [None, 24])
async def test_an_order_reads_once_and_commits_once(
    service: GameService, engine: AsyncEngine, hours: int | None
) -> None:
    await service.new_game(HERE, ALICE, "duel", mode="two-player", deadline_hours=hours)
    await service.join(HERE, BOB)
    for actor in (ALICE, BOB, ALICE):
        with counted(engine) as kinds:
            update = await service.act(HERE, actor, key="strike")
        restarted = ["update"] if hours else []
        assert kinds == [*AN_ORDER[:-2], *restarted, *AN_ORDER[-2:]], kinds
        assert update.outbox_id is not None
    events = await service.store.events(update.game.id)
    assert [e.seq for e in events] == list(range(len(events))), "the log was numbered wrong"
    deadline = await service.store.deadline(update.game.id)
    assert (deadline is not None) == bool(hours)
    if deadline is not None:  # the last order handed the turn on, and its timer restarted
        assert deadline.hours == hours and deadline.due_at is not None
        assert deadline.due_at - update.game.updated_at == timedelta(hours=hours)


async def test_the_count_sees_a_statement_added_to_an_order(
    service: GameService, engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Planted fault: the seats read again apart, and the order no longer matches its budget."""
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    await service.join(HERE, BOB)
    in_full = Store.game_in_full

    async def and_seats(self: Store, channel_id: int) -> Any:
        found = await in_full(self, channel_id)
        if found is not None:
            await self.seats(found[0].id)
        return found

    monkeypatch.setattr(Store, "game_in_full", and_seats)
    with counted(engine) as kinds:
        await service.act(HERE, ALICE, key="strike")
    assert kinds != AN_ORDER and kinds.count("select") == 2


async def test_an_orders_positions_are_fingerprinted_in_the_worker_not_on_the_loop(
    service: GameService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A button's position is checked against the game's, and the new position worked out
    for the buttons, the outbox and the post, in the engine's worker with the state's JSON:
    the bot's process fingerprints nothing (planted: one worked out there is counted), and
    what the worker made is what was stored, the update's position the stored state's."""
    started = await service.new_game(HERE, ALICE, "duel", mode="two-player")
    await service.join(HERE, BOB)
    shown = fingerprint(started.game)  # a seat taken leaves the position as it was
    worked: list[int] = []

    def counting(game: GameRecord) -> str:
        worked.append(game.version)
        return fingerprint(game)

    monkeypatch.setattr(service_module, "fingerprint", counting)
    update = await service.act(HERE, ALICE, key="strike", position=shown, game_id=started.game.id)
    assert update.position != shown and update.outbox_id is not None
    assert worked == [], "the bot's process fingerprinted a position of the order"
    stored = await store.get_game(update.game.id)
    assert loaded(SYSTEM, stored.state) == update.game.state
    assert update.position == fingerprint(update.game)


async def test_the_one_read_finds_what_the_reads_apart_find(service: GameService) -> None:
    """Seats taken at different moments (a person's and the bot's), dice contributions from
    orders and from /game entropy: the game, its seats in order and its contributions in log
    order are those the reads of each find."""
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    await service.join(HERE, BOB)
    for n, (actor, key) in enumerate(((ALICE, "strike"), (BOB, "tally"), (BOB, "strike"))):
        await service.act(HERE, actor, key=key)
        await service.add_entropy(HERE, actor, f"luck {n} ✓ زولو")
    store = service.store
    found = await store.game_in_full(HERE.channel_id)
    assert found is not None
    game, seats, contributions = found
    assert game == await store.active_game(HERE.channel_id)
    assert seats == await store.seats(game.id) and len(seats) == 2
    assert (
        contributions
        == await store.contributions(game.id)
        == [f"luck {n} ✓ زولو" for n in range(3)]
    )
    elsewhere = Place(guild_id=1, channel_id=HERE.channel_id + 1)
    assert await store.game_in_full(elsewhere.channel_id) is None
    await service.new_game(elsewhere, ALICE, "duel", mode="solo")
    solo = await store.game_in_full(elsewhere.channel_id)
    assert solo is not None and solo[1] == await store.seats(solo[0].id)
    assert sorted(seat.is_bot for seat in solo[1]) == [False, True], "a bot seat reads as one"
