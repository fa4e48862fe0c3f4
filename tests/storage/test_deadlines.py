"""Turn deadlines in the database: claimed once across connections, restarted by each turn,
and handed back once."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.storage import repository
from bot.storage.db import create_engine, session_factory
from bot.storage.deadlines import CLAIM_LEASE, Turn
from bot.storage.records import NewEvent
from bot.storage.repository import Store
from tests.storage.builders import creation_event, new_game, seats

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
CLAIMERS = 20


async def test_one_of_many_concurrent_claimers_wins_an_expiry(
    database_url: str, store: Store
) -> None:
    game = await store.create_game(
        new_game(), seats(), [creation_event()], deadline=Turn(2, None, None)
    )
    await store.restart_turn(game.id, True, NOW)
    due = NOW + timedelta(hours=2)
    assert [d.game_id for d in await store.expired(due)] == [game.id]
    engines = [create_engine(database_url) for _ in range(CLAIMERS)]
    try:
        won = await asyncio.gather(
            *(Store(session_factory(e)).claim_expiry(game.id, due, due) for e in engines)
        )
    finally:
        await asyncio.gather(*(e.dispose() for e in engines))
    assert won.count(True) == 1
    assert await store.expired(due) == []  # held while the winner stands in
    assert [d.game_id for d in await store.expired(due + CLAIM_LEASE)] == [game.id]


async def test_a_claim_on_an_earlier_turn_loses(store: Store) -> None:
    game = await store.create_game(
        new_game(), seats(), [creation_event()], deadline=Turn(2, None, None)
    )
    await store.restart_turn(game.id, True, NOW)
    first_due = NOW + timedelta(hours=2)
    await store.restart_turn(game.id, True, NOW + timedelta(hours=1))
    assert not await store.claim_expiry(game.id, first_due, first_due + timedelta(hours=1))
    assert await store.claim_expiry(
        game.id, first_due + timedelta(hours=1), first_due + timedelta(hours=1)
    )


async def test_a_reminder_is_claimed_once_per_turn(store: Store) -> None:
    game = await store.create_game(
        new_game(), seats(), [creation_event()], deadline=Turn(4, None, None)
    )
    await store.restart_turn(game.id, True, NOW)
    deadline = await store.deadline(game.id)
    assert deadline is not None and deadline.remind_at == NOW + timedelta(hours=3)
    assert await store.due_reminders(NOW + timedelta(hours=2)) == []
    assert await store.claim_reminder(game.id, NOW + timedelta(hours=4), NOW)
    assert not await store.claim_reminder(game.id, NOW + timedelta(hours=4), NOW)
    await store.restart_turn(game.id, True, NOW + timedelta(hours=1))
    assert [d.game_id for d in await store.due_reminders(NOW + timedelta(hours=4))] == [game.id]


async def test_nobody_awaited_stops_the_timer(store: Store) -> None:
    game = await store.create_game(
        new_game(), seats(), [creation_event()], deadline=Turn(1, None, None)
    )
    await store.restart_turn(game.id, False, NOW)
    assert await store.expired(NOW + timedelta(days=90)) == []
    logged = await store.log_deadline(game.id, game.version, taken_away(), None, now=NOW)
    assert await store.deadline(game.id) is None
    assert logged.version == game.version + 1
    assert [e.kind for e in await store.events(game.id)][-1] == "deadline"


def taken_away() -> NewEvent:
    return NewEvent(kind="deadline", actor_id=1, action={"hours": 0}, public_text="No deadline.")


async def test_a_deadline_and_its_log_entry_are_stored_together_or_not_at_all(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await store.create_game(
        new_game(), seats(), [creation_event()], deadline=Turn(3, None, None)
    )

    async def broken(*_: object) -> None:
        raise RuntimeError("the deadline could not be stored")

    monkeypatch.setattr(repository, "replace_deadline", broken)
    with pytest.raises(RuntimeError):
        await store.log_deadline(game.id, game.version, taken_away(), None, now=NOW)
    assert (await store.get_game(game.id)).version == game.version
    assert [e.kind for e in await store.events(game.id)] == ["create"]
    assert (await store.deadline(game.id)).hours == 3


async def test_a_seat_is_handed_back_once(store: Store) -> None:
    game = await store.create_game(new_game(), seats(), [creation_event()])
    held = await store.seats(game.id)
    player = next(s for s in held if s.user_id)
    await store.commit_action(
        game.id,
        game.version,
        state=game.state,
        events=[],
        dice_cursor=game.dice_cursor,
        now=NOW,
        stand_ins=[player.side],
    )
    assert await store.hand_back(game.channel_id + 1, player.user_id) == []
    assert await store.hand_back(game.channel_id, player.user_id + 1) == []
    assert await store.hand_back(game.channel_id, player.user_id) == [player.side]
    assert await store.hand_back(game.channel_id, player.user_id) == []
