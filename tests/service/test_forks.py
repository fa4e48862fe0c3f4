"""What-if games (``/game fork``): the points of a finished game, the position a fork starts
from and what it keeps, its own dice and log, and the refusals that store nothing."""

from __future__ import annotations

from collections import Counter

import pytest
from sqlalchemy import update as sql_update

from bot.play import errors
from bot.play.forks import ForkPoint, chosen
from bot.play.log_replay import replay_steps
from bot.play.service import Actor, GameService, Place, SeedSource
from bot.storage.models import Event, Fork
from bot.storage.repository import Store
from games.core.engine import JSON, GameSystem, Viewer
from games.core.forks import ORIGIN, POSITION
from games.core.replay import replay
from games.core.versions import loaded
from games.last_stand.system import SYSTEM as LAST_STAND
from games.ramparts.system import SYSTEM as RAMPARTS
from games.registry import Registry
from games.zones.system import SYSTEM as ZONES
from tests.fixtures.duel import SYSTEM as DUEL

HERE = Place(guild_id=1, channel_id=100)
THERE = Place(guild_id=1, channel_id=200)
ALICE, BOB = Actor(11), Actor(12)
SYSTEMS = [LAST_STAND, RAMPARTS, ZONES]


@pytest.fixture
def service(store: Store) -> GameService:
    return GameService(store, Registry([*SYSTEMS, DUEL]), SeedSource("fork-tests"))


async def start_of(service: GameService, game_id: int, system: GameSystem) -> JSON:
    """A game's position right after its set-up step, replayed from its log."""
    game = await service.store.get_game(game_id)
    steps = replay_steps(await service.store.events(game_id))
    return replay(system, game.seed, steps[:1]).state


def known(system: GameSystem, state: JSON) -> list[tuple[str, str, frozenset[str]]]:
    """Every secret some side may read: what the table knew at that position."""
    return sorted((s.ident, s.text, s.readers) for s in system.secrets(state) if s.readers)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
