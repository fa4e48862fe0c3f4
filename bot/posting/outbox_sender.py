"""Sending what the outbox still owes, outside any interaction: after a crash between an
order's commit and its messages, or when the process that committed it died. The rows say
what is owed; the messages are composed here, as the interaction handler would have, and
what follows them too (a private picture, the recap, a campaign's next battle).

A row is sent as the game's live post (buttons, pings, the map) only while it is the
game's newest news; a row overtaken by later posts goes up as a plain record of what
happened, without buttons (they would be stale) and without pings (the game has moved on).
"""

from __future__ import annotations

import io
import logging
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.operations.logs import bind_game
from bot.play.service import Update, fingerprint
from bot.posting.announce import (
    COLOUR,
    after_unprompted,
    compose_post,
    deliver_private,
    dms_closed,
    game_title,
    outbox_nonce,
    remember_post,
    report_file,
    send_owed_post,
)
from bot.posting.reports import phase_report
from bot.storage.outbox import OwedRecord
from bot.storage.records import GameRecord
from games.core.engine import JSON, Result
from games.core.versions import UnreadableState, loaded

if TYPE_CHECKING:
    from bot.posting.host import Host

log = logging.getLogger(__name__)

OVERTAKEN = (
    "This update was held up (the bot restarted between the order and its post); the game "
    "has moved on since, so it carries no buttons. Give your orders from the newest post."
)
REFRESHED = (
    "The game's newest post above was out of date (the bot restarted before posting the "
    "last order's update), so here is the position now, with its orders."
)


async def send_owed(bot: Host, row: OwedRecord) -> None:
    """Send one claimed row (its post, then its DMs) and mark it done."""
    bind_game(row.game_id)
    game = await bot.store.get_game(row.game_id)
    system = bot.registry.get(game.system)
    try:
        game = _with_state(game, loaded(system, game.state))
    except UnreadableState:
        log.warning("game %s is stored by a newer bot; it sends its own updates", game.id)
        return
    seats = await bot.store.seats(game.id)
    shown = await bot.store.posted(game.id)
    newest = row.version == game.version and (shown is None or shown.version <= row.version)
    update = Update(
        game,
        system,
        seats,
        list(row.lines),
        dict(row.private),
        _result(game.result) if newest else None,
        actor_id=row.actor_id,
        outbox_id=row.id,
        handed=list(row.handed_to),
    )
    if newest:
        await post_live(bot, update)
    else:
        await post_overtaken(bot, update)

    async def closed(user_id: int, _label: str, _parts: list[str]) -> None:
        channel = _channel(bot, update)
        await channel.send(
            dms_closed(user_id),
            nonce=outbox_nonce(row.id, f".c{user_id % 1000}"),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    await deliver_private(bot, update, closed)
    if newest:
        await after_unprompted(bot, update)
    await bot.outbox.mark_sent(row.id)


async def post_live(bot: Host, update: Update) -> None:
    """The row is the game's newest news: post it as the handler would have, buttons and
    pings included, then retire the buttons of the post before it."""
    view = update.public_view()
    previous, last_picture = await bot.store.post_of(update.game.id)
    kwargs, shown, pictured = await compose_post(bot, update, view, last_picture)
    posted = await send_owed_post(bot, update, kwargs)
    if posted.id != previous:  # a repeated send returns the post noted the first time
        await retire(bot, update, previous)
    await remember_post(bot, update, view, posted, previous, shown, pictured)


async def post_overtaken(bot: Host, update: Update) -> None:
    """The row was overtaken by later posts: tell what happened, nothing more."""
    summarize = getattr(update.system, "summarize", None)
    report = phase_report(update.lines, "", summarize, name=report_file(update))
    embed = discord.Embed(
        title=game_title(update),
        description=report.description or None,
        colour=COLOUR,
    )
    embed.add_field(name="Held up", value=OVERTAKEN, inline=False)
    kwargs: dict = {"embed": embed, "allowed_mentions": discord.AllowedMentions.none()}
    if report.full:
        kwargs["files"] = [
            discord.File(io.BytesIO(report.full.encode()), filename=report_file(update))
        ]
    await send_owed_post(bot, update, kwargs)


async def refresh_stale(bot: Host) -> int:
    """On start: each active game whose newest post shows an older position than the
    stored one (and owes nothing that would bring it up to date) gets a fresh post with
    the current orders. Returns how many were posted."""
    refreshed = 0
    for game in await bot.store.active_games():
        posted = await bot.store.posted(game.id)
        if posted is None or await bot.outbox.owed(game.id):
            continue
        system = bot.registry.get(game.system)
        try:
            game = _with_state(game, loaded(system, game.state))
        except UnreadableState:
            continue
        if posted.position == fingerprint(game):
            continue
        bind_game(game.id)
        update = Update(game, system, await bot.store.seats(game.id), [REFRESHED], handed=[])
        try:
            await post_live(bot, update)
        except discord.HTTPException:
            log.warning("could not refresh the post of game %s", game.id, exc_info=True)
            continue
        refreshed += 1
    return refreshed


async def retire(bot: Host, update: Update, previous: int | None) -> None:
    """Take the buttons off the game's previous post."""
    if previous is None:
        return
    try:
        await _channel(bot, update).get_partial_message(previous).edit(view=None)
    except discord.NotFound:
        pass  # deleted: nothing left to retire
    except discord.HTTPException:
        log.warning("could not retire the buttons of message %s", previous, exc_info=True)


def _channel(bot: Host, update: Update) -> discord.PartialMessageable:
    return bot.get_partial_messageable(update.game.channel_id, guild_id=update.game.guild_id)


def _with_state(game: GameRecord, state: JSON) -> GameRecord:
    return replace(game, state=dict(state))


def _result(result: dict | None) -> Result | None:
    return None if result is None else Result(result.get("winner"), result.get("summary", ""))
