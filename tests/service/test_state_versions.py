"""The service upgrades stored states on load, stores the current version, refuses newer ones.

``ReshapedDuel`` is the duel after two made-up changes of its state's shape: version 2
renames ``tally`` to ``count``, version 3 gathers each side's numbers under ``sides``.
Its engine works in the new shape natively; the upgrade steps are written separately,
as a real change would be, so ``/game verify`` can catch a step that gets it wrong.
"""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.play.service import Actor, GameService, Place, SeedSource, fingerprint
from bot.storage.db import create_engine, session_factory
from bot.storage.repository import Store
from games.core.dice import Dice
from games.core.engine import JSON, Order, Outcome, Result, Secret, View, Viewer
from games.core.versions import VERSION_KEY, UnreadableState, Upgrade
from games.registry import Registry
from tests.fixtures.duel import SYSTEM as DUEL
from tests.fixtures.stored_games import Row, fixture_path, load, read

STORED = read(fixture_path("duel", 1))
FINISHED = next(s for s in STORED if s["game"]["status"] == "finished")
RUNNING = next(s for s in STORED if s["game"]["status"] == "active")


def rename_tally(state: JSON) -> JSON:
    """Version 1 to 2."""
    return {("count" if key == "tally" else key): value for key, value in state.items()}


def gather_sides(state: JSON) -> JSON:
    """Version 2 to 3."""
    kept = {k: v for k, v in state.items() if k not in ("strength", "reserve")}
    sides = {
        s: {"strength": state["strength"][s], "reserve": state["reserve"][s]} for s in DUEL.sides
    }
    return kept | {"sides": sides}


class ReshapedDuel:
    """The duel's rules, keeping state in the version 3 shape."""

    id = DUEL.id
    title = DUEL.title
    sides = DUEL.sides
    scenarios = DUEL.scenarios
    modes = DUEL.modes
    state_version = 3
    logged_options = DUEL.logged_options

    def __init__(self, upgrades: dict[int, Upgrade] | None = None) -> None:
        self.upgrades = upgrades or {1: rename_tally, 2: gather_sides}

    @staticmethod
    def _new_shape(old: JSON) -> JSON:
        return {
            "turn": old["turn"],
            "next": old["next"],
            "sides": {
                s: {"strength": old["strength"][s], "reserve": old["reserve"][s]}
                for s in old["strength"]
            },
            "count": old["tally"],
        }

    @staticmethod
    def _old_shape(new: JSON) -> JSON:
        sides = new["sides"]
        return {
            "turn": new["turn"],
            "next": new["next"],
            "strength": {s: sides[s]["strength"] for s in sides},
            "reserve": {s: sides[s]["reserve"] for s in sides},
            "tally": new["count"],
        }

    def _reshaped(self, outcome: Outcome) -> Outcome:
        return Outcome(self._new_shape(outcome.state), outcome.events)

    def new(self, scenario: str, options: JSON, dice: Dice) -> Outcome:
        return self._reshaped(DUEL.new(scenario, options, dice))

    def to_act(self, state: JSON) -> tuple[str, ...]:
        return DUEL.to_act(self._old_shape(state))

    def legal_orders(self, state: JSON, side: str) -> list[Order]:
        return DUEL.legal_orders(self._old_shape(state), side)

    def secrets(self, state: JSON) -> list[Secret]:
        return DUEL.secrets(self._old_shape(state))

    def sample_hidden(self, state: JSON, viewer: Viewer, dice: Dice) -> JSON:
        return self._new_shape(DUEL.sample_hidden(self._old_shape(state), viewer, dice))

    def apply(self, state: JSON, side: str, action: JSON, dice: Dice) -> Outcome:
        return self._reshaped(DUEL.apply(self._old_shape(state), side, action, dice))

    def bot_action(self, state: JSON, side: str, dice: Dice) -> JSON:
        return DUEL.bot_action(self._old_shape(state), side, dice)

    def result(self, state: JSON) -> Result | None:
        return DUEL.result(self._old_shape(state))

    def view(self, state: JSON, viewer: Viewer) -> View:
        return DUEL.view(self._old_shape(state), viewer)


@pytest.fixture
async def sessions(database_url: str) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = create_engine(database_url)
    try:
        yield session_factory(engine)
    finally:
        await engine.dispose()


def service_for(sessions: async_sessionmaker[AsyncSession], system: ReshapedDuel) -> GameService:
    return GameService(Store(sessions), Registry([system]), SeedSource("state-versions"))


