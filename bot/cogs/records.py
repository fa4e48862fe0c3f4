"""Looking back: ``/game recap`` posts a finished game's recap again, ``/game history`` lists
a member's finished games and ratings, and ``/stats games`` tallies a server's games by
system and side.

The two ``/game`` subcommands join the group of :mod:`bot.cogs.game` when this cog loads, so
that cog stays about playing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.utils import format_dt

from bot.cogs.common import LaagerCog
from bot.play import errors
from bot.play.ratings import shown
from bot.posting.announce import COLOUR
from bot.posting.interactions import Interaction, place_of, thinking_first
from bot.posting.pages import page_count, send_pages
from bot.posting.recap import NotRecappable
from bot.posting.recap_post import send_recap
from bot.posting.text_fit import DESCRIPTION, FIELD, fit
from bot.storage.db import session_factory
from bot.storage.history import History, PlayedGame, SystemTally
from bot.storage.ratings import RatingRecord, Ratings
from bot.storage.records import GameRecord

if TYPE_CHECKING:
    from bot.posting.host import Host

GAMES_PER_PAGE = 10
LISTED_NUMBERS = 20
"""A refusal names at most this many of the channel's finished games."""


def history_of(bot: Host) -> History:
    return History(session_factory(bot.engine))


def title_of(bot: Host, system_id: str) -> str:
    """A system's title, or its id if this bot no longer runs it."""
    pairing = bot.pairings.get(system_id)
    return pairing.system.title if pairing else system_id


@app_commands.command(name="recap", description="Post the recap of a finished game in this channel")
@app_commands.describe(game="The game's number (default: the channel's latest finished game)")
async def recap(
    interaction: Interaction, game: app_commands.Range[int, 1, 2_000_000_000] | None = None
) -> None:
    bot = interaction.client
    place = place_of(interaction)

    async def look() -> GameRecord:
        finished = await history_of(bot).finished_here(place.channel_id)
        if not finished:
            raise errors.NoGame(
                "No game has finished in this channel yet, so there is nothing to recap. A "
                "recap is posted by itself when a game ends."
            )
        number = finished[0] if game is None else game
        if number not in finished:
            shown = ", ".join(str(n) for n in finished[:LISTED_NUMBERS])
            more = " and older ones" if len(finished) > LISTED_NUMBERS else ""
            raise errors.BadInput(
                f"Game {number} is not a finished game of this channel. Finished here: "
                f"{shown}{more}; leave `game` out for the latest."
            )
        return await bot.store.get_game(number)

    record = await thinking_first(interaction, look)  # answered at once, however busy
    number = record.id
    if record.system not in bot.pairings:
        await interaction.followup.send(
            f"Game {number} was a game of `{record.system}`, which this bot no longer runs, "
            "so it cannot be replayed for a recap."
        )
        return
    try:
        await send_recap(interaction, record, COLOUR)
    except NotRecappable as problem:
        await interaction.followup.send(
            f"Game {number}'s log does not replay to its stored position ({problem}), so no "
            "recap can honestly be drawn; `/game verify` says more."
        )


@app_commands.command(name="history", description="A member's finished games in this server")
@app_commands.describe(member="Whose games (default: yours)")
async def history(interaction: Interaction, member: discord.User | None = None) -> None:
    if interaction.guild_id is None:
        raise errors.BadInput(
            "Records belong to a server; use this command in one of its channels."
        )
    bot = interaction.client
    who = member or interaction.user
    records = history_of(bot)
    guild_id = interaction.guild_id
    await interaction.response.defer(thinking=True)  # before any query, however busy
    total = await records.played_count(guild_id, who.id)
    rated = await Ratings(bot.sessions).of_member(guild_id, who.id)

    async def draw(page: int) -> discord.Embed:
        played = await records.played(
            guild_id, who.id, offset=page * GAMES_PER_PAGE, limit=GAMES_PER_PAGE
        )
        embed = history_page(bot, who.id, played, page, total)
        if rated:
            embed.add_field(name="Ratings here", value=ratings_field(bot, rated), inline=False)
        return embed

    await send_pages(interaction, page_count(total, GAMES_PER_PAGE), draw)


