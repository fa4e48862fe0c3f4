"""What every cog shares."""

from __future__ import annotations

import asyncio
from contextlib import suppress
from typing import Any

from discord import app_commands
from discord.ext import commands, tasks

from games.core.levels import LEVELS


class LaagerCog(commands.Cog):
    """A cog of the bot. Its failing commands are answered by the bot's command tree
    (:class:`bot.posting.interactions.AnsweringTree`): player-facing errors as ephemeral refusals,
    the rest as an apology with a logged error id, so no command leaves the player unanswered."""


async def stop_loop(loop: tasks.Loop[Any]) -> None:
    """Cancel a cog's background loop and wait until it has unwound. The bot closes its
    database right after unloading its cogs; a loop cancelled mid-query but not awaited
    would then roll back on a closed connection and never finish."""
    loop.cancel()
    task = loop.get_task()
    if task is not None and task is not asyncio.current_task():
        with suppress(asyncio.CancelledError):
            await task


LEVEL_HELP = "How well the bot plays: by the book (the rules' own opponent) or strong"
LEVEL_CHOICES = [app_commands.Choice(name=words, value=key) for key, words in LEVELS.items()]
"""The ``level`` choice of every command that starts a game with the bot in it."""
