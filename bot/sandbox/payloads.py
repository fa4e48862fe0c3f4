"""JSON shapes of sandbox objects as Discord's REST API and gateway send them."""

from __future__ import annotations

from urllib.parse import quote

from bot.sandbox import permissions
from bot.sandbox.models import (
    JSON,
    Attachment,
    ChannelType,
    InteractionMetadata,
    Message,
    SandboxChannel,
    SandboxMember,
    SandboxRole,
    SandboxUser,
)
from bot.sandbox.state import SandboxState


def user_payload(user: SandboxUser) -> JSON:
    payload: JSON = {
        "id": str(user.id),
        "username": user.name,
        "global_name": None if user.bot else user.name,
        "discriminator": "0",
        "avatar": None,
        "public_flags": 0,
        "flags": 0,
        "primary_guild": None,
    }
    if user.bot:
        payload["bot"] = True
    return payload


def current_user_payload(user: SandboxUser) -> JSON:
    """GET /users/@me: the user plus the fields only its owner sees."""
    return user_payload(user) | {
        "mfa_enabled": False,
        "locale": "en-US",
        "verified": True,
        "email": None,
        "bot": True,
    }


def role_payload(role: SandboxRole) -> JSON:
    return {
        "id": str(role.id),
        "name": role.name,
        "permissions": str(role.permissions),
        "position": role.position,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "icon": None,
        "unicode_emoji": None,
        "flags": 0,
    }


def member_payload(member: SandboxMember, *, with_user: bool = True) -> JSON:
    payload: JSON = {
        "roles": [str(role_id) for role_id in member.role_ids],
        "joined_at": member.joined_at,
        "nick": None,
        "avatar": None,
        "banner": None,
        "premium_since": None,
        "communication_disabled_until": None,
        "pending": False,
        "flags": 0,
        "deaf": False,
        "mute": False,
    }
    if with_user:
        payload["user"] = user_payload(member.user)
    return payload


def interaction_member_payload(
    state: SandboxState, user: SandboxUser, *, outside: bool = False
) -> JSON:
    """The member object in an interaction, which carries the member's total permissions; in a
    server without the bot the member has only @everyone's (the sandbox models no roles there)."""
    payload = member_payload(state.members[user.id])
    if outside:
        payload["roles"] = []
        payload["permissions"] = str(permissions.EVERYONE_DEFAULT)
    else:
        payload["permissions"] = str(state.member_permissions(user))
    return payload


def channel_payload(state: SandboxState, channel: SandboxChannel) -> JSON:
    last_message = str(channel.last_message_id) if channel.last_message_id else None
    if channel.is_dm:
        assert channel.recipient is not None
        return {
            "id": str(channel.id),
            "type": int(ChannelType.DM),
            "flags": 0,
            "last_message_id": last_message,
            "recipients": [user_payload(channel.recipient)],
        }
    if channel.is_group_dm:
        return {
            "id": str(channel.id),
            "type": int(ChannelType.GROUP_DM),
            "flags": 0,
            "name": channel.name,
            "icon": None,
            "owner_id": str(channel.members[0].id),
            "last_message_id": last_message,
            "recipients": [user_payload(u) for u in channel.members],
        }
    payload: JSON = {
        "id": str(channel.id),
        "type": int(channel.type),
        "guild_id": str(state.guild_of(channel)),
        "name": channel.name,
        "position": channel.position,
        "flags": 0,
        "parent_id": str(channel.parent_id) if channel.parent_id else None,
        "last_message_id": last_message,
        "rate_limit_per_user": 0,
    }
    if channel.is_thread:
        payload |= {
            "owner_id": str(state.bot_user.id),
            "thread_metadata": {
                "archived": False,
                "archive_timestamp": state.clock.timestamp_of(channel.id),
                "auto_archive_duration": 10080,
                "locked": False,
            },
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
        }
    else:
        hidden = [
            {"id": str(user), "type": 1, "allow": "0", "deny": str(permissions.VIEW_CHANNEL)}
            for user in sorted(channel.hidden_from)
        ]
        payload |= {"topic": None, "nsfw": False, "permission_overwrites": hidden}
    return payload


