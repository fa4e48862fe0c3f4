"""The things a sandboxed Discord holds: users, roles, channels, messages, violations."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Literal

from bot.sandbox import rendering

EPHEMERAL = 1 << 6
LOADING = 1 << 7

JSON = dict[str, Any]


class SandboxError(Exception):
    """A driver call that cannot be carried out (unknown command, no such button, ...)."""


class SandboxTimeout(SandboxError):
    """The bot did not finish handling something within the configured timeout."""


class ChannelType(IntEnum):
    """Discord channel types the sandbox models."""

    GUILD_TEXT = 0
    DM = 1
    GROUP_DM = 3
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12


@dataclass(frozen=True)
class SandboxUser:
    """A Discord user; players are added by tests, the bot user exists from the start."""

    id: int
    name: str
    bot: bool = False

    def __str__(self) -> str:
        return self.name


@dataclass
class SandboxRole:
    """A guild role; its id equals the guild id for @everyone."""

    id: int
    name: str
    permissions: int
    position: int


@dataclass
class SandboxMember:
    """A user's membership in the sandbox guild."""

    user: SandboxUser
    joined_at: str
    role_ids: list[int] = field(default_factory=list)
    granted: int = 0
    """Permissions given to the member directly (set_permissions), on top of their roles."""


@dataclass
class SandboxChannel:
    """A guild text channel, a thread in one, or a DM channel with one user."""

    id: int
    name: str
    type: ChannelType
    position: int = 0
    parent_id: int | None = None
    recipient: SandboxUser | None = None
    last_message_id: int | None = None
    members: tuple[SandboxUser, ...] = ()
    """The people in a group DM."""
    outside_guild_id: int | None = None
    """For a channel of a server that has not added the bot: that server's id."""
    guild_id: int | None = None
    """The guild the channel belongs to; None for a DM."""
    hidden_from: set[int] = field(default_factory=set)
    """Members denied View Channel here by a permission overwrite of their own."""

    @property
    def is_dm(self) -> bool:
        return self.type is ChannelType.DM

    @property
    def is_group_dm(self) -> bool:
        return self.type is ChannelType.GROUP_DM

    @property
    def bot_absent(self) -> bool:
        """The bot is no member here (a group DM, or a server without it): it can only answer
        interactions, never read or post by itself."""
        return self.is_group_dm or self.outside_guild_id is not None

    @property
    def is_thread(self) -> bool:
        return self.type in (ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD)


@dataclass(frozen=True)
class Attachment:
    """A file attached to a message, with its bytes."""

    id: int
    filename: str
    content_type: str
    data: bytes
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass(frozen=True)
class MessageVersion:
    """What a message showed at one point in time; edits push the old version to history."""

    content: str
    embeds: list[JSON]
    components: list[JSON]
    attachments: list[Attachment]
    flags: int
    edited_timestamp: str | None


@dataclass(frozen=True)
class InteractionMetadata:
    """Which interaction produced a message (Discord's message.interaction_metadata)."""

    id: int
    type: int
    user: SandboxUser
    name: str | None = None
    interacted_message_id: int | None = None
    original_response_message_id: int | None = None
    triggering: InteractionMetadata | None = None
    """For modal submits: the interaction that opened the modal."""
    owners: dict[str, str] = field(default_factory=dict)
    """The installations that authorized the interaction (authorizing_integration_owners)."""


@dataclass(eq=False)
class Message:
    """A message the bot (or a player) produced, as players would see it."""

    id: int
    channel_id: int
    author_id: int
    author_name: str
    where: str
    """Where it shows up: "channel #general", "DM to alice" or "ephemeral to alice"."""
    timestamp: str
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    guild_id: int | None = None
    recipient: SandboxUser | None = None
    """The DM recipient or the only user who sees an ephemeral message."""
    message_type: int = 0
    interaction: InteractionMetadata | None = None
    webhook_id: int | None = None
    edited_timestamp: str | None = None
    history: list[MessageVersion] = field(default_factory=list)
    deleted: bool = False
    pinged: list[int] = field(default_factory=list)
    """Users notified when the message was delivered in a guild channel (edits never ping)."""
    nonce: str | None = None
    """The nonce the message was created with, if any."""

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "thinking..." placeholder nobody has filled yet."""
        return bool(self.flags & LOADING)

    @property
    def edited(self) -> bool:
        return bool(self.history)

    def version(self) -> MessageVersion:
        return MessageVersion(
            content=self.content,
            embeds=list(self.embeds),
            components=list(self.components),
            attachments=list(self.attachments),
            flags=self.flags,
            edited_timestamp=self.edited_timestamp,
        )

    def visible_to(self, user: SandboxUser) -> bool:
        return self.recipient is None or self.recipient.id == user.id

    def text(self) -> str:
        """The message rendered plainly: content, embeds, components and files."""
        return rendering.render_message(
            self.content, self.embeds, self.components, self.attachments
        )

    def __repr__(self) -> str:
        return f"<Message {self.id} {self.where}: {self.content[:40]!r}>"


@dataclass(frozen=True)
class MessageEvent:
    """One change to the message log, in the order it happened."""

    kind: Literal["created", "edited", "deleted"]
    message: Message
    version: MessageVersion


@dataclass(frozen=True)
class Violation:
    """A request that broke Discord's API contract, an interaction the bot left unanswered,
    or a route the sandbox lacks."""

    method: str
    path: str
    error: str
    source: Literal["request", "response", "route", "interaction"] = "request"

    def __str__(self) -> str:
        return f"{self.method} {self.path}: {self.error}"
