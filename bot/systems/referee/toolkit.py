"""The referee's table on the bot: its cogs, and where their commands work.

- The rule tables (``/qref``, the ``/sotq-...`` look-ups): every install and context; they
  answer the one who asks, and fall back to the book where no server's house rules apply.
- The table itself (``/roster``, ``/events``, ``/house-rules``): a server's install, in a
  server: a referee, known by the server's referee role or Manage Channels, keeps a table's
  units, event deck and house rules there for the players of that server.
"""

from __future__ import annotations

from bot.posting.pairing import Toolkit
from bot.posting.places import ANYWHERE, SERVER_ONLY

TOOLKIT = Toolkit(
    cogs=tuple(
        f"bot.systems.referee.{name}"
        for name in (
            "sotq_fire",
            "sotq_morale",
            "sotq_move",
            "sotq_checks",
            "sotq_transport",
            "sotq_army",
            "qref",
            "events",
            "roster",
            "house_rules",
        )
    ),
    places={
        "qref": ANYWHERE,
        "sotq-army": ANYWHERE,
        "sotq-check": ANYWHERE,
        "sotq-fire": ANYWHERE,
        "sotq-morale": ANYWHERE,
        "sotq-move": ANYWHERE,
        "sotq-transport": ANYWHERE,
        "roster": SERVER_ONLY,
        "events": SERVER_ONLY,
        "house-rules": SERVER_ONLY,
    },
)
