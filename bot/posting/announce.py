"""Turning service results into Discord messages: the channel post, DMs and pings."""

from __future__ import annotations

import functools
import hashlib
import io
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

import discord

from bot.operations.log_guard import known
from bot.operations.logs import bind_game
from bot.operations.metrics import RENDER_SECONDS
from bot.play import workers
from bot.play.loop_priority import make_way
from bot.play.service import Update
from bot.posting.alt_text import alt_text
from bot.posting.followers import tell_followers
from bot.posting.host import PhaseDM, PhasePost
from bot.posting.interactions import acknowledge
from bot.posting.next_steps import CommandFor, ways
from bot.posting.pairing import Pairing
from bot.posting.reach import DM_CLOSED, speaks_here
from bot.posting.recap import NotRecappable
from bot.posting.recap_post import recap_message, send_recap
from bot.posting.reply_windows import CLOSED
from bot.posting.reports import Report, phase_report
from bot.posting.text_fit import CONTENT, DESCRIPTION, EMBEDS_TOTAL, fields_of, fit, pieces
from bot.posting.ui import public_view
from bot.posting.webhook_events import queue_webhook_events
from games.core.engine import JSON, View, Viewer
from games.core.levels import LEVELS, level_of

if TYPE_CHECKING:
    from bot.posting.host import Host

log = logging.getLogger(__name__)

EMBED_LIMIT = 4000
UNMOVED = "Nothing moved on the map; the last map posted above still shows the position."
BEHIND = (
    "The map shows the position when this post was made; the orders since are told above, and "
    "the next post brings the map up to date."
)
PRIVATE_MAP = "The position now (the channel's map catches up with the next post):"
COLOUR = discord.Colour.from_rgb(176, 122, 48)


async def render(
    pairing: Pairing, view: View, options: JSON | None = None, changed: Sequence[str] = ()
) -> discord.File | None:
    """Render a view to a PNG in the render pool, so the event loop stays free; timed by
    system, the wait for a free worker included, since that is what a player waits for. The
    file carries the view in words (alt_text), with the lines of ``changed``."""
    if pairing.render is None:
        return None
    started = time.perf_counter()
    png = await workers.draw(pairing.render, view, options or {})
    RENDER_SECONDS.labels(pairing.system.id).observe(time.perf_counter() - started)
    if png is None:
        return None
    return discord.File(io.BytesIO(png), filename="map.png", description=alt_text(view, changed))


def picture_print(png: bytes | None) -> str | None:
    """A fingerprint of a drawn map: the same picture, byte for byte, gives the same one."""
    return None if png is None else hashlib.sha256(png).hexdigest()


def clip(text: str, limit: int = EMBED_LIMIT) -> str:
    """``text`` cut to ``limit`` characters at a line or word boundary."""
    return fit(text, limit)


BESIDE_REPORT = 880
"""Room kept in a post's embed for all but the report and the position: its title, the
game-over and seed fields, the map's note and the footer."""


def position_fields(view: View) -> list[tuple[str, str]]:
    """The position under the view's title, in as many fields as it takes: never cut."""
    return fields_of(view.title, "\n".join(view.lines))


def report_room(view: View) -> int:
    """The characters the report may take in a post: what Discord allows an embed, less the
    position (a long one takes more than one field) and the rest of the post."""
    taken = sum(len(name) + len(value) for name, value in position_fields(view))
    return min(DESCRIPTION, EMBEDS_TOTAL - BESIDE_REPORT - taken)


def phase_report_of(update: Update, view: View, lines: list[str]) -> Report:
    """``lines`` for the post: whole, or grouped with the whole attached."""
    summarize = getattr(update.system, "summarize", None)
    return phase_report(
        lines, view.title, summarize, limit=report_room(view), name=report_file(update)
    )


def report_of(update: Update, view: View) -> Report:
    """What just happened, for the post: whole, or grouped with the whole attached."""
    return phase_report_of(update, view, update.lines)


def report_file(update: Update) -> str:
    return f"game-{update.game.id}-report.txt"


def game_title(update: Update) -> str:
    """The post's title: the game, and how well the bot plays where it holds a seat."""
    title = f"{update.system.title} · game {update.game.id}"
    if not any(seat.is_bot for seat in update.seats):
        return title
    return f"{title} · bot {LEVELS[level_of(update.game.options or {})]}"


