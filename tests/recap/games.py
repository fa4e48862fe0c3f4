"""Whole bot-against-bot games stored through the real service, for the recap's tests and its
benchmark, and the check that a recap's frames show nothing hidden."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

from bot.play.log_replay import replay_steps
from bot.play.service import Actor, GameService, Place, SeedSource
from bot.posting.pairing import Pairing
from bot.posting.recap import Recap
from bot.posting.recap_measures import FALLBACK, Measures
from bot.storage.db import create_engine, session_factory, upgrade
from bot.storage.records import EventRecord, GameRecord
from bot.storage.repository import Store
from bot.systems.installed import pairings
from games.core.engine import JSON, GameSystem, Viewer, hidden_from
from games.core.replay import replay
from games.registry import Registry
from tests.e2e.leak_audit import Audit

SYSTEMS_WITH_MAPS = ["tests.fixtures.duel_pairing:PAIRING"]
"""Besides the built-in systems, the test duel: it has a picture and a secret of its own."""


@dataclass(frozen=True)
class Played:
    pairing: Pairing
    game: GameRecord
    events: list[EventRecord]

    @property
    def measures(self) -> Measures:
        """What the recap of this game charts: its pairing's measures."""
        return self.pairing.measures or FALLBACK


@asynccontextmanager
async def bot_games(folder: Path, extra: list[str] = SYSTEMS_WITH_MAPS) -> AsyncIterator:
    """A service on a fresh SQLite file; yields a function that plays one whole game."""
    url = f"sqlite+aiosqlite:///{folder / 'recap.sqlite3'}"
    await upgrade(url)
    engine = create_engine(url)
    found = pairings(extra)
    store = Store(session_factory(engine))
    service = GameService(store, Registry(p.system for p in found.values()), SeedSource("recap"))
    channels = iter(range(1000, 10**6))

    async def play(system_id: str, scenario: str | None = None) -> Played:
        place = Place(1, next(channels))
        update = await service.new_game(place, Actor(1), system_id, scenario, mode="bots")
        assert update.game.status == "finished", "a bot-against-bot game ends in one command"
        return Played(found[system_id], update.game, await store.events(update.game.id))

    try:
        yield play
    finally:
        await engine.dispose()


def positions(system: GameSystem, played: Played) -> list[JSON]:
    states: list[JSON] = []
    report = replay(system, played.game.seed, replay_steps(played.events), watch=states.append)
    assert report.ok, report.problem
    return states


def frame_findings(played: Played, recap: Recap) -> list[str]:
    """What a recap's frames show that the channel could not see: each frame is drawn from
    the view of the last position of its phase, and must be that position's public view, and
    its picture data must hold none of the position's secrets hidden from the channel (the
    leak audit's picture check)."""
    system = played.pairing.system
    states = positions(system, played)
    ends = [count - 1 for count in accumulate(p.orders for p in recap.phases)]
    audit = Audit(system)
    for number, (view, end) in enumerate(zip((p.view for p in recap.phases), ends, strict=True), 1):
        state = states[end]
        where = f"frame {number}"
        if view.viewer != Viewer.public():
            audit.findings.append(f"{where}: drawn for {view.viewer}, not the channel")
        if view.picture != system.view(state, Viewer.public()).picture:
            audit.findings.append(f"{where}: the picture differs from the channel's view")
        data = json.dumps(view.picture, sort_keys=True, default=str)
        audit.check(
            f"{where} picture data", data, hidden_from(system, state, Viewer.public()), set()
        )
    return audit.findings
