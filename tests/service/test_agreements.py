"""Aborting a game and giving it a deadline bind every player, so they take every player's
agreement, or a referee's say (bot.play.agreements); a player who left decides nothing."""

from __future__ import annotations

import pytest

from bot.play import agreements, errors
from bot.play.agreements import ABORT, Asked, answer, deadline, propose
from bot.play.service import Actor, GameService, Place, SeedSource, Update
from bot.storage.repository import Store
from games.registry import Registry
from tests.fixtures.duel import SYSTEM

HERE = Place(guild_id=1, channel_id=100)
ALICE, BOB, CAROL = Actor(11), Actor(12), Actor(13)
REFEREE = Actor(99, is_referee=True)


@pytest.fixture
def service(store: Store) -> GameService:
    return GameService(store, Registry([SYSTEM]), SeedSource("agreement-tests"))


async def two_player(service: GameService) -> int:
    update = await service.new_game(HERE, ALICE, "duel", mode="two-player")
    await service.join(HERE, BOB)
    return update.game.id


async def status(store: Store) -> str:
    game = await store.latest_game(HERE.channel_id)
    assert game is not None
    return game.status


async def test_a_player_alone_or_a_referee_aborts_at_once(
    service: GameService, store: Store
) -> None:
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    done = await propose(service, HERE, ALICE, ABORT)
    assert isinstance(done, Update) and done.game.status == "aborted"
    await two_player(service)
    done = await propose(service, HERE, REFEREE, ABORT)
    assert isinstance(done, Update) and await status(store) == "aborted"


async def test_with_an_opponent_seated_an_abort_is_asked_and_refused_or_agreed(
    service: GameService, store: Store
) -> None:
    game_id = await two_player(service)
    with pytest.raises(errors.NotAllowed, match=f"<@{BOB.user_id}> must agree"):
        await service.abort(HERE, ALICE)
    asked = await propose(service, HERE, ALICE, ABORT)
    assert isinstance(asked, Asked) and asked.others == [BOB.user_id]
    assert "to abort this game" in asked.text
    with pytest.raises(errors.BadInput, match="already waiting"):
        await propose(service, HERE, BOB, ABORT)
    with pytest.raises(errors.NotAllowed, match="your own request"):
        await answer(service, HERE, ALICE, game_id, asked.ask_seq, True)
    with pytest.raises(errors.NotAllowed, match="Only <@12> can answer"):
        await answer(service, HERE, CAROL, game_id, asked.ask_seq, True)
    update, said = await answer(service, HERE, BOB, game_id, asked.ask_seq, False)
    assert update is None and "refuses" in said and await status(store) == "active"
    with pytest.raises(agreements.AlreadyAnswered):
        await answer(service, HERE, BOB, game_id, asked.ask_seq, True)

    again = await propose(service, HERE, ALICE, ABORT)
    assert isinstance(again, Asked)
    update, said = await answer(service, HERE, BOB, game_id, again.ask_seq, True)
    assert update is not None and update.game.status == "aborted"
    assert f"with <@{BOB.user_id}>'s agreement" in update.lines[0]
    _game, report = await service.verify(HERE)
    assert report is not None and report.ok


async def test_a_creator_who_left_his_seat_no_longer_aborts(service: GameService) -> None:
    await two_player(service)
    await service.leave(HERE, ALICE)
    with pytest.raises(errors.NotAllowed, match="Only the players seated"):
        await propose(service, HERE, ALICE, ABORT)
    with pytest.raises(errors.NotAllowed, match="Only the players seated"):
        await service.abort(HERE, ALICE)
    done = await propose(service, HERE, BOB, ABORT)
    assert isinstance(done, Update), "the player left seated alone decides"


async def test_a_deadline_takes_the_opponents_agreement(service: GameService, store: Store) -> None:
    game_id = await two_player(service)
    asked = await propose(service, HERE, BOB, deadline(12))
    assert isinstance(asked, Asked) and "turn deadline of 12 hours" in asked.text
    assert await store.deadline(game_id) is None, "nothing changes before the answer"
    update, _said = await answer(service, HERE, ALICE, game_id, asked.ask_seq, True)
    assert update is not None and "(with <@11>'s agreement)" in update.lines[0]
    found = await store.deadline(game_id)
    assert found is not None and found.hours == 12
    with pytest.raises(errors.BadInput, match="from 1 to 720"):
        await propose(service, HERE, ALICE, deadline(10_000))


async def test_a_request_lapses_once_the_game_moves_on(service: GameService, store: Store) -> None:
    game_id = await two_player(service)
    asked = await propose(service, HERE, BOB, ABORT)
    assert isinstance(asked, Asked)
    await service.act(HERE, ALICE, {"type": "strike"})
    with pytest.raises(errors.GameMovedOn, match="lapsed"):
        await answer(service, HERE, ALICE, game_id, asked.ask_seq, True)
    assert await status(store) == "active"


async def test_a_request_that_skips_the_others_is_caught(
    service: GameService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Plant the fault: the others are forgotten, so the asker decides alone. The check the
    tests above make (a request, and the game still running) sees it."""
    await two_player(service)
    monkeypatch.setattr(agreements, "others_seated", lambda seats, user_id: [])
    found = await propose(service, HERE, ALICE, ABORT)
    assert not isinstance(found, Asked) and await status(store) == "aborted"