def game_embed(update: Update, view: View, report: Report | None = None) -> discord.Embed:
    """The public summary: what just happened, the position, and whose turn it is."""
    report = report or report_of(update, view)
    embed = discord.Embed(
        title=game_title(update),
        description=report.description or None,
        colour=COLOUR,
    )
    for name, value in position_fields(view):
        embed.add_field(name=name, value=value, inline=False)
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
    wanted = getattr(update.system, "wanted", None)
    need = wanted(update.game.state) if wanted is not None else None
    said = f"{need}, with {how}" if need and how else need or how
    return " ".join(f"<@{u}>" for u in waiting) + " - your move" + (f": {said}." if said else ".")


async def pings_for(bot: Host, update: Update) -> discord.AllowedMentions:
    """Mentions in a post notify only those the game was just handed to, and not those who
    turned pings off; every other mention in it stays a plain name."""
    handed = update.handed_to
    quiet = await bot.store.quiet_players(handed)
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in handed if u not in quiet]
    )


def stays_in_phase(update: Update, view: View, current: PhasePost) -> bool:
    """Whether an order leaves the game in the phase of its newest post, with nobody new to
    hand it to: then that post is edited rather than a new one posted."""
    return (
        view.phase is not None
        and view.phase == current.phase
        and not update.result
        and all(user == update.actor_id for user in update.handed_to)
    )


async def post_update(
    interaction: discord.Interaction[Host],
    update: Update,
    *,
    retire_buttons: bool = False,
    panel: dict | None = None,
    order: bool = False,
) -> None:
    """Answer a command with the update: a new post (deferring while the map renders), or,
    for an ``order`` that stays in the phase of the game's newest post, an edit of it.

    The interaction is acknowledged before the map is drawn, so a busy render pool cannot
    push the answer past Discord's 3 seconds: a command shows "thinking", a press is deferred
    as an update of its own message. ``retire_buttons`` (for a button press) strips the
    pressed message of its buttons, and ``panel`` (for a press on a private panel) is the
    panel's new content; either edit is made once the new post is ready, so both changes
    reach the players together.

    Where the bot is no member (see bot.posting.reach) it cannot edit a post by itself, so an order
    edits the phase's post only when it was given by a press on that very post.
    """
    bind_game(update.game.id)
    view = update.public_view()
    bot = interaction.client
    # the post as the update's commit found it: no read of its own between commit and post
    previous, last_picture = update.game.post_id, update.game.post_picture
    current = bot.phase_posts.get(previous) if previous is not None else None
    pressed = interaction.message.id if interaction.message else None
    editable = speaks_here(interaction) or (retire_buttons and pressed == previous)
    if (
        order
        and editable
        and previous is not None
        and current
        and stays_in_phase(update, view, current)
    ):
        current.lines = [*current.lines, *update.lines]
        await edit_in_place(interaction, update, view, previous, current, retire_buttons, panel)
        return
    await post_new(interaction, update, view, previous, last_picture, retire_buttons, panel)


async def post_new(
    interaction: discord.Interaction[Host],
    update: Update,
    view: View,
    previous: int | None,
    last_picture: str | None,
    retire_buttons: bool,
    panel: dict | None,
) -> None:
    """A new post for the update, with a map when the drawn position changed. An order's
    post goes to the channel as the bot's own message, with a nonce drawn from its outbox
    row, so a send repeated after a crash cannot post it twice; the command that gave the
    order is answered privately. Where the bot is no member, it can only answer: the post is
    the interaction's follow-up, and its outbox row is settled once that is sent."""
    speaks = speaks_here(interaction)
    owed = update.outbox_id is not None and speaks
    command = not retire_buttons and panel is None
    placeholder = owed and command and interaction.response.is_done()
    if not interaction.response.is_done():
        if retire_buttons or panel is not None:
            await acknowledge(interaction, update)
        else:
            await acknowledge(interaction, update, thinking=True, ephemeral=owed)
    bot = interaction.client
    kwargs, shown, pictured = await compose_post(bot, update, view, last_picture)
    if panel is not None:
        await interaction.edit_original_response(**panel)
    elif retire_buttons:
        await interaction.edit_original_response(view=None)
    if owed:
        posted = await send_owed_post(bot, update, kwargs)
        await make_way()  # the post is up: what follows it can wait for newcomers
        await retire_previous(interaction, update.game.id, previous)
        if placeholder:
            await interaction.delete_original_response()
        if command:
            said = own_account(update.lines)
            await interaction.followup.send(f"{said}\n\n{POSTED}", ephemeral=True)
    else:
        if not await retire_previous(interaction, update.game.id, previous):
            kwargs["content"] = "\n".join([CLOSED, kwargs["content"] or ""]).strip()
        posted = await interaction.followup.send(**kwargs, wait=True)
        if not speaks:
            bot.reply_windows.note(update.game.id, interaction)
    done = settles_with_post(bot, update)
    await remember_post(bot, update, view, posted, previous, shown, pictured, settles=done)
    await after_post(interaction, update)
    await settled(bot, update, done)


