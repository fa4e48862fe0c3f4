"""Whether the bot can speak on its own where an interaction came from.

Laager can be added to a server or installed to a user's account. Through a user's install,
its commands also work in group DMs and in servers that have not added it; there the bot is
no member: Discord lets it answer the interaction (the reply and follow-ups through the
interaction's webhook) but refuses it every channel route (403 Missing Access). The
interaction says where it came from: its context (server, the bot's DMs, a group DM) and the
installations that authorized it, a server's install naming that server.
"""

from __future__ import annotations

import discord

DM_CLOSED = 50007
"""Discord's error code for a user who does not accept DMs from the bot."""


def speaks_here(interaction: discord.Interaction) -> bool:
    """True in the bot's DMs and in a server that added it (where it may view and send in
    the channel); False where only a user's install reached: a group DM, or a server
    without the bot."""
    where = interaction.context
    if where.dm_channel:
        return True
    if where.private_channel:
        return False
    if where.guild:
        allowed = interaction.app_permissions
        return interaction.is_guild_integration() and allowed.view_channel and allowed.send_messages
    return True  # an interaction that names no context predates user installs: a member's
