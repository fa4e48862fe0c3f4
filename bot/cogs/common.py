"""What every cog shares."""

from __future__ import annotations

from discord.ext import commands


class LaagerCog(commands.Cog):
    """A cog of the bot. Its failing commands are answered by the bot's command tree
    (:class:`bot.interactions.AnsweringTree`): player-facing errors as ephemeral refusals,
    the rest as an apology with a logged error id, so no command leaves the player unanswered."""
