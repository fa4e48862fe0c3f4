"""The Discord client: wires settings, storage and the game service into discord.py."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress

import discord
import yarl
from discord.ext import commands

from bot.operations import metrics
from bot.operations.log_guard import guard_logs, known
from bot.operations.settings import Settings
from bot.operations.sharding import syncs_commands
from bot.play import workers
from bot.play.ratings import RATER
from bot.play.service import GameService, SeedSource
from bot.posting import draining, order_panel
from bot.posting.agreement_buttons import AgreeButton
from bot.posting.host import GameEnded, Host, PhaseDM, PhasePost
from bot.posting.interactions import AnsweringTree, answering, counted
from bot.posting.reply_windows import ReplyWindows
from bot.posting.steps import StepSelect
from bot.posting.substitutes import AnswerButton
from bot.posting.ui import ActionButton, OrderSelect, PanelButton
from bot.posting.undo_buttons import ConsentButton
from bot.process.collector import loading
from bot.process.command_places import place_commands
from bot.process.command_sync import CommandsRefused, sync_commands
from bot.process.status_server import StatusServer
from bot.storage.command_syncs import CommandSyncs
from bot.storage.db import create_engine, session_factory, upgrade
from bot.storage.followers import FollowedGames, Followers
from bot.storage.outbox import OutboxStore
from bot.storage.referee import RefereeStore
from bot.storage.repository import Store
from bot.storage.watched import watch
from bot.storage.webhooks import HookedGuilds, Webhooks
from bot.systems import installed
from games.registry import Registry

log = logging.getLogger(__name__)

COGS = (
    "bot.cogs.game",
    "bot.cogs.records",
    "bot.cogs.ratings",
    "bot.cogs.seeking",
    "bot.cogs.following",
    "bot.cogs.forking",
    "bot.cogs.leagues",
    "bot.cogs.campaign",
    "bot.cogs.roll",
    "bot.cogs.reminders",
    "bot.cogs.outbox",
    "bot.cogs.webhooks",
    "bot.cogs.webhook_deliveries",
)


class InsecureSeed(RuntimeError):
    """A master seed was given outside the sandbox without ALLOW_INSECURE_SEED."""


def _intents() -> discord.Intents:
    """Discord's default events, less those the bot never reads. Commands and button presses
    come as interactions whatever the intents, and nothing here reads a message, a reaction
    or someone typing; each such event would cost the event loop a parse, and each message
    a place in a cache (kept off too, ``max_messages=None``) that a full garbage collection
    walks. At 100 channels the bot was sent two or three messages of its own a command."""
    intents = discord.Intents.default()
    intents.messages = intents.reactions = intents.typing = False
    return intents


INTENTS = _intents()


class LaagerBot(Host):
    """One bot process: every guild's games go through the same :class:`GameService`."""

    def __init__(self, settings: Settings) -> None:
        refusal = settings.seed_refusal()
        if refusal:
            raise InsecureSeed(refusal)
        guard_logs()
        known.remember(settings.discord_token, settings.seed)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            max_messages=None,
            help_command=None,
            tree_cls=AnsweringTree,
            guild_ready_timeout=0.5,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_ids=settings.shard_ids,
            shard_count=settings.shard_count,
        )
        self.settings = settings
        self.pairings = installed.pairings(settings.extra_systems)
        self.registry = Registry(pairing.system for pairing in self.pairings.values())
        self.engine = create_engine(settings.database_url)
        watch(self.engine, metrics.statement_ran, metrics.committed)
        self.sessions = session_factory(self.engine)
        self.store = Store(self.sessions, rater=RATER)
        self.referee = RefereeStore(self.sessions)
        self.outbox = OutboxStore(self.sessions)
        self.service = GameService(
            self.store,
            self.registry,
            SeedSource(settings.seed),
            outbox_lease=settings.outbox_lease_seconds,
        )
        self.game_ended: list[GameEnded] = []
        """What runs once a game's last post is made (finished or aborted), in order."""
        self.followed = FollowedGames(Followers(self.sessions))
        self.hooked = HookedGuilds(Webhooks(self.sessions))
        self.webhooks_queued = asyncio.Event()
        self.phase_posts: dict[int, PhasePost] = {}
        self.phase_dms: dict[tuple[int, int], PhaseDM] = {}
        """Each game's newest post, by message id, while orders in its phase edit it."""
        self.reply_windows = ReplyWindows(lambda: self.service.clock())
        """Where the bot is no member: the interaction behind each game's newest post."""
        self.handlers = draining.Handlers()
        """The commands being handled, waited for when the bot stops."""
        self.choose = answering(order_panel.choose)
        self.open_panel = answering(order_panel.open_panel)
        self.step = answering(order_panel.step)
        """What the order buttons, menus and panel buttons call; a failure is answered."""
        self.outbox_depth: metrics.Count = self.outbox.depth
        """How many messages are owed and unsent, for the outbox depth gauge."""
        self.status_server: StatusServer | None = None
        """The /metrics and /health server, when STATUS_PORT is set."""
        self.workers_started: asyncio.Future[list[int]] | None = None
        """The render workers' start, which runs while the bot logs in and connects."""

    async def setup_hook(self) -> None:
        """Open /health and /metrics (so a probe sees the start), migrate, start the render
        workers, load the cogs and sync their commands (only in the process holding shard 0,
        since the tree is global); a refused sync stops the start (CommandsRefused, logged
        with the command and limit Discord named)."""
        port = self.settings.status_port
        if port is not None:
            self.status_server = StatusServer(self, self.settings.status_host, port)
            await self.status_server.start()
        await upgrade(self.settings.database_url)
        # The workers load the renderers and the engines on their own cores while this process
        # loads the cogs, syncs and connects; a job that comes sooner waits for them in the pool.
        self.workers_started = workers.POOL.start()
        self.add_dynamic_items(
            ActionButton,
            OrderSelect,
            PanelButton,
            StepSelect,
            ConsentButton,
            AgreeButton,
            AnswerButton,
        )
        await self.load_cogs()
        place_commands(self.tree, self.pairings)
        if not syncs_commands(self.settings.shard_ids):
            log.info("commands are synced by the process holding shard 0")
            return
        guild = None
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
        try:
            await sync_commands(self.tree, guild, CommandSyncs(self.sessions), self.application_id)
        except CommandsRefused as refused:
            log.error("%s", refused)
            raise

    async def load_cogs(self) -> None:
        """The bot's cogs and those of its game systems, with their slash commands."""
        with loading():
            for cog in (*COGS, *installed.cogs(self.pairings)):
                await self.load_extension(cog)

    async def on_app_command_completion(
        self, interaction: discord.Interaction, _command: object
    ) -> None:
        counted(interaction, "ok")

    async def close(self) -> None:
        """Let the commands being handled finish (see bot.posting.draining), then close the
        gateway, the HTTP session and the database."""
        cut_off = await self.handlers.drain(draining.DRAIN_SECONDS)
        if cut_off:
            log.warning("stopping with %d commands still being handled", cut_off)
        await super().close()
        if self.workers_started is not None and not self.workers_started.done():
            self.workers_started.cancel()
            with suppress(asyncio.CancelledError):
                await self.workers_started
        if self.status_server is not None:
            await self.status_server.stop()
        await self.engine.dispose()


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Talk to another Discord (the sandbox): REST at ``api_base``, the gateway at ``gateway_url``.

    The bot asks REST for its gateway; the default gateway is only used to reconnect.
    """
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


@asynccontextmanager
async def running_bot(
    settings: Settings, *, workers_first: bool = True
) -> AsyncIterator[LaagerBot]:
    """Start a bot in the background, yield it once it is ready and (``workers_first``) its
    render workers have loaded, so a test's first order does not wait for their imports, and
    close it on exit. ``laager sandbox`` does not wait: a person's first command is answered
    as soon as the bot is connected, and an order that comes sooner waits in the pool."""
    point_at(settings.discord_api_base, settings.discord_gateway_url)
    bot = LaagerBot(settings)
    task = asyncio.create_task(bot.start(settings.discord_token), name="laager-bot")
    ready = asyncio.create_task(bot.wait_until_ready())
    try:
        done, _ = await asyncio.wait({task, ready}, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            task.result()
            raise RuntimeError("the bot stopped before it was ready")
        if workers_first and bot.workers_started is not None:
            await bot.workers_started
        yield bot
    finally:
        ready.cancel()
        await bot.close()
        with suppress(asyncio.CancelledError):
            await task
