"""Finding a game: ``/game seats`` lists the server's games with a side free, and ``/game
seek`` asks to be pinged by the next game of a system started in the server.

Both commands join the ``/game`` group of :mod:`bot.cogs.game` when this cog loads; that
cog's ``/game new`` calls :func:`answer_seekers` once the new game is posted."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.utils import format_dt

from bot.cogs.records import title_of
from bot.play import errors
from bot.play.service import NOT_A_MEMBER, Update
from bot.posting.announce import COLOUR
from bot.posting.interactions import Interaction, place_of
from bot.posting.pages import page_count, send_pages
from bot.posting.text_fit import CONTENT, DESCRIPTION, fit
from bot.storage.seeks import SeatedGame, Seeks
from games.core.engine import GameSystem

if TYPE_CHECKING:
    from bot.posting.host import Host

log = logging.getLogger(__name__)

SEEK_DAYS = 7
"""How long a request to be pinged lasts: a week of play-by-post, after which a member who
still looks asks again, and nobody is pinged for a game they forgot asking for."""

GAMES_PER_PAGE = 10

ANSWERED = 40
"""Members one new game pings at most, oldest requests first: their mentions fit one message,
and the rest wait for the next game."""

NO_SERVER = "Games are found within a server; use this command in one."


def seeks_of(bot: Host) -> Seeks:
    return Seeks(bot.sessions)


def server_of(interaction: Interaction) -> int:
    """The server the command was given in, where the bot is a member and can ping."""
    if interaction.guild_id is None:
        raise errors.BadInput(NO_SERVER)
    if place_of(interaction).replies_only:
        raise errors.BadInput(f"{NOT_A_MEMBER} Finding a game needs Laager in the server.")
    return interaction.guild_id


def free_sides(system: GameSystem, held: frozenset[str] | set[str]) -> list[str]:
    """The system's sides nobody holds, person or bot, in its own order."""
    return [side for side in system.sides if side not in held]


def two_can_play(system: GameSystem) -> bool:
    """Whether some mode of the system leaves two sides or more to people."""
    for mode in system.modes.values():
        if mode.bot_sides in ("others", "all"):
            continue
        if len(system.sides) - len(mode.bot_sides) >= 2:
            return True
    return False


def two_player_system(bot: Host, system_id: str) -> GameSystem:
    """The system a request or the standings name, if two people can play it."""
    try:
        system = bot.registry.get(system_id)
    except errors.LaagerError:
        names = ", ".join(f"`{s.id}`" for s in bot.registry if two_can_play(s))
        raise errors.BadInput(f"There is no game `{system_id[:40]}` here. Try {names}.") from None
    if not two_can_play(system):
        raise errors.BadInput(
            f"{system.title} is played alone against the bot: it has no seat for a second player."
        )
    return system


def side_named(system: GameSystem, typed: str) -> str:
    """The system's side a request names, whatever its case."""
    found = {side.casefold(): side for side in system.sides}.get(typed.casefold())
    if found is None:
        sides = ", ".join(f"`{s}`" for s in system.sides)
        raise errors.BadInput(f"{system.title} has no side `{typed[:32]}`; its sides: {sides}.")
    return found


def may_see(interaction: Interaction, channel_id: int) -> bool:
    """Whether the member can read the channel: a game in a channel or private thread they
    cannot open is not theirs to be shown, not even by name."""
    guild = interaction.guild
    member = interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel_or_thread(channel_id)
    if channel is None:
        return False
    if isinstance(channel, discord.Thread) and channel.is_private():
        return False
    return channel.permissions_for(member).view_channel


def seat_line(bot: Host, game: SeatedGame, sides: list[str]) -> str:
    pairing = bot.pairings[game.system]
    system = pairing.system
    scenario = system.scenarios.get(game.scenario)
    mode = system.modes.get(game.mode)
    what = ", ".join(x.title for x in (scenario, mode) if x is not None)
    pace = f"{game.deadline_hours} h a turn" if game.deadline_hours else "no deadline"
    free = " or ".join(f"**{side}**" for side in sides)
    return f"- <#{game.channel_id}>: {system.title} ({what}). Free: {free}; {pace}."


async def two_player_systems(interaction: Interaction, current: str) -> list[app_commands.Choice]:
    """The systems two people can play, for a command's ``system`` option."""
    bot: Host = interaction.client
    return [
        app_commands.Choice(name=s.title, value=s.id)
        for s in bot.registry
        if two_can_play(s) and current.lower() in (s.id + s.title).lower()
    ][:25]


async def sides_of_chosen(interaction: Interaction, current: str) -> list[app_commands.Choice]:
    """The sides of the system already chosen in the command, for its ``side`` option."""
    bot: Host = interaction.client
    try:
        system = bot.registry.get(interaction.namespace.system)
    except (errors.LaagerError, AttributeError):
        return []
    return [
        app_commands.Choice(name=side, value=side)
        for side in system.sides
        if current.lower() in side.lower()
    ][:25]


