"""The 15 minutes in which the bot may still change a post it made as an interaction's answer.

Where the bot is no member, it can touch its own posts only through the webhook of the
interaction that made them, and Discord refuses that webhook 15 minutes after the interaction
(401 Invalid Webhook Token). So each game remembers the interaction behind its newest post
and when it came; past the window (less a margin, since the bot learns of an interaction a
little after Discord made it) the bot sends nothing through it, and tells the player instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

import discord

TOKEN_LIFETIME = timedelta(minutes=15)
MARGIN = timedelta(minutes=1)
CLOSED = (
    "I can no longer change my earlier post here: where Laager is not a member, Discord lets "
    "it touch its answers only for 15 minutes after each command. Its buttons may still show "
    "but no longer act; this post shows the game as it stands."
)


@dataclass(frozen=True)
class Window:
    webhook: discord.Webhook
    opened: datetime


class ReplyWindows:
    """Per game: the webhook of the interaction that made its newest post, while it works."""

    def __init__(self, clock: Callable[[], datetime]) -> None:
        self._clock = clock
        self._by_game: dict[int, Window] = {}

    def note(self, game_id: int, interaction: discord.Interaction) -> None:
        """The game's newest post was made by this interaction's answer."""
        self._by_game[game_id] = Window(interaction.followup, self._clock())

    def webhook(self, game_id: int) -> discord.Webhook | None:
        """The webhook that can still edit the game's newest post, or None."""
        window = self._by_game.get(game_id)
        if window is None or self._clock() - window.opened >= TOKEN_LIFETIME - MARGIN:
            return None
        return window.webhook