POSTED = "The game's update is posted in the channel."
THE_REST = "(The rest is in the game's post.)"


def own_account(lines: list[str], room: int = CONTENT - 200) -> str:
    """What an order did, for the player who gave it: every line when they fit, else the
    lines that fit (whole lines where it can) and where the rest is, never a word cut."""
    text = "\n".join(lines)
    if len(text) <= room:
        return text or "Done."
    return f"{fit(text, room - len(THE_REST) - 1, '')}\n{THE_REST}"


UPDATED = "The game's post above is updated."


async def compose_post(
    bot: Host, update: Update, view: View, last_picture: str | None, heading: str = ""
) -> tuple[dict, str | None, bool]:
    """The keyword arguments of the update's post, the fingerprint of its drawn map, and
    whether the map goes on the post (only when it differs from the last one posted);
    ``heading`` goes above the turn line, where its mentions can ping."""
    pairing = bot.pairings[update.system.id]
    drawn = await render(pairing, view, changed=update.lines)
    shown = picture_print(drawn.fp.read() if drawn else None)
    picture = drawn if shown != last_picture else None
    if picture:
        picture.reset()
    report = report_of(update, view)
    embed = game_embed(update, view, report)
    kwargs: dict = {
        "content": "\n".join(filter(None, [heading, turn_line(update, pairing.command_for)]))
        or None,
        "embed": embed,
        "allowed_mentions": await pings_for(bot, update),
    }
    files = []
    if picture:
        show_map(embed, pairing)
        files.append(picture)
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
    return kwargs, (shown if shown is not None else last_picture), picture is not None


async def send_owed_post(bot: Host, update: Update, kwargs: dict) -> discord.Message:
    """Post an update in its channel; an order's is deduplicated by Discord through the
    nonce of its outbox row."""
    channel = bot.get_partial_messageable(update.game.channel_id, guild_id=update.game.guild_id)
    if update.outbox_id is None:  # a post owed by no order (a refresh): any nonce will do
        return await channel.send(**kwargs)
    return await channel.send(**kwargs, nonce=outbox_nonce(update.outbox_id))


def outbox_nonce(outbox_id: int, part: str = "") -> str:
    """The nonce of one message owed by an outbox row: the same row and part always give
    the same nonce, so Discord returns the first message to a repeated send."""
    return f"laager-{outbox_id}{part}"


async def post_unprompted(bot: Host, update: Update, heading: str = "") -> None:
    """Post an update nobody's interaction asked for (the bot standing in when a deadline ran
    out, a league's new game) in the game's channel: the same post as a command's, under
    ``heading`` if given, the previous post's buttons retired, hidden information by DM, the
    recap if the game ended."""
    bind_game(update.game.id)
    view = update.public_view()
    channel = bot.get_partial_messageable(update.game.channel_id, guild_id=update.game.guild_id)
    previous, last_picture = await bot.store.post_of(update.game.id)
    kwargs, shown, pictured = await compose_post(bot, update, view, last_picture, heading)
    posted = await channel.send(**kwargs)
    if previous is not None:
        try:
            await channel.get_partial_message(previous).edit(view=None)
        except discord.HTTPException:
            log.warning("could not retire the buttons of message %s", previous, exc_info=True)
    await remember_post(bot, update, view, posted, previous, shown, pictured)

    async def closed(user_id: int, label: str, parts: list[str]) -> None:
        await channel.send(dms_closed(user_id))

    await deliver_private(bot, update, closed)
    await after_unprompted(bot, update)


