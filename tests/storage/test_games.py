"""Game lifecycle: creation, the one-active-game-per-channel rule, versioned changes."""

import asyncio
import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.exc import StatementError

from bot.storage.errors import ActiveGameExists, GameNotFound, StaleVersion
from bot.storage.records import EncodedState, GameRecord, NewSeat
from bot.storage.repository import Store
from tests.storage.builders import (
    CHANNEL_ID,
    T0,
    action_event,
    creation_event,
    new_game,
    seats,
)


async def create(store: Store, *, now: datetime = T0, **overrides: object) -> GameRecord:
    return await store.create_game(new_game(**overrides), seats(), [creation_event()], now=now)


async def test_create_game_stores_game_seats_and_creation_event(store: Store) -> None:
    game = await create(store)

    assert game.status == "active"
    assert game.version == 1
    assert game.dice_cursor == 0
    assert game.result is None and game.reminded_at is None
    assert game.created_at == game.updated_at == game.last_action_at == T0
    assert game == await store.get_game(game.id)
    assert game == await store.active_game(CHANNEL_ID)
    assert [(s.side, s.user_id, s.is_bot) for s in await store.seats(game.id)] == [
        ("british", 111, False),
        ("zulu", None, True),
    ]
    [event] = await store.events(game.id)
    assert (event.seq, event.kind, event.public_text) == (0, "create", "The game begins.")


async def test_timestamps_come_back_in_utc(store: Store) -> None:
    game = await create(store, channel_id=5)
    stored = await store.get_game(game.id)

    assert stored.created_at.tzinfo is UTC
    assert stored.created_at == T0


async def test_naive_timestamps_are_refused(store: Store) -> None:
    with pytest.raises(StatementError, match="naive datetime"):
        await create(store, channel_id=5, now=T0.replace(tzinfo=None))


async def test_second_active_game_in_channel_is_refused(store: Store) -> None:
    first = await create(store)

    with pytest.raises(ActiveGameExists) as raised:
        await create(store)

    assert raised.value.channel_id == CHANNEL_ID
    assert await store.active_game(CHANNEL_ID) == first
    assert await store.event_count(first.id) == 1


async def test_simultaneous_creates_in_one_channel_admit_one(store: Store) -> None:
    outcomes = await asyncio.gather(*(create(store) for _ in range(5)), return_exceptions=True)

    assert sum(isinstance(o, GameRecord) for o in outcomes) == 1
    assert sum(isinstance(o, ActiveGameExists) for o in outcomes) == 4


async def test_game_count_counts_every_game_ever_stored_in_the_channel(store: Store) -> None:
    assert await store.game_count(CHANNEL_ID) == 0
    first = await create(store)
    await store.commit_action(
        first.id, first.version, state={}, events=[], dice_cursor=0, status="aborted"
    )
    await create(store)
    await create(store, channel_id=7)
    assert await store.game_count(CHANNEL_ID) == 2
    assert await store.game_count(7) == 1


async def test_other_channels_are_independent(store: Store) -> None:
    await create(store, channel_id=1)
    await create(store, channel_id=2)

    assert (await store.active_game(1)) is not None
    assert (await store.active_game(2)) is not None
    assert await store.active_game(3) is None


async def test_finished_game_frees_the_channel(store: Store) -> None:
    old = await create(store)
    finished = await store.commit_action(
        old.id,
        old.version,
        state=old.state,
        events=[action_event("The last stand.")],
        dice_cursor=old.dice_cursor,
        status="finished",
        result={"winner": "zulu"},
        now=T0 + timedelta(hours=1),
    )

    assert (finished.status, finished.result) == ("finished", {"winner": "zulu"})
    assert await store.active_game(CHANNEL_ID) is None
    assert await store.latest_game(CHANNEL_ID) == finished

    new = await create(store)
    assert await store.active_game(CHANNEL_ID) == new
    assert await store.latest_game(CHANNEL_ID) == new


async def test_aborted_game_frees_the_channel(store: Store) -> None:
    old = await create(store)
    await store.commit_action(
        old.id,
        old.version,
        state=old.state,
        events=[],
        dice_cursor=old.dice_cursor,
        status="aborted",
    )

    assert await store.active_game(CHANNEL_ID) is None
    assert (await create(store)).version == 1


