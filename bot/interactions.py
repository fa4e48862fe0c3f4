"""Who and where an interaction comes from, and how a refusal answers it: shared by the cogs
and by the components whose callbacks run outside any cog."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

import discord

from bot import errors
from bot.service import Actor, Place

Interaction = discord.Interaction["LaagerBot"]
T = TypeVar("T")
ANSWER_BUDGET = 2.0
"""Seconds of work before a command shows "thinking": Discord drops an interaction that is
not answered within three."""


def place_of(interaction: Interaction) -> Place:
    if interaction.channel_id is None:
        raise errors.BadInput("Games live in channels or threads; use this command in one.")
    return Place(interaction.guild_id, interaction.channel_id)


async def actor_of(interaction: Interaction) -> Actor:
    """The user, whether they are a referee here (Manage Channels or the referee role), and
    the interaction's id, which the game mixes into its dice."""
    user = interaction.user
    referee = bool(interaction.permissions.manage_channels)
    if not referee and interaction.guild_id and isinstance(user, discord.Member):
        settings = await interaction.client.store.guild_settings(interaction.guild_id)
        if settings.referee_role_id:
            referee = any(role.id == settings.referee_role_id for role in user.roles)
    return Actor(user.id, referee, interaction.id)


async def refuse(interaction: Interaction, message: str) -> None:
    """Answer with an ephemeral explanation, whether or not the interaction was answered."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


async def within_budget(interaction: Interaction, work: Awaitable[T]) -> T:
    """The result of work that usually answers at once (its refusals privately). If it
    outlasts ANSWER_BUDGET, "thinking" is shown meanwhile, and should the work then fail,
    the placeholder is removed so that the refusal still reaches the player alone."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=ANSWER_BUDGET)
    if done:
        return task.result()
    await interaction.response.defer(thinking=True)
    try:
        return await task
    except Exception:
        await interaction.delete_original_response()
        raise
