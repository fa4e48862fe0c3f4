"""``/zones``: the zone game of Isandlwana and Rorke's Drift, one subcommand per kind of order.

Every subcommand takes one of the user's current orders of its kind, offered by autocomplete
from the engine's legal orders (only your units, the zones they can reach, the targets in
range), and hands it to the service. Zulu amounts are offered at their fullest; ``sp`` and
``counters`` ask for fewer, and the engine says in its own words what it accepts. Loss
allocation, the ammunition choice, the charge's "another round?" and ending a phase are
buttons too, under the map and on the private panel.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.cogs.common import LEVEL_CHOICES, LEVEL_HELP, LaagerCog
from bot.play.engine_work import not_offered
from bot.play.errors import BadInput, NotSeated
from bot.posting.announce import post_update
from bot.posting.interactions import (
    act_as_seen,
    actor_of,
    another_system,
    place_of,
    thinking_first,
    within_budget,
)
from bot.storage.records import SeatRecord
from bot.systems.zones.pairing import subcommand, with_sp
from games.core.engine import JSON, Order
from games.core.errors import LaagerError
from games.core.text import shorten
from games.zones.system import SYSTEM

if TYPE_CHECKING:
    from bot.play.service import Update
    from bot.posting.host import Host

Interaction = discord.Interaction["Host"]
Choice = app_commands.Choice
Complete = Callable[[Interaction, str], Awaitable[list[Choice[str]]]]
LIMIT = 25
LISTED = 8
"""A refusal names this many of the orders open instead, so it stays short on a phone."""

MOVES = ("move", "place")
LOSSES = ("hits", "ammo")
Amount = app_commands.Range[int, 1, 200]


async def zone_orders(interaction: Interaction) -> list[Order]:
    """The user's orders in this channel's zone game now; a refusal if there is no zone game
    here or the user holds no seat in it."""
    service = interaction.client.service
    game, system, seats = await service.current(place_of(interaction))
    if system.id != SYSTEM.id:
        raise another_system(system, SYSTEM, "zones")
    if not any(seat.user_id == interaction.user.id for seat in seats):
        raise NotSeated(no_seat(game.id, seats))
    return await service.orders(place_of(interaction), interaction.user.id)


def no_seat(game_id: int, seats: list[SeatRecord]) -> str:
    """A spectator's refusal: no seat here, and how to take one or to watch."""
    taken = {seat.side for seat in seats if seat.user_id is not None or seat.is_bot}
    free = [side for side in SYSTEM.sides if side not in taken]
    join = (
        " or ".join(f"`/game join side:{side}`" for side in free)
        if free
        else "a seat when one is free (every side is taken now)"
    )
    return (
        f"You have no seat in this game (game {game_id}), so `/zones` has no orders for you. "
        f"To play, take {join}. To watch, read this channel: the map is posted after every "
        "phase, and `/game status` shows the position."
    )


async def my_orders(interaction: Interaction) -> list[Order]:
    """The user's zone game orders for autocomplete: none where there is no zone game."""
    try:
        return await zone_orders(interaction)
    except LaagerError:
        return []


def of_kind(orders: list[Order], kinds: tuple[str, ...], escort: bool | None = None) -> list[Order]:
    """The orders of these kinds; ``escort`` picks (True) or leaves out (False) escort moves."""
    return [
        o
        for o in orders
        if o.kind in kinds and (escort is None or o.key.startswith("escort.") == escort)
    ]


def offer(kinds: tuple[str, ...], escort: bool | None = None) -> Complete:
    """An autocomplete listing the user's orders of these kinds that match what is typed."""

    async def complete(interaction: Interaction, current: str) -> list[Choice[str]]:
        text = current.lower()
        return [
            Choice(name=shorten(o.label, 100), value=o.key)
            for o in of_kind(await my_orders(interaction), kinds, escort)
            if text in o.label.lower() or text in o.key.lower()
        ][:LIMIT]

    return complete


def chosen(orders: list[Order], key: str, what: str, mine: list[Order] | None = None) -> Order:
    """The order named by ``key``, or a refusal that lists what may be chosen instead: the
    orders of this kind, or else the subcommands that have orders for the user now."""
    found = next((o for o in orders if o.key == key), None)
    if found is not None:
        return found
    if orders:
        raise BadInput(not_offered(key, orders, what, LISTED))
    open_now = sorted({subcommand(o) for o in mine or []})
    if open_now:
        raise BadInput(
            f"You have no {what} to give now. The orders open to you now are under "
            f"{', '.join(f'`/zones {name}`' for name in open_now)}."
        )
    raise BadInput(
        f"You have no {what} to give now: it is not your turn. `/game status` shows whose it is."
    )