async def test_a_fork_starts_from_the_public_position_and_keeps_what_the_table_knew(
    service: GameService, store: Store, system: GameSystem
) -> None:
    parent = (await service.new_game(HERE, ALICE, system.id, mode="bots")).game
    assert parent.status == "finished"
    points = await service.fork_points(parent, system)
    assert len(points) > 3 and [p.steps for p in points] == sorted(p.steps for p in points)
    point = points[len(points) // 2]
    steps = replay_steps(await store.events(parent.id))
    there = replay(system, parent.seed, steps[: point.steps]).state

    update = await service.fork(THERE, BOB, parent, point)
    fork = update.game
    assert fork.channel_id == THERE.channel_id and fork.seed != parent.seed
    assert fork.seed_commitment != parent.seed_commitment
    start = await start_of(service, fork.id, system)
    public = Viewer.public()
    assert system.view(start, public).lines == system.view(there, public).lines
    assert known(system, start) == known(system, there)
    created = (await store.events(fork.id))[0]
    assert loaded(system, created.action[POSITION]) == there
    assert created.action[ORIGIN] == {
        "game": parent.id,
        "label": point.label,
        "steps": point.steps,
    }
    assert f"game {parent.id}" in created.public_text
    game, report = await service.verify(THERE)
    assert game.id == fork.id and report is not None and report.ok, report
    async with store._sessions() as session:
        row = await session.get(Fork, fork.id)
    assert (row.parent_id, row.steps, row.label) == (parent.id, point.steps, point.label)


async def test_a_ramparts_fork_deals_the_unseen_draw_pile_afresh(
    service: GameService, store: Store
) -> None:
    """Nobody knew the Draw Pile's order, and everyone saw it come up in the game forked: the
    fork keeps its cards and the British hand, and draws the pile's order with its own dice."""
    parent = (await service.new_game(HERE, ALICE, "ramparts", mode="bots")).game
    points = await service.fork_points(parent, RAMPARTS)
    point = points[len(points) // 3]
    steps = replay_steps(await store.events(parent.id))
    there = replay(RAMPARTS, parent.seed, steps[: point.steps]).state
    fork = (await service.fork(THERE, BOB, parent, point)).game
    start = await start_of(service, fork.id, RAMPARTS)
    assert start["hand"] == there["hand"]
    assert Counter(start["deck"]) == Counter(there["deck"])
    assert len(there["deck"]) > 3 and start["deck"] != there["deck"]


async def test_a_fork_plays_on_with_its_players_and_the_bot_where_it_played(
    service: GameService, store: Store
) -> None:
    """A solo game's fork keeps the bot at its side, and the forker takes the side they
    played; a side the bot holds is refused and nothing is stored."""
    parent = (await service.new_game(HERE, ALICE, "duel", mode="solo")).game
    while parent.status == "active":
        parent = (await service.act(HERE, ALICE, {"type": "strike"})).game
    point = (await service.fork_points(parent, DUEL))[0]
    with pytest.raises(errors.BadInput, match="bot plays"):
        await service.fork(THERE, ALICE, parent, point, side="blue")
    assert await store.latest_game(THERE.channel_id) is None
    update = await service.fork(THERE, ALICE, parent, point)
    seats = {s.side: (s.user_id, s.is_bot) for s in update.seats}
    assert seats == {"red": (ALICE.user_id, False), "blue": (None, True)}
    assert update.game.status == "active"


async def test_only_a_finished_game_is_forked(service: GameService) -> None:
    with pytest.raises(errors.NoGame, match="No game has finished"):
        await service.fork_point(HERE)
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    with pytest.raises(errors.NoGame, match="No game has finished"):
        await service.fork_point(HERE)


POINTS = [
    ForkPoint("Turn 1 · Setup", 1, 1),
    ForkPoint("Turn 1 · Zulu move", 1, 4),
    ForkPoint("Turn 2 · British fire", 2, 9),
    ForkPoint("Turn 2 · Zulu move", 2, 12),
    ForkPoint("Turn 3 · British fire", 3, 20),
]


@pytest.mark.parametrize(
    ("turn", "phase", "steps"),
    [
        (None, None, 20),  # the first phase of the last turn
        (2, None, 9),
        (2, "zulu move", 12),
        (None, "Turn 1 · Zulu move", 4),
        (1, "zulu", 4),
        (None, "british fire", 9),  # the first that matches
    ],
)
def test_the_point_named(turn: int | None, phase: str | None, steps: int) -> None:
    assert chosen(POINTS, turn, phase).steps == steps


def test_a_point_not_in_the_game_is_refused_with_what_it_has() -> None:
    with pytest.raises(errors.BadInput, match="no turn 7 to fork from; it has turns 1 to 3"):
        chosen(POINTS, 7, None)
    with pytest.raises(errors.BadInput, match=r"called `melee`\. It has: Turn 2 · British fire"):
        chosen(POINTS, 2, "melee")
    with pytest.raises(errors.BadInput, match="called `x`"):
        chosen(POINTS, None, "x\x00`")
    untimed = [ForkPoint("Duel", None, 1)]
    assert chosen(untimed, None, None).steps == 1
    with pytest.raises(errors.BadInput, match="no numbered turns"):
        chosen(untimed, 1, None)


async def test_verify_checks_a_fork_starts_where_the_game_it_names_stood(
    service: GameService, store: Store
) -> None:
    """Planted: the fork's log names another point of the game it came from. Its own dice
    still replay, but the game it names does not reach the position it starts from."""
    parent = (await service.new_game(HERE, ALICE, "zones", mode="bots")).game
    points = await service.fork_points(parent, ZONES)
    fork = (await service.fork(THERE, BOB, parent, points[len(points) // 2])).game
    _, report = await service.verify(THERE)
    assert report is not None and report.ok
    created = (await store.events(fork.id))[0]
    action = {**created.action, ORIGIN: {**created.action[ORIGIN], "steps": 1}}
    async with store._sessions.begin() as session:
        await session.execute(
            sql_update(Event).where(Event.game_id == fork.id, Event.seq == 0).values(action=action)
        )
    _, report = await service.verify(THERE)
    assert report is not None and report.problem == (
        f"Its start is not the position of game {parent.id} it names."
    )
