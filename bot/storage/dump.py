"""Every table's rows as plain JSON objects, read generically from the models' metadata (so
a table added later is included, unless it is named in :data:`UNEXPORTED`), and a digest of
a table's contents that a SQLite and a PostgreSQL database holding the same rows agree on."""

from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncIterator, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Column, DateTime, Table, func, select
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.types import TypeDecorator

from bot.storage.models import Base

JsonRow = dict[str, Any]

READ_BATCH = 500
"""Rows fetched from the database at a time, so a long log never sits in memory whole."""


UNEXPORTED = frozenset({"webhooks", "webhook_deliveries", "webhook_games"})
"""Tables an export leaves out: a webhook's signing secret never leaves the database it was
made in, and what a hook is owed or was told means nothing without the hook. After a move,
each server sets its webhook again."""


def tables() -> list[Table]:
    """Every table of the schema, each after the tables it refers to."""
    return list(Base.metadata.sorted_tables)


def exported_tables() -> list[Table]:
    """The tables an export holds, in the order of :func:`tables`."""
    return [table for table in tables() if table.name not in UNEXPORTED]


def to_json(table: Table, row: Mapping[str, Any]) -> JsonRow:
    """One row as a JSON object: timestamps as ISO 8601 text, everything else as it is."""
    return {column.name: _json_value(row[column.name]) for column in table.columns}


def from_json(table: Table, data: Mapping[str, Any]) -> JsonRow:
    """The row for an INSERT; refuses a row whose columns are not exactly the table's."""
    names = {column.name for column in table.columns}
    if set(data) != names:
        missing, unknown = sorted(names - set(data)), sorted(set(data) - names)
        raise ValueError(
            f"a row of {table.name} does not fit the table: missing {missing or 'nothing'}, "
            f"unknown {unknown or 'nothing'}"
        )
    return {column.name: _column_value(column, data[column.name]) for column in table.columns}


def _json_value(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def _column_value(column: Column[Any], value: Any) -> Any:
    if value is not None and _holds_timestamps(column):
        return datetime.fromisoformat(value)
    return value


def _holds_timestamps(column: Column[Any]) -> bool:
    kind = column.type
    if isinstance(kind, TypeDecorator):
        kind = kind.impl_instance
    return isinstance(kind, DateTime)


class TableDigest:
    """A fingerprint of a table's rows in any order: the sum, modulo 2**256, of each row's
    SHA-256 over its canonical JSON. Order-free, so each backend may return rows as it
    sorts them (their collations differ); any changed, lost or extra row changes it."""

    MODULUS = 2**256

    def __init__(self) -> None:
        self.rows = 0
        self._sum = 0

    def add(self, row: JsonRow) -> None:
        canonical = json.dumps(row, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        self._sum = (self._sum + int(hashlib.sha256(canonical.encode()).hexdigest(), 16)) % (
            self.MODULUS
        )
        self.rows += 1

    @property
    def hexdigest(self) -> str:
        return f"{self._sum:064x}"

    def summary(self) -> dict[str, Any]:
        return {"rows": self.rows, "digest": self.hexdigest}


async def read_rows(connection: AsyncConnection, table: Table) -> AsyncIterator[JsonRow]:
    """Every row of ``table`` as JSON, in primary-key order."""
    statement = select(table).order_by(*table.primary_key.columns)
    result = await connection.stream(statement.execution_options(yield_per=READ_BATCH))
    async for row in result.mappings():
        yield to_json(table, row)


async def row_count(connection: AsyncConnection, table: Table) -> int:
    return int((await connection.execute(select(func.count()).select_from(table))).scalar_one())
