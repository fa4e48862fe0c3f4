"""``laager db export`` / ``import``: every row of every table moves between SQLite and
PostgreSQL, and an import keeps nothing unless the copy is proven."""

from __future__ import annotations

import io
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, select, text

from bot.play.service import Actor, GameService, Place, SeedSource
from bot.play.transfer import (
    FORMAT,
    FORMAT_VERSION,
    TransferRefused,
    export_database,
    head_revision,
    import_database,
)
from bot.storage.db import create_engine, session_factory, upgrade
from bot.storage.dump import UNEXPORTED, exported_tables, tables
from bot.storage.models import Game
from bot.storage.repository import Store
from bot.systems.installed import installed
from tests.fixtures.make_stored_games import DUEL
from tests.storage.stocked import HOOK_SECRET, REGISTRY, stock, stored_games

ROOT = Path(__file__).resolve().parents[2]


async def export_text(url: str) -> str:
    out = io.StringIO()
    await export_database(url, out)
    return out.getvalue()


def body(export: str) -> tuple[list[str], str]:
    """The row lines in a backend-independent order, and the end line (counts and digests)."""
    _, *rows, end = export.splitlines()
    return sorted(rows), end


async def counts(url: str, every: bool = False) -> dict[str, int]:
    """Each exported table's rows (``every``: each table's)."""
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            return {
                table.name: (
                    await connection.execute(select(func.count()).select_from(table))
                ).scalar_one()
                for table in (tables() if every else exported_tables())
            }
    finally:
        await engine.dispose()


