"""Games stored by earlier code still load, play on and verify (fixtures under tests/fixtures)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.play.service import Actor, GameService, Place, SeedSource, fingerprint
from bot.storage.db import create_engine, session_factory
from bot.storage.repository import Store
from bot.systems.installed import installed
from games.core.dice import Dice, derived_seed
from games.core.engine import Viewer
from games.core.versions import FIRST_VERSION, VERSION_KEY
from tests.fixtures.make_stored_games import DUEL
from tests.fixtures.stored_games import Row, fixture_files, fixture_path, load, read

STORED = [(path, stored) for path in fixture_files() for stored in read(path)]


def _name(case: tuple[Path, Row]) -> str:
    path, stored = case
    return f"{path.stem}: {stored['label']}"


@pytest.fixture
async def sessions(database_url: str) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = create_engine(database_url)
    try:
        yield session_factory(engine)
    finally:
        await engine.dispose()


@pytest.fixture
def service(sessions: async_sessionmaker[AsyncSession]) -> GameService:
    return GameService(Store(sessions), installed([DUEL]), SeedSource("stored-tests"))


def _system_and_version(path: Path) -> tuple[str, int]:
    system_id, _, version = path.stem.rpartition("-v")
    return system_id, int(version)


def test_every_system_has_finished_and_running_games_stored_at_its_current_version() -> None:
    for system in installed([DUEL]):
        path = fixture_path(system.id, system.state_version)
        assert path.exists(), f"run `python -m tests.fixtures.make_stored_games` for {path.name}"
        assert {"active", "finished"} <= {stored["game"]["status"] for stored in read(path)}


@pytest.mark.parametrize("case", STORED, ids=_name)
def test_a_stored_game_is_of_the_version_its_file_names(case: tuple[Path, Row]) -> None:
    path, stored = case
    system_id, version = _system_and_version(path)
    assert stored["game"]["system"] == system_id
    assert stored["game"]["state"].get(VERSION_KEY, FIRST_VERSION) == version


async def play_on(service: GameService, place: Place, *, orders: int | None) -> None:
    """Give legal orders as the seated players (the first through a button), or play to the end."""
    chooser = Dice(derived_seed("stored-tests", "choices"))
    given = 0
    while orders is None or given < orders:
        game, system, seats = await service.current(place)
        [side] = system.to_act(game.state)
        [user] = [s.user_id for s in seats if s.side == side and s.user_id]
        if given == 0:
            [choice, *_] = await service.orders(place, user)
            update = await service.act(
                place,
                Actor(user),
                key=choice.key,
                position=fingerprint(game),
                game_id=game.id,
            )
        else:
            update = await service.act(
                place, Actor(user), system.bot_action(game.state, side, chooser)
            )
        given += 1
        if update.result:
            return


@pytest.mark.parametrize("case", STORED, ids=_name)
async def test_a_stored_game_loads_and_shows_its_position(
    sessions: async_sessionmaker[AsyncSession], service: GameService, case: tuple[Path, Row]
) -> None:
    _, stored = case
    await load(sessions, [stored])
    place = Place(stored["game"]["guild_id"], stored["game"]["channel_id"])
    game, system = await service.latest(place)
    assert game.status == stored["game"]["status"]
    for viewer in (Viewer.public(), *map(Viewer.of_side, system.sides)):
        assert system.view(game.state, viewer).lines
    if game.status != "active":
        _, report = await service.verify(place)
        assert report is not None and report.ok, report.problem
        assert report.state == game.state


@pytest.mark.parametrize(
    "case", [c for c in STORED if c[1]["game"]["status"] == "active"], ids=_name
)
async def test_a_stored_game_in_progress_takes_an_order_and_verifies_once_over(
    sessions: async_sessionmaker[AsyncSession],
    service: GameService,
    case: tuple[Path, Row],
) -> None:
    _, stored = case
    store = service.store
    [game_id] = (await load(sessions, [stored])).values()
    place = Place(stored["game"]["guild_id"], stored["game"]["channel_id"])
    before = await store.event_count(game_id)
    await play_on(service, place, orders=1)
    game = await store.get_game(game_id)
    assert game.version == stored["game"]["version"] + 1
    assert await store.event_count(game_id) > before
    if game.status == "active":
        await service.abort(place, Actor(game.creator_id, is_referee=True))
    _, report = await service.verify(place)
    assert report is not None and report.ok, report.problem


@pytest.mark.slow  # whole games, each to its end (the quick run keeps the one-order test above)
@pytest.mark.parametrize(
    "case",
    [c for c in STORED if c[1]["game"]["status"] == "active" and c[1]["game"]["mode"] == "solo"],
    ids=_name,
)
async def test_a_stored_solo_game_plays_to_the_end_with_the_bot_answering(
    sessions: async_sessionmaker[AsyncSession],
    service: GameService,
    case: tuple[Path, Row],
) -> None:
    _, stored = case
    store = service.store
    [game_id] = (await load(sessions, [stored])).values()
    place = Place(stored["game"]["guild_id"], stored["game"]["channel_id"])
    await play_on(service, place, orders=None)
    game = await store.get_game(game_id)
    assert game.status == "finished"
    kinds = [e.kind for e in await store.events(game_id, after_seq=len(stored["events"]) - 1)]
    assert "action" in kinds
    if any(s["is_bot"] for s in stored["seats"]):
        assert "bot" in kinds
    assert game.state[VERSION_KEY] == service.registry.get(game.system).state_version
    verified, report = await service.verify(place)
    assert report is not None and report.ok, report.problem
    assert report.state == verified.state