async def test_commit_action_advances_the_game(store: Store) -> None:
    game = await create(store)
    later = T0 + timedelta(minutes=5)

    moved = await store.commit_action(
        game.id,
        game.version,
        state={"turn": 2, "moves": ["C4"]},
        events=[action_event("The British advance."), action_event("Morale holds.")],
        dice_cursor=3,
        now=later,
    )

    assert moved.version == 2
    assert moved.state == {"turn": 2, "moves": ["C4"]}
    assert moved.dice_cursor == 3
    assert moved.status == "active"
    assert moved.updated_at == moved.last_action_at == later
    assert moved.created_at == T0
    assert moved == await store.get_game(game.id)
    assert [e.seq for e in await store.events(game.id)] == [0, 1, 2]


async def test_a_state_encoded_already_is_stored_as_its_text(store: Store) -> None:
    """An order's state comes encoded from the engine's worker: its text is stored as it
    is, read back as the same state, and the record returned holds the state it was given
    rather than decoding the text again (planted: the text bound as a JSON value is stored
    as one string, and read back as that string)."""
    game = await create(store)
    state = {"turn": 2, "moves": ["C4", "é"], "nested": {"n": None, "f": 1.5}}
    text = json.dumps(state)
    moved = await store.commit_action(
        game.id,
        game.version,
        state=EncodedState(state, text),
        events=[action_event("The British advance.")],
        dice_cursor=3,
        now=T0 + timedelta(minutes=5),
    )
    assert moved.state is state and moved.version == 2 and moved.dice_cursor == 3
    assert moved == await store.get_game(game.id)
    with pytest.raises(StaleVersion):
        await store.commit_action(
            game.id, 1, state=EncodedState({}, "{}"), events=[], dice_cursor=4
        )


async def test_stale_commit_writes_nothing(store: Store) -> None:
    game = await create(store)
    current = await store.commit_action(
        game.id, 1, state={"turn": 2}, events=[action_event("first")], dice_cursor=1
    )
    events_before = await store.events(game.id)

    with pytest.raises(StaleVersion) as raised:
        await store.commit_action(
            game.id,
            1,
            state={"turn": 99},
            events=[action_event("late"), action_event("later")],
            dice_cursor=7,
            status="finished",
        )

    assert (raised.value.expected, raised.value.actual) == (1, 2)
    assert await store.get_game(game.id) == current
    assert await store.events(game.id) == events_before


async def test_status_changes_are_version_guarded(store: Store) -> None:
    game = await create(store)
    await store.append_events(game.id, game.version, [action_event("chatter")])

    with pytest.raises(StaleVersion):
        await store.commit_action(
            game.id, game.version, state=game.state, events=[], dice_cursor=0, status="aborted"
        )

    assert (await store.get_game(game.id)).status == "active"


async def test_append_events_bumps_version_but_not_last_action(store: Store) -> None:
    game = await create(store)
    later = T0 + timedelta(hours=2)

    logged = await store.append_events(
        game.id, game.version, [creation_event(), creation_event()], now=later
    )

    assert logged.version == 2
    assert logged.state == game.state
    assert logged.updated_at == later
    assert logged.last_action_at == T0
    assert await store.event_count(game.id) == 3
    with pytest.raises(StaleVersion):
        await store.append_events(game.id, game.version, [creation_event()])


async def test_unknown_game_raises_game_not_found(store: Store) -> None:
    with pytest.raises(GameNotFound):
        await store.get_game(404)
    with pytest.raises(GameNotFound):
        await store.commit_action(404, 1, state={}, events=[], dice_cursor=0)
    with pytest.raises(GameNotFound):
        await store.mark_reminded(404, T0)
    assert await store.latest_game(CHANNEL_ID) is None


async def test_seat_changes_are_versioned_and_logged(store: Store) -> None:
    game = await create(store)
    joined = await store.set_seat(
        game.id,
        game.version,
        NewSeat(side="zulu", user_id=222),
        events=[creation_event()],
        now=T0 + timedelta(minutes=1),
    )

    assert joined.version == 2
    zulu = {s.side: s for s in await store.seats(game.id)}["zulu"]
    assert (zulu.user_id, zulu.is_bot, zulu.joined_at) == (222, False, T0 + timedelta(minutes=1))

    with pytest.raises(StaleVersion):
        await store.set_seat(game.id, game.version, NewSeat(side="zulu", user_id=333))

    left = await store.remove_seat(game.id, joined.version, "british", events=[creation_event()])

    assert left.version == 3
    assert [s.side for s in await store.seats(game.id)] == ["zulu"]
    assert await store.event_count(game.id) == 3
