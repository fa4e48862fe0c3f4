"""What every cog shares: who and where a command comes from, and how refusals are shown."""

from __future__ import annotations

import logging

from discord import app_commands
from discord.ext import commands

from bot.context import Interaction, actor_of, place_of, refuse
from games.core.errors import LaagerError

__all__ = ["Interaction", "LaagerCog", "actor_of", "place_of", "refuse"]

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
