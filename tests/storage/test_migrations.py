"""The Alembic migrations build exactly the schema the models describe, and unwind cleanly."""

import asyncio
import os
import subprocess
import sys

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect, text

from bot.play.service import audit
from bot.storage.db import (
    HEAD,
    MIGRATIONS_DIR,
    PROJECT_ROOT,
    create_engine,
    current,
    downgrade,
    session_factory,
    upgrade,
)
from bot.storage.models import Base
from bot.storage.repository import Store
from tests.storage.builders import T0
from tests.storage.stocked import REGISTRY, stock

TABLES = {"games", "seats", "events", "guild_settings", "rolls"}


def _head() -> str | None:
    return ScriptDirectory(str(MIGRATIONS_DIR)).get_current_head()


def _schema_diff(connection: Connection) -> list[object]:
    diff: list[object] = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    return diff


def _table_names(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


def _active_game_index_predicate(connection: Connection) -> str:
    # compare_metadata ignores partial-index predicates, so check this one by hand.
    [index] = [i for i in inspect(connection).get_indexes("games") if i["unique"]]
    options = index.get("dialect_options", {})
    predicate = options.get("sqlite_where", options.get("postgresql_where"))
    return str(predicate)


def test_head_is_the_newest_migration() -> None:
    """The start's shortcut (a database at HEAD is left alone) holds only while HEAD names
    Alembic's own head: a migration added without moving HEAD fails here."""
    assert HEAD == _head()


UPGRADE_AND_SAY = """\
import asyncio, sys
from bot.storage.db import upgrade
asyncio.run(upgrade(sys.argv[1]))
print("alembic" in sys.modules)
"""


async def test_a_start_at_head_loads_no_alembic(blank_database_url: str) -> None:
    """At HEAD, a start reads the version table and moves on; a step behind (planted), it
    loads Alembic and migrates."""

    def start() -> str:
        ran = subprocess.run(
            [sys.executable, "-c", UPGRADE_AND_SAY, blank_database_url],
            cwd=PROJECT_ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return ran.stdout.strip()

    assert await current(blank_database_url) is None
    assert await asyncio.to_thread(start) == "True"
    assert await current(blank_database_url) == HEAD
    assert await asyncio.to_thread(start) == "False"
    await downgrade(blank_database_url, "-1")
    assert await current(blank_database_url) != HEAD
    assert await asyncio.to_thread(start) == "True"
    assert await current(blank_database_url) == HEAD


async def test_upgrade_builds_the_model_schema(blank_database_url: str) -> None:
    assert await current(blank_database_url) is None

    await upgrade(blank_database_url)

    assert await current(blank_database_url) == _head()
    engine = create_engine(blank_database_url)
    try:
        async with engine.connect() as connection:
            assert await connection.run_sync(_schema_diff) == []
            predicate = await connection.run_sync(_active_game_index_predicate)
    finally:
        await engine.dispose()
    assert "status" in predicate and "'active'" in predicate


async def test_downgrade_to_base_removes_everything_and_upgrade_restores_it(
    blank_database_url: str,
) -> None:
    await upgrade(blank_database_url)
    await downgrade(blank_database_url, "base")

    assert await current(blank_database_url) is None
    engine = create_engine(blank_database_url)
    try:
        async with engine.connect() as connection:
            assert await connection.run_sync(_table_names) & TABLES == set()

        await upgrade(blank_database_url)

        async with engine.connect() as connection:
            assert await connection.run_sync(_table_names) >= TABLES
            assert await connection.run_sync(_schema_diff) == []
    finally:
        await engine.dispose()


async def test_processes_starting_together_migrate_once(blank_database_url: str) -> None:
    env = {**os.environ, "DATABASE_URL": blank_database_url, "LOG_LEVEL": "WARNING"}
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.process.cli", "db", "upgrade", env=env, cwd=PROJECT_ROOT
        )
        for _ in range(3)
    ]
    assert [await child.wait() for child in children] == [0, 0, 0]
    assert await current(blank_database_url) == _head()


async def test_entries_logged_before_contributions_existed_read_as_having_none(
    blank_database_url: str,
) -> None:
    await upgrade(blank_database_url, "0002")
    engine = create_engine(blank_database_url)
    try:
        async with engine.begin() as connection:
            game_id = (
                await connection.execute(
                    text(
                        "INSERT INTO games (channel_id, system, scenario, mode, options, status, "
                        "state, version, seed, seed_commitment, dice_cursor, creator_id, "
                        "created_at, updated_at, last_action_at) VALUES (1, 'duel', 'short', "
                        "'solo', '{}', 'finished', '{}', 1, :seed, :digest, 0, 7, :at, :at, :at) "
                        "RETURNING id"
                    ),
                    {"seed": "ab" * 32, "digest": "cd" * 32, "at": T0},
                )
            ).scalar_one()
            await connection.execute(
                text(
                    "INSERT INTO events (game_id, seq, kind, action, dice, public_text, "
                    "created_at) VALUES (:game, 0, 'create', '{}', '[]', 'set-up', :at)"
                ),
                {"game": game_id, "at": T0},
            )
        await upgrade(blank_database_url)
        store = Store(session_factory(engine))
        [entry] = await store.events(game_id)
        assert entry.contributions == []
        assert await store.contributions(game_id) == []
    finally:
        await engine.dispose()