async def remember_post(
    bot: Host,
    update: Update,
    view: View,
    posted: discord.Message,
    previous: int | None,
    shown: str | None,
    pictured: bool,
    *,
    settles: int | None = None,
) -> None:
    """Note the new post as the game's current one (in the database, so a restart or
    another process retires its buttons in turn) and, while its phase lasts, what the
    orders in that phase edit. ``shown`` is the fingerprint of the map the channel now
    sees, on this post if ``pictured``, else on an earlier one (see compose_post);
    ``settles``, an outbox row that the post was all it owed, marked sent with the post in
    the same statement."""
    picture = shown if pictured else None
    await bot.store.note_post(update.game.id, posted.id, picture, shown_by(update), settles=settles)
    if previous is not None:
        bot.phase_posts.pop(previous, None)
    if view.phase is not None and not update.result:
        maps = [a for a in posted.attachments if a.filename == "map.png"]
        bot.phase_posts[posted.id] = PhasePost(view.phase, list(update.lines), shown, maps, shown)


def shown_by(update: Update) -> tuple[int, str]:
    """The version and fingerprint of the position the update's post shows."""
    return update.game.version, update.position


async def settled(bot: Host, update: Update, done: int | None = None) -> None:
    """Mark the update's outbox row done: every message it owed has been sent. ``done`` is a
    row already marked with its post (see :func:`settles_with_post`)."""
    if update.outbox_id is not None and update.outbox_id != done:
        await bot.outbox.mark_sent(update.outbox_id)


def settles_with_post(bot: Host, update: Update) -> int | None:
    """The update's outbox row when its channel post is all it owes (no hidden information
    to send, no end of the game to follow up): the commit that notes the post marks the row
    sent too, one commit fewer an order. None when more follows the post."""
    pairing = bot.pairings[update.system.id]
    keeps_own = pairing.private_options is not None and update.own
    return None if update.private or update.result or keeps_own else update.outbox_id


def show_map(embed: discord.Embed, pairing: Pairing) -> None:
    """Show the attached map in the embed, with the pairing's note on reading it."""
    embed.set_image(url="attachment://map.png")
    if pairing.map_note:
        embed.set_footer(text=f"{pairing.map_note}\n{embed.footer.text}")


