"""First-game hints: on by default while a person plays their first game of a system, then
off; a person may turn them on or off for good, on both databases."""

from __future__ import annotations

from bot.play.service import Actor, GameService, Place, SeedSource
from bot.storage.repository import Store
from games.registry import Registry
from tests.fixtures.duel import SYSTEM

ALICE, BOB = Actor(21), Actor(22)
REFEREE = Actor(99, is_referee=True)


async def test_hints_in_a_first_game_of_a_system_then_as_chosen(store: Store) -> None:
    service = GameService(store, Registry([SYSTEM]), SeedSource("hints"))
    first = (await service.new_game(Place(1, 300), ALICE, "duel", mode="solo")).game
    assert await store.wants_hints(ALICE.user_id, "duel", first.id)
    await service.abort(Place(1, 300), ALICE)
    second = (await service.new_game(Place(1, 301), ALICE, "duel", mode="solo")).game
    assert not await store.wants_hints(ALICE.user_id, "duel", second.id), "no longer new"
    assert await store.wants_hints(ALICE.user_id, "last-stand", second.id), "new to that one"
    assert await store.wants_hints(BOB.user_id, "duel", second.id), "never sat at one"

    await store.set_hints(ALICE.user_id, True)
    assert await store.wants_hints(ALICE.user_id, "duel", second.id)
    await store.set_hints(ALICE.user_id, False)
    assert not await store.wants_hints(ALICE.user_id, "last-stand", second.id)
    await store.set_pings(ALICE.user_id, False)
    assert not await store.wants_hints(ALICE.user_id, "last-stand", second.id), "pings apart"
    await store.set_hints(ALICE.user_id, None)
    assert await store.wants_hints(ALICE.user_id, "last-stand", second.id)
    await store.set_hints(BOB.user_id, False)
    assert await store.quiet_players([BOB.user_id]) == set(), "a new row keeps pings on"
