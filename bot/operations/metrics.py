"""What the bot counts and times, as Prometheus metrics (scraped from ``/metrics``).

Counters and histograms are recorded where the work happens; the two gauges that need a
query (active games, outbox depth) are read when Prometheus scrapes, by :func:`refresh`.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from prometheus_client import Counter, Gauge, Histogram

LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
"""Seconds; 3 s is Discord's deadline for the first answer to an interaction."""
FAST_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)

COMMANDS = Counter(
    "laager_commands",
    "Slash commands and component presses handled, by command and outcome "
    "(ok, refused: the player was told why, error: the bot apologised), and by the shard "
    "it came on.",
    ["command", "outcome", "shard"],
)
COMMAND_SECONDS = Histogram(
    "laager_command_seconds",
    "Time from the bot receiving an interaction to its handler finishing, by command and shard.",
    ["command", "shard"],
    buckets=LATENCY_BUCKETS,
)
RENDER_SECONDS = Histogram(
    "laager_render_seconds",
    "Time to draw and encode one picture, by game system.",
    ["system"],
    buckets=FAST_BUCKETS,
)
DATABASE_SECONDS = Histogram(
    "laager_database_seconds",
    "Time the database took for one statement, by kind of statement.",
    ["statement"],
    buckets=FAST_BUCKETS,
)
DATABASE_COMMITS = Counter(
    "laager_database_commits",
    "Transactions committed (with the statements, what a command costs the database).",
)
OUTBOX_DEPTH = Gauge(
    "laager_outbox_depth", "Messages owed to Discord and not yet sent (read at scrape)."
)
ACTIVE_GAMES = Gauge("laager_active_games", "Games in play in the database (read at scrape).")
REMINDERS_SENT = Counter("laager_reminders_sent", "Reminders posted to idle games.")

STATEMENT_KINDS = frozenset({"select", "insert", "update", "delete"})
Count = Callable[[], Awaitable[int]]
"""A number read from the database when Prometheus scrapes."""


def command_started(extras: dict[Any, Any], name: str, shard: int) -> None:
    """Note on an interaction's ``extras`` when its handling began, under which name, and
    on which shard it came."""
    extras.setdefault("metrics_started", time.perf_counter())
    extras.setdefault("metrics_command", name)
    extras.setdefault("metrics_shard", str(shard))


def command_finished(extras: dict[Any, Any], outcome: str) -> float | None:
    """Count the command once with its outcome and time it; returns the seconds taken, or
    None if it was not started or already counted."""
    started = extras.pop("metrics_started", None)
    if started is None:
        return None
    name = extras.get("metrics_command", "?")
    seconds = time.perf_counter() - started
    shard = extras.get("metrics_shard", "0")
    COMMANDS.labels(name, outcome, shard).inc()
    COMMAND_SECONDS.labels(name, shard).observe(seconds)
    return seconds


def statement_ran(statement: str, seconds: float) -> None:
    """Time one statement, into DATABASE_SECONDS (told by :mod:`bot.storage.watched`)."""
    DATABASE_SECONDS.labels(statement_kind(statement)).observe(seconds)


def committed() -> None:
    """Count one commit (told by :mod:`bot.storage.watched`)."""
    DATABASE_COMMITS.inc()


def statement_kind(statement: str) -> str:
    """select, insert, update or delete; "other" for the rest (pragmas, locks, DDL)."""
    words = statement.split(None, 1)
    kind = words[0].lower() if words else ""
    return kind if kind in STATEMENT_KINDS else "other"


async def refresh(active_games: Count, outbox_depth: Count) -> None:
    """Read the gauges that live in the database, just before a scrape (the storage counts
    them: operations sit below storage and import none of it)."""
    ACTIVE_GAMES.set(await active_games())
    OUTBOX_DEPTH.set(await outbox_depth())
