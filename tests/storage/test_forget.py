"""``laager db forget``: a server's data goes entirely; a member's own data goes, and the
games they shared with others stay playable and verifiable without a trace of them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import BigInteger, func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.play.service import Actor, GameService, Place, SeedSource, audit
from bot.storage import forget
from bot.storage.db import create_engine, session_factory
from bot.storage.dump import read_rows, tables
from bot.storage.forget import ANONYMISED, NOBODY, PERSON_COLUMN_NAMES, forget_guild, forget_user
from bot.storage.models import Event, Game, Seat
from bot.storage.repository import Store
from tests.storage.stocked import ALICE, BOB, CAROL, GUILDS, REGISTRY, stock

ROOT = Path(__file__).resolve().parents[2]
NOT_PEOPLE = {"guild_id", "channel_id", "post_id", "referee_role_id", "game_id", "message_id"}
NOT_PEOPLE |= {"thread_id"}


@pytest.fixture
async def engine(database_url: str) -> AsyncIterator[AsyncEngine]:
    await stock(database_url)
    engine = create_engine(database_url)
    try:
        yield engine
    finally:
        await engine.dispose()


async def everything(engine: AsyncEngine) -> dict[str, list[dict[str, object]]]:
    async with engine.connect() as connection:
        return {
            table.name: [row async for row in read_rows(connection, table)] for table in tables()
        }


async def audited(engine: AsyncEngine) -> list[str]:
    """Every game left, each replayed; the problems found (none expected)."""
    store = Store(session_factory(engine))
    async with engine.connect() as connection:
        ids = (await connection.execute(select(Game.id))).scalars().all()
    problems = []
    for game_id in ids:
        game = await store.get_game(game_id)
        report = audit(
            REGISTRY.get(game.system), game, await store.events(game_id), state_must_match=False
        )
        if not report.ok:
            problems.append(f"{game_id}: {report.problem}")
    return problems


async def test_forgetting_a_server_deletes_its_every_row_and_no_other(engine: AsyncEngine) -> None:
    gone, kept = GUILDS
    before = await everything(engine)
    async with engine.begin() as connection:
        summary = await forget_guild(connection, gone)
    after = await everything(engine)

    games_kept = {g["id"] for g in before["games"] if g["guild_id"] == kept}
    assert {g["id"] for g in after["games"]} == games_kept
    for name, rows in after.items():
        assert all(row.get("guild_id") != gone for row in rows), name
        assert all(row.get("game_id", next(iter(games_kept))) in games_kept for row in rows), name
        assert [r for r in before[name] if r.get("guild_id") == kept] == [
            r for r in rows if "guild_id" in r
        ], name
    assert summary.deleted["games"] == len(before["games"]) - len(games_kept)
    assert summary.deleted["events"] == len(before["events"]) - len(after["events"]) > 0
    assert summary.deleted["rolls"] == 3 and summary.deleted["house_rules"] == 2
    assert await audited(engine) == []


async def test_forgetting_a_member_keeps_shared_games_whole_without_them(
    engine: AsyncEngine,
) -> None:
    before = await everything(engine)
    shared = {s["game_id"] for s in before["seats"] if s["user_id"] == BOB}
    assert shared, "the stored games include two-player games with Bob"
    async with engine.begin() as connection:
        summary = await forget_user(connection, BOB)
    after = await everything(engine)

    assert len(after["games"]) == len(before["games"])
    assert after["events"] and len(after["events"]) == len(before["events"])
    for name, rows in after.items():
        for row in rows:  # searched as an export writes it, payloads and all
            assert str(BOB) not in json.dumps(row, default=str), (name, row)
    others = [r["side"] for r in before["seats"] if r["game_id"] in shared and r["user_id"] != BOB]
    assert [r["side"] for r in after["seats"] if r["game_id"] in shared] == others
    assert {r["user_id"] for r in after["rolls"]} == {ALICE, CAROL}
    assert [r["user_id"] for r in after["player_settings"]] == [ALICE]
    assert {r["set_by"] for r in after["house_rules"]} == {NOBODY, CAROL}
    assert summary.deleted["seats"] == sum(r["user_id"] == BOB for r in before["seats"])
    assert summary.anonymised["events.actor_id"] > 0
    assert await audited(engine) == []

    # The other player's game goes on: someone else takes the emptied side and plays.
    service = GameService(Store(session_factory(engine)), REGISTRY, SeedSource("forget"))
    duel = next(g for g in after["games"] if g["id"] in shared and g["system"] == "duel")
    place = Place(duel["guild_id"], duel["channel_id"])
    await service.join(place, Actor(CAROL))
    game, system, seats = await service.current(place)
    [side] = system.to_act(game.state)
    [player] = [s.user_id for s in seats if s.side == side]
    [choice, *_] = await service.orders(place, player)
    await service.act(place, Actor(player), key=choice.key)


async def test_forgetting_a_member_deletes_the_games_only_they_played(
    engine: AsyncEngine,
) -> None:
    before = await everything(engine)
    async with engine.begin() as connection:
        await forget_user(connection, ALICE)
    after = await everything(engine)

    with_bob = {s["game_id"] for s in before["seats"] if s["user_id"] == BOB}
    assert {g["id"] for g in after["games"]} == with_bob
    assert {g["creator_id"] for g in after["games"]} == {NOBODY}
    for name, rows in after.items():
        assert all(ALICE not in row.values() for row in rows), name
    async with engine.connect() as connection:
        orphans = await connection.execute(
            select(func.count()).select_from(Event).where(Event.game_id.not_in(with_bob))
        )
        assert orphans.scalar_one() == 0
        seats = (await connection.execute(select(Seat.user_id))).scalars().all()
    assert seats == [BOB] * len(with_bob)
    assert await audited(engine) == []


async def test_a_dry_run_changes_nothing_and_yes_does_it(
    engine: AsyncEngine, database_url: str
) -> None:
    before = await everything(engine)
    env = {**os.environ, "DATABASE_URL": database_url, "LOG_LEVEL": "WARNING"}

    def forget(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "bot.process.cli", "db", "forget", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    dry = forget("--user", str(BOB))
    assert dry.returncode == 0, dry.stderr
    bobs_seats = sum(r["user_id"] == BOB for r in before["seats"])
    assert "would:" in dry.stdout and f"delete {bobs_seats} row(s) of seats" in dry.stdout
    assert "Nothing was changed; run again with --yes" in dry.stdout
    assert await everything(engine) == before

    done = forget("--guild", str(GUILDS[0]), "--yes")
    assert done.returncode == 0, done.stderr
    assert "Forgot server" in done.stdout and "delete 3 row(s) of rolls" in done.stdout
    assert all(g["guild_id"] == GUILDS[1] for g in (await everything(engine))["games"])


def test_every_column_holding_a_discord_id_is_either_a_place_or_a_person() -> None:
    """A new column of ids must be sorted here, so forgetting a person cannot miss it."""
    for table in tables():
        for column in table.columns:
            if isinstance(column.type, BigInteger):
                assert column.name in NOT_PEOPLE | PERSON_COLUMN_NAMES, (table.name, column.name)
    for name, column in ANONYMISED:
        assert column in PERSON_COLUMN_NAMES and name in {t.name for t in tables()}


async def test_an_id_left_in_a_payload_is_found_by_the_search(
    engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Plant the fault: the outbox's payloads are left alone. Searching the rows as an export
    writes them finds the forgotten id where the columns alone do not."""

    async def nothing(connection: object, user_id: int) -> list[int]:
        return []

    monkeypatch.setattr(forget, "_owed_to", nothing)
    async with engine.begin() as connection:
        await forget.forget_user(connection, BOB)
    after = await everything(engine)
    rows = [row for rows in after.values() for row in rows]
    assert all(BOB not in row.values() for row in rows), "no column holds him"
    assert any(str(BOB) in json.dumps(row, default=str) for row in rows), "a payload does"
