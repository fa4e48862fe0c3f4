"""What runs a hot-path statement: a session (SQLAlchemy's execution) or a transaction straight
on the driver (:mod:`bot.storage.driver_sql`). The storage code that writes an order takes
either, so it is written once and runs the cheaper way where it can."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from sqlalchemy import Executable
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.statements import run
from bot.storage.upserts import for_backend

T = TypeVar("T")


class Runner(Protocol):
    """Runs built statements (:mod:`bot.storage.statements`) inside one transaction."""

    def pick(self, choices: Mapping[str, T]) -> T:
        """Of a statement built per backend, this backend's."""
        ...

    async def one(self, statement: Executable, values: Mapping[str, Any]) -> Any:
        """The statement's first row (attributes by column name), or None."""
        ...

    async def run(self, statement: Executable, values: Mapping[str, Any]) -> None: ...

    async def many(self, statement: Executable, rows: Sequence[Mapping[str, Any]]) -> None:
        """The statement once for each row of values (the same columns in each)."""
        ...


class SessionRunner:
    """A :class:`Runner` on a session's connection, inside its transaction."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    def pick(self, choices: Mapping[str, T]) -> T:
        return for_backend(self.session, choices)

    async def one(self, statement: Executable, values: Mapping[str, Any]) -> Any:
        return (await run(self.session, statement, dict(values))).first()

    async def run(self, statement: Executable, values: Mapping[str, Any]) -> None:
        await run(self.session, statement, dict(values))

    async def many(self, statement: Executable, rows: Sequence[Mapping[str, Any]]) -> None:
        await run(self.session, statement, [dict(row) for row in rows])
