"""Deadlines in the service: who may set one, the bot standing in for exactly the current
phase of a late seat, once across processes, with a log that still replays."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.play import agreements, deadlines, errors
from bot.play.deadlines import _play_phase
from bot.play.service import Actor, GameService, Place, SeedSource, Update, audit
from bot.storage.db import create_engine, session_factory
from bot.storage.repository import Store
from games.core.dice import Dice
from games.core.engine import JSON, View, Viewer
from games.registry import Registry
from tests.fixtures.duel import SYSTEM, Duel
from tests.pool_jobs import watch_pool_jobs

HERE = Place(guild_id=1, channel_id=100)
ALICE, BOB, CAROL = Actor(11), Actor(12), Actor(13)
REFEREE = Actor(14, is_referee=True)
START = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(store: Store, clock: Clock) -> GameService:
    return GameService(store, Registry([SYSTEM]), SeedSource("deadline-tests"), clock)


async def late_duel(service: GameService, clock: Clock, hours: int = 2) -> int:
    """A two-player duel with a deadline, its first turn (red, Alice) run out."""
    started = await service.new_game(HERE, ALICE, "duel", mode="two-player", deadline_hours=hours)
    await service.join(HERE, BOB)
    clock.now = START + timedelta(hours=hours, minutes=1)
    return started.game.id


async def test_only_players_and_referees_set_a_deadline_within_bounds(
    service: GameService, store: Store
) -> None:
    with pytest.raises(errors.BadInput, match="from 1 to 720"):
        await service.new_game(HERE, ALICE, "duel", deadline_hours=721)
    assert await store.latest_game(HERE.channel_id) is None  # nothing stored half-done
    game = (await service.new_game(HERE, ALICE, "duel", mode="two-player")).game
    with pytest.raises(errors.NotAllowed, match="Only the players seated"):
        await agreements.propose(service, HERE, CAROL, agreements.deadline(5))
    with pytest.raises(errors.BadInput, match="from 1 to 720"):
        await agreements.propose(service, HERE, ALICE, agreements.deadline(-3))
    assert await store.deadline(game.id) is None
    update = await agreements.propose(service, HERE, REFEREE, agreements.deadline(5))
    assert isinstance(update, Update)
    assert "turn deadline of 5 hours" in update.lines[0]
    deadline = await store.deadline(game.id)
    assert deadline is not None and deadline.due_at == START + timedelta(hours=5)


async def test_the_bot_plays_the_late_seat_once_and_the_log_replays(
    service: GameService, store: Store, clock: Clock
) -> None:
    game_id = await late_duel(service, clock)
    [late] = await store.expired(clock.now)
    update = await deadlines.stand_in(service, late)
    assert update is not None
    assert update.waiting_for == [BOB.user_id] and update.handed_to == [BOB.user_id]
    assert "deadline ran out for <@11>" in update.lines[0] and "red strikes" in update.lines[1]
    assert await deadlines.stand_in(service, late) is None  # claimed, and the turn moved on
    assert await store.stood_in(game_id) == ["red"]
    deadline = await store.deadline(game_id)
    assert deadline is not None and deadline.due_at == clock.now + timedelta(hours=2)
    assert await deadlines.hand_back(service, HERE.channel_id, BOB.user_id) is None
    said = await deadlines.hand_back(service, HERE.channel_id, ALICE.user_id)
    assert said is not None and "<@11> is back" in said
    game = await store.get_game(game_id)
    report = audit(SYSTEM, game, await store.events(game_id))
    assert report.ok, report.problem


async def test_two_processes_on_one_expiry_stand_in_once(
    database_url: str, store: Store, clock: Clock
) -> None:
    registry = Registry([SYSTEM])
    first = GameService(store, registry, SeedSource("deadline-tests"), clock)
    game_id = await late_duel(first, clock)
    [late] = await store.expired(clock.now)
    engines = [create_engine(database_url) for _ in range(4)]
    try:
        services = [GameService(Store(session_factory(e)), registry, None, clock) for e in engines]
        results = await asyncio.gather(*(deadlines.stand_in(s, late) for s in services))
    finally:
        await asyncio.gather(*(e.dispose() for e in engines))
    assert sum(r is not None for r in results) == 1
    kinds = [e.kind for e in await store.events(game_id)]
    assert kinds.count("stand-in") == 1 and kinds.count("bot") == 1


class Drill(Duel):
    """Red drills (tallies) for ever; the phase turns after two drills."""

    def to_act(self, state: JSON) -> tuple[str, ...]:
        return ("red",)

    def bot_action(self, state: JSON, side: str, dice: Dice) -> JSON:
        return {"type": "tally"}

    def view(self, state: JSON, viewer: Viewer) -> View:
        shown = super().view(state, viewer)
        phase = "drill" if state["tally"] < 2 else "parade"
        return View(shown.viewer, shown.title, shown.lines, shown.picture, phase=phase)


def test_a_stand_in_plays_the_current_phase_and_no_further() -> None:
    drill = Drill()
    dice = Dice("00" * 16)
    state: dict[str, Any] = drill.new("standard", {}, dice).state
    state, played = _play_phase(drill, state, "red", dice)
    assert [e.action for e in played] == [{"type": "tally"}] * 2
    assert drill.view(state, Viewer.public()).phase == "parade"


class CrashAfterCommit(Exception):
    """The process dies between an order's commit and anything written after it."""


@pytest.mark.parametrize("how", ["order", "stand-in"])
async def test_the_commit_that_moves_the_game_on_restarts_its_turn(
    service: GameService, store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """Planted: any restart written after the commit fails, as a crash there would. The new
    turn's deadline and the stand-in are stored all the same, because the commit wrote them."""
    game_id = await late_duel(service, clock)
    [late] = await store.expired(clock.now)

    async def crash(*args: Any) -> None:
        raise CrashAfterCommit

    monkeypatch.setattr(store, "restart_turn", crash)
    if how == "order":
        await service.act(HERE, ALICE, {"type": "strike"})
    else:
        assert await deadlines.stand_in(service, late) is not None
        assert await store.stood_in(game_id) == ["red"]
    deadline = await store.deadline(game_id)
    assert deadline is not None and deadline.due_at == clock.now + timedelta(hours=2)
    assert [d.game_id for d in await store.expired(clock.now + timedelta(hours=1))] == []


async def test_the_stand_in_plays_in_a_worker_process_and_the_log_still_replays(
    service: GameService, store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot's orders for a late seat are engine work like a player's order: they run in
    the worker processes, and the dice they roll carry back (the log replays)."""
    jobs = watch_pool_jobs(monkeypatch)
    game_id = await late_duel(service, clock)
    [late] = await store.expired(clock.now)
    assert await deadlines.stand_in(service, late) is not None
    assert "_stand_in_for" in jobs, jobs
    report = audit(SYSTEM, await store.get_game(game_id), await store.events(game_id))
    assert report.ok, report.problem
