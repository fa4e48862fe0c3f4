"""Loggers that print message bodies or query data at DEBUG, kept above it whatever LOG_LEVEL says.

At DEBUG, discord.py logs every REST request and reply body (DMs, private panels, the
revealed seed) and every gateway event; aiosqlite logs each statement with its
parameters (a new game's seed); SQLAlchemy logs the rows it reads (the seed column).
Secrets must never reach a log, so these loggers drop their DEBUG records; the
engine also hides statement parameters (``hide_parameters``) from its INFO lines and
from error messages.
"""

from __future__ import annotations

import logging

BODY_LOGGERS = ("discord.http", "discord.gateway", "aiosqlite", "sqlalchemy.engine.Engine")


def drop_debug(record: logging.LogRecord) -> bool:
    """The filter on each body logger: only records above DEBUG pass."""
    return record.levelno > logging.DEBUG


def guard_logs() -> None:
    """Make the body-printing loggers drop DEBUG records (safe to call again)."""
    for name in BODY_LOGGERS:
        logging.getLogger(name).addFilter(drop_debug)
