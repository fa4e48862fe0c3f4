"""Nudging the player whose move it is: when a game has sat idle, and before a turn deadline
runs out; and, when it has run out, the bot standing in (see :mod:`bot.play.deadlines`)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks
from discord.utils import format_dt

from bot.cogs.common import stop_loop
from bot.operations.logs import bind_game
from bot.operations.metrics import REMINDERS_SENT
from bot.play import deadlines
from bot.posting.announce import post_unprompted
from bot.posting.reach import DM_CLOSED
from bot.storage.records import GameRecord

if TYPE_CHECKING:
    from bot.posting.host import Host

log = logging.getLogger(__name__)


class Reminders(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.stand_ins = deadlines.StandIns()
        self.check.change_interval(minutes=bot.settings.reminder_check_minutes)
        self.check.start()

    async def cog_load(self) -> None:
        self.read_stand_ins.start()

    async def cog_unload(self) -> None:
        await stop_loop(self.check)
        await stop_loop(self.read_stand_ins)

    @tasks.loop(seconds=deadlines.StandIns.REFRESH_SECONDS)
    async def read_stand_ins(self) -> None:
        """Learn of the stand-ins other processes made (see deadlines.StandIns)."""
        try:
            await self.stand_ins.refresh(self.bot.service)
        except Exception:  # the next reading will do; a failed one must not stop the loop
            log.warning("could not read the channels with stand-ins", exc_info=True)

    @read_stand_ins.before_loop
    async def _connected(self) -> None:
        """No command arrives before the bot is connected, and its first reading comes then."""
        await self.bot.wait_until_ready()

    @tasks.loop(minutes=15)
    async def check(self) -> None:
        await self.remind_idle()
        await self.check_deadlines()

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
            since = format_dt(game.last_action_at, "R")
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

    async def remind_in_channel(self, game: GameRecord, users: list[int], since: str) -> None:
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        pings = " ".join(f"<@{u}>" for u in users)
        quiet = await self.bot.store.quiet_players(users)
        allowed = discord.AllowedMentions(
            users=[discord.Object(u) for u in users if u not in quiet]
        )
        await channel.send(
            f"{pings} - game {game.id} is waiting for your move (last move {since}). "
            "`/game status` shows your choices.",
            allowed_mentions=allowed,
        )

    async def remind_by_dm(self, game: GameRecord, users: list[int], since: str) -> None:
        for user_id in users:
            channel = await self.bot.create_dm(discord.Object(user_id))
            await channel.send(
                f"Game {game.id} in <#{game.channel_id}> is waiting for your move (last move "
                f"{since}). `/game status` there shows your choices."
            )

    async def check_deadlines(self) -> tuple[int, int]:
        """Send the reminders owed and let the bot stand in where a turn ran out; returns how
        many of each. Each is claimed in the database first, so two processes never both
        act on one; a failure on one game is logged and leaves the others to go on."""
        now = self.bot.service.clock()
        reminded = 0
        for reminder in await deadlines.reminders(self.bot.service, now):
            bind_game(reminder.game.id)
            for user in reminder.users:
                reminded += await self._remind_of_deadline(reminder, user)
        stood_in = 0
        for deadline in await self.bot.store.expired(now):
            bind_game(deadline.game_id)
            try:
                update = await deadlines.stand_in(self.bot.service, deadline)
                if update is not None:
                    self.stand_ins.note(update.game.channel_id)
                    await post_unprompted(self.bot, update)
                    stood_in += 1
            except Exception:
                log.exception("the bot could not stand in for game %s", deadline.game_id)
        return reminded, stood_in

    async def _remind_of_deadline(self, reminder: deadlines.Reminder, user: int) -> int:
        """DM the player whose turn runs out soon; in the channel if their DMs are closed."""
        game = reminder.game
        said = (
            f"your turn in {reminder.title} · game {game.id} runs out "
            f"{format_dt(reminder.due_at, 'R')} ({format_dt(reminder.due_at, 'f')}). "
            "If it does, the bot plays your side's current phase; `/game status` shows your "
            "choices."
        )
        try:
            dm = await self.bot.create_dm(discord.Object(user))
            await dm.send(f"**{reminder.title} · game {game.id}** in <#{game.channel_id}>: {said}")
        except discord.HTTPException as error:
            if error.code != DM_CLOSED:
                log.warning("could not remind %s of game %s", user, game.id, exc_info=True)
                return 0
            if not await self._remind_in_channel(game, user, f"{said} (I could not DM you.)"):
                return 0
        REMINDERS_SENT.inc()
        return 1

    async def _remind_in_channel(self, game: GameRecord, user: int, said: str) -> bool:
        """The reminder of a player whose DMs are closed, in the game's channel."""
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        quiet = await self.bot.store.quiet_players([user])
        allowed = discord.AllowedMentions(users=[] if user in quiet else [discord.Object(user)])
        try:
            await channel.send(f"<@{user}> {said}", allowed_mentions=allowed)
        except discord.HTTPException:
            log.warning("could not remind in channel %s", game.channel_id, exc_info=True)
            return False
        return True

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Hand a seat back the moment its player gives any command or order in its game."""
        if interaction.channel_id is None or interaction.type not in HANDS_BACK:
            return
        if interaction.channel_id not in self.stand_ins:  # known without asking the database
            return
        said = await deadlines.hand_back(
            self.bot.service, interaction.channel_id, interaction.user.id
        )
        if said is None:
            return
        channel = self.bot.get_partial_messageable(
            interaction.channel_id, guild_id=interaction.guild_id
        )
        try:
            await channel.send(said, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("could not say %s is back", interaction.user.id, exc_info=True)


HANDS_BACK = (
    discord.InteractionType.application_command,
    discord.InteractionType.component,
    discord.InteractionType.modal_submit,
)
"""What counts as acting: a command, a press or a form; an autocomplete is only typing."""


async def setup(bot: Host) -> None:
    await bot.add_cog(Reminders(bot))
