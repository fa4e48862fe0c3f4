"""Carrying out an order picked from a component (a button or a menu) and posting the update:
the components call it, so it lives outside the cogs that send them."""

from __future__ import annotations

from bot.announce import post_update
from bot.interactions import Interaction, actor_of, place_of, refuse
from games.core.errors import LaagerError


async def choose(interaction: Interaction, game_id: int, position: str, key: str) -> None:
    """A button press: apply the order it stands for, if it still belongs to the position."""
    service = interaction.client.service
    try:
        update = await service.act(
            place_of(interaction),
            await actor_of(interaction),
            key=key,
            position=position,
            game_id=game_id,
        )
    except LaagerError as error:
        await refuse(interaction, error.message)
        return
    await post_update(interaction, update, retire_buttons=True)
