"""``/ramparts``: start a Zulus on the Ramparts! game with its optional rules, see your hand
privately, and estimate the odds; each update offers the legal orders as buttons and selects.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.cogs.common import LaagerCog
from bot.play import workers
from bot.play.service import Update
from bot.play.simulations import simulate
from bot.posting.alt_text import alt_text
from bot.posting.announce import COLOUR, clip, post_update
from bot.posting.interactions import actor_of, another_system, place_of, thinking_first
from games.core.engine import GameSystem, Viewer
from games.core.errors import LaagerError
from games.core.odds import Estimate
from games.ramparts.odds import run_chunk, sees_hand, view_seed
from games.ramparts.options import CARD_GROUPS
from games.ramparts.state import SIDE
from games.ramparts.system import SYSTEM as RAMPARTS
from games.ramparts.victory import LEVEL_NAMES
from renderers import ramparts as pictures

if TYPE_CHECKING:
    from bot.posting.host import Host

log = logging.getLogger(__name__)
Interaction = discord.Interaction["Host"]

SYSTEM_ID = "ramparts"
ODDS_GAMES = 500
MAX_ODDS_GAMES = 4000
ODDS_CHUNK = 50
"""Games a worker plays at a time: about 80 ms of work (a game from the start took 1.6 ms)."""


async def hand_file(system: GameSystem, state: dict) -> discord.File | None:
    view = system.view(state, Viewer.of_side(SIDE))
    png = await workers.draw(pictures.render, view, {"hand": True})
    if not png:
        return None
    described = alt_text(view, what="Your hand")
    return discord.File(io.BytesIO(png), filename="hand.png", description=described)


class RampartsCog(LaagerCog):
    """Commands of Zulus on the Ramparts!."""

    ramparts = app_commands.Group(
        name="ramparts", description="Zulus on the Ramparts!: defend Rorke's Drift, solitaire"
    )

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.simulating: set[int] = set()
        """Channels with odds being worked out now: one simulation per channel at a time."""

    @ramparts.command(name="new", description="Start a solitaire defence of Rorke's Drift here")
    @app_commands.describe(
        stronger="12.1 Stronger iButhos: each gets its gold-striped Hit marker",
        melee="12.2 Melee: bayonet cards ignore Night at Close range (-1 VP)",
        officers="12.5 Officers: no Seniority Debate, Adendorff is no lieutenant (-2 VP)",
        morning_attack="12.4 Zulu Morning Attack when the cup runs dry",
        cards="12.3 Optional cards: all, or a comma list of " + ", ".join(CARD_GROUPS),
    )
    async def new(
        self,
        interaction: Interaction,
        stronger: bool = False,
        melee: bool = False,
        officers: bool = False,
        morning_attack: bool = False,
        cards: str | None = None,
    ) -> None:
        options = {
            "stronger": stronger,
            "melee": melee,
            "officers": officers,
            "morning_attack": morning_attack,
            "cards": cards or "",
        }

        async def start() -> Update:
            actor = await actor_of(interaction)
            place = place_of(interaction)
            return await self.bot.service.new_game(
                place, actor, SYSTEM_ID, "standard", "solo", SIDE, options
            )

        await post_update(interaction, await thinking_first(interaction, start))

    async def _mine(self, interaction: Interaction) -> tuple[Any, GameSystem]:
        game, system, seats = await self.bot.service.current(place_of(interaction))
        if system.id != SYSTEM_ID:
            raise another_system(system, RAMPARTS, "ramparts")
        if not any(s.user_id == interaction.user.id for s in seats):
            raise LaagerError("Only the player defending Rorke's Drift here can see the hand.")
        return game, system

    @ramparts.command(name="hand", description="See your hand (only you see it)")
    async def hand(self, interaction: Interaction) -> None:
        game, system = await thinking_first(
            interaction, lambda: self._mine(interaction), ephemeral=True
        )
        view = system.view(game.state, Viewer.of_side(SIDE))
        text = next((line for line in view.lines if line.startswith("Your hand")), "")
        picture = await hand_file(system, game.state)
        kwargs: dict[str, Any] = {"content": clip(text, 1900), "ephemeral": True}
        if picture:
            kwargs["file"] = picture
        await interaction.followup.send(**kwargs)

    @ramparts.command(name="odds", description="Estimate the Victory Levels from here")
    @app_commands.describe(games=f"How many games to simulate (default {ODDS_GAMES})")
    async def odds(
        self,
        interaction: Interaction,
        games: app_commands.Range[int, 50, MAX_ODDS_GAMES] = ODDS_GAMES,
    ) -> None:
        place = place_of(interaction)
        game, system, seats = await self.bot.service.current(place)
        if system.id != SYSTEM_ID:
            raise another_system(system, RAMPARTS, "ramparts")
        if game.state["over"]:
            raise LaagerError("This game is over; start another with `/ramparts new`.")
        if place.channel_id in self.simulating:
            raise LaagerError(
                "Odds are already being worked out in this channel; wait for that answer, "
                "then ask again."
            )
        player = any(s.user_id == interaction.user.id for s in seats)
        viewer = Viewer.of_side(SIDE) if player else Viewer.public()
        self.simulating.add(place.channel_id)
        try:
            await self._simulate(interaction, game, system.view(game.state, viewer), games)
        finally:
            self.simulating.discard(place.channel_id)

    async def _simulate(self, interaction: Interaction, game: Any, view: Any, games: int) -> None:
        """Play the games in the workers, showing progress. Odds from the player's own view
        depend on the hand, so only the player sees them; a spectator's go to the channel."""
        mine = view.viewer.kind == "side"
        await interaction.response.send_message(
            f"Simulating {games} games from here: 0%…", ephemeral=mine
        )
        message = await interaction.original_response()
        shown = {"at": 0}

        async def progress(done: int) -> None:
            percent = 100 * done // games
            if percent - shown["at"] >= 20 and percent < 100:
                shown["at"] = percent
                await message.edit(content=f"Simulating {games} games from here: {percent}%…")

        args = (game.state, view_seed(view), sees_hand(view))
        found = await simulate(run_chunk, args, games, ODDS_CHUNK, progress)
        result = Estimate(games, dict(found or {}), LEVEL_NAMES)
        embed = discord.Embed(
            title=f"Odds from turn {game.state['turn']} · game {game.id}",
            description="\n".join(result.lines()),
            colour=COLOUR,
        )
        known = (
            "your hand as you hold it"
            if view.viewer.kind == "side"
            else "a hand dealt afresh in each run, as the channel cannot see it"
        )
        embed.set_footer(
            text=f"{result.games} simulated games under the strong policy, from {known}; "
            f"margin of error ±{result.margin * 100:.1f} points (95%). The unseen Draw Pile "
            "is reshuffled in each run."
        )
        await message.edit(content=None, embed=embed)


async def setup(bot: Host) -> None:
    await bot.add_cog(RampartsCog(bot))