async def edit_in_place(
    interaction: discord.Interaction[Host],
    update: Update,
    view: View,
    post_id: int,
    current: PhasePost,
    retire_buttons: bool,
    panel: dict | None,
) -> None:
    """Tell an order within the phase on the phase's own post: its report grows, its turn
    line and buttons are brought up to date, and nobody is pinged. The map on it stays as
    the phase found it; when the order changed the drawing, its giver alone is shown the
    new one, and the channel gets it with the next post."""
    bot = interaction.client
    pairing = bot.pairings[update.system.id]
    pressed = interaction.message.id if interaction.message else None
    command = not retire_buttons and panel is None
    # slow work made the command show "thinking" in the channel; its answer is private
    placeholder = command and interaction.response.is_done()
    if command and not placeholder:
        await acknowledge(interaction, update, thinking=True, ephemeral=True)
    elif not command and not interaction.response.is_done():
        await acknowledge(interaction, update)  # a press: acknowledged before the map is drawn
    drawn = await render(pairing, view, changed=update.lines)
    shown = picture_print(drawn.fp.read() if drawn else None)
    moved = shown is not None and shown != current.picture
    fresh = drawn if moved and shown != current.latest else None
    current.latest = shown
    report = phase_report_of(update, view, current.lines)
    embed = game_embed(update, view, report)
    if current.maps:
        show_map(embed, pairing)
    if moved:
        embed.add_field(name="Map", value=BEHIND, inline=False)
    elif shown is not None and not current.maps:
        embed.add_field(name="Map", value=UNMOVED, inline=False)
    files: list[discord.Attachment | discord.File] = list(current.maps)
    if report.full:
        files.append(discord.File(io.BytesIO(report.full.encode()), filename=report_file(update)))
    edit: dict = {
        "content": turn_line(update, pairing.command_for) or None,
        "embed": embed,
        "attachments": files,
        "view": public_view(update, pairing.layout),
        "allowed_mentions": discord.AllowedMentions.none(),
    }
    done = settles_with_post(bot, update)
    if retire_buttons and pressed == post_id:
        await interaction.edit_original_response(**edit)
        await bot.store.note_post(update.game.id, post_id, None, shown_by(update), settles=done)
    else:
        if panel is not None:
            await interaction.edit_original_response(**panel)
        elif retire_buttons:
            await interaction.edit_original_response(view=None)
        if await edit_post(interaction, post_id, edit):
            await bot.store.note_post(update.game.id, post_id, None, shown_by(update), settles=done)
        else:
            done = None
            bot.phase_posts.pop(post_id, None)
            await repost(interaction, update, view, current, drawn, shown)
            fresh = None
    said = own_account(update.lines)
    if command:
        if placeholder:
            await interaction.delete_original_response()
        note = f"\n\n{UPDATED}"
        if fresh:
            fresh.reset()
            await interaction.followup.send(f"{said}{note}", file=fresh, ephemeral=True)
        else:
            await interaction.followup.send(f"{said}{note}", ephemeral=True)
    elif fresh:
        fresh.reset()
        own = f"{said}\n\n{PRIVATE_MAP}" if report.full else PRIVATE_MAP
        await interaction.followup.send(own, file=fresh, ephemeral=True)
    elif report.full:
        await interaction.followup.send(said, ephemeral=True)  # his own roll, not summarised
    await after_post(interaction, update)
    await settled(bot, update, done)


async def edit_post(interaction: discord.Interaction[Host], post_id: int, edit: dict) -> bool:
    """Edit the game's post (not the message the interaction came from); False if someone
    deleted it."""
    channel = interaction.client.get_partial_messageable(
        interaction.channel_id or 0, guild_id=interaction.guild_id
    )
    try:
        await channel.get_partial_message(post_id).edit(**edit)
    except discord.NotFound:
        return False
    return True


async def repost(
    interaction: discord.Interaction[Host],
    update: Update,
    view: View,
    current: PhasePost,
    drawn: discord.File | None,
    shown: str | None,
) -> None:
    """The phase's post was deleted under an order: post the phase again, with the map of
    the position now, and edit that post from here on."""
    bot = interaction.client
    pairing = bot.pairings[update.system.id]
    report = phase_report_of(update, view, current.lines)
    embed = game_embed(update, view, report)
    files = []
    if drawn:
        drawn.reset()
        show_map(embed, pairing)
        files.append(drawn)
    if report.full:
        files.append(discord.File(io.BytesIO(report.full.encode()), filename=report_file(update)))
    channel = bot.get_partial_messageable(
        interaction.channel_id or 0, guild_id=interaction.guild_id
    )
    posted = await channel.send(
        content=turn_line(update, pairing.command_for) or None,
        embed=embed,
        files=files,
        view=public_view(update, pairing.layout) or discord.utils.MISSING,
        allowed_mentions=discord.AllowedMentions.none(),
    )
    await bot.store.note_post(update.game.id, posted.id, shown, shown_by(update))
    maps = [a for a in posted.attachments if a.filename == "map.png"]
    bot.phase_posts[posted.id] = PhasePost(current.phase, current.lines, shown, maps, shown)


async def after_post(interaction: discord.Interaction[Host], update: Update) -> None:
    """DMs with hidden information, then what follows a command's post (:func:`follow_post`)."""
    await send_private(interaction, update)
    await follow_post(interaction.client, update, interaction)


async def after_unprompted(bot: Host, update: Update) -> None:
    """What follows a post the bot made of its own accord (standing in when a deadline ran
    out, or the outbox after a restart); its hidden information is sent already."""
    await follow_post(bot, update, None)


