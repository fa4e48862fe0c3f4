"""Turning service results into Discord messages: the channel post, DMs and pings."""

from __future__ import annotations

import hashlib
import io
import logging
import time
from typing import TYPE_CHECKING

import discord

from bot import render_pool
from bot.log_guard import known
from bot.logs import bind_game
from bot.metrics import RENDER_SECONDS
from bot.next_steps import CommandFor, ways
from bot.recap import NotRecappable, send_recap
from bot.reports import Report, phase_report
from bot.service import Update
from bot.systems import Pairing
from bot.text_fit import CONTENT, fit, pieces
from bot.ui import public_view
from games.core.engine import JSON, View

if TYPE_CHECKING:
    from bot.app import LaagerBot

log = logging.getLogger(__name__)

DM_CLOSED = 50007
"""Discord's error code for a user who does not accept DMs from the bot."""

EMBED_LIMIT = 4000
UNMOVED = "Nothing moved on the map; the last map posted above still shows the position."
COLOUR = discord.Colour.from_rgb(176, 122, 48)


async def render(pairing: Pairing, view: View, options: JSON | None = None) -> discord.File | None:
    """Render a view to a PNG in the render pool, so the event loop stays free; timed by
    system, the wait for a free worker included, since that is what a player waits for."""
    if pairing.render is None:
        return None
    started = time.perf_counter()
    png = await render_pool.draw(pairing.render, view, options or {})
    RENDER_SECONDS.labels(pairing.system.id).observe(time.perf_counter() - started)
    return None if png is None else discord.File(io.BytesIO(png), filename="map.png")


def picture_print(png: bytes | None) -> str | None:
    """A fingerprint of a drawn map: the same picture, byte for byte, gives the same one."""
    return None if png is None else hashlib.sha256(png).hexdigest()


def clip(text: str, limit: int = EMBED_LIMIT) -> str:
    """``text`` cut to ``limit`` characters at a line or word boundary."""
    return fit(text, limit)


def report_of(update: Update, view: View) -> Report:
    """What just happened, for the post: whole, or grouped with the whole attached."""
    summarize = getattr(update.system, "summarize", None)
    return phase_report(update.lines, view.title, summarize, name=report_file(update))


def report_file(update: Update) -> str:
    return f"game-{update.game.id}-report.txt"


def game_embed(update: Update, view: View, report: Report | None = None) -> discord.Embed:
    """The public summary: what just happened, the position, and whose turn it is."""
    report = report or report_of(update, view)
    embed = discord.Embed(
        title=f"{update.system.title} · game {update.game.id}",
        description=report.description or None,
        colour=COLOUR,
    )
    embed.add_field(name=view.title, value=clip("\n".join(view.lines), 1024) or "-", inline=False)
    if update.result:
        embed.add_field(name="Game over", value=update.result.summary, inline=False)
        embed.add_field(name="Dice seed (revealed)", value=f"`{update.game.seed}`", inline=False)
    then = (
        "Check the dice with /game verify."
        if update.result
        else "The seed is revealed when the game ends. "
        "Players may add their own value to the dice with /game entropy."
    )
    embed.set_footer(
        text=f"Dice commitment (SHA-256 of the secret seed): {update.game.seed_commitment}\n{then}"
    )
    return embed


def turn_line(update: Update, command_for: CommandFor | None = None) -> str:
    """Whom the game waits for, and how they can give the orders open to them now."""
    waiting = update.waiting_for
    if update.result:
        return f"**Game over:** {update.result.summary}"
    if not waiting:
        return ""
    acting = set(update.system.to_act(update.game.state))
    sides = sorted({s.side for s in update.seats if s.user_id in waiting and s.side in acting})
    how = ways((o for side in sides for o in update.orders(side)), command_for)
    return " ".join(f"<@{u}>" for u in waiting) + " - your move" + (f": {how}." if how else ".")


async def pings_for(bot: LaagerBot, update: Update) -> discord.AllowedMentions:
    """Mentions in a post notify only those the game was just handed to, and not those who
    turned pings off; every other mention in it stays a plain name."""
    handed = update.handed_to
    quiet = await bot.store.quiet_players(handed)
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in handed if u not in quiet]
    )


