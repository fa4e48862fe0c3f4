"""What every cog shares: who and where a command comes from, and how refusals are shown."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.service import Actor, Place
from games.core.errors import LaagerError

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)

Interaction = discord.Interaction["LaagerBot"]


def place_of(interaction: Interaction) -> Place:
    if interaction.channel_id is None:
        raise errors.BadInput("Games live in channels or threads; use this command in one.")
    return Place(interaction.guild_id, interaction.channel_id)


async def actor_of(interaction: Interaction) -> Actor:
    """The user, whether they are a referee here (Manage Channels or the referee role), and
    the interaction's id, which the game mixes into its dice."""
    user = interaction.user
    referee = bool(interaction.permissions.manage_channels)
    if not referee and interaction.guild_id and isinstance(user, discord.Member):
        settings = await interaction.client.store.guild_settings(interaction.guild_id)
        if settings.referee_role_id:
            referee = any(role.id == settings.referee_role_id for role in user.roles)
    return Actor(user.id, referee, interaction.id)


async def refuse(interaction: Interaction, message: str) -> None:
    """Answer with an ephemeral explanation, whether or not the interaction was answered."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


class LaagerCog(commands.Cog):
    """A cog whose player-facing errors come back as ephemeral refusals, and the rest as an
    apology (logged), so a failed command never leaves the player without an answer."""

    async def cog_app_command_error(
        self, interaction: Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, LaagerError):
            await refuse(interaction, original.message)
            return
        log.exception("command %s failed", interaction.command, exc_info=original)
        await refuse(interaction, "Something went wrong on my side; nothing was changed.")
