"""Threads the bot opens for games of their own (a what-if game, a league's pairing): public,
in the channel a command was given in (or that thread's channel), kept open a week idle."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.play import errors
from games.core.text import shorten

if TYPE_CHECKING:
    from bot.posting.host import Host

NAME_LIMIT = 100
"""Discord's longest thread name."""
IDLE_ARCHIVE = 10080
"""Minutes without a message before Discord archives the thread (its longest, a week)."""
NO_THREADS = (
    "Laager may not open a thread here. It needs Create Public Threads and Send Messages "
    "in Threads in this channel; a server manager can grant them."
)
NOT_TEXT = "Laager opens games' threads in text channels only; use this command in one."


async def open_thread(bot: Host, channel_id: int, name: str) -> discord.Thread:
    """A new public thread named ``name`` (whole words), beside the channel's other threads
    when ``channel_id`` is itself a thread."""
    channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
    if isinstance(channel, discord.Thread):
        channel = channel.parent or await bot.fetch_channel(channel.parent_id)
    if not isinstance(channel, discord.TextChannel):
        raise errors.BadInput(NOT_TEXT)
    try:
        return await channel.create_thread(
            name=shorten(name, NAME_LIMIT),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=IDLE_ARCHIVE,
        )
    except discord.Forbidden as refused:
        raise errors.BadInput(NO_THREADS) from refused


async def close_thread(thread: discord.Thread) -> None:
    """Take back a thread opened for a game that was then refused, so no empty one stays."""
    try:
        await thread.delete()
    except discord.HTTPException:
        await thread.edit(archived=True, locked=True)
