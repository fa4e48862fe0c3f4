"""``/ramparts``: start a Zulus on the Ramparts! game with its optional rules, see your hand
privately, and estimate the odds; each update offers the legal orders as buttons and selects.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.announce import COLOUR, Presentation, clip, post_update
from bot.cogs.common import LaagerCog
from bot.interactions import actor_of, place_of, refuse
from bot.orders import choose
from bot.service import Update
from bot.ui import ActionButton
from games.core.engine import ActionChoice, GameSystem, Viewer, position_id
from games.core.errors import LaagerError
from games.ramparts.odds import estimate
from games.ramparts.options import CARD_GROUPS
from games.ramparts.state import SIDE
from renderers import ramparts as pictures

if TYPE_CHECKING:
    from bot.app import LaagerBot

log = logging.getLogger(__name__)
Interaction = discord.Interaction["LaagerBot"]

SYSTEM_ID = "ramparts"
SELECT_ID = r"rps:(?P<game>\d+):(?P<position>[0-9a-f]+):(?P<group>\w+)"
ODDS_GAMES = 500
MAX_ODDS_GAMES = 4000

GROUPS: tuple[tuple[str, str], ...] = (
    ("volley", "Fire a Volley card from your hand: card and target"),
    ("sacrifice", "Sacrifice a Hero to fire his Volley: Hero and target"),
    ("forth", "Put Forth a Hero, or play a card"),
    ("work", "Platoon, barricade, fire, ammunition or a Hero's ability"),
    ("pick", "Choose"),
)
ROWS, OPTIONS = 5, 25
"""Discord allows five rows (one for the buttons, the rest menus) and 25 options a menu."""


def group_of(choice: ActionChoice) -> str:
    """Which select an order belongs in; 'go' stays a button."""
    kind = choice.action["type"]
    if kind == "go":
        return "go"
    if kind == "volley":
        return "volley"
    if kind == "ability" and "target" in choice.action and "volley" in choice.key:
        return "sacrifice"
    if kind == "forth":
        return "forth"
    if kind in ("reserve", "build", "fight_fire", "ammo", "disband", "stop_building", "ability"):
        return "work"
    if kind == "play":
        return "forth"
    return "pick"


class OrderSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_ID):
    """A menu of orders of one kind (Volleys, Heroes...); each option's value is an order key."""

    def __init__(
        self,
        game_id: int,
        position: str,
        group: str,
        placeholder: str = "Choose",
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder[:150],
                custom_id=f"rps:{game_id}:{position}:{group}",
                options=options or [discord.SelectOption(label="-", value="go")],
            )
        )
        self.game_id, self.position = game_id, position

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> OrderSelect:
        return cls(int(match["game"]), match["position"], match["group"], item.placeholder or "")

    async def callback(self, interaction: Interaction) -> Any:
        values = self.item.values
        if not values:
            await refuse(interaction, "Pick one of the orders in the menu.")
            return
        await choose(interaction, self.game_id, self.position, str(values[0]))


def orders_view(update: Update) -> discord.ui.View | None:
    """Buttons when few orders are open; otherwise a button to move on and a menu per kind."""
    if update.result:
        return None
    state = update.game.state
    if SIDE not in update.system.to_act(state):
        return None
    choices = update.system.choices(state, SIDE)
    if not choices:
        return None
    view = discord.ui.View(timeout=None)
    position = position_id(state)
    game_id = update.game.id
    if len(choices) <= 5:
        for choice in choices:
            view.add_item(order_button(game_id, position, choice))
        return view
    grouped: dict[str, list[ActionChoice]] = {}
    for choice in choices:
        grouped.setdefault(group_of(choice), []).append(choice)
    for choice in grouped.pop("go", []):
        view.add_item(order_button(game_id, position, choice))
    for index, (placeholder, members) in enumerate(pack(grouped)):
        options = [discord.SelectOption(label=c.label[:100], value=c.key) for c in members]
        view.add_item(OrderSelect(game_id, position, f"m{index}", placeholder, options))
    return view


def order_button(game_id: int, position: str, choice: ActionChoice) -> ActionButton:
    """A button for one order; moving on is drawn quieter than the orders themselves."""
    style = discord.ButtonStyle.secondary if choice.key == "go" else discord.ButtonStyle.primary
    return ActionButton(game_id, position, choice.key, choice.label, style)


