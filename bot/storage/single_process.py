"""One process per SQLite database, held by an OS lock for the life of the process.

SQLite serves one writer at a time and its file locks do not make several bot processes
safe (each keeps games, buttons and reminders of its own in memory, and their writes
would wait on each other until they time out). Several processes need PostgreSQL; a second
``laager run`` on the same SQLite file stops at once and says so. The lock is released by
the operating system whenever the process ends, even by SIGKILL, so a crash never leaves
a stale lock behind.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

from sqlalchemy.engine import make_url


class DatabaseInUse(RuntimeError):
    """Another process already runs the bot on this SQLite database."""


def lock_path(database_url: str) -> Path | None:
    """The lock file beside a SQLite database; None for PostgreSQL or an in-memory one."""
    url = make_url(database_url)
    database = url.database
    if url.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    return Path(f"{database}.process-lock")


def hold_database(database_url: str) -> IO[str] | None:
    """Take the database's process lock and return the open file that holds it (keep it
    open for as long as the process runs), or raise DatabaseInUse."""
    path = lock_path(database_url)
    if path is None:
        return None
    handle = path.open("a+")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        handle.close()
        raise DatabaseInUse(
            f"Another laager process ({holder}) is already running on the SQLite database "
            f"{path.with_suffix('')} (lock file {path}). SQLite serves one process; to run "
            "several processes (one per set of shards), point DATABASE_URL at PostgreSQL."
        ) from None
    handle.truncate(0)
    handle.write(f"pid {os.getpid()}\n")
    handle.flush()
    return handle
