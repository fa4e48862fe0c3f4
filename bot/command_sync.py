"""Registering the slash commands at start, and saying plainly why Discord refused them.

Discord checks every command against its limits when the bot syncs them and refuses the
whole sync if one breaks a limit; the bot cannot start without its commands. discord.py's
``CommandSyncFailure`` already names each offending command, option and field from Discord's
error; a refusal that names no command (too many commands, say) keeps Discord's own words.
"""

from __future__ import annotations

import discord
from discord import app_commands

FIX = "Bring each command named within Discord's limits and start the bot again."


class CommandsRefused(Exception):
    """Discord refused the bot's slash commands, so the bot cannot start."""


async def sync_commands(tree: app_commands.CommandTree, guild: discord.Object | None) -> None:
    """Sync the tree's commands (to one guild, or globally), or raise CommandsRefused."""
    try:
        await tree.sync(guild=guild)
    except discord.HTTPException as error:
        raise CommandsRefused(refusal_message(error)) from None


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