def interaction_channel_payload(
    state: SandboxState, channel: SandboxChannel, user: SandboxUser
) -> JSON:
    """The channel object in an interaction, with the invoking user's permissions in it."""
    if channel.is_dm or channel.is_group_dm:
        grant = permissions.DM_PERMISSIONS
    elif channel.outside_guild_id is not None:
        grant = permissions.EVERYONE_DEFAULT
    else:
        grant = state.member_permissions(user)
    return channel_payload(state, channel) | {"permissions": str(grant)}


def guild_create_payload(state: SandboxState, guild_id: int | None = None) -> JSON:
    guild_id = guild_id or state.guild_id
    members = list(state.members.values())
    return {
        "id": str(guild_id),
        "name": state.guilds[guild_id],
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(state.owner.id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "system_channel_id": str(state.guild_defaults[guild_id].id),
        "system_channel_flags": 0,
        "features": [],
        "emojis": [],
        "stickers": [],
        "roles": [role_payload(role) for role in state.guild_roles(guild_id)],
        "channels": [channel_payload(state, c) for c in state.guild_channels(guild_id)],
        "threads": [channel_payload(state, t) for t in state.threads(guild_id)],
        "members": [member_payload(member) for member in members],
        "member_count": len(members),
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "large": False,
        "unavailable": False,
        "joined_at": state.members[state.bot_user.id].joined_at,
        "application_id": None,
    }


def attachment_payload(state: SandboxState, channel_id: int, attachment: Attachment) -> JSON:
    url = (
        f"{state.attachment_base_url}/attachments/{channel_id}/{attachment.id}/"
        f"{quote(attachment.filename)}"
    )
    payload: JSON = {
        "id": str(attachment.id),
        "filename": attachment.filename,
        "size": attachment.size,
        "url": url,
        "proxy_url": url,
        "content_type": attachment.content_type,
    }
    if attachment.description:
        payload["description"] = attachment.description
    return payload


def message_payload(state: SandboxState, message: Message) -> JSON:
    author = state.users.get(message.author_id) or state.bot_user
    payload: JSON = {
        "id": str(message.id),
        "type": message.message_type,
        "channel_id": str(message.channel_id),
        "author": user_payload(author),
        "content": message.content,
        "timestamp": message.timestamp,
        "edited_timestamp": message.edited_timestamp,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [
            attachment_payload(state, message.channel_id, a) for a in message.attachments
        ],
        "embeds": message.embeds,
        "components": message.components,
        "pinned": False,
        "flags": message.flags,
    }
    if message.webhook_id is not None:
        payload["webhook_id"] = str(message.webhook_id)
        payload["application_id"] = str(state.application_id)
    if message.interaction is not None:
        payload["interaction_metadata"] = interaction_metadata_payload(state, message.interaction)
    return payload


def interaction_metadata_payload(state: SandboxState, link: InteractionMetadata) -> JSON:
    metadata: JSON = {
        "id": str(link.id),
        "type": link.type,
        "user": user_payload(link.user),
        "authorizing_integration_owners": dict(link.owners),
    }
    if link.interacted_message_id is not None:
        metadata["interacted_message_id"] = str(link.interacted_message_id)
    if link.original_response_message_id is not None:
        metadata["original_response_message_id"] = str(link.original_response_message_id)
    if link.triggering is not None:
        metadata["triggering_interaction_metadata"] = interaction_metadata_payload(
            state, link.triggering
        )
    return metadata


def gateway_message_payload(state: SandboxState, message: Message) -> JSON:
    """MESSAGE_CREATE/UPDATE carry guild_id (and the author's member) on top of the REST shape."""
    payload = message_payload(state, message)
    if message.guild_id is not None:
        payload["guild_id"] = str(message.guild_id)
        member = state.members.get(message.author_id)
        if member is not None:
            payload["member"] = member_payload(member, with_user=False)
    return payload
