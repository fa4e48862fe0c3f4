"""Where a slash command may be used: the installations that offer it (a server's, a user's
account) and the contexts (a server, the bot's DMs, group DMs). A user's install reaches
places where the bot is no member and can only answer the commands given to it (see
bot.posting.reach). Each command's choice, and why, is written where the command is paired
(bot.process.command_places for the shared ones, each system's ``pairing.py`` for its own).
"""

from __future__ import annotations

from discord import app_commands

Places = tuple[app_commands.AppInstallationType, app_commands.AppCommandContext]

ANYWHERE: Places = (
    app_commands.AppInstallationType(guild=True, user=True),
    app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True),
)
"""Every install and context: for what a player can do alone, or that answers only the one
who asks."""
SERVER_ONLY: Places = (
    app_commands.AppInstallationType(guild=True, user=False),
    app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False),
)
"""A server's install, in a server: for what posts on its own or keeps a server's records."""
