"""Discord permission bits the sandbox needs, and how a member's total is computed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from discord import Permissions

from bot.sandbox.models import SandboxError

BITS_BY_NAME: Mapping[str, int] = Permissions.VALID_FLAGS
"""Every permission by discord.py's name for it (manage_guild, manage_channels, ...)."""

CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

ALL_PERMISSIONS = (1 << 53) - 1

EVERYONE_DEFAULT = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)

BOT_DEFAULT = (
    EVERYONE_DEFAULT
    | MANAGE_CHANNELS
    | MANAGE_ROLES
    | MANAGE_MESSAGES
    | MANAGE_THREADS
    | CREATE_PRIVATE_THREADS
    | MENTION_EVERYONE
)

DM_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
)


def combine(grants: Iterable[int]) -> int:
    """OR together role and member grants; administrator means every permission."""
    total = 0
    for grant in grants:
        total |= grant
    return ALL_PERMISSIONS if total & ADMINISTRATOR else total


def apply_grants(current: int, grants: Mapping[str, bool]) -> int:
    """Turn named permissions on (True) or off (False) in a bit set."""
    for name, wanted in grants.items():
        bit = BITS_BY_NAME.get(name)
        if bit is None:
            raise SandboxError(f"no permission called {name!r}; e.g. manage_guild, manage_channels")
        current = current | bit if wanted else current & ~bit
    return current
