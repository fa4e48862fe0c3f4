"""Where each slash command may be used, and why: the one place these choices are made.

Discord lets a command say which installations offer it (to a server, to a user's account)
and in which contexts (a server, the bot's DMs, group DMs). A user's install reaches places
where the bot is no member and can only answer the commands given to it (see bot.posting.reach).

- Solo-capable play (``/game``, ``/ramparts``, ``/laststand``, ``/zones``): every install,
  every context, so a player can fight the bot in its DMs, in a group DM or in a server that
  has not added it. What needs a second player or a server is refused there in plain words:
  two-player games and ``/game join`` (the bot could not tell the other player it is their
  turn), ``/game settings`` and ``/game history`` (a server's settings and records; Discord
  sets places per command, not per subcommand, so these two say so themselves).
- Free dice and the rule tables (``/roll``, ``/rolls``, ``/qref``, the ``/sotq-...``
  look-ups): every install and context; they answer the one who asks, and the tables fall
  back to the book where no server's house rules apply.
- Server records (``/stats``): a server's install, in a server: it counts the server's games.
- Campaigns (``/campaign``): a server's install, in a server: when a battle ends the bot posts
  the ledger and the next battle on its own, which it can do only where it is a member.
- The referee's table (``/roster``, ``/events``, ``/house-rules``): a server's install, in a
  server: a referee, known by the server's referee role or Manage Channels, keeps a table's
  units, event deck and house rules there for the players of that server.

A command not named here (one a game system's own cog adds) gets the server-only choice, the
safe one: it may post in its channel, which only a member can.
"""

from __future__ import annotations

from discord import app_commands

ANYWHERE = (
    app_commands.AppInstallationType(guild=True, user=True),
    app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True),
)
SERVER_ONLY = (
    app_commands.AppInstallationType(guild=True, user=False),
    app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False),
)

PLACES: dict[str, tuple[app_commands.AppInstallationType, app_commands.AppCommandContext]] = {
    "game": ANYWHERE,
    "ramparts": ANYWHERE,
    "laststand": ANYWHERE,
    "zones": ANYWHERE,
    "roll": ANYWHERE,
    "rolls": ANYWHERE,
    "qref": ANYWHERE,
    "sotq-army": ANYWHERE,
    "sotq-check": ANYWHERE,
    "sotq-fire": ANYWHERE,
    "sotq-morale": ANYWHERE,
    "sotq-move": ANYWHERE,
    "sotq-transport": ANYWHERE,
    "stats": SERVER_ONLY,
    "campaign": SERVER_ONLY,
    "roster": SERVER_ONLY,
    "events": SERVER_ONLY,
    "house-rules": SERVER_ONLY,
}


def place_commands(tree: app_commands.CommandTree) -> None:
    """Give every global command its installations and contexts before the sync."""
    for command in tree.get_commands():
        installs, contexts = PLACES.get(command.name, SERVER_ONLY)
        command.allowed_installs = installs
        command.allowed_contexts = contexts
