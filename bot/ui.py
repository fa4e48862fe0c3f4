"""Buttons whose custom ids carry everything needed, so they work after a restart."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.orders import choose
from bot.service import Update
from games.core.engine import position_id

if TYPE_CHECKING:
    from bot.app import LaagerBot

MAX_BUTTONS = 25


ACTION_ID = r"lg:(?P<game>\d+):(?P<position>[0-9a-f]+):(?P<key>[\w.-]+)"


class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=ACTION_ID):
    """A legal order of a position; stale once the game moves on from that position."""

    def __init__(
        self,
        game_id: int,
        position: str,
        key: str,
        label: str = "Order",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                custom_id=f"lg:{game_id}:{position}:{key}",
            )
        )
        self.game_id, self.position, self.key = game_id, position, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> ActionButton:
        label = item.label or "Order"
        return cls(int(match["game"]), match["position"], match["key"], label, item.style)

    async def callback(self, interaction: discord.Interaction[LaagerBot]) -> Any:
        await choose(interaction, self.game_id, self.position, self.key)


def choice_view(update: Update) -> discord.ui.View | None:
    """Buttons for the orders now open to the human players, if any fit on buttons."""
    if update.result:
        return None
    state = update.game.state
    human = {s.side for s in update.seats if s.user_id}
    sides = [s for s in update.system.to_act(state) if s in human]
    view = discord.ui.View(timeout=None)
    position = position_id(state)
    for side in sides:
        for choice in update.system.choices(state, side):
            if len(view.children) >= MAX_BUTTONS:
                break
            label = choice.label if len(sides) == 1 else f"{side}: {choice.label}"
            view.add_item(ActionButton(update.game.id, position, choice.key, label))
    return view if view.children else None