async def post_update(
    interaction: discord.Interaction[LaagerBot],
    update: Update,
    *,
    retire_buttons: bool = False,
    panel: dict | None = None,
) -> None:
    """Answer a command publicly with the update.

    The interaction is acknowledged before the map is drawn, so a busy render pool cannot
    push the answer past Discord's 3 seconds: a command shows "thinking", a press is deferred
    as an update of its own message. ``retire_buttons`` (for a button press) strips the
    pressed message of its buttons, and ``panel`` (for a press on a private panel) is the
    panel's new content; either edit is made once the new post is ready, so both changes
    reach the players together.
    """
    bind_game(update.game.id)
    if not interaction.response.is_done():
        if retire_buttons or panel is not None:
            await interaction.response.defer()
        else:
            await interaction.response.defer(thinking=True)
    view = update.public_view()
    store = interaction.client.store
    previous, last_picture = await store.post_of(update.game.id)
    pairing = interaction.client.pairings[update.system.id]
    drawn = await render(pairing, view)
    shown = picture_print(drawn.fp.read() if drawn else None)
    picture = drawn if shown != last_picture else None
    if picture:
        picture.reset()
    report = report_of(update, view)
    embed = game_embed(update, view, report)
    kwargs: dict = {
        "content": turn_line(update, pairing.command_for) or None,
        "embed": embed,
        "allowed_mentions": await pings_for(interaction.client, update),
    }
    files = []
    if picture:
        embed.set_image(url="attachment://map.png")
        files.append(picture)
        if pairing.map_note:
            embed.set_footer(text=f"{pairing.map_note}\n{embed.footer.text}")
    elif shown is not None:
        embed.add_field(name="Map", value=UNMOVED, inline=False)
    if report.full:
        data = io.BytesIO(report.full.encode())
        files.append(discord.File(data, filename=report_file(update)))
    if files:
        kwargs["files"] = files
    buttons = public_view(update, pairing.layout)
    if buttons:
        kwargs["view"] = buttons
    if panel is not None:
        await interaction.edit_original_response(**panel)
    elif retire_buttons:
        await interaction.edit_original_response(view=None)
    await retire_previous(interaction, previous)
    posted = await interaction.followup.send(**kwargs, wait=True)
    await store.note_post(update.game.id, posted.id, shown if picture else None)
    await send_private(interaction, update)
    after = interaction.client.after_post.get(update.system.id)
    if after:
        await after(interaction, update)
    if update.result and update.game.status == "finished":
        await post_recap(interaction, update)


async def post_recap(interaction: discord.Interaction[LaagerBot], update: Update) -> None:
    """The recap of a game that has just ended. The game's end is already told, so a recap
    that cannot be drawn or sent is logged, not answered with an apology for the order that
    ended the game; `/game recap` can try again."""
    try:
        await send_recap(interaction, update.game, COLOUR)
    except NotRecappable as problem:
        log.warning("no recap for game %s: %s", update.game.id, problem)
    except Exception:
        log.exception("the recap of game %s failed", update.game.id)


async def retire_previous(
    interaction: discord.Interaction[LaagerBot], previous: int | None
) -> None:
    """Take the buttons off the game's previous post as the next one goes up, so only the
    newest looks live."""
    pressed = interaction.message.id if interaction.message else None
    if previous is None or previous == pressed:
        return
    if interaction.channel_id is None:
        return
    channel = interaction.client.get_partial_messageable(
        interaction.channel_id, guild_id=interaction.guild_id
    )
    try:
        await channel.get_partial_message(previous).edit(view=None)
    except discord.NotFound:
        pass  # someone deleted the old post; nothing is left to retire
    except discord.HTTPException:
        log.warning("could not retire the buttons of message %s", previous, exc_info=True)


def dm_label(update: Update) -> str:
    """The first line of every DM: which game, in which channel, it belongs to."""
    where = f"<#{update.game.channel_id}>"
    return f"**{update.system.title} · game {update.game.id}** in {where} (only you see this)"


async def send_private(interaction: discord.Interaction[LaagerBot], update: Update) -> None:
    """DM each player their hidden information, in as many messages as it takes; fall back
    politely when DMs are closed. What it sends, and what the system declares secret, is
    redacted from the log from now on."""
    known.remember(
        *(line for lines in update.private.values() for line in lines),
        *(secret.text for secret in update.system.secrets(update.game.state)),
    )
    for user_id, lines in update.private.items():
        label = dm_label(update)
        parts = pieces("\n".join(lines), CONTENT - len(label) - 80)
        try:
            channel = await interaction.client.create_dm(discord.Object(user_id))
            for part in parts:
                await channel.send(f"{label}\n{part}")
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise
            if user_id == interaction.user.id:
                for part in parts:
                    await interaction.followup.send(
                        "I could not DM you (your DMs are closed), so here it is privately:\n"
                        f"{label}\n{part}",
                        ephemeral=True,
                    )
            else:
                await interaction.followup.send(
                    f"I could not DM <@{user_id}>: their DMs are closed. They can read their "
                    "hidden information with `/game status`."
                )