async def follow_post(
    bot: Host, update: Update, interaction: discord.Interaction[Host] | None
) -> None:
    """The followers' news (bot.posting.followers) and the server's webhook events
    (bot.posting.webhook_events), and when the game has ended, its recap and whatever
    follows a game's end (a campaign's next battle)."""
    await queue_webhook_events(bot, update)
    await tell_followers(bot, update)
    if update.result and update.game.status == "finished":
        await post_recap(bot, update, interaction)
    if update.result:
        for ended in bot.game_ended:
            await ended(bot, update, interaction)


async def post_recap(
    bot: Host, update: Update, interaction: discord.Interaction[Host] | None
) -> None:
    """The recap of a game that has just ended. An order's recap goes to the channel with a
    nonce drawn from its outbox row, so the outbox repeating it after a restart does not post
    it twice; where the bot is no member, or no order ended the game, it is the interaction's
    follow-up. The game's end is already told, so a recap that cannot be drawn or sent is
    logged, not answered with an apology for the order that ended the game; `/game recap`
    can try again."""
    try:
        if interaction is not None and (update.outbox_id is None or not speaks_here(interaction)):
            await send_recap(interaction, update.game, COLOUR)
        else:
            channel = bot.get_partial_messageable(
                update.game.channel_id, guild_id=update.game.guild_id
            )
            extra = (
                {} if update.outbox_id is None else {"nonce": outbox_nonce(update.outbox_id, ".r")}
            )
            await channel.send(**await recap_message(bot, update.game, COLOUR), **extra)
    except NotRecappable as problem:
        log.warning("no recap for game %s: %s", update.game.id, problem)
    except Exception:
        log.exception("the recap of game %s failed", update.game.id)


async def retire_previous(
    interaction: discord.Interaction[Host], game_id: int, previous: int | None
) -> bool:
    """Take the buttons off the game's previous post as the next one goes up, so only the
    newest looks live. Where the bot is no member it can do so only through the webhook of
    the interaction that made that post, for 15 minutes; False once that window has closed."""
    pressed = interaction.message.id if interaction.message else None
    if previous is None or previous == pressed:
        return True
    if interaction.channel_id is None:
        return True
    if speaks_here(interaction):
        channel = interaction.client.get_partial_messageable(
            interaction.channel_id, guild_id=interaction.guild_id
        )
        editor = channel.get_partial_message(previous).edit
    else:
        webhook = interaction.client.reply_windows.webhook(game_id)
        if webhook is None:
            return False
        editor = functools.partial(webhook.edit_message, previous)
    try:
        await editor(view=None)
    except discord.NotFound:
        pass  # someone deleted the old post; nothing is left to retire
    except discord.HTTPException:
        log.warning("could not retire the buttons of message %s", previous, exc_info=True)
    return True


def dm_label(update: Update) -> str:
    """The first line of every DM: which game, in which channel, it belongs to."""
    where = f"<#{update.game.channel_id}>"
    return f"**{update.system.title} · game {update.game.id}** in {where} (only you see this)"


async def send_private(interaction: discord.Interaction[Host], update: Update) -> None:
    """DM each player their hidden information; when DMs are closed, the giver of the
    command gets it privately here, and the channel is told the others cannot be reached.
    Where the bot is no member, the giver's own hidden information is answered privately;
    what his own order told him alone is always answered privately (``Update.own``), but a
    drawn hand, which goes by DM with its picture."""

    async def closed(user_id: int, label: str, parts: list[str]) -> None:
        if user_id == interaction.user.id:
            for part in parts:
                await interaction.followup.send(
                    f"I could not DM you (your DMs are closed), so here it is privately:\n"
                    f"{label}\n{part}",
                    ephemeral=True,
                )
        else:
            await interaction.followup.send(dms_closed(user_id))

    async def answered(parts: list[str], picture: discord.File | None) -> None:
        for number, part in enumerate(parts, start=1):
            attached = {"file": picture} if picture and number == len(parts) else {}
            await interaction.followup.send(part, ephemeral=True, **attached)

    alone = None if speaks_here(interaction) else (interaction.user.id, answered)
    pairing = interaction.client.pairings[update.system.id]
    if pairing.private_options is not None:  # a hand is kept in DMs, to look back at
        for user_id, lines in update.own.items():
            update.private.setdefault(user_id, []).extend(lines)
        update.own.clear()
    await deliver_private(interaction.client, update, closed, alone)
    known.remember(*(line for lines in update.own.values() for line in lines))
    label = dm_label(update)
    for lines in update.own.values():
        await answered([f"{label}\n{p}" for p in pieces("\n".join(lines), CONTENT - 200)], None)