def ratings_field(bot: Host, rated: list[RatingRecord]) -> str:
    """A member's ratings in the server, a line each system and side."""
    lines = [
        f"{title_of(bot, r.system)} · {r.side}: **{shown((r.mu, r.sigma)):.1f}** "
        f"({r.games} rated game{'s' if r.games != 1 else ''})"
        for r in rated
    ]
    return fit("\n".join(lines), FIELD)


def history_page(
    bot: Host, user_id: int, played: list[PlayedGame], page: int, total: int
) -> discord.Embed:
    """One page of a member's games: system, side, result, date and channel of each."""
    if not total:
        description = (
            f"<@{user_id}> has no finished games in this server yet. Games count once they "
            "end with a result; start one with `/game new`."
        )
    else:
        lines = [f"<@{user_id}>: {total} finished game{'s' if total != 1 else ''}."]
        for game in played:
            system = title_of(bot, game.system)
            what_if = ""
            if game.fork:
                origin = f" of #{game.forked_from}" if game.forked_from else ""
                what_if = f" · what-if{origin}"
            lines.append(
                f"`#{game.game_id}` {system} · {game.side} · **{game.outcome}**{what_if} · "
                f"{format_dt(game.finished_at, 'd')} · <#{game.channel_id}>"
            )
        description = fit("\n".join(lines), DESCRIPTION)
    embed = discord.Embed(title="Game history", description=description, colour=COLOUR)
    pages = page_count(total, GAMES_PER_PAGE)
    if pages > 1:
        embed.set_footer(text=f"Page {page + 1} of {pages}, newest first")
    return embed


class RecordsCog(LaagerCog):
    """``/stats games``; ``/game recap`` and ``/game history`` are added to ``/game`` on load,
    and the ratings' commands to ``/stats`` (bot.cogs.ratings)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    stats = app_commands.Group(name="stats", description="This server's games and ratings")

    @stats.command(name="games", description="This server's games by system and wins by side")
    async def games(self, interaction: Interaction) -> None:
        if interaction.guild_id is None:
            raise errors.BadInput("Statistics belong to a server; use this command in one.")
        await interaction.response.defer(thinking=True)
        tallies = await history_of(self.bot).tallies(interaction.guild_id)

        async def draw(page: int) -> discord.Embed:
            return stats_page(self.bot, tallies, page)

        await send_pages(interaction, max(1, len(tallies)), draw)


def stats_page(bot: Host, tallies: list[SystemTally], page: int) -> discord.Embed:
    """One system a page: its games by status, and each side's wins among the finished."""
    if not tallies:
        return discord.Embed(
            title="Games in this server",
            description="No game has been played in this server yet; start one with `/game new`.",
            colour=COLOUR,
        )
    tally = tallies[page]
    pairing = bot.pairings.get(tally.system)
    title = title_of(bot, tally.system)
    counts = ", ".join(f"{n} {status}" for status, n in sorted(tally.by_status.items()))
    lines = [f"**{sum(tally.by_status.values())} games:** {counts}."]
    sides = list(pairing.system.sides) if pairing else []
    sides += [s for s in tally.winners if s is not None and s not in sides]
    if tally.finished:
        lines.append(f"**Wins among the {tally.finished} finished:**")
        for side in sides:
            wins = tally.winners.get(side, 0)
            lines.append(f"- {side}: {wins} ({100 * wins / tally.finished:.0f}%)")
        if tally.winners.get(None):
            lines.append(f"- drawn: {tally.winners[None]}")
    embed = discord.Embed(
        title=f"{title}: games in this server",
        description=fit("\n".join(lines), DESCRIPTION),
        colour=COLOUR,
    )
    if len(tallies) > 1:
        embed.set_footer(text=f"System {page + 1} of {len(tallies)}, most played first")
    return embed


async def setup(bot: Host) -> None:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("bot.cogs.records loads after bot.cogs.game, whose /game it extends")
    group.add_command(recap)
    group.add_command(history)
    await bot.add_cog(RecordsCog(bot))
