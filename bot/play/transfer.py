"""Moving a whole database to another (SQLite to PostgreSQL or back) through a JSON-lines
file, and proving the copy: every table's digest must match the file's, and every game
must replay from its seed and log to its stored state. Servers' webhooks stay behind
(bot.storage.dump.UNEXPORTED): their signing secrets never leave the database.

The file: a header line, one line per row, parents before children, and an end line
with each table's row count and digest (so a cut-off or edited file is refused).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import IO, Any

from alembic.script import ScriptDirectory
from sqlalchemy import Table, delete, func, insert, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, async_sessionmaker

from bot.play.service import audit
from bot.storage.db import MIGRATIONS_DIR, create_engine, current, upgrade
from bot.storage.dump import (
    JsonRow,
    TableDigest,
    exported_tables,
    from_json,
    read_rows,
    row_count,
    tables,
)
from bot.storage.models import Game
from bot.storage.repository import Store
from games.core.versions import FIRST_VERSION, VERSION_KEY
from games.registry import Registry

FORMAT = "laager-export"
FORMAT_VERSION = 1
INSERT_BATCH = 500


class TransferRefused(Exception):
    """The export or import was not done; the message says why and what to do."""


@dataclass
class ImportReport:
    rows: dict[str, int]
    games_replayed: int
    rolls_checked: int


@dataclass
class _Reading:
    """What the file said about itself, checked against what it held."""

    digests: dict[str, TableDigest] = field(default_factory=dict)
    declared: dict[str, Any] | None = None


def head_revision() -> str | None:
    return ScriptDirectory(str(MIGRATIONS_DIR)).get_current_head()


async def export_database(url: str, out: IO[str]) -> dict[str, int]:
    """Write every row of the database at ``url`` to ``out``; the row count per table."""
    head = head_revision()
    revision = await current(url)
    if revision != head:
        raise TransferRefused(
            f"The database is at schema revision {revision or 'none'}, and this version of "
            f"laager exports from revision {head}: run `laager db upgrade` on it first."
        )
    header = {
        FORMAT: FORMAT_VERSION,
        "revision": head,
        "exported_at": datetime.now(UTC).isoformat(),
        "tables": [table.name for table in exported_tables()],
    }
    out.write(_line(header))
    digests: dict[str, TableDigest] = {}
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            await _snapshot(connection)
            for table in exported_tables():
                digest = digests[table.name] = TableDigest()
                async for row in read_rows(connection, table):
                    digest.add(row)
                    out.write(_line({"table": table.name, "row": row}))
    finally:
        await engine.dispose()
    out.write(_line({"end": {name: digest.summary() for name, digest in digests.items()}}))
    return {name: digest.rows for name, digest in digests.items()}


async def _snapshot(connection: AsyncConnection) -> None:
    """Read every table from one moment, even while a bot keeps writing."""
    if connection.dialect.name == "postgresql":
        await connection.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"))
    else:
        # The SQLite driver opens no transaction for reads, so each SELECT would see its own
        # moment; an explicit one keeps a single WAL snapshot until the connection ends it.
        await connection.exec_driver_sql("BEGIN")


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


async def import_database(
    url: str, lines: Iterable[str], registry: Registry, *, replace: bool = False
) -> ImportReport:
    """Load an export into the database at ``url`` (given the schema first if it has none),
    in one transaction that commits only once the copy is proven."""
    rows = iter(lines)
    _check_header(next(rows, ""))
    revision = await current(url)
    if revision is None:
        await upgrade(url)
    elif revision != head_revision():
        raise TransferRefused(
            f"The database is at schema revision {revision}, not the latest "
            f"({head_revision()}): run `laager db upgrade` on it first. Nothing was changed."
        )
    engine = create_engine(url)
    try:
        async with engine.begin() as connection:
            await _make_room(connection, url, replace=replace)
            reading = await _insert_all(connection, rows)
            await _restart_identities(connection)
            await _compare_digests(connection, reading)
            replayed, rolls = await _replay_every_game(connection, registry)
    except IntegrityError:
        raise TransferRefused(
            "The export breaks a rule of the schema (a row twice, or a row whose parent row "
            "is missing), so it was not written by laager db export as it is; nothing was kept."
        ) from None
    finally:
        await engine.dispose()
    counts = {name: digest.rows for name, digest in reading.digests.items()}
    return ImportReport(counts, replayed, rolls)


def _check_header(line: str) -> None:
    try:
        header = json.loads(line)
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or FORMAT not in header:
        raise TransferRefused("This is not a laager export: its first line is not its header.")
    if header[FORMAT] != FORMAT_VERSION:
        raise TransferRefused(
            f"The export is in format {header[FORMAT]}; this version of laager reads "
            f"format {FORMAT_VERSION}."
        )
    if header.get("revision") != head_revision():
        raise TransferRefused(
            f"The export was written at schema revision {header.get('revision')}, and this "
            f"version of laager imports revision {head_revision()}: import it with the "
            "laager version that wrote it, upgrade that database, and export it again."
        )


async def _make_room(connection: AsyncConnection, url: str, *, replace: bool) -> None:
    counts = {table.name: await row_count(connection, table) for table in tables()}
    if not any(counts.values()):
        return
    if not replace:
        games = counts.get(Game.__tablename__, 0)
        others = sum(counts.values()) - games
        where = make_url(url).render_as_string(hide_password=True)
        raise TransferRefused(
            f"The database at {where} already holds {games} game(s) and {others} other "
            "row(s); importing into it would mix two histories. Import into an empty "
            "database, or pass --replace to delete everything in it first (in the same "
            "transaction, so a failed import leaves it as it was)."
        )
    for table in reversed(tables()):
        await connection.execute(delete(table))


async def _insert_all(connection: AsyncConnection, lines: Iterator[str]) -> _Reading:
    by_name = {table.name: table for table in exported_tables()}
    reading = _Reading({name: TableDigest() for name in by_name})
    batch: list[JsonRow] = []
    batch_table: Table | None = None
    for number, line in enumerate(lines, start=2):
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            entry = None
        if isinstance(entry, dict) and isinstance(entry.get("end"), dict):
            reading.declared = entry["end"]
            break
        if not isinstance(entry, dict) or not isinstance(entry.get("row"), dict):
            raise TransferRefused(f"Line {number} is not a row of a laager export.")
        table = by_name.get(entry.get("table"))
        if table is None:
            raise TransferRefused(f"Line {number} names no table of this schema.")
        if table is not batch_table or len(batch) >= INSERT_BATCH:
            await _insert(connection, batch_table, batch)
            batch, batch_table = [], table
        reading.digests[table.name].add(entry["row"])
        try:
            batch.append(from_json(table, entry["row"]))
        except ValueError as error:
            raise TransferRefused(f"Line {number}: {error}.") from None
    await _insert(connection, batch_table, batch)
    if reading.declared is None:
        raise TransferRefused("The export ends early: its end line is missing, so it is cut off.")
    if next(lines, None) is not None:
        raise TransferRefused("The export goes on after its end line.")
    return reading


async def _insert(connection: AsyncConnection, table: Table | None, rows: list[JsonRow]) -> None:
    if table is not None and rows:
        await connection.execute(insert(table), rows)


async def _restart_identities(connection: AsyncConnection) -> None:
    """PostgreSQL numbers new rows from a sequence that explicit ids do not advance."""
    if connection.dialect.name != "postgresql":
        return
    for table in tables():
        column = table.autoincrement_column
        if column is None:
            continue
        highest = (await connection.execute(select(func.max(column)))).scalar_one()
        await connection.execute(
            text("SELECT setval(pg_get_serial_sequence(:table, :column), :value, :called)"),
            {
                "table": table.name,
                "column": column.name,
                "value": highest or 1,
                "called": highest is not None,
            },
        )


async def _compare_digests(connection: AsyncConnection, reading: _Reading) -> None:
    declared = reading.declared or {}
    for table in exported_tables():
        expected = declared.get(table.name)
        if reading.digests[table.name].summary() != expected:
            raise TransferRefused(
                f"The rows of {table.name} in the file do not match the digest at its end "
                "(the file was changed or damaged after export)."
            )
        stored = TableDigest()
        async for row in read_rows(connection, table):
            stored.add(row)
        if stored.summary() != expected:
            raise TransferRefused(
                f"The {table.name} table read back from the database differs from the export "
                f"({stored.rows} rows stored, {expected['rows']} exported); nothing was kept."
            )


async def _replay_every_game(connection: AsyncConnection, registry: Registry) -> tuple[int, int]:
    """Replay every imported game from its seed and log; any difference refuses the import.

    Each replay must roll exactly the logged dice. Its end must equal the stored state too,
    except in a game still in progress stored by an older version of its system: upgrading
    such a state keeps the older code's wording of a pending choice, which a replay by
    today's code words anew (a finished game has no pending choice, so it is compared).
    """
    store = Store(async_sessionmaker(bind=connection, expire_on_commit=False))
    game_ids = (await connection.execute(select(Game.id).order_by(Game.id))).scalars().all()
    installed = {system.id for system in registry}
    rolls = 0
    for game_id in game_ids:
        game = await store.get_game(game_id)
        if game.system not in installed:
            raise TransferRefused(
                f"Game {game.id} is of the system {game.system!r}, which is not installed here, "
                "so it cannot be replayed: install it (EXTRA_SYSTEMS) and import again."
            )
        system = registry.get(game.system)
        report = audit(
            system,
            game,
            await store.events(game.id),
            state_must_match=game.status != "active"
            or game.state.get(VERSION_KEY, FIRST_VERSION) == system.state_version,
        )
        if not report.ok:
            raise TransferRefused(
                f"Game {game.id} (channel {game.channel_id}) does not replay to its stored "
                f"state after import: {report.problem} Nothing was kept."
            )
        rolls += report.rolls
    return len(game_ids), rolls