@pytest.fixture
async def source(tmp_path: Path) -> tuple[str, dict[str, int]]:
    """A stocked SQLite database of its own, and its stored games' ids by label."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'source.sqlite3'}"
    await upgrade(url)
    return url, await stock(url)


async def test_every_row_goes_sqlite_to_postgres_and_back_unchanged(
    sqlite_database_url: str, postgres_database_url: str, tmp_path: Path
) -> None:
    await stock(sqlite_database_url)
    first = await export_text(sqlite_database_url)
    stocked = await counts(sqlite_database_url, every=True)
    empty = [name for name, count in stocked.items() if not count]
    assert not empty, f"stock rows of {empty} in tests/storage/stocked.py to cover them"

    report = await import_database(postgres_database_url, io.StringIO(first), REGISTRY)
    assert report.games_replayed == len(stored_games())
    assert report.rolls_checked > 1000
    assert report.rows == await counts(sqlite_database_url)
    second = await export_text(postgres_database_url)

    back = f"sqlite+aiosqlite:///{tmp_path / 'back.sqlite3'}"
    await import_database(back, io.StringIO(second), REGISTRY)
    third = await export_text(back)

    assert body(first) == body(second) == body(third)
    assert json.loads(first.splitlines()[0])["tables"] == [t.name for t in exported_tables()]


async def test_an_export_leaves_the_webhooks_and_their_secrets_behind(
    sqlite_database_url: str, postgres_database_url: str
) -> None:
    """A hook's signing secret never leaves its database; after a move, each server sets its
    webhook again."""
    await stock(sqlite_database_url)
    export = await export_text(sqlite_database_url)
    assert HOOK_SECRET not in export
    assert not any(name in export for name in UNEXPORTED)
    await import_database(postgres_database_url, io.StringIO(export), REGISTRY)
    moved = await counts(postgres_database_url, every=True)
    assert all(moved[name] == 0 for name in UNEXPORTED)


async def test_postgres_numbers_new_rows_after_the_imported_ones(
    sqlite_database_url: str, postgres_database_url: str
) -> None:
    await stock(sqlite_database_url)
    await import_database(
        postgres_database_url, io.StringIO(await export_text(sqlite_database_url)), REGISTRY
    )
    engine = create_engine(postgres_database_url)
    try:
        service = GameService(Store(session_factory(engine)), REGISTRY, SeedSource("after"))
        update = await service.new_game(Place(3001, 9999), Actor(4001), "duel", mode="solo")
        assert update.game.id == len(stored_games()) + 1
    finally:
        await engine.dispose()


async def test_a_database_that_holds_games_is_refused_unless_replace_is_asked(
    source: tuple[str, dict[str, int]], database_url: str
) -> None:
    export = await export_text(source[0])
    await stock(database_url)
    before = await counts(database_url)

    held = before["games"]
    with pytest.raises(TransferRefused, match=rf"already holds {held} game\(s\).*--replace"):
        await import_database(database_url, io.StringIO(export), REGISTRY)
    assert await counts(database_url) == before

    await import_database(database_url, io.StringIO(export), REGISTRY, replace=True)
    assert await counts(database_url) == before
    assert body(await export_text(database_url)) == body(export)


async def test_a_game_that_does_not_replay_refuses_the_whole_import(
    source: tuple[str, dict[str, int]], database_url: str
) -> None:
    url, ids = source
    [tampered] = [game_id for label, game_id in ids.items() if "bot against bot" in label][-1:]
    engine = create_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.execute(
                text("UPDATE games SET result = NULL, state = :state WHERE id = :id"),
                {"state": '{"turn": 99}', "id": tampered},
            )
    finally:
        await engine.dispose()
    export = await export_text(url)

    with pytest.raises(TransferRefused, match=rf"Game {tampered} .* does not replay"):
        await import_database(database_url, io.StringIO(export), REGISTRY)
    assert set((await counts(database_url)).values()) == {0}


async def test_a_changed_or_cut_off_export_is_refused(
    source: tuple[str, dict[str, int]], database_url: str
) -> None:
    export = await export_text(source[0])
    edited = export.replace('"total":7', '"total":8', 1)
    assert edited != export
    with pytest.raises(TransferRefused, match="rows of rolls in the file do not match"):
        await import_database(database_url, io.StringIO(edited), REGISTRY)
    lines = export.splitlines(keepends=True)
    with pytest.raises(TransferRefused, match="ends early"):
        await import_database(database_url, io.StringIO("".join(lines[:-1])), REGISTRY)
    with pytest.raises(TransferRefused, match="Line 3 is not a row"):
        await import_database(
            database_url, io.StringIO("".join([*lines[:2], "{", *lines[2:]])), REGISTRY
        )
    seat = next(line for line in lines if line.startswith('{"table":"seats"'))
    with pytest.raises(TransferRefused, match="a row twice, or a row whose parent"):
        await import_database(database_url, io.StringIO(export.replace(seat, seat * 2)), REGISTRY)
    assert set((await counts(database_url)).values()) == {0}


async def test_games_of_a_system_not_installed_are_refused(
    source: tuple[str, dict[str, int]], database_url: str
) -> None:
    export = await export_text(source[0])
    with pytest.raises(TransferRefused, match="system 'duel', which is not installed"):
        await import_database(database_url, io.StringIO(export), installed())


def laager(*args: str, url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": url, "EXTRA_SYSTEMS": DUEL, "LOG_LEVEL": "WARNING"}
    return subprocess.run(
        [sys.executable, "-m", "bot.process.cli", "db", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


async def test_the_commands_move_a_sqlite_database_to_postgres(
    sqlite_database_url: str, postgres_database_url: str, tmp_path: Path
) -> None:
    games = len(await stock(sqlite_database_url))
    file = tmp_path / "laager.jsonl"

    exported = laager("export", str(file), url=sqlite_database_url)
    assert exported.returncode == 0, exported.stderr
    assert stat.S_IMODE(file.stat().st_mode) == 0o600  # it holds every seed

    imported = laager("import", str(file), url=postgres_database_url)
    assert imported.returncode == 0, imported.stderr
    assert f"all {games} game(s) replayed" in imported.stdout
    again = laager("import", str(file), url=postgres_database_url)
    assert again.returncode == 1
    assert f"already holds {games} game(s)" in again.stderr
    assert await counts(postgres_database_url) == await counts(sqlite_database_url)
    engine = create_engine(postgres_database_url)
    try:
        async with engine.connect() as connection:
            statuses = (await connection.execute(select(Game.status))).scalars().all()
    finally:
        await engine.dispose()
    assert {"active", "finished", "aborted"} <= set(statuses)


async def test_a_database_behind_the_latest_schema_is_refused_for_export_and_forget(
    tmp_path: Path,
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.sqlite3'}"
    await upgrade(url, "0003")
    with pytest.raises(TransferRefused, match=r"revision 0003.*run `laager db upgrade`"):
        await export_text(url)
    with pytest.raises(TransferRefused, match=r"revision 0003.*Nothing was changed"):
        header = json.dumps({FORMAT: FORMAT_VERSION, "revision": head_revision()})
        await import_database(url, io.StringIO(header + "\n"), REGISTRY)
    forget = laager("forget", "--guild", "1", url=url)
    assert forget.returncode == 1
    assert "revision 0003" in forget.stderr and "Nothing was changed" in forget.stderr
