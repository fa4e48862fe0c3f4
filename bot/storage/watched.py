"""Whoever counts an engine's statements and commits (the metrics, the tests of an order's
cost) listens here, and hears both ways a statement runs: through SQLAlchemy's execution,
and straight on the driver (:mod:`bot.storage.driver_sql`)."""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.ext.asyncio import AsyncEngine

Ran = Callable[[str, float], None]
"""Told of a statement run: its SQL, and the seconds it took."""
Committed = Callable[[], None]
"""Told of a transaction committed."""


@dataclass
class Watchers:
    """An engine's listeners, with nothing to tell while the lists are empty."""

    ran: list[Ran] = field(default_factory=list)
    committed: list[Committed] = field(default_factory=list)

    def statement(self, sql: str, seconds: float) -> None:
        for listener in self.ran:
            listener(sql, seconds)

    def commit(self) -> None:
        for listener in self.committed:
            listener()


_WATCHERS: weakref.WeakKeyDictionary[Engine, Watchers] = weakref.WeakKeyDictionary()


def watchers(engine: AsyncEngine) -> Watchers:
    """The engine's listeners; the first call hooks them to SQLAlchemy's execution events."""
    sync = engine.sync_engine
    found = _WATCHERS.get(sync)
    if found is None:
        found = _WATCHERS[sync] = Watchers()
        _hook(sync, found)
    return found


def watch(engine: AsyncEngine, ran: Ran, committed: Committed) -> Callable[[], None]:
    """Tell ``ran`` of every statement the engine's work runs and ``committed`` of every
    commit; returns what stops telling them."""
    found = watchers(engine)
    found.ran.append(ran)
    found.committed.append(committed)

    def unwatch() -> None:
        found.ran.remove(ran)
        found.committed.remove(committed)

    return unwatch


def _hook(sync: Engine, found: Watchers) -> None:
    def before(_conn: Any, _cursor: Any, _sql: str, _params: Any, context: Any, _many: Any):
        context.laager_started = time.perf_counter()

    def after(_conn: Any, _cursor: Any, sql: str, _params: Any, context: Any, _many: Any):
        started = getattr(context, "laager_started", None)
        if started is not None:
            found.statement(sql, time.perf_counter() - started)

    event.listen(sync, "before_cursor_execute", before)
    event.listen(sync, "after_cursor_execute", after)
    event.listen(sync, "commit", lambda _conn: found.commit())
