"""Registering the slash commands at start, and saying plainly why Discord refused them.

Discord checks every command against its limits when the bot syncs them and refuses the
whole sync if one breaks a limit; the bot cannot start without its commands. discord.py's
``CommandSyncFailure`` already names each offending command, option and field from Discord's
error; a refusal that names no command (too many commands, say) keeps Discord's own words.
"""

from __future__ import annotations

import hashlib
import json
import logging
from datetime import UTC, datetime

import discord
from discord import app_commands

from bot.storage.command_syncs import CommandSyncs

log = logging.getLogger(__name__)

FIX = "Bring each command named within Discord's limits and start the bot again."


class CommandsRefused(Exception):
    """Discord refused the bot's slash commands, so the bot cannot start."""


async def sync_commands(
    tree: app_commands.CommandTree,
    guild: discord.Object | None,
    syncs: CommandSyncs,
    application_id: int | None,
) -> bool:
    """Sync the tree's commands (to one guild, or globally) unless the same commands were the
    last synced there, or raise CommandsRefused; whether it synced. Discord rate-limits
    syncs, and a restart rarely changes a command."""
    scope = "global" if guild is None else str(guild.id)
    digest = commands_digest(tree, guild, application_id)
    if await syncs.digest(scope) == digest:
        log.info("the slash commands are as last synced (%s); not syncing them again", scope)
        return False
    try:
        await tree.sync(guild=guild)
    except discord.HTTPException as error:
        raise CommandsRefused(refusal_message(error)) from None
    await syncs.synced(scope, digest, datetime.now(UTC))
    return True


def commands_digest(
    tree: app_commands.CommandTree, guild: discord.Object | None, application_id: int | None
) -> str:
    """A digest of the commands as a sync would send them, and of the application they
    belong to (a database shared by another bot is not taken for this one's)."""
    sent = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    text = json.dumps([application_id, sent], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def refusal_message(error: discord.HTTPException) -> str:
    """What Discord refused and why: discord.py's account of a ``CommandSyncFailure``, which
    names the commands, or Discord's own words for any other refusal."""
    if isinstance(error, app_commands.CommandSyncFailure):
        detail = [line for line in str(error).splitlines()[1:] if line.strip()]
    else:
        detail = [error.text.strip() or "no reason given"]
    return "\n".join(
        [
            f"Discord refused the bot's slash commands (HTTP {error.status}, "
            f"error code {error.code}), so the bot cannot start:",
            *detail,
            FIX,
        ]
    )
