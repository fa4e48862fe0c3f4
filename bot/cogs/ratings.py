"""Ratings: each finished two-player game between people who chose to be rated, in a server
that rates games, moves both players' ratings for that system and side (bot.play.ratings,
rated as the game finishes: bot.storage.ratings).

The change is posted after the game's end; ``/stats leaderboard`` pages through the standings,
``/stats rated on|off`` is each person's choice, and the server's is ``/game settings
ratings:``. The commands join ``/stats`` of bot.cogs.records when this cog loads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.cogs.seeking import side_named, sides_of_chosen, two_player_system, two_player_systems
from bot.play import errors
from bot.play.ratings import shown
from bot.play.service import Update
from bot.posting.announce import COLOUR
from bot.posting.interactions import Interaction
from bot.posting.pages import page_count, send_pages
from bot.posting.text_fit import CONTENT, DESCRIPTION, fit
from bot.storage.ratings import RatingChangeRecord, RatingRecord, Ratings

if TYPE_CHECKING:
    from bot.posting.host import Host

PER_PAGE = 10

NO_SERVER = "Ratings belong to a server; use this command in one of its channels."


def ratings_of(bot: Host) -> Ratings:
    return Ratings(bot.sessions)


def change_line(change: RatingChangeRecord) -> str:
    before, after = shown(change.before), shown(change.after)
    moved = after - before
    return f"<@{change.user_id}> as {change.side}: {before:.1f} → **{after:.1f}** ({moved:+.1f})"


def changes_text(title: str, changes: list[RatingChangeRecord]) -> str:
    lines = [f"**Ratings** ({title}):", *(f"- {change_line(c)}" for c in changes)]
    lines.append("`/stats leaderboard` shows this server's standings.")
    return fit("\n".join(lines), CONTENT)


async def rate_finished(bot: Host, update: Update, interaction: Interaction | None) -> None:
    """Once a game's last post is made: say how the players' ratings moved, if the game was
    rated (in the transaction that finished it)."""
    if update.game.status != "finished":
        return
    changes = await ratings_of(bot).changes(update.game.id)
    if not changes:
        return
    text = changes_text(update.system.title, changes)
    none = discord.AllowedMentions.none()
    if interaction is not None:
        await interaction.followup.send(text, allowed_mentions=none)
    else:
        channel = bot.get_partial_messageable(update.game.channel_id, guild_id=update.game.guild_id)
        await channel.send(text, allowed_mentions=none)


@app_commands.command(name="leaderboard", description="This server's ratings in a game")
@app_commands.describe(
    system="Which game", side="Only the ratings of this side (default: both sides)"
)
@app_commands.autocomplete(system=two_player_systems, side=sides_of_chosen)
async def leaderboard(
    interaction: Interaction,
    system: app_commands.Range[str, 1, 64],
    side: app_commands.Range[str, 1, 32] | None = None,
) -> None:
    bot: Host = interaction.client
    guild_id = interaction.guild_id
    if guild_id is None:
        raise errors.BadInput(NO_SERVER)
    chosen = two_player_system(bot, system)
    chosen_side = None if side is None else side_named(chosen, side)
    await interaction.response.defer(thinking=True)
    store = ratings_of(bot)
    total, _ = await store.standings(guild_id, chosen.id, chosen_side, offset=0, limit=0)
    rates = (await bot.store.guild_settings(guild_id)).ratings

    async def draw(page: int) -> discord.Embed:
        _, rows = await store.standings(
            guild_id, chosen.id, chosen_side, offset=page * PER_PAGE, limit=PER_PAGE
        )
        return standings_page(chosen.title, chosen_side, rows, page, total, rates)

    await send_pages(interaction, page_count(total, PER_PAGE), draw)


def standings_page(
    title: str, side: str | None, rows: list[RatingRecord], page: int, total: int, rates: bool
) -> discord.Embed:
    """One page of the standings: place, player, side, rating and rated games."""
    which = f"{title}, {side}" if side else title
    if not rows:
        text = f"Nobody is rated in {which} here yet."
        if not rates:
            text += " This server does not rate games: `/game settings ratings:True` (Manage "
            text += "Server) starts rating them."
    else:
        lines = [
            f"{page * PER_PAGE + n}. <@{r.user_id}> · {r.side} · **{shown((r.mu, r.sigma)):.1f}** "
            f"({r.games} game{'s' if r.games != 1 else ''})"
            for n, r in enumerate(rows, start=1)
        ]
        text = "\n".join(lines)
        text += (
            "\n\nA rating is the cautious estimate of a player's skill at one side of a game "
            "(mu − 3 sigma): it starts at 0 and rises as wins make it surer."
        )
    embed = discord.Embed(
        title=f"Ratings: {which}", description=fit(text, DESCRIPTION), colour=COLOUR
    )
    pages = page_count(total, PER_PAGE)
    if pages > 1:
        embed.set_footer(text=f"Page {page + 1} of {pages}, best first")
    return embed


rated = app_commands.Group(
    name="rated", description="Whether your two-player games count toward your ratings"
)


async def _choose(interaction: Interaction, on: bool) -> None:
    bot: Host = interaction.client
    await bot.store.set_rated(interaction.user.id, on)
    if on:
        said = (
            "Your finished two-player games against people who also chose to be rated now "
            "count toward your ratings, in servers that rate games."
        )
        guild_id = interaction.guild_id
        if guild_id is not None and not (await bot.store.guild_settings(guild_id)).ratings:
            said += " This server does not rate games yet (`/game settings ratings:True`)."
    else:
        said = "Your games no longer count toward ratings; the ratings you have stay as they are."
    await interaction.response.send_message(said, ephemeral=True)


@rated.command(name="on", description="Count your two-player games toward your ratings")
async def rated_on(interaction: Interaction) -> None:
    await _choose(interaction, True)


@rated.command(name="off", description="Stop counting your games toward ratings")
async def rated_off(interaction: Interaction) -> None:
    await _choose(interaction, False)


async def setup(bot: Host) -> None:
    group = bot.tree.get_command("stats")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("bot.cogs.ratings loads after bot.cogs.records, whose /stats it extends")
    group.add_command(leaderboard)
    group.add_command(rated)
    bot.game_ended.append(rate_finished)