@app_commands.command(name="seats", description="Games in this server with a side free to join")
async def seats(interaction: Interaction) -> None:
    bot: Host = interaction.client
    guild_id = server_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    found: list[tuple[SeatedGame, list[str]]] = []
    for game in await seeks_of(bot).seated_games(guild_id):
        pairing = bot.pairings.get(game.system)
        if pairing is None or not may_see(interaction, game.channel_id):
            continue
        sides = free_sides(pairing.system, game.held)
        if sides:
            found.append((game, sides))
    pages = page_count(len(found), GAMES_PER_PAGE)

    async def draw(page: int) -> discord.Embed:
        shown = found[page * GAMES_PER_PAGE : (page + 1) * GAMES_PER_PAGE]
        if not shown:
            text = (
                "No game here has a side free just now. Start one with `/game new`, or ask "
                "to be pinged when someone does with `/game seek`."
            )
        else:
            text = "\n".join(seat_line(bot, game, sides) for game, sides in shown)
            text += "\n\nGo to the channel and take a side with `/game join`."
        embed = discord.Embed(
            title="Games with a side free", description=fit(text, DESCRIPTION), colour=COLOUR
        )
        if pages > 1:
            embed.set_footer(text=f"Page {page + 1} of {pages}, oldest game first")
        return embed

    await send_pages(interaction, pages, draw)


@app_commands.command(
    name="seek", description="Be pinged when someone here starts a game you want to play"
)
@app_commands.describe(
    system="The game you are looking for (leave out to see your requests)",
    side="Only a game where this side is free (default: any side)",
    stop="Stop looking: for this game, or for every game if none is named",
)
@app_commands.autocomplete(system=two_player_systems, side=sides_of_chosen)
async def seek(
    interaction: Interaction,
    system: app_commands.Range[str, 1, 64] | None = None,
    side: app_commands.Range[str, 1, 32] | None = None,
    stop: bool = False,
) -> None:
    bot: Host = interaction.client
    guild_id = server_of(interaction)
    user_id = interaction.user.id
    store = seeks_of(bot)
    now = datetime.now(UTC)
    if stop:
        chosen = None if system is None else two_player_system(bot, system).id
        dropped = await store.withdraw(guild_id, user_id, chosen)
        what = "that game" if chosen else "any game"
        told = (
            "You are no longer looking for " + what if dropped else "You had no request for " + what
        )
        await interaction.response.send_message(f"{told} here.", ephemeral=True)
        return
    if system is None:
        mine = await store.of_member(guild_id, user_id, now)
        if not mine:
            text = (
                "You are not looking for a game here. `/game seek system:` asks to be pinged "
                "by the next game of it someone starts here; `/game seats` lists the games "
                "with a side free now."
            )
        else:
            lines = [
                f"- {title_of(bot, r.system)}, {r.side or 'any side'}: until "
                f"{format_dt(r.lapses_at, 'f')}"
                for r in mine
            ]
            text = "You are looking for:\n" + "\n".join(lines)
            text += "\n`/game seek stop:True` stops looking."
        await interaction.response.send_message(fit(text, CONTENT), ephemeral=True)
        return
    chosen_system = two_player_system(bot, system)
    if side is not None:
        side = side_named(chosen_system, side)
    lapses = now + timedelta(days=SEEK_DAYS)
    await store.seek(guild_id, user_id, chosen_system.id, side, now=now, lapses_at=lapses)
    wanted = f"the {side} side" if side else "either side"
    await interaction.response.send_message(
        f"<@{user_id}> is looking for a game of {chosen_system.title} ({wanted}). Start one "
        f"with `/game new system:{chosen_system.id}` and they will be pinged. The request "
        f"lapses {format_dt(lapses, 'R')}; `/game seats` lists games with a side free now.",
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def answer_seekers(bot: Host, interaction: Interaction, update: Update) -> None:
    """Ping, once, those looking for a game of this system here, if the new game has a side
    free for them; their requests are then answered and gone. The game is posted already, so
    a failure here is logged, not answered with an apology for the game."""
    guild_id = update.game.guild_id
    held = {s.side for s in update.seats if s.user_id or s.is_bot}
    sides = free_sides(update.system, held)
    if guild_id is None or update.result or not sides:
        return
    try:
        answered = await seeks_of(bot).answer(
            guild_id,
            update.system.id,
            sides,
            creator_id=update.game.creator_id,
            now=datetime.now(UTC),
            limit=ANSWERED,
        )
        if not answered:
            return
        users = [r.user_id for r in answered]
        names = " ".join(f"<@{u}>" for u in users)
        await interaction.followup.send(
            f"{names}: you asked to hear of a new game of {update.system.title}. The "
            f"{' or '.join(sides)} side is free here: take it with `/game join`.",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in users]),
        )
    except Exception:
        log.exception("the seekers of game %s were not pinged", update.game.id)


async def setup(bot: Host) -> None:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("bot.cogs.seeking loads after bot.cogs.game, whose /game it extends")
    group.add_command(seats)
    group.add_command(seek)
