"""Where a command may be used: installations (to a server or to a user's account) and
interaction contexts, as Discord's user-installable apps define them.

A global command lists the installations it supports (``integration_types``: 0 GUILD_INSTALL,
1 USER_INSTALL) and the places it can be used (``contexts``: 0 GUILD, 1 BOT_DM,
2 PRIVATE_CHANNEL, the last being group DMs and DMs between users). Discord's client offers a
command only where its context is listed and one of its installations is present: a server
install in that server (or in the bot's DMs), a user install anywhere its user goes. Every
interaction then names the installations that authorized it (``authorizing_integration_owners``:
the server's id, "0" for the bot's DMs, or the user's id), and outside the bot's servers the
app's permissions are only those of an interaction reply.
"""

from __future__ import annotations

from typing import Any

from bot.sandbox import permissions
from bot.sandbox.models import JSON, SandboxChannel, SandboxUser
from bot.sandbox.state import SandboxState

GUILD_INSTALL, USER_INSTALL = 0, 1
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
INTEGRATION_TYPES = (GUILD_INSTALL, USER_INSTALL)
CONTEXTS = (GUILD, BOT_DM, PRIVATE_CHANNEL)
DEFAULT_INTEGRATION_TYPES = (GUILD_INSTALL,)
"""An app installable only to servers (the sandbox's default) gives its commands that."""
DEFAULT_CONTEXTS = (GUILD, BOT_DM)
"""What a command registered with ``contexts`` null gets, as observed on Discord."""
CONTEXT_NAMES = {GUILD: "a server", BOT_DM: "the bot's DMs", PRIVATE_CHANNEL: "a group DM"}

REPLY_PERMISSIONS = (
    permissions.ATTACH_FILES | permissions.EMBED_LINKS | permissions.MENTION_EVERYONE
)
"""app_permissions in a DM or group DM, and where the bot is no member: what its interaction
replies may carry (Discord's documented set)."""
BOT_DM_PERMISSIONS = REPLY_PERMISSIONS | permissions.USE_EXTERNAL_EMOJIS


def integration_types(definition: JSON) -> tuple[int, ...]:
    found = definition.get("integration_types")
    return tuple(found) if isinstance(found, list) and found else DEFAULT_INTEGRATION_TYPES


def contexts(definition: JSON) -> tuple[int, ...]:
    found = definition.get("contexts")
    if isinstance(found, list) and found:
        return tuple(found)
    if definition.get("dm_permission") is False:
        return (GUILD,)
    return DEFAULT_CONTEXTS


def field_errors(definition: JSON) -> dict[str, Any]:
    """Discord's errors for ``integration_types`` and ``contexts`` values it does not know."""
    errors: dict[str, Any] = {}
    for field, allowed in (("integration_types", INTEGRATION_TYPES), ("contexts", CONTEXTS)):
        values = definition.get(field)
        if not isinstance(values, list):
            continue
        bad = {
            str(index): {"_errors": [_not_enum(value)]}
            for index, value in enumerate(values)
            if isinstance(value, bool) or value not in allowed
        }
        if bad:
            errors[field] = bad
    return errors


def _not_enum(value: Any) -> JSON:
    return {"code": "ENUM_TYPE_COERCE", "message": f'Value "{value}" is not a valid enum value.'}


def context_of(channel: SandboxChannel) -> int:
    if channel.is_dm:
        return BOT_DM
    if channel.is_group_dm:
        return PRIVATE_CHANNEL
    return GUILD


def authorizing_owners(
    state: SandboxState, types: tuple[int, ...], channel: SandboxChannel, user: SandboxUser
) -> dict[str, str]:
    """The installations that let ``user`` use a command of these types in ``channel``."""
    owners: dict[str, str] = {}
    if GUILD_INSTALL in types:
        if channel.is_dm:
            owners[str(GUILD_INSTALL)] = "0"
        elif not channel.bot_absent:
            owners[str(GUILD_INSTALL)] = str(state.guild_of(channel))
    if USER_INSTALL in types and user.id in state.user_installs:
        owners[str(USER_INSTALL)] = str(user.id)
    return owners


def unavailable(
    state: SandboxState, definition: JSON, channel: SandboxChannel, user: SandboxUser
) -> str | None:
    """Why Discord's client would not offer this command to ``user`` here, or None."""
    name = f"/{definition.get('name')}"
    where = context_of(channel)
    if where not in contexts(definition):
        return f"{name} cannot be used in {CONTEXT_NAMES[where]} (its contexts leave it out)"
    if not authorizing_owners(state, integration_types(definition), channel, user):
        if USER_INSTALL in integration_types(definition):
            return (
                f"{name} is not offered here: the bot is not here and {user.name} has not "
                "installed the app"
            )
        return f"{name} is not offered here: it needs the app installed in a server the bot is in"
    return None


def app_permissions(state: SandboxState, channel: SandboxChannel) -> int:
    if channel.is_dm:
        return BOT_DM_PERMISSIONS
    if channel.bot_absent:
        return REPLY_PERMISSIONS
    return state.member_permissions(state.bot_user)
