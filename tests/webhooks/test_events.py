"""What a webhook is told of a game, built from the service's updates: when it starts, whom
it is handed to, when its public phase changes, how it ends; and nothing the channel does
not see (a side's own view, the state, the seed, a DM)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from bot.play.service import Actor, GameService, Place, SeedSource, Update
from bot.posting.webhook_events import (
    GAME_ENDED,
    GAME_STARTED,
    PHASE_CHANGED,
    TURN_HANDED,
    events_of,
)
from bot.storage.db import create_engine, session_factory
from bot.storage.repository import Store
from games.core.engine import View, Viewer
from games.registry import Registry
from tests.fixtures.duel import SYSTEM

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
PLACE = Place(3001, 500)
ALICE, BOB = 11, 22


@pytest.fixture
async def service(sqlite_database_url: str) -> AsyncIterator[GameService]:
    engine = create_engine(sqlite_database_url)
    try:
        yield GameService(Store(session_factory(engine)), Registry([SYSTEM]), SeedSource("hook"))
    finally:
        await engine.dispose()


def told(update: Update) -> list[dict]:
    return [json.loads(d.body) for d in events_of(update, NOW)[0]]


def secret_words(update: Update) -> list[str]:
    """What the webhook may never carry: the seed, the hidden state, each side's own view,
    each DM."""
    state = update.game.state
    words = [update.game.seed, json.dumps(state["reserve"], separators=(",", ":")), "reserve"]
    words += [s.text for s in update.system.secrets(state)]
    for side in update.system.sides:
        own = update.system.view(state, Viewer.of_side(side)).lines
        words += [line for line in own if line not in update.public_view().lines]
    words += [line for lines in update.private.values() for line in lines]
    return words


async def test_a_game_is_told_from_its_start_to_its_end_in_public_words(
    service: GameService,
) -> None:
    started = await service.new_game(PLACE, Actor(ALICE), "duel", mode="two-player")
    [event] = told(started)
    assert event["type"] == GAME_STARTED and event["guild_id"] == "3001"
    assert event["channel_id"] == "500" and len(event["id"]) == 32
    assert event["game"] == {
        "id": started.game.id,
        "system": "duel",
        "title": SYSTEM.title,
        "scenario": "standard",
        "mode": "two-player",
        "version": 1,
    }
    assert event["data"]["seats"] == [
        {"side": "red", "user_id": str(ALICE), "bot": False},
        {"side": "blue", "user_id": None, "bot": False},
    ]
    assert event["data"]["to_move"] == [{"side": "red", "user_id": str(ALICE)}]
    await service.join(PLACE, Actor(BOB))
    players = {"red": ALICE, "blue": BOB}
    bodies = [d.body for d in events_of(started, NOW)[0]]
    kinds: list[str] = []
    for _ in range(60):
        game, _, _ = await service.current(PLACE)
        [side] = SYSTEM.to_act(game.state)
        update = await service.act(PLACE, Actor(players[side]), key="strike")
        deliveries, phase = events_of(update, NOW)
        bodies += [d.body for d in deliveries]
        kinds += [d.event for d in deliveries if not d.on_new_phase]
        for body in (d.body for d in deliveries):
            assert not any(word in body for word in secret_words(update)), body
        if update.result:
            assert phase is None
            break
        handed = json.loads(deliveries[-1].body)["data"]
        assert handed["handed_to"] == [str(players[SYSTEM.to_act(update.game.state)[0]])]
    assert kinds[-1] == GAME_ENDED and set(kinds[:-1]) == {TURN_HANDED}
    ended = json.loads(bodies[-1])["data"]
    assert ended["status"] == "finished" and ended["winner"] in ("red", "blue")
    assert "no strength left" in ended["summary"]
    keys = [json.loads(b)["id"] for b in bodies]
    assert len(keys) == len(set(keys)), "every event has an id of its own"


async def test_a_phase_change_is_offered_with_each_later_post(service: GameService) -> None:
    """Whether it is queued is the store's to say (the phase it noted); at the start, the
    phase is told by game.started."""
    started = await service.new_game(PLACE, Actor(ALICE), "duel", mode="solo")
    assert PHASE_CHANGED not in [d.event for d in events_of(started, NOW)[0]]
    moved = await service.act(PLACE, Actor(ALICE), key="tally")
    phased = replace(moved, system=Phased())
    deliveries, phase = events_of(phased, NOW)
    [change] = [d for d in deliveries if d.event == PHASE_CHANGED]
    assert change.on_new_phase and phase == "2.fire"
    assert json.loads(change.body)["data"] == {"title": "Duel, turn 2", "phase": "2.fire"}
    assert change.key == f"game:{moved.game.id}:{moved.game.version}:phase.changed"


class Phased(type(SYSTEM)):  # type: ignore[misc]
    """The duel, seen as if its turn had phases."""

    def view(self, state: dict, viewer: Viewer) -> View:
        seen = super().view(state, viewer)
        return replace(seen, title="Duel, turn 2", phase="2.fire")
