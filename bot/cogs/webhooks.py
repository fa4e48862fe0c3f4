"""``/webhook``: a server's one web address that hears of its games (started, handed to a
player, a new phase, ended; bot.posting.webhook_events), for members with Manage Server. The
signing secret is shown once, to whoever sets the address; the deliveries are sent by
bot.cogs.webhook_deliveries.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.utils import format_dt

from bot.operations.addresses import LONGEST_URL, AddressRefused, GuardedResolver, check_address
from bot.operations.log_guard import known
from bot.play import errors
from bot.posting.interactions import Interaction, thinking_first
from bot.posting.text_fit import CONTENT, fit
from bot.posting.webhook_events import ping, webhooks_of
from bot.storage.webhooks import DELIVERED, FAILED, DeliveryRecord
from games.core.text import shorten

if TYPE_CHECKING:
    from bot.posting.host import Host

SHOWN = 5
"""Deliveries ``/webhook show`` lists, newest first."""
NO_HOOK = "This server has no webhook; `/webhook set` sets one."

webhook = app_commands.Group(
    name="webhook",
    description="Send this server's game events to a web address (Manage Server)",
    default_permissions=discord.Permissions(manage_guild=True),
)


def admin_here(interaction: Interaction) -> int:
    """The server's id, if the command was given in a server by a member who may manage
    it; Discord hides the command from others by default, and a server may change that."""
    if interaction.guild_id is None:
        raise errors.BadInput("Webhooks belong to a server; use this in one of its channels.")
    if not interaction.permissions.manage_guild:
        raise errors.NotAllowed("Only members with Manage Server can manage this server's webhook.")
    return interaction.guild_id


def how_to_check(secret: str) -> str:
    return (
        f"Signing secret, shown this once (keep it private; setting the address again "
        f"makes a new one):\n`{secret}`\n"
        "Each request carries `X-Laager-Timestamp` and `X-Laager-Signature: sha256=<hex>`: "
        "the HMAC-SHA256, keyed with this secret, of the timestamp, a full stop and the "
        "request's body. Work it out and compare, and refuse a timestamp more than five "
        "minutes old. `/webhook test` sends a ping."
    )


@webhook.command(name="set", description="Send this server's game events to this https address")
@app_commands.describe(url="The https address that receives the events")
async def set_hook(interaction: Interaction, url: app_commands.Range[str, 1, LONGEST_URL]) -> None:
    bot: Host = interaction.client
    guild_id = admin_here(interaction)
    allow_private = bot.settings.webhook_allow_private

    async def save() -> tuple[str, str]:
        resolver = GuardedResolver(allow_private=allow_private)
        try:
            address = await check_address(url, allow_private=allow_private, resolver=resolver)
        except AddressRefused as refused:
            raise errors.BadInput(f"{refused} Nothing was set.") from None
        finally:
            await resolver.close()
        secret = secrets.token_hex(32)
        known.remember(secret)
        await webhooks_of(bot).set_hook(guild_id, address, secret, datetime.now(UTC))
        return address, secret

    address, secret = await thinking_first(interaction, save, ephemeral=True)
    await bot.hooked.add(guild_id)
    bot.webhooks_queued.set()  # what was still pending goes to the new address now
    said = f"This server's game events now go to `{address}`.\n{how_to_check(secret)}"
    await interaction.followup.send(fit(said, CONTENT), ephemeral=True)


def delivery_line(delivery: DeliveryRecord) -> str:
    """One delivery in a few words: what it told, and how its sending went."""
    what = delivery.event
    if delivery.game_id is not None:
        what += f" (game {delivery.game_id})"
    error = shorten(delivery.last_error or "", 80)
    if delivery.status == DELIVERED and delivery.finished_at is not None:
        return f"{what}: delivered {format_dt(delivery.finished_at, 'R')}"
    if delivery.status == FAILED:
        tries = f"{delivery.attempts} attempt{'s' if delivery.attempts != 1 else ''}"
        return f"{what}: given up after {tries} ({error})"
    if not delivery.attempts or delivery.due_at is None:
        return f"{what}: waiting to be sent"
    return (
        f"{what}: retrying {format_dt(delivery.due_at, 'R')} (attempt {delivery.attempts} "
        f"failed: {error})"
    )


@webhook.command(name="show", description="This server's webhook and how its latest events went")
async def show(interaction: Interaction) -> None:
    bot: Host = interaction.client
    guild_id = admin_here(interaction)
    store = webhooks_of(bot)

    async def look() -> str:
        hook = await store.hook(guild_id)
        if hook is None:
            raise errors.BadInput(NO_HOOK)
        latest = await store.latest(guild_id, SHOWN)
        lines = [f"Webhook: `{hook.url}` (set {format_dt(hook.created_at, 'R')})"]
        if latest:
            lines.append("Latest deliveries, newest first:")
            lines += [f"- {delivery_line(d)}" for d in latest]
        else:
            lines.append("Nothing was sent yet; `/webhook test` sends a ping.")
        return fit("\n".join(lines), CONTENT)

    said = await thinking_first(interaction, look, ephemeral=True)
    await interaction.followup.send(said, ephemeral=True)


@webhook.command(name="test", description="Send a ping to this server's webhook")
async def test(interaction: Interaction) -> None:
    bot: Host = interaction.client
    guild_id = admin_here(interaction)
    store = webhooks_of(bot)

    async def queue() -> None:
        now = datetime.now(UTC)
        if await store.queue(guild_id, [ping(guild_id, interaction.channel_id, now)], now) is None:
            bot.hooked.discard(guild_id)
            raise errors.BadInput(NO_HOOK)

    await thinking_first(interaction, queue, ephemeral=True)
    bot.webhooks_queued.set()
    await interaction.followup.send(
        "A ping is on its way; `/webhook show` says how it went.", ephemeral=True
    )


@webhook.command(name="off", description="Stop sending this server's game events")
async def off(interaction: Interaction) -> None:
    bot: Host = interaction.client
    guild_id = admin_here(interaction)

    async def remove() -> bool:
        return await webhooks_of(bot).remove(guild_id)

    removed = await thinking_first(interaction, remove, ephemeral=True)
    bot.hooked.discard(guild_id)
    said = (
        "The webhook is removed: nothing more is sent, and what was still waiting is dropped."
        if removed
        else NO_HOOK
    )
    await interaction.followup.send(said, ephemeral=True)


async def setup(bot: Host) -> None:
    bot.tree.add_command(webhook)
