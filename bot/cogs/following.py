"""Following a game: ``/game watch`` in its channel and a member who does not play it hears by
DM, at most once a phase, where it stands (bot.posting.followers); ``/game watch stop:True``
stops it. A player asking ``/game watch`` is shown who follows their game.

The command joins the ``/game`` group of bot.cogs.game when this cog loads.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from discord import app_commands

from bot.play import errors
from bot.posting.followers import followers_of
from bot.posting.interactions import Interaction, place_of
from bot.posting.text_fit import CONTENT, fit
from bot.storage.followers import FOLLOWERS_PER_GAME

if TYPE_CHECKING:
    from bot.posting.host import Host

NOT_HERE = (
    "Laager is not a member here, so it could not tell you of this game's news; follow games "
    "in a server that has added it."
)


@app_commands.command(name="watch", description="Hear by DM when this channel's game moves on")
@app_commands.describe(stop="True: stop hearing of this game")
async def watch(interaction: Interaction, stop: bool = False) -> None:
    if stop:
        await unwatch(interaction)
        return
    bot: Host = interaction.client
    place = place_of(interaction)
    if place.replies_only:
        raise errors.BadInput(NOT_HERE)
    game, system, seats = await bot.service.current(place)
    followers = followers_of(bot)
    if interaction.user.id in {seat.user_id for seat in seats}:
        watching = await followers.of_game(game.id)
        names = ", ".join(f"<@{user}>" for user in watching)
        said = (
            f"You play in this game, so its news comes to you already. Following it: {names}."
            if watching
            else "You play in this game, so its news comes to you already. Nobody follows it."
        )
        await interaction.response.send_message(fit(said, CONTENT), ephemeral=True)
        return
    if not await followers.follow(game.id, interaction.user.id, datetime.now(UTC)):
        raise errors.BadInput(
            f"This game already has {FOLLOWERS_PER_GAME} followers, as many as it may have."
        )
    await bot.followed.add(game.id)
    said = (
        f"You follow {system.title} · game {game.id} here: a DM, at most once a phase, when "
        "it moves to a new phase, is handed to a player or ends. `/game watch stop:True` here "
        "stops it."
    )
    if interaction.user.id in await bot.store.quiet_players([interaction.user.id]):
        said += " Your pings are off, and no DM comes while they are (`/game pings on`)."
    await interaction.response.send_message(said, ephemeral=True)


async def unwatch(interaction: Interaction) -> None:
    bot: Host = interaction.client
    game, system, _ = await bot.service.current(place_of(interaction))
    followers = followers_of(bot)
    if await followers.unfollow(game.id, interaction.user.id):
        said = f"You no longer follow {system.title} · game {game.id}."
        if not await followers.of_game(game.id):
            bot.followed.discard(game.id)
    else:
        said = "You were not following this game; `/game watch` follows it."
    await interaction.response.send_message(said, ephemeral=True)


async def setup(bot: Host) -> None:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("bot.cogs.following loads after bot.cogs.game, whose /game it extends")
    group.add_command(watch)