async def test_the_channels_seen_rows_become_the_posts_version_and_come_back_down(
    blank_database_url: str,
) -> None:
    """0016: a game whose channel row shows its post's position notes that version with the
    post; one whose row shows another (the post failed after it) notes the post as showing
    an earlier position; the channel's rows go, a person's stay, and a step down brings the
    channel's back."""
    await upgrade(blank_database_url, "0015")
    engine = create_engine(blank_database_url)
    insert_game = text(
        "INSERT INTO games (channel_id, system, scenario, mode, options, status, state, "
        "version, seed, seed_commitment, dice_cursor, creator_id, created_at, updated_at, "
        "last_action_at, post_id, post_position) VALUES (:channel, 'duel', 'short', 'solo', '{}', "
        "'active', '{}', 5, :seed, :digest, 0, 7, :at, :at, :at, 99, :posted) RETURNING id"
    )
    insert_seen = text(
        "INSERT INTO seen_positions (game_id, user_id, version, position, seen_at) "
        "VALUES (:game, :user, :version, :position, :at)"
    )
    read = text("SELECT id, post_version FROM games ORDER BY id")
    try:
        async with engine.begin() as connection:
            games = []
            for channel, (posted, seen) in enumerate((("p5", "p5"), ("p3", "p5"), (None, None))):
                values = {"seed": "ab" * 32, "digest": "cd" * 32, "at": T0, "posted": posted}
                values["channel"] = channel
                game = (await connection.execute(insert_game, values)).scalar_one()
                games.append(game)
                if seen:
                    row = {"game": game, "version": 5, "position": seen, "at": T0}
                    await connection.execute(insert_seen, {**row, "user": 0})
                    await connection.execute(insert_seen, {**row, "user": 111})
        await upgrade(blank_database_url, "0016")
        async with engine.connect() as connection:
            assert (await connection.execute(read)).all() == list(
                zip(games, [5, -1, None], strict=True)
            )
            people = text("SELECT game_id, user_id FROM seen_positions ORDER BY game_id")
            assert (await connection.execute(people)).all() == [(games[0], 111), (games[1], 111)]
        await downgrade(blank_database_url, "0015")
        async with engine.connect() as connection:
            channel = text(
                "SELECT game_id, version, position FROM seen_positions WHERE user_id = 0"
            )
            assert (await connection.execute(channel)).all() == [(games[0], 5, "p5")]
    finally:
        await engine.dispose()


def _revisions() -> list[str]:
    """Every revision, oldest first."""
    script = ScriptDirectory(str(MIGRATIONS_DIR))
    return [revision.revision for revision in reversed(list(script.walk_revisions()))]


def _schema(connection: Connection) -> dict[str, object]:
    """Tables with their columns (name, nullability), indexes and foreign keys."""
    inspector = inspect(connection)
    return {
        table: (
            sorted((c["name"], c["nullable"]) for c in inspector.get_columns(table)),
            sorted(str(i["name"]) for i in inspector.get_indexes(table)),
            sorted(
                (tuple(k["constrained_columns"]), k["referred_table"])
                for k in inspector.get_foreign_keys(table)
            ),
        )
        for table in inspector.get_table_names()
        if table != "alembic_version"
    }


async def _schema_at(url: str) -> dict[str, object]:
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(_schema)
    finally:
        await engine.dispose()


async def test_every_downgrade_step_undoes_its_upgrade_step(blank_database_url: str) -> None:
    revisions = _revisions()
    assert len(revisions) >= 4
    built = {"base": await _schema_at(blank_database_url)}
    for revision in revisions:
        await upgrade(blank_database_url, revision)
        built[revision] = await _schema_at(blank_database_url)
    assert built["base"] == {}
    for below in reversed(["base", *revisions[:-1]]):
        await downgrade(blank_database_url, below)
        assert await current(blank_database_url) == (None if below == "base" else below)
        assert await _schema_at(blank_database_url) == built[below], f"down to {below}"


async def test_stepping_down_and_up_again_keeps_every_game_playable(
    blank_database_url: str,
) -> None:
    database_url = blank_database_url
    await upgrade(database_url)
    ids = await stock(database_url)
    engine = create_engine(database_url)
    try:
        async with engine.connect() as connection:
            events = (await connection.execute(text("SELECT count(*) FROM events"))).scalar_one()
        await downgrade(database_url, "0002")  # past the columns added to events and games
        async with engine.connect() as connection:
            after = (await connection.execute(text("SELECT count(*) FROM events"))).scalar_one()
        assert after == events
        await upgrade(database_url)
        store = Store(session_factory(engine))
        for game_id in ids.values():
            game = await store.get_game(game_id)
            if game.status != "active":
                report = audit(REGISTRY.get(game.system), game, await store.events(game_id))
                assert report.ok, report.problem
    finally:
        await engine.dispose()
