"""Long lists shown a page at a time, with Previous and Next buttons that only the person who
asked may press, taken off the message once they stop being useful."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.posting.interactions import Interaction

Page = Callable[[int], Awaitable[discord.Embed]]
"""Draws page ``n`` (from 0) as an embed."""

PAGER_SECONDS = 600.0
"""How long the buttons work; then they are taken off and the page shown stays."""
log = logging.getLogger(__name__)


class Pager(discord.ui.View):
    """Previous and Next over ``pages`` pages, for the asker alone."""

    def __init__(self, owner_id: int, pages: int, draw: Page) -> None:
        super().__init__(timeout=PAGER_SECONDS)
        self.owner_id, self.pages, self.draw = owner_id, pages, draw
        self.page = 0
        self.message: discord.Message | discord.WebhookMessage | None = None
        self._mark()

    def _mark(self) -> None:
        self.previous.disabled = self.page == 0
        self.next.disabled = self.page >= self.pages - 1

    async def interaction_check(self, interaction: Interaction) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        await interaction.response.send_message(
            "Only the person who asked for this list can turn its pages; ask for your own "
            "with the same command.",
            ephemeral=True,
        )
        return False

    async def _turn(self, interaction: Interaction, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))
        self._mark()
        embed = await self.draw(self.page)
        await interaction.response.edit_message(embed=embed, view=self)

    @discord.ui.button(label="Previous", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: Interaction, button: discord.ui.Button) -> None:
        await self._turn(interaction, -1)

    @discord.ui.button(label="Next", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: Interaction, button: discord.ui.Button) -> None:
        await self._turn(interaction, 1)

    async def on_timeout(self) -> None:
        """Retire the buttons: pressed after this, they would answer nothing."""
        if self.message is None:
            return
        try:
            await self.message.edit(view=None)
        except discord.HTTPException:
            log.info("could not retire the page buttons of message %s", self.message.id)


async def send_pages(interaction: Interaction, pages: int, draw: Page) -> None:
    """Answer with the first page, and page buttons if there is more than one."""
    embed = await draw(0)
    if pages <= 1:
        await interaction.followup.send(embed=embed)
        return
    pager = Pager(interaction.user.id, pages, draw)
    pager.message = await interaction.followup.send(embed=embed, view=pager, wait=True)


def page_count(items: int, per_page: int) -> int:
    return max(1, -(-items // per_page))
