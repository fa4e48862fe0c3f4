"""Plain immutable values exchanged with the storage layer, so callers never hold ORM objects."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, TypedDict

GameStatus = Literal["active", "finished", "aborted"]
ClosedStatus = Literal["finished", "aborted"]


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    system: str
    scenario: str
    mode: str
    options: dict[str, Any]
    status: GameStatus
    state: dict[str, Any]
    version: int
    seed: str = field(repr=False)
    seed_commitment: str
    dice_cursor: int
    creator_id: int
    result: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime
    last_action_at: datetime
    reminded_at: datetime | None
    outbox_id: int | None = None
    """The outbox row written with the change that returned this record, if one was."""
    post_id: int | None = None
    """The channel post carrying the game's buttons as this record was read (None: none)."""
    post_picture: str | None = None
    """The fingerprint of the last map posted, as this record was read."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    game_id: int
    side: str
    user_id: int | None
    is_bot: bool
    joined_at: datetime


@dataclass(frozen=True, slots=True)
class EventRecord:
    game_id: int
    seq: int
    kind: str
    actor_id: int | None
    side: str | None
    action: dict[str, Any]
    dice: list[dict[str, Any]]
    public_text: str
    private: dict[str, str] | None
    created_at: datetime
    contributions: list[str] = field(default_factory=list)
    """Players' contributions to the dice fixed by this entry, in order (see games.core.dice)."""


@dataclass(frozen=True, slots=True)
class GuildSettingsRecord:
    """A guild's settings; None means the bot-wide default applies."""

    guild_id: int
    referee_role_id: int | None
    reminder_hours: float | None
    updated_at: datetime | None
    ratings: bool = False
    """Whether finished two-player games between people here are rated."""


class GuildSettingsChanges(TypedDict, total=False):
    """The guild settings a caller may change; absent keys keep their current value."""

    referee_role_id: int | None
    reminder_hours: float
    ratings: bool


@dataclass(frozen=True, slots=True)
class RollRecord:
    id: int
    guild_id: int | None
    channel_id: int
    user_id: int
    expression: str
    result_text: str
    total: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class NewGame:
    """Everything needed to open a game at version 1 (finished at once if the bot won it)."""

    guild_id: int | None
    channel_id: int
    system: str
    scenario: str
    mode: str
    creator_id: int
    state: Mapping[str, Any]
    seed: str = field(repr=False)
    seed_commitment: str
    options: Mapping[str, Any] = field(default_factory=dict)
    dice_cursor: int = 0
    status: GameStatus = "active"
    result: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class ForkOrigin:
    """Where a what-if game starts: a finished game, and the position after how many of its
    logged steps, named by its public phase."""

    parent_id: int
    steps: int
    label: str


@dataclass(frozen=True, slots=True)
class NewSeat:
    side: str
    user_id: int | None
    is_bot: bool = False


@dataclass(frozen=True, slots=True)
class NewEvent:
    """A log entry to append; its `seq` is assigned by the store."""

    kind: str
    public_text: str = ""
    actor_id: int | None = None
    side: str | None = None
    action: Mapping[str, Any] = field(default_factory=dict)
    dice: Sequence[Mapping[str, Any]] = ()
    private: Mapping[str, str] | None = None
    contributions: Sequence[str] = ()


@dataclass(frozen=True, slots=True)
class EncodedState:
    """A game's state as storage keeps it, with its JSON text already made (by the engine's
    worker, so the bot's event loop need not encode it): ``text`` is stored as it is, and
    the record returned holds ``state`` rather than reading the text back."""

    state: dict[str, Any]
    text: str
