"""The append-only event log: numbering, ordering, filters and JSON payloads."""

from bot.storage.records import GameRecord, NewEvent
from bot.storage.repository import Store
from tests.storage.builders import T0, action_event, creation_event, new_game, seats


async def _game_with_log(store: Store, actions: int) -> GameRecord:
    game = await store.create_game(new_game(), seats(), [creation_event()], now=T0)
    for n in range(actions):
        game = await store.commit_action(
            game.id,
            game.version,
            state={"turn": n + 2},
            events=[action_event(f"action {n}")],
            dice_cursor=n + 1,
        )
    return game


async def test_events_come_back_in_seq_order_with_payloads(store: Store) -> None:
    game = await _game_with_log(store, actions=3)

    log = await store.events(game.id)

    assert [e.seq for e in log] == [0, 1, 2, 3]
    assert [e.kind for e in log] == ["create", "action", "action", "action"]
    assert log[0].action == {} and log[0].dice == [] and log[0].private is None
    action = log[1]
    assert action.game_id == game.id
    assert (action.actor_id, action.side) == (111, "british")
    assert action.action == {"verb": "advance", "to": "C4"}
    assert action.dice == [{"purpose": "morale", "sides": 6, "value": 4}]
    assert action.private == {"zulu": "The impi waits."}
    assert action.public_text == "action 0"


async def test_events_filter_after_seq_and_limit(store: Store) -> None:
    game = await _game_with_log(store, actions=5)

    assert [e.seq for e in await store.events(game.id, after_seq=3)] == [4, 5]
    assert [e.seq for e in await store.events(game.id, limit=2)] == [0, 1]
    assert [e.seq for e in await store.events(game.id, after_seq=1, limit=2)] == [2, 3]
    assert await store.events(game.id, after_seq=5) == []


async def test_event_count_and_logs_are_per_game(store: Store) -> None:
    first = await _game_with_log(store, actions=2)
    other = await store.create_game(new_game(channel_id=7), seats(), [creation_event()])
    await store.append_events(other.id, other.version, [NewEvent(kind="join", actor_id=222)])

    assert await store.event_count(first.id) == 3
    assert await store.event_count(other.id) == 2
    assert [e.seq for e in await store.events(other.id)] == [0, 1]
    assert await store.event_count(404) == 0


async def test_contributions_are_kept_per_entry_and_listed_in_log_order(store: Store) -> None:
    game = await store.create_game(new_game(), seats(), [creation_event()], now=T0)
    game = await store.append_events(
        game.id, game.version, [NewEvent(kind="join", actor_id=222, contributions=["9", "mine"])]
    )
    game = await store.commit_action(
        game.id, game.version, state={}, events=[action_event("no id")], dice_cursor=1
    )
    await store.commit_action(
        game.id,
        game.version,
        state={},
        events=[NewEvent(kind="action", contributions=["10"])],
        dice_cursor=2,
    )

    log = await store.events(game.id)
    assert [e.contributions for e in log] == [[], ["9", "mine"], [], ["10"]]
    assert await store.contributions(game.id) == ["9", "mine", "10"]
    assert await store.contributions(404) == []