def place_of(stored: Row) -> Place:
    return Place(stored["game"]["guild_id"], stored["game"]["channel_id"])


def with_version(stored: Row, version: object) -> Row:
    changed = copy.deepcopy(stored)
    changed["game"]["state"][VERSION_KEY] = version
    return changed


async def test_a_finished_old_game_loads_in_the_new_shape_and_verifies(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    service = service_for(sessions, ReshapedDuel())
    [game_id] = (await load(sessions, [FINISHED])).values()
    game, _ = await service.latest(place_of(FINISHED))
    assert set(game.state) == {"turn", "next", "sides", "count"}
    assert (await service.store.get_game(game_id)).state == FINISHED["game"]["state"]
    verified, report = await service.verify(place_of(FINISHED))
    assert report is not None and report.ok, report.problem
    assert report.state == verified.state


async def test_an_old_game_in_progress_plays_on_and_is_stored_in_the_new_shape(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    service = service_for(sessions, ReshapedDuel())
    [game_id] = (await load(sessions, [RUNNING])).values()
    place = place_of(RUNNING)
    game, system, seats = await service.current(place)
    [side] = system.to_act(game.state)
    [user] = [s.user_id for s in seats if s.side == side]
    [choice, *_] = await service.orders(place, user)
    update = await service.act(
        place, Actor(user), key=choice.key, position=fingerprint(game), game_id=game.id
    )
    assert VERSION_KEY not in update.game.state and "sides" in update.game.state
    raw = (await service.store.get_game(game_id)).state
    assert raw[VERSION_KEY] == 3 and "sides" in raw and "tally" not in raw
    await service.abort(place, Actor(game.creator_id, is_referee=True))
    assert (await service.store.get_game(game_id)).state[VERSION_KEY] == 3
    _, report = await service.verify(place)
    assert report is not None and report.ok, report.problem


async def test_verify_catches_an_upgrade_step_that_gets_the_new_shape_wrong(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    def lose_the_reserves(state: JSON) -> JSON:
        gathered = gather_sides(state)
        return gathered | {"sides": {s: v | {"reserve": 0} for s, v in gathered["sides"].items()}}

    faulty = ReshapedDuel({1: rename_tally, 2: lose_the_reserves})
    service = service_for(sessions, faulty)
    await load(sessions, [with_version(FINISHED, 1)])
    _, report = await service.verify(place_of(FINISHED))
    assert report is not None and not report.ok
    assert report.problem == "The replayed state differs from the stored one."


async def test_a_game_saved_by_newer_code_is_refused_and_left_untouched(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    service = service_for(sessions, ReshapedDuel())
    newer = with_version(RUNNING, 4)
    [game_id] = (await load(sessions, [newer])).values()
    place = place_of(RUNNING)
    before = await service.store.get_game(game_id)
    refusal = (
        r"saved by a newer version of the bot \(state version 4; this one reads versions up to 3\)"
    )
    with pytest.raises(UnreadableState, match=refusal):
        await service.current(place)
    with pytest.raises(UnreadableState, match=refusal):
        await service.act(place, Actor(RUNNING["game"]["creator_id"]), {"type": "strike"})
    with pytest.raises(UnreadableState, match=refusal):
        await service.abort(place, Actor(RUNNING["game"]["creator_id"], is_referee=True))
    assert await service.store.get_game(game_id) == before
    assert await service.store.event_count(game_id) == len(RUNNING["events"])


async def test_reminders_pass_over_a_game_saved_by_newer_code(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    readable = copy.deepcopy(RUNNING) | {"label": "readable"}
    readable["game"]["channel_id"] += 1
    await load(sessions, [with_version(RUNNING, 4), readable])
    service = service_for(sessions, ReshapedDuel())
    reminded = await service.idle_reminders(default_hours=1)
    assert [game.channel_id for game, _ in reminded] == [readable["game"]["channel_id"]]


async def test_seats_change_hands_in_an_old_game_without_rewriting_it(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    [stored] = [s for s in STORED if s["game"]["mode"] == "two-player"]
    [game_id] = (await load(sessions, [stored])).values()
    service = service_for(sessions, ReshapedDuel())
    [blue] = [s["user_id"] for s in stored["seats"] if s["side"] == "blue"]
    await service.leave(place_of(stored), Actor(blue))
    update = await service.join(place_of(stored), Actor(blue))
    assert update.private[blue] == [
        f"Your hidden reserve: {update.game.state['sides']['blue']['reserve']}"
    ]
    assert (await service.store.get_game(game_id)).state == stored["game"]["state"]
