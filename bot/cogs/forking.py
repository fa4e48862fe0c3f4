"""What-if games: ``/game fork`` plays on from a position of the channel's latest finished
game, in a thread of its own (bot.play.forks names the positions; games.core.forks says what
the new game keeps). The fork is a new game with its own dice and commitment, shown as a fork
in history and never rated.

The command joins the ``/game`` group of bot.cogs.game when this cog loads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot.play import errors
from bot.play.service import Place
from bot.posting.announce import post_unprompted
from bot.posting.interactions import Interaction, actor_of, place_of, thinking_first
from bot.posting.threads import close_thread, open_thread
from games.core.errors import LaagerError

if TYPE_CHECKING:
    from bot.play.forks import ForkPoint
    from bot.posting.host import Host

NOT_HERE = (
    "Laager is not a member here, so it cannot open a thread for a what-if game; fork games "
    "in a server that has added it."
)


async def _points(interaction: Interaction) -> list[ForkPoint]:
    bot: Host = interaction.client
    game = await bot.store.latest_finished(place_of(interaction).channel_id)
    if game is None:
        return []
    return await bot.service.fork_points(game, bot.registry.get(game.system))


async def _phases(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    try:
        points = await _points(interaction)
    except LaagerError:
        return []
    turn = getattr(interaction.namespace, "turn", None)
    typed = current.casefold()
    return [
        app_commands.Choice(name=p.label[:100], value=p.label[:100])
        for p in points
        if (turn is None or p.turn == turn) and typed in p.label.casefold()
    ][:25]


async def _sides(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    bot: Host = interaction.client
    game = await bot.store.latest_finished(place_of(interaction).channel_id)
    if game is None:
        return []
    seats = await bot.store.seats(game.id)
    return [
        app_commands.Choice(name=s.side, value=s.side)
        for s in seats
        if not s.is_bot and current.casefold() in s.side.casefold()
    ][:25]


@app_commands.command(
    name="fork", description="Play on from a position of this channel's last finished game"
)
@app_commands.describe(
    turn="The turn to start from (default: the game's last turn)",
    phase="The phase of that turn to start from (default: its first)",
    side="The side you take (default: the side you played)",
)
@app_commands.autocomplete(phase=_phases, side=_sides)
async def fork(
    interaction: Interaction,
    turn: app_commands.Range[int, 0, 999] | None = None,
    phase: app_commands.Range[str, 1, 200] | None = None,
    side: app_commands.Range[str, 1, 32] | None = None,
) -> None:
    bot: Host = interaction.client
    place = place_of(interaction)
    if place.replies_only or place.guild_id is None:
        raise errors.BadInput(NOT_HERE)

    async def start() -> str:
        parent, system, point = await bot.service.fork_point(place, turn, phase)
        thread = await open_thread(
            bot, place.channel_id, f"What-if · {system.title} game {parent.id} · {point.label}"
        )
        try:
            update = await bot.service.fork(
                Place(place.guild_id, thread.id),
                await actor_of(interaction),
                parent,
                point,
                side,
            )
        except Exception:
            await close_thread(thread)
            raise
        taken = {seat.side for seat in update.seats}
        free = [s for s in system.sides if s not in taken]
        joining = f" Free: {', '.join(free)}; `/game join` here takes one." if free else ""
        update.lines.append(f"This game is not rated.{joining}")
        await post_unprompted(bot, update)
        return (
            f"Game {update.game.id} starts in {thread.mention}: a what-if game from game "
            f"{parent.id} at {point.label}."
        )

    await interaction.followup.send(await thinking_first(interaction, start))


async def setup(bot: Host) -> None:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("bot.cogs.forking loads after bot.cogs.game, whose /game it extends")
    group.add_command(fork)
