"""What every cog shares: player-facing errors answered as refusals, the rest apologised for."""

from __future__ import annotations

import logging

from discord import app_commands
from discord.ext import commands

from bot.interactions import Interaction, refuse
from games.core.errors import LaagerError

log = logging.getLogger(__name__)


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