def pack(grouped: dict[str, list[ActionChoice]]) -> list[tuple[str, list[ActionChoice]]]:
    """Menus of at most 25 orders, one per kind, merging the smallest until they fit the rows."""
    menus = []
    for group, placeholder in GROUPS:
        members = grouped.get(group, [])
        for start in range(0, len(members), OPTIONS):
            menus.append((placeholder, members[start : start + OPTIONS]))
    while len(menus) > ROWS - 1:
        smallest = sorted(range(len(menus)), key=lambda i: len(menus[i][1]))[:2]
        first, second = sorted(smallest)
        merged = menus[first][1] + menus[second][1]
        if len(merged) > OPTIONS:
            break
        menus[first] = ("More orders", merged)
        del menus[second]
    return menus[: ROWS - 1]


async def hand_file(system: GameSystem, state: dict) -> discord.File | None:
    view = system.view(state, Viewer.of_side(SIDE))
    png = await asyncio.to_thread(pictures.render, view, {"hand": True})
    return discord.File(io.BytesIO(png), filename="hand.png") if png else None


async def dm_hand(interaction: Interaction, update: Update) -> None:
    """After a draw, the player also gets the picture of their hand by DM."""
    if not update.private or update.result:
        return
    picture = await hand_file(update.system, update.game.state)
    if picture is None:
        return
    for user_id in update.private:
        try:
            channel = await interaction.client.create_dm(discord.Object(user_id))
            await channel.send("Your hand now:", file=picture)
        except discord.Forbidden:
            log.info("hand picture not sent: DMs closed for %s", user_id)


class RampartsCog(LaagerCog):
    """Commands of Zulus on the Ramparts!."""

    ramparts = app_commands.Group(
        name="ramparts", description="Zulus on the Ramparts!: defend Rorke's Drift, solitaire"
    )

    def __init__(self, bot: LaagerBot) -> None:
        self.bot = bot

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
        update = await self.bot.service.new_game(
            place_of(interaction),
            await actor_of(interaction),
            SYSTEM_ID,
            "standard",
            "solo",
            SIDE,
            options,
        )
        await post_update(interaction, update)

    async def _mine(self, interaction: Interaction) -> tuple[Any, GameSystem]:
        game, system, seats = await self.bot.service.current(place_of(interaction))
        if system.id != SYSTEM_ID:
            raise LaagerError(f"The game here is {system.title}, not Zulus on the Ramparts!.")
        if not any(s.user_id == interaction.user.id for s in seats):
            raise LaagerError("Only the player defending Rorke's Drift here can see the hand.")
        return game, system

    @ramparts.command(name="hand", description="See your hand (only you see it)")
    async def hand(self, interaction: Interaction) -> None:
        game, system = await self._mine(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
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
        game, system, _ = await self.bot.service.current(place_of(interaction))
        if system.id != SYSTEM_ID:
            raise LaagerError(f"The game here is {system.title}, not Zulus on the Ramparts!.")
        if game.state["over"]:
            raise LaagerError("This game is over; start another with `/ramparts new`.")
        await interaction.response.send_message(f"Simulating {games} games from here: 0%…")
        message = await interaction.original_response()
        loop = asyncio.get_running_loop()
        shown = {"at": 0}
        edits: list[Any] = []

        def progress(done: int) -> None:
            percent = 100 * done // games
            if percent - shown["at"] >= 20:
                shown["at"] = percent
                text = f"Simulating {games} games from here: {percent}%…"
                edits.append(asyncio.run_coroutine_threadsafe(message.edit(content=text), loop))

        result = await asyncio.to_thread(estimate, game.state, games, progress)
        await asyncio.gather(*(asyncio.wrap_future(edit) for edit in edits))
        embed = discord.Embed(
            title=f"Odds from turn {game.state['turn']} · game {game.id}",
            description="\n".join(result.lines()),
            colour=COLOUR,
        )
        embed.set_footer(
            text=f"{result.games} simulated games under the built-in policy; margin of error "
            f"±{result.margin * 100:.1f} points (95%). The unseen Draw Pile is reshuffled in "
            "each run."
        )
        await message.edit(content=None, embed=embed)


async def setup(bot: LaagerBot) -> None:
    bot.presentations[SYSTEM_ID] = Presentation(orders_view, dm_hand)
    bot.add_dynamic_items(OrderSelect)
    await bot.add_cog(RampartsCog(bot))
