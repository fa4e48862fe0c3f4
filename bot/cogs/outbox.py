"""The outbox worker: sends what committed orders still owe (their sender crashed or
another process died holding them), and on start brings stale game posts up to date."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.cogs.common import stop_loop
from bot.posting.outbox_sender import refresh_stale, send_owed

if TYPE_CHECKING:
    from bot.posting.host import Host

log = logging.getLogger(__name__)


class OutboxWorker(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.started = False
        self.since = datetime.now(UTC)
        self.check.change_interval(seconds=bot.settings.outbox_check_seconds)
        self.check.start()

    async def cog_unload(self) -> None:
        await stop_loop(self.check)

    @tasks.loop(seconds=5)
    async def check(self) -> None:
        if not self.started:
            await self.take_over()
        await self.send_due()
        if not self.started:
            self.started = True
            await refresh_stale(self.bot)

    async def take_over(self) -> None:
        """On start, send at once what the process that held these shards before claimed and
        died holding: after a kill, its rows would otherwise wait out their lease, and after
        kills in a row, one lease after every restart."""
        settings = self.bot.settings
        sole = self.bot.engine.dialect.name == "sqlite" or settings.shard_ids is None
        count = settings.shard_count
        shards = None if sole or count is None else (settings.shard_ids or [], count)
        taken = await self.bot.outbox.take_over(self.since, settings.outbox_lease_seconds, shards)
        if taken:
            log.info("took over %s owed messages claimed before the restart", taken)

    @check.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    async def send_due(self) -> int:
        """Claim and send every row whose lease ran out; returns how many were sent. A row
        that fails stays claimed until its lease runs out, then is tried again, unless
        Discord forbids the post outright."""
        sent = 0
        lease = self.bot.settings.outbox_lease_seconds
        while rows := await self.bot.outbox.claim_due(lease):
            for row in rows:
                try:
                    await send_owed(self.bot, row)
                except discord.Forbidden:
                    # the bot may not post there (a place reached through a user's install,
                    # or a channel it lost access to): no retry can succeed
                    log.warning("outbox row %s cannot be posted; given up", row.id)
                    await self.bot.outbox.mark_sent(row.id)
                except Exception:
                    log.exception("could not send outbox row %s", row.id)
                    return sent
                sent += 1
        return sent


async def setup(bot: Host) -> None:
    await bot.add_cog(OutboxWorker(bot))