def with_amounts(order: Order, sp: int | None, counters: int | None) -> JSON:
    """The order's action with fewer warriors or other counters, if asked for."""
    action = dict(order.action)
    if sp is None and counters is None:
        return action
    if "sp" not in action:
        raise BadInput(
            f"`{order.key}` takes no strength or counters; give it without `sp` and `counters`."
        )
    if sp is not None:
        action = with_sp(action, sp)
    if counters is not None:
        if "counters" not in action:
            raise BadInput(f"`{order.key}` takes no counters; give it without `counters`.")
        action["counters"] = counters
    return action


class ZonesCog(LaagerCog):
    """Slash commands for the zone game of Isandlwana and Rorke's Drift."""

    zones = app_commands.Group(name="zones", description="Isandlwana and Rorke's Drift (zones)")

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def _give(
        self,
        interaction: Interaction,
        kinds: tuple[str, ...],
        key: str,
        what: str,
        *,
        escort: bool | None = None,
        sp: int | None = None,
        counters: int | None = None,
    ) -> None:
        mine = await zone_orders(interaction)
        order = chosen(of_kind(mine, kinds, escort), key, what, mine)
        action = with_amounts(order, sp, counters)
        actor = await actor_of(interaction)
        update = await within_budget(interaction, act_as_seen(interaction, actor, action=action))
        await post_update(interaction, update, order=True)

    @zones.command(name="new", description="Start a zone battle here")
    @app_commands.describe(
        battle="Which battle",
        mode="two-player, solo (by the book the bot's Zulus follow rule 18.0) or bots",
        side="Your side (two-player)",
        charts="17.0 average-hit charts for British fire and melee",
        bourne_charge="17.1.2 Bourne may lead a charge (Rorke's Drift)",
        extra_vp="17.1.3 VP the Zulus need beyond 14 (0-3)",
        no_vp_win="17.1.4 Zulus win only by the British falling below 10 SP",
        laager="17.1.5 zones 14, 15 and 23 laagered (free set-up)",
        dalton_bourne_lead="17.1.1 Dalton and Bourne carry like leaders (Rorke's Drift)",
        more_zulus="17.2.1 warrior SP added to the Zulus (0-10)",
        leaders_carry_15="17.2.2 Zulu leaders carry 15 SP",
        more_fire="17.2.3 more Zulu random fire",
        survival_levels="17.3 judged at turn 16 by British SP left",
        exit="17.4 British may leave the board from turn 13 (Isandlwana)",
        level=LEVEL_HELP,
    )
    @app_commands.choices(
        battle=[Choice(name=s.title, value=s.id) for s in SYSTEM.scenarios.values()],
        mode=[Choice(name=m.id, value=m.id) for m in SYSTEM.modes.values()],
        side=[Choice(name=s, value=s) for s in SYSTEM.sides],
        level=LEVEL_CHOICES,
    )
    async def new(
        self,
        interaction: Interaction,
        battle: str,
        mode: str = "two-player",
        side: str | None = None,
        charts: bool = False,
        bourne_charge: bool = False,
        extra_vp: app_commands.Range[int, 0, 3] = 0,
        no_vp_win: bool = False,
        laager: bool = False,
        dalton_bourne_lead: bool = False,
        more_zulus: app_commands.Range[int, 0, 10] = 0,
        leaders_carry_15: bool = False,
        more_fire: bool = False,
        survival_levels: bool = False,
        exit: bool = False,
        level: str | None = None,
    ) -> None:
        options = {
            "charts": charts,
            "bourne_charge": bourne_charge,
            "extra_vp": extra_vp,
            "no_vp_win": no_vp_win,
            "laager": laager,
            "dalton_bourne_lead": dalton_bourne_lead,
            "more_zulus": more_zulus,
            "leaders_carry_15": leaders_carry_15,
            "more_fire": more_fire,
            "survival_levels": survival_levels,
            "exit": exit,
        }

        async def start() -> Update:
            actor = await actor_of(interaction)
            return await self.bot.service.new_game(
                place_of(interaction), actor, SYSTEM.id, battle, mode, side, options, level=level
            )

        await post_update(interaction, await thinking_first(interaction, start))

    @zones.command(name="move", description="Move a unit, stack or Zulu force (or set one up)")
    @app_commands.describe(order="Who moves where (only moves open to you)", sp="Zulus: fewer SP")
    @app_commands.autocomplete(order=offer(MOVES, escort=False))
    async def move(
        self,
        interaction: Interaction,
        order: str,
        sp: Amount | None = None,
        counters: Amount | None = None,
    ) -> None:
        await self._give(interaction, MOVES, order, "moves", escort=False, sp=sp, counters=counters)

    @zones.command(name="escort", description="Infantry escort VP units one zone (10.8)")
    @app_commands.describe(order="Escort and where to")
    @app_commands.autocomplete(order=offer(("move",), escort=True))
    async def escort(self, interaction: Interaction, order: str) -> None:
        await self._give(interaction, ("move",), order, "escorts", escort=True)

    @zones.command(name="enter", description="Bring Zulus on at an entry zone (4.1, 9.4)")
    @app_commands.describe(order="Where they enter", sp="Fewer SP", counters="Counters to show")
    @app_commands.autocomplete(order=offer(("enter",)))
    async def enter(
        self,
        interaction: Interaction,
        order: str,
        sp: Amount | None = None,
        counters: Amount | None = None,
    ) -> None:
        await self._give(interaction, ("enter",), order, "entries", sp=sp, counters=counters)

    @zones.command(name="regroup", description="Split or merge the Zulu counters in a zone (3.5.1)")
    @app_commands.describe(order="Zone and how many counters")
    @app_commands.autocomplete(order=offer(("regroup",)))
    async def regroup(self, interaction: Interaction, order: str) -> None:
        await self._give(interaction, ("regroup",), order, "splits or merges")

    @zones.command(name="stack", description="Choose the top unit of a British stack (3.1)")
    @app_commands.describe(order="The unit to put on top")
    @app_commands.autocomplete(order=offer(("stack",)))
    async def stack(self, interaction: Interaction, order: str) -> None:
        await self._give(interaction, ("stack",), order, "stack orders")

    @zones.command(name="replace", description="One replacement SP in the storehouse (9.3)")
    @app_commands.describe(order="The unit replaced")
    @app_commands.autocomplete(order=offer(("replace",)))
    async def replace(self, interaction: Interaction, order: str) -> None:
        await self._give(interaction, ("replace",), order, "replacements")

    @zones.command(name="fire", description="British fire from a zone at a target (11)")
    @app_commands.describe(order="From where at what (dice and hit number shown)")
    @app_commands.autocomplete(order=offer(("fire",)))
    async def fire(self, interaction: Interaction, order: str) -> None:
        await self._give(interaction, ("fire",), order, "fire orders")

    @zones.command(name="volley", description="A leader's volley (14.3)")
    @app_commands.describe(order="Leader and target")
    @app_commands.autocomplete(order=offer(("volley",)))
    async def volley(self, interaction: Interaction, order: str) -> None:
        await self._give(interaction, ("volley",), order, "volleys")

    @zones.command(name="randomfire", description="Zulu random fire at a British zone (11.3)")
    @app_commands.describe(order="The zone fired at")
    @app_commands.autocomplete(order=offer(("random-fire",)))
    async def randomfire(self, interaction: Interaction, order: str) -> None:
        await self._give(interaction, ("random-fire",), order, "random fire orders")

    @zones.command(name="melee", description="Attack an adjacent zone in melee (12)")
    @app_commands.describe(order="From where into where", sp="Zulus: commit fewer SP")
    @app_commands.autocomplete(order=offer(("melee",)))
    async def melee(self, interaction: Interaction, order: str, sp: Amount | None = None) -> None:
        await self._give(interaction, ("melee",), order, "melee attacks", sp=sp)

    @zones.command(name="advance", description="Advance into a zone emptied by melee (12.7)")
    @app_commands.describe(order="From where into where", sp="Zulus: fewer SP")
    @app_commands.autocomplete(order=offer(("advance",)))
    async def advance(
        self,
        interaction: Interaction,
        order: str,
        sp: Amount | None = None,
        counters: Amount | None = None,
    ) -> None:
        await self._give(interaction, ("advance",), order, "advances", sp=sp, counters=counters)

    @zones.command(name="charge", description="A bayonet charge, or its next round (14.4)")
    @app_commands.describe(order="Leader and target, or go on, advance or stop")
    @app_commands.autocomplete(order=offer(("charge",)))
    async def charge(self, interaction: Interaction, order: str) -> None:
        await self._give(interaction, ("charge",), order, "charge orders")

    @zones.command(name="losses", description="Allocate a hit or mark Ammo Depleted (11.2.2)")
    @app_commands.describe(order="The unit (the suggested one first)")
    @app_commands.autocomplete(order=offer(LOSSES))
    async def losses(self, interaction: Interaction, order: str) -> None:
        await self._give(interaction, LOSSES, order, "loss choices")

    @zones.command(name="end", description="End the current phase")
    async def end(self, interaction: Interaction) -> None:
        await self._give(interaction, ("end",), "end", "phase endings")


async def setup(bot: Host) -> None:
    await bot.add_cog(ZonesCog(bot))
