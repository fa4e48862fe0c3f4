"""Telling a game's followers, by DM, when it moves on: at most once a phase, from what the
channel sees (the public phase, whose move it is, how it ended), never a player's secret.

A post that opens a new phase, hands the game to a player or ends it is followed by this;
an order that stays in its phase edits the phase's post and tells nobody. A follower who
plays the game, or has turned pings off (``/game pings off``), is not told.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.posting.reach import DM_CLOSED
from bot.posting.text_fit import CONTENT, fit
from bot.storage.followers import Followers

if TYPE_CHECKING:
    from bot.play.service import Update
    from bot.posting.host import Host

log = logging.getLogger(__name__)

OVER = "over"
"""The phase a finished or aborted game is in, for the followers' record."""


def followers_of(bot: Host) -> Followers:
    return Followers(bot.sessions)


def news(update: Update, title: str) -> str:
    """What a follower is told: which game, where, and where it stands now."""
    game = update.game
    where = f"<#{game.channel_id}>"
    lines = [f"**{update.system.title} · game {game.id}** in {where}, which you follow"]
    if update.result:
        lines.append(f"The game has ended: {update.result.summary}")
    elif game.status == "aborted":
        lines.append("The game was abandoned before its end.")
    else:
        waiting = " and ".join(f"<@{u}>" for u in update.waiting_for)
        lines.append(f"{title}: {waiting} to move." if waiting else f"{title}: the bot moves.")
    lines.append("`/game watch stop:True` in its channel stops these messages.")
    return fit("\n".join(lines), CONTENT)


async def tell_followers(bot: Host, update: Update) -> None:
    """DM the game's followers not yet told of this phase. A follower the bot cannot DM is
    skipped; any other failure is logged, since the game's post is made already."""
    if not await bot.followed.has(update.game.id):
        return
    view = update.public_view()
    key = OVER if update.result or update.game.status != "active" else view.phase or view.title
    try:
        due = await followers_of(bot).due(update.game.id, key[:200])
        players = {seat.user_id for seat in update.seats}
        due = [u for u in due if u not in players]
        if not due:
            return
        quiet = await bot.store.quiet_players(due)
        text = news(update, view.title)
        for user_id in due:
            if user_id in quiet:
                continue
            try:
                channel = await bot.create_dm(discord.Object(user_id))
                await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            except discord.Forbidden as error:
                if error.code != DM_CLOSED:
                    raise
    except Exception:
        log.exception("the followers of game %s were not told", update.game.id)
