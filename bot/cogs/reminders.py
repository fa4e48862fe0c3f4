"""Nudging the player whose move it is when a game has sat idle."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.logs import bind_game
from bot.metrics import REMINDERS_SENT
from bot.storage import GameRecord

if TYPE_CHECKING:
    from bot.app import LaagerBot

log = logging.getLogger(__name__)


class Reminders(commands.Cog):
    def __init__(self, bot: LaagerBot) -> None:
        self.bot = bot
        self.check.change_interval(minutes=bot.settings.reminder_check_minutes)
        self.check.start()

    async def cog_unload(self) -> None:
        self.check.cancel()

    @tasks.loop(minutes=15)
    async def check(self) -> None:
        await self.remind_idle()

    @check.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    async def remind_idle(self) -> int:
        """Post one reminder per idle game; returns how many were sent. Where the bot cannot
        post by itself (a group DM, a server that has not added it) each player is reminded
        by DM instead."""
        sent = 0
        for game, users in await self.bot.service.idle_reminders(self.bot.settings.reminder_hours):
            bind_game(game.id)
            since = int(game.last_action_at.timestamp())
            try:
                if self.speaks_in(game.guild_id):
                    await self.remind_in_channel(game, users, since)
                else:
                    await self.remind_by_dm(game, users, since)
                sent += 1
                REMINDERS_SENT.inc()
            except discord.HTTPException:
                log.warning("could not remind in channel %s", game.channel_id, exc_info=True)
        return sent

    def speaks_in(self, guild_id: int | None) -> bool:
        """Whether the bot can post in a game's channel on its own: in a server it is in. A
        game outside servers is in its DMs or in a group DM; a DM reaches the player either
        way, and is the only way into a group DM."""
        return guild_id is not None and self.bot.get_guild(guild_id) is not None

    async def remind_in_channel(self, game: GameRecord, users: list[int], since: int) -> None:
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        pings = " ".join(f"<@{u}>" for u in users)
        quiet = await self.bot.store.quiet_players(users)
        allowed = discord.AllowedMentions(
            users=[discord.Object(u) for u in users if u not in quiet]
        )
        await channel.send(
            f"{pings} - game {game.id} is waiting for your move (last move <t:{since}:R>). "
            "`/game status` shows your choices.",
            allowed_mentions=allowed,
        )

    async def remind_by_dm(self, game: GameRecord, users: list[int], since: int) -> None:
        for user_id in users:
            channel = await self.bot.create_dm(discord.Object(user_id))
            await channel.send(
                f"Game {game.id} in <#{game.channel_id}> is waiting for your move (last move "
                f"<t:{since}:R>). `/game status` there shows your choices."
            )


async def setup(bot: LaagerBot) -> None:
    await bot.add_cog(Reminders(bot))
