"""The running bot as the rooms below the process see it.

Cogs, panels and posts are handed the bot (``interaction.client``, a cog's ``bot``) and reach
its parts through it: the game service, the stores, the settings, the pairings. They annotate
it with :class:`Host`, which declares those parts, rather than with the class that builds
them (:class:`bot.process.app.LaagerBot`, a subclass): the process room sits above every
other, and a type reference to it would run upward. ``discord.Interaction[...]`` takes a
client class, so this is a class with declarations only, not a ``Protocol``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker

    from bot.operations.metrics import Count
    from bot.operations.settings import Settings
    from bot.play.service import GameService, Update
    from bot.posting.draining import Handlers
    from bot.posting.pairing import Pairing
    from bot.posting.reply_windows import ReplyWindows
    from bot.storage.followers import FollowedGames
    from bot.storage.outbox import OutboxStore
    from bot.storage.referee import RefereeStore
    from bot.storage.repository import Store
    from bot.storage.webhooks import HookedGuilds
    from games.registry import Registry


@dataclass
class PhasePost:
    """A game's newest post while its phase lasts: the phase, what the post tells so far,
    and the fingerprint of the map shown above (on the post or, without one, before it)."""

    phase: str
    lines: list[str]
    """Everything the post tells of the phase, the orders given since it was made included."""
    picture: str | None
    maps: list[discord.Attachment]
    """The map the post carries (none if it points to the one above), kept on each edit."""
    latest: str | None = None
    """The fingerprint of the last map shown, in the channel or to an order's giver."""


@dataclass
class PhaseDM:
    """A player's newest DM of hidden information while the phase it tells lasts: what
    happened to him since it began, one line after another."""

    phase: str
    message: discord.Message
    lines: list[str]


class Host(commands.AutoShardedBot):
    """The bot's parts, as :class:`bot.process.app.LaagerBot` sets them up."""

    settings: Settings
    pairings: dict[str, Pairing]
    """Each installed system with what the bot adds to it, by system id."""
    registry: Registry
    engine: AsyncEngine
    sessions: async_sessionmaker
    store: Store
    referee: RefereeStore
    outbox: OutboxStore
    service: GameService
    game_ended: list[GameEnded]
    """What runs once a game's last post is made (finished or aborted), in order."""
    followed: FollowedGames
    """Which games have followers (bot.posting.followers)."""
    hooked: HookedGuilds
    """Which servers have a webhook (bot.posting.webhook_events)."""
    webhooks_queued: asyncio.Event
    """Set when webhook deliveries are queued: it wakes bot.cogs.webhook_deliveries."""
    phase_posts: dict[int, PhasePost]
    """Each game's newest post, by message id, while orders in its phase edit it."""
    phase_dms: dict[tuple[int, int], PhaseDM]
    """Each player's newest DM of hidden information, by game and user, while the news of
    its phase is added to it."""
    reply_windows: ReplyWindows
    """Where the bot is no member: the interaction behind each game's newest post."""
    handlers: Handlers
    """The commands being handled, waited for when the bot stops."""
    choose: Callable[..., Awaitable[None]]
    open_panel: Callable[..., Awaitable[None]]
    step: Callable[..., Awaitable[None]]
    """What the order buttons, menus, panel buttons and the panel's step-by-step menu call; a
    failure is answered."""
    outbox_depth: Count
    """How many messages are owed and unsent, for the outbox depth gauge."""


GameEnded = Callable[["Host", "Update", "discord.Interaction[Host] | None"], Awaitable[None]]
"""What runs once a game's last post is made (a campaign's next battle): given the bot, the
update, and the interaction that asked for the post, or None when the bot posted of its own
accord (standing in after a deadline, the outbox after a restart)."""