def public_phase(update: Update) -> str | None:
    """The phase the channel sees the game in (None for systems without phases)."""
    return update.system.view(update.game.state, Viewer.public()).phase


async def added_to_phase_dm(
    bot: Host, update: Update, user_id: int, lines: list[str], label: str
) -> bool:
    """Add a player's news to his DM of this phase, if he has one and it still fits."""
    held = bot.phase_dms.get((update.game.id, user_id))
    if held is None or held.phase != public_phase(update):
        return False
    told = [*held.lines, *lines]
    text = f"{label}\n" + "\n".join(told)
    if len(text) > CONTENT:
        return False
    try:
        await held.message.edit(content=text)
    except discord.NotFound:
        return False  # he deleted it: the news goes in a new DM
    held.lines = told
    return True


async def own_picture(bot: Host, update: Update, user_id: int) -> discord.File | None:
    """The picture of what a player alone sees (his hand), where his system draws one; drawn
    apart from the channel's pictures (:func:`render`), as it is his alone."""
    pairing = bot.pairings[update.system.id]
    side = next((s.side for s in update.seats if s.user_id == user_id), None)
    if pairing.render is None or pairing.private_options is None or side is None:
        return None
    view = update.system.view(update.game.state, Viewer.of_side(side))
    png = await workers.draw(pairing.render, view, pairing.private_options)
    if png is None:
        return None
    public = update.public_view()
    own = [line for line in view.lines if line not in public.lines]  # his alone: told first
    described = alt_text(public, own, what="Your own view")
    return discord.File(io.BytesIO(png), filename="hand.png", description=described)


def dms_closed(user_id: int) -> str:
    return (
        f"I could not DM <@{user_id}>: their DMs are closed. They can read their hidden "
        "information with `/game status`."
    )


async def deliver_private(
    bot: Host,
    update: Update,
    closed: Callable[[int, str, list[str]], Awaitable[None]],
    answered: tuple[int, Callable[[list[str], discord.File | None], Awaitable[None]]] | None = None,
) -> None:
    """DM each player their hidden information, in as many messages as it takes, calling
    ``closed`` for a player who does not take DMs; ``answered`` (a user and how to answer
    them privately) takes that user's parts instead of a DM. What it sends, and what the
    system declares secret, is redacted from the log from now on. An order's DMs carry
    nonces drawn from its outbox row, so a repeated send is not delivered twice. Where the
    system's pairing says so, the last part carries a picture of the player's own view.
    Within one phase a player's news is added to his DM of that phase (an edit, which does
    not notify him again) for as long as it fits."""
    known.remember(
        *(line for lines in update.private.values() for line in lines),
        *(secret.text for secret in update.system.secrets(update.game.state)),
    )
    for user_id, lines in update.private.items():
        label = dm_label(update)
        parts = pieces("\n".join(lines), CONTENT - len(label) - 80)
        await bot.outbox.note_seen(update.game.id, [user_id], update.game.version, update.position)
        picture = await own_picture(bot, update, user_id)
        if answered is None or user_id != answered[0]:
            if picture is None and await added_to_phase_dm(bot, update, user_id, lines, label):
                continue
        if answered is not None and user_id == answered[0]:
            await answered[1]([f"{label}\n{part}" for part in parts], picture)
            continue
        try:
            channel = await bot.create_dm(discord.Object(user_id))
            for number, part in enumerate(parts):
                extra: dict = {}
                if update.outbox_id is not None:
                    extra["nonce"] = outbox_nonce(update.outbox_id, f".{number}")
                if picture is not None and number == len(parts) - 1:
                    extra["file"] = picture
                sent = await channel.send(f"{label}\n{part}", **extra)
            phase = public_phase(update)
            if phase is not None and len(parts) == 1:
                bot.phase_dms[(update.game.id, user_id)] = PhaseDM(phase, sent, list(lines))
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise
            await closed(user_id, label, parts)
