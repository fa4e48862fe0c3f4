"""The service writes what an order owes in the order's own commit, and refuses an order
given in a position its giver was shown before the game moved on."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.play import errors
from bot.play.engine_work import REPEATED
from bot.play.service import Actor, GameService, Place, SeedSource, fingerprint
from bot.storage.db import create_engine, session_factory
from bot.storage.outbox import OutboxStore, Seen
from bot.storage.repository import Store
from games.core.errors import LaagerError
from games.registry import Registry
from tests.fixtures.duel import SYSTEM

HERE = Place(guild_id=1, channel_id=100)
ALICE, BOB = Actor(11), Actor(12)


@pytest.fixture
def service(store: Store) -> GameService:
    return GameService(store, Registry([SYSTEM]), SeedSource("owed-tests"))


@pytest.fixture
async def outbox(database_url: str) -> AsyncIterator[OutboxStore]:
    engine = create_engine(database_url)
    yield OutboxStore(session_factory(engine))
    await engine.dispose()


async def test_an_order_owes_its_post_dms_and_hand_over_in_its_own_commit(
    service: GameService, outbox: OutboxStore
) -> None:
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    await service.join(HERE, BOB)
    update = await service.act(HERE, ALICE, key="strike")
    [row] = await outbox.all_rows(update.game.id)
    assert row.id == update.outbox_id and row.sent_at is None
    assert row.version == update.game.version and row.position == update.position
    assert row.lines == update.lines and row.private == update.private
    assert row.actor_id == ALICE.user_id and row.handed_to == [BOB.user_id]
    with pytest.raises(LaagerError):
        await service.act(HERE, ALICE, key="strike")
    assert len(await outbox.all_rows(update.game.id)) == 1, "a refused order owes nothing"


async def test_an_order_from_a_position_since_left_is_refused_once_applied(
    service: GameService, store: Store
) -> None:
    started = await service.new_game(HERE, ALICE, "duel", mode="two-player")
    shown = Seen(started.game.id, started.game.version, fingerprint(started.game))
    first = await service.act(HERE, ALICE, key="tally", seen=shown)
    with pytest.raises(errors.GameMovedOn, match="given twice"):
        await service.act(HERE, ALICE, key="tally", seen=shown)
    game = await store.get_game(first.game.id)
    assert game.state["tally"] == 1 and game.version == first.game.version
    now = Seen(game.id, game.version, fingerprint(first.game))
    again = await service.act(HERE, ALICE, key="tally", seen=now)
    assert again.game.state["tally"] == 2
    assert REPEATED.startswith("The game has moved on")


async def test_an_order_out_of_turn_hands_the_game_to_no_one(
    service: GameService, outbox: OutboxStore
) -> None:
    """Only a hand-over pings: blue tallies while red is to move, and red, who had the move
    already, is not handed it again, in the update or in what the outbox owes (planted:
    without the turn as it stood before the order, red is handed the game a second time).
    Red's strike then hands the game to blue."""
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    await service.join(HERE, BOB)
    tallied = await service.act(HERE, BOB, key="tally")
    assert tallied.waiting_for == [ALICE.user_id] and tallied.handed_to == []
    [row] = await outbox.all_rows(tallied.game.id)
    assert row.handed_to == []
    struck = await service.act(HERE, ALICE, key="strike")
    assert struck.handed_to == [BOB.user_id]
