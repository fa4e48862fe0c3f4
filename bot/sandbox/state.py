"""The sandbox's guilds, its users, channels and messages, and the log of message changes.

The first guild is the default one; more can be added so that a sharded bot sees guilds on
different shards. Every user is a member of every guild, with the same roles.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from bot.sandbox import permissions
from bot.sandbox.models import (
    EPHEMERAL,
    JSON,
    Attachment,
    ChannelType,
    InteractionMetadata,
    Message,
    MessageEvent,
    SandboxChannel,
    SandboxError,
    SandboxMember,
    SandboxRole,
    SandboxUser,
)
from bot.sandbox.nonces import Nonces
from bot.sandbox.snowflakes import SnowflakeClock

UserRef = SandboxUser | str | int
ChannelRef = SandboxChannel | str | int
RoleRef = SandboxRole | str | int


@dataclass
class MessageChanges:
    """Fields a create or edit request sets; None means "leave as it is"."""

    content: str | None = None
    embeds: list[JSON] | None = None
    components: list[JSON] | None = None
    flags: int | None = None
    attachments: list[Attachment] | None = None
    pings: list[int] | None = None
    """Users the content notifies under the request's ``allowed_mentions``."""


class SandboxState:
    """Everything the fake Discord knows about: guilds, members, channels and messages."""

    def __init__(self, clock: SnowflakeClock, *, bot_name: str = "Laager") -> None:
        self.clock = clock
        self.guild_id = clock.next_id()
        self.guild_name = "Laager Sandbox"
        self.guilds: dict[int, str] = {self.guild_id: self.guild_name}
        """Every guild the bot is in, by id, with its name (the first is the default)."""
        self.bot_user = SandboxUser(clock.next_id(), bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.users: dict[int, SandboxUser] = {}
        self.members: dict[int, SandboxMember] = {}
        self.roles: dict[int, SandboxRole] = {
            self.guild_id: SandboxRole(
                self.guild_id, "@everyone", permissions.EVERYONE_DEFAULT, position=0
            )
        }
        self.channels: dict[int, SandboxChannel] = {}
        self.messages: dict[int, Message] = {}
        self.events: list[MessageEvent] = []
        self.dm_channels: dict[int, int] = {}
        self.closed_dms: set[int] = set()
        self.user_installs: set[int] = set()
        """Users who installed the app to their own account."""
        self.outside_guilds: dict[int, str] = {}
        """Servers that have not added the bot, by id: their name."""
        self.nonces = Nonces()
        self.attachments: dict[int, Attachment] = {}
        self.listeners: list[Callable[[MessageEvent], None]] = []
        self.attachment_base_url = ""
        self._add_member(self.bot_user, granted=permissions.BOT_DEFAULT)
        self.owner = self.add_user("server-owner")
        self.members[self.owner.id].granted = permissions.ADMINISTRATOR
        self.default_channel = self.add_channel("general")
        self.guild_defaults: dict[int, SandboxChannel] = {self.guild_id: self.default_channel}
        """Each guild's first channel (its system channel)."""

    # guilds

    def add_guild(self, name: str) -> int:
        """A further guild with its own #general; returns its id."""
        guild_id = self.clock.next_id()
        self.guilds[guild_id] = name
        self.guild_defaults[guild_id] = self.add_channel("general", guild_id=guild_id)
        return guild_id

    def guild_roles(self, guild_id: int) -> list[SandboxRole]:
        """A guild's roles: its own @everyone (whose id is the guild's), then the shared ones."""
        everyone = self.roles[self.guild_id]
        own = SandboxRole(guild_id, everyone.name, everyone.permissions, position=0)
        return [own, *(role for role in self.roles.values() if role.id != self.guild_id)]

    # users, roles, members

    def add_user(self, name: str) -> SandboxUser:
        if any(user.name == name for user in self.users.values()):
            raise SandboxError(f"a user named {name!r} already exists")
        user = SandboxUser(self.clock.next_id(), name)
        self._add_member(user)
        return user

    def _add_member(self, user: SandboxUser, *, granted: int = 0) -> None:
        self.users[user.id] = user
        self.members[user.id] = SandboxMember(user, joined_at=self.clock.now(), granted=granted)

    def user(self, ref: UserRef) -> SandboxUser:
        """Look a user up by object, id or name (names are what tests and scripts use)."""
        if isinstance(ref, SandboxUser):
            ref = ref.id
        if isinstance(ref, int) or (isinstance(ref, str) and ref.isdigit()):
            found = self.users.get(int(ref))
        else:
            found = next((u for u in self.users.values() if u.name == ref.lstrip("@")), None)
        if found is None:
            raise SandboxError(f"no such user: {ref!r}")
        return found

    def add_role(self, name: str, *, granted: int = 0) -> SandboxRole:
        role = SandboxRole(self.clock.next_id(), name, granted, position=len(self.roles))
        self.roles[role.id] = role
        return role

    def role(self, ref: RoleRef) -> SandboxRole:
        if isinstance(ref, SandboxRole):
            return ref
        if isinstance(ref, int) or ref.isdigit():
            found = self.roles.get(int(ref))
        else:
            found = next((r for r in self.roles.values() if r.name == ref.lstrip("@")), None)
        if found is None:
            raise SandboxError(f"no such role: {ref!r}")
        return found

    def give_role(self, user: UserRef, role: RoleRef) -> None:
        member = self.members[self.user(user).id]
        role_id = self.role(role).id
        if role_id not in member.role_ids:
            member.role_ids.append(role_id)

    def member_permissions(self, user: SandboxUser) -> int:
        member = self.members[user.id]
        if user.id == self.owner.id:
            return permissions.ALL_PERMISSIONS
        grants = [self.roles[self.guild_id].permissions, member.granted]
        grants.extend(self.roles[role_id].permissions for role_id in member.role_ids)
        return permissions.combine(grants)

    # channels

    def add_channel(self, name: str, *, guild_id: int | None = None) -> SandboxChannel:
        name = name.lstrip("#")
        channel = SandboxChannel(
            self.clock.next_id(),
            name,
            ChannelType.GUILD_TEXT,
            position=len(self.channels),
            guild_id=guild_id or self.guild_id,
        )
        self.channels[channel.id] = channel
        return channel

    def add_thread(self, parent: ChannelRef, name: str, *, private: bool = False) -> SandboxChannel:
        parent_channel = self.channel(parent)
        kind = ChannelType.PRIVATE_THREAD if private else ChannelType.PUBLIC_THREAD
        thread = SandboxChannel(
            self.clock.next_id(),
            name,
            kind,
            parent_id=parent_channel.id,
            guild_id=parent_channel.guild_id,
        )
        self.channels[thread.id] = thread
        return thread

    def add_group_dm(self, name: str, members: list[SandboxUser]) -> SandboxChannel:
        """A group DM among users; the bot is never in one."""
        group = SandboxChannel(
            self.clock.next_id(), name.lstrip("#"), ChannelType.GROUP_DM, members=tuple(members)
        )
        self.channels[group.id] = group
        return group

    def add_outside_channel(self, guild_name: str, name: str) -> SandboxChannel:
        """A text channel in a server that has not added the bot (the server is made on first
        use of its name)."""
        guild_id = next((g for g, n in self.outside_guilds.items() if n == guild_name), None)
        if guild_id is None:
            guild_id = self.clock.next_id()
            self.outside_guilds[guild_id] = guild_name
        channel = SandboxChannel(
            self.clock.next_id(), name.lstrip("#"), ChannelType.GUILD_TEXT, guild_id=guild_id
        )
        channel.outside_guild_id = guild_id
        self.channels[channel.id] = channel
        return channel

    def guild_of(self, channel: SandboxChannel) -> int | None:
        """The server a channel belongs to: one of the bot's, another server, or none."""
        if channel.is_dm or channel.is_group_dm:
            return None
        return channel.guild_id

    def channel(self, ref: ChannelRef) -> SandboxChannel:
        """Look a channel up by object, id or name ("general" or "#general")."""
        if isinstance(ref, SandboxChannel):
            return ref
        if isinstance(ref, int) or ref.isdigit():
            found = self.channels.get(int(ref))
        else:
            name = ref.lstrip("#")
            found = next(
                (c for c in self.channels.values() if c.name == name and not c.is_dm), None
            )
        if found is None:
            raise SandboxError(f"no such channel: {ref!r}")
        return found

    def guild_channels(self, guild_id: int | None = None) -> list[SandboxChannel]:
        wanted = guild_id or self.guild_id
        return [
            c
            for c in self.channels.values()
            if c.type is ChannelType.GUILD_TEXT and c.guild_id == wanted
        ]

    def threads(self, guild_id: int | None = None) -> list[SandboxChannel]:
        wanted = guild_id or self.guild_id
        return [c for c in self.channels.values() if c.is_thread and c.guild_id == wanted]

    def dm_channel(self, user: SandboxUser) -> SandboxChannel:
        """The DM channel between the bot and a user, opened on first use."""
        channel_id = self.dm_channels.get(user.id)
        if channel_id is None:
            channel = SandboxChannel(self.clock.next_id(), f"dm-{user.name}", ChannelType.DM)
            channel.recipient = user
            self.channels[channel.id] = channel
            self.dm_channels[user.id] = channel.id
            return channel
        return self.channels[channel_id]

    # messages

    def post(
        self,
        channel: SandboxChannel,
        author: SandboxUser,
        changes: MessageChanges,
        *,
        ephemeral_to: SandboxUser | None = None,
        message_type: int = 0,
        interaction: InteractionMetadata | None = None,
        webhook_id: int | None = None,
    ) -> Message:
        flags = changes.flags or 0
        if ephemeral_to is not None:
            flags |= EPHEMERAL
        else:
            flags &= ~EPHEMERAL
        recipient = ephemeral_to or channel.recipient
        message_id = self.clock.next_id()
        message = Message(
            id=message_id,
            channel_id=channel.id,
            author_id=author.id,
            author_name=author.name,
            where=self.describe_location(channel, ephemeral_to),
            timestamp=self.clock.timestamp_of(message_id),
            content=changes.content or "",
            embeds=changes.embeds or [],
            components=changes.components or [],
            attachments=changes.attachments or [],
            flags=flags,
            guild_id=self.guild_of(channel),
            recipient=recipient,
            message_type=message_type,
            interaction=interaction,
            webhook_id=webhook_id,
        )
        if ephemeral_to is None and self.guild_of(channel) is not None:
            message.pinged = list(changes.pings or [])
        self.messages[message.id] = message
        if ephemeral_to is None:
            channel.last_message_id = message.id
        self._record("created", message)
        return message

    def edit(self, message: Message, changes: MessageChanges) -> Message:
        if message.loading and changes.pings is not None and not message.ephemeral:
            # filling a "thinking" placeholder delivers the message, so its mentions notify
            message.pinged = list(changes.pings)
        message.history.append(message.version())
        if changes.content is not None:
            message.content = changes.content
        if changes.embeds is not None:
            message.embeds = changes.embeds
        if changes.components is not None:
            message.components = changes.components
        if changes.attachments is not None:
            message.attachments = changes.attachments
        if changes.flags is not None:
            keep = message.flags & EPHEMERAL
            message.flags = (changes.flags & ~EPHEMERAL) | keep
        message.edited_timestamp = self.clock.timestamp_of(self.clock.next_id())
        self._record("edited", message)
        return message

    def delete(self, message: Message) -> None:
        message.deleted = True
        self._record("deleted", message)

    def new_attachment(
        self,
        filename: str,
        data: bytes,
        content_type: str | None = None,
        description: str | None = None,
    ) -> Attachment:
        """Store an uploaded file so it can be attached to messages and downloaded by URL."""
        guessed = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        attachment = Attachment(
            self.clock.next_id(), filename, content_type or guessed, data, description
        )
        self.attachments[attachment.id] = attachment
        return attachment

    def message(self, message_id: int | str) -> Message | None:
        found = self.messages.get(int(message_id)) if str(message_id).isdigit() else None
        return None if found is None or found.deleted else found

    def describe_location(self, channel: SandboxChannel, ephemeral_to: SandboxUser | None) -> str:
        if ephemeral_to is not None:
            return f"ephemeral to {ephemeral_to.name}"
        if channel.recipient is not None:
            return f"DM to {channel.recipient.name}"
        if channel.is_thread:
            return f"thread #{channel.name}"
        if channel.is_group_dm:
            return f"group DM {channel.name}"
        if channel.outside_guild_id is not None:
            return f"channel #{channel.name} in {self.outside_guilds[channel.outside_guild_id]}"
        return f"channel #{channel.name}"

    def _record(self, kind: Literal["created", "edited", "deleted"], message: Message) -> None:
        event = MessageEvent(kind, message, message.version())
        self.events.append(event)
        for listener in list(self.listeners):
            listener(event)
