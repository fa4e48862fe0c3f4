"""Where each slash command may be used, and why (see bot.posting.places for what the two
choices mean). The shared commands are decided here; each system's folder decides its own
(``places`` in its pairing or toolkit).

- Solo-capable play (``/game``, and each system's own command group): every install, every
  context, so a player can fight the bot in its DMs, in a group DM or in a server that has
  not added it. What needs a second player or a server is refused there in plain words:
  two-player games and ``/game join`` (the bot could not tell the other player it is their
  turn), ``/game settings``, ``/game history``, ``/game seats``, ``/game seek`` and
  ``/game fork`` (a server's settings, records and games, and a thread of its own;
  Discord sets places per command, not per subcommand, so these say so themselves).
- Free dice (``/roll``, ``/rolls``): every install and context; they answer the one who asks.
- Server records (``/stats``): a server's install, in a server: the server's games and ratings.
- Campaigns (``/campaign``): a server's install, in a server: when a battle ends the bot posts
  the ledger and the next battle on its own, which it can do only where it is a member.
- Leagues (``/league``): a server's install, in a server, for the same reason: the bot opens
  the threads and posts each round by itself.
- A server's webhook (``/webhook``): a server's install, in a server: it belongs to the server.

A command named nowhere gets the server-only choice, the safe one: it may post in its
channel, which only a member can.

Only ``/webhook`` sets ``default_permissions`` (Manage Server), since every one of its
subcommands is for admins. Discord applies it to a whole top-level command, and each other
group holding an action for admins also holds what every player uses: ``/game settings``
beside ``/game order``, ``/house-rules set`` beside ``/house-rules list``. Those actions check
Manage Server, or the referee role or Manage Channels, themselves; so does ``/webhook``, as a
server may let others see it.
"""

from __future__ import annotations

from collections.abc import Mapping

from discord import app_commands

from bot.posting.pairing import Pairing
from bot.posting.places import ANYWHERE, SERVER_ONLY, Places
from bot.systems import installed

SHARED: dict[str, Places] = {
    "game": ANYWHERE,
    "roll": ANYWHERE,
    "rolls": ANYWHERE,
    "stats": SERVER_ONLY,
    "campaign": SERVER_ONLY,
    "league": SERVER_ONLY,
    "webhook": SERVER_ONLY,
}


def places(pairings: Mapping[str, Pairing]) -> dict[str, Places]:
    """Every command's places: the shared ones', then the toolkits' and the systems'."""
    return {**SHARED, **installed.places(pairings)}


def place_commands(tree: app_commands.CommandTree, pairings: Mapping[str, Pairing]) -> None:
    """Give every global command its installations and contexts before the sync."""
    decided = places(pairings)
    for command in tree.get_commands():
        installs, contexts = decided.get(command.name, SERVER_ONLY)
        command.allowed_installs = installs
        command.allowed_contexts = contexts
