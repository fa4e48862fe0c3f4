"""The bot's log: one line per record, JSON for machines or plain text for people, each
carrying the guild, channel, shard and game it concerns.

Every library logs through the standard library; one handler on the root logger formats
all of it with structlog, so discord.py's and SQLAlchemy's lines get the same fields as the
bot's own. Ids are bound per task with :mod:`structlog.contextvars` (each interaction runs
in a task of its own), and :func:`bot.operations.log_guard.redact` is the last step before a line is
written.
"""

from __future__ import annotations

import logging
import sys
from typing import IO, TYPE_CHECKING, Literal

import structlog
from structlog.contextvars import bind_contextvars, clear_contextvars

from bot.operations.log_guard import redact

if TYPE_CHECKING:
    import discord

LogFormat = Literal["json", "text"]


def formatter(style: LogFormat) -> structlog.stdlib.ProcessorFormatter:
    """The formatter of the bot's handler: ids from the context, level, logger name, time,
    the ``extra`` fields of the call, the traceback, then redaction and rendering."""
    renderer = (
        structlog.processors.JSONRenderer()
        if style == "json"
        else structlog.dev.ConsoleRenderer(colors=False)
    )
    return structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=[
            structlog.contextvars.merge_contextvars,
            structlog.stdlib.add_log_level,
            structlog.stdlib.add_logger_name,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.stdlib.ExtraAdder(),
        ],
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.format_exc_info,
            redact,
            renderer,
        ],
    )


def configure_logging(level: str, style: LogFormat, stream: IO[str] | None = None) -> None:
    """Send every record at ``level`` and above to ``stream`` (stderr), formatted as
    ``style``; replaces the root logger's handlers."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(formatter(style))
    root = logging.getLogger()
    for old in root.handlers[:]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())


def shard_of(bot: discord.Client, guild_id: int | None) -> int:
    """The shard Discord routes a guild's events to (DMs come on shard 0)."""
    count = bot.shard_count or 1
    return 0 if guild_id is None else (guild_id >> 22) % count


def bind_interaction(interaction: discord.Interaction) -> None:
    """Start this interaction's task's log context: its guild, channel, shard and user."""
    clear_contextvars()
    bind_contextvars(
        interaction_id=interaction.id,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        shard_id=shard_of(interaction.client, interaction.guild_id),
        user_id=interaction.user.id,
    )


def bind_game(game_id: int) -> None:
    """Name the game the rest of this task's lines concern."""
    bind_contextvars(game_id=game_id)
