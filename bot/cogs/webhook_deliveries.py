"""The webhook loop: sends what servers' webhooks are owed (bot.posting.webhook_sender), woken
as soon as events are queued, and otherwise when the next retry is due. A process where no
server has a hook asks the database nothing."""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from bot.cogs.common import stop_loop
from bot.posting.webhook_events import webhooks_of
from bot.posting.webhook_sender import WebhookSender

if TYPE_CHECKING:
    from bot.posting.host import Host

log = logging.getLogger(__name__)

CHECK_SECONDS = 30.0
"""The longest the loop waits while any server has a hook: what another process queued, or
left held when it died, is found this soon."""
PRUNE_EVERY = timedelta(hours=1)


class WebhookDeliveries(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        settings = bot.settings
        self.sender = WebhookSender(
            webhooks_of(bot),
            allow_private=settings.webhook_allow_private,
            first_retry=settings.webhook_retry_seconds,
        )
        self.pruned: datetime | None = None
        self.deliver.start()

    async def cog_unload(self) -> None:
        await stop_loop(self.deliver)
        await self.sender.close()

    @tasks.loop()
    async def deliver(self) -> None:
        queued = self.bot.webhooks_queued
        queued.clear()
        wait: float | None = CHECK_SECONDS
        try:
            if await self.bot.hooked.any():
                await self.sender.send_due()
                await self.prune()
                wait = await self.sender.wait(CHECK_SECONDS)
            else:
                wait = None  # nothing to send until a hook is set and an event queued
        except Exception:
            log.exception("webhook deliveries failed; trying again shortly")
        with suppress(TimeoutError):
            async with asyncio.timeout(wait):
                await queued.wait()

    @deliver.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    async def prune(self) -> None:
        now = datetime.now(UTC)
        if self.pruned is not None and now - self.pruned < PRUNE_EVERY:
            return
        self.pruned = now
        pruned = await self.sender.webhooks.prune(now)
        if pruned:
            log.info("pruned %s old webhook deliveries", pruned)


async def setup(bot: Host) -> None:
    await bot.add_cog(WebhookDeliveries(bot))
