"""Persistence for games, their logs, guild settings and dice rolls."""

from bot.storage.db import create_engine, current, downgrade, session_factory, upgrade
from bot.storage.errors import ActiveGameExists, GameNotFound, StaleVersion, StorageError
from bot.storage.records import (
    ClosedStatus,
    EventRecord,
    GameRecord,
    GameStatus,
    GuildSettingsChanges,
    GuildSettingsRecord,
    NewEvent,
    NewGame,
    NewSeat,
    RollRecord,
    SeatRecord,
)
from bot.storage.repository import Store

__all__ = [
    "ActiveGameExists",
    "ClosedStatus",
    "EventRecord",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "GuildSettingsChanges",
    "GuildSettingsRecord",
    "NewEvent",
    "NewGame",
    "NewSeat",
    "RollRecord",
    "SeatRecord",
    "StaleVersion",
    "StorageError",
    "Store",
    "create_engine",
    "current",
    "downgrade",
    "session_factory",
    "upgrade",
]
