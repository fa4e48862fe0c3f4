"""``/laststand``: the orders of Last Stand at Isandlwana that do not fit on buttons.

Moves, fires, attacks and set-up placements take a unit and a hex, offered by
autocomplete from the live position: only your units, only hexes they can reach, only
targets in range. Everything else (Phase IV's choice, squares, the Colours, confirming a
fire) comes as buttons under the map.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.announce import post_update
from bot.cogs.common import LaagerCog
from bot.errors import BadInput
from bot.interactions import actor_of, place_of
from games.core.engine import JSON
from games.core.errors import LaagerError, RuleError
from games.last_stand import combat, movement
from games.last_stand import setup as placing
from games.last_stand.flow import BRITISH, ZULU
from games.last_stand.state import RECYCLED, UNITS, name, phase_kind, strength_text, zulus_by_hex
from games.last_stand.system import SYSTEM

if TYPE_CHECKING:
    from bot.app import LaagerBot

log = logging.getLogger(__name__)

Interaction = discord.Interaction["LaagerBot"]
Choice = app_commands.Choice
LIMIT = 25
ALL = "all"
ROLL_TO_END = {"sniping": "snipe", "leaders": "fatalities"}
"""Phases VI and VII are a single roll each: ending them means making it."""


async def my_position(interaction: Interaction) -> tuple[JSON, list[str]] | None:
    """This channel's Last Stand position and the sides the user holds, if any."""
    try:
        game, system, seats = await interaction.client.service.current(place_of(interaction))
    except LaagerError:
        return None
    if system.id != SYSTEM.id:
        return None
    return game.state, [s.side for s in seats if s.user_id == interaction.user.id]


def matching(options: list[tuple[str, str]], current: str) -> list[Choice[str]]:
    text = current.lower()
    return [
        Choice(name=label[:100], value=value)
        for label, value in options
        if text in label.lower() or text in value.lower()
    ][:LIMIT]


def british_unit(value: str) -> str:
    """A unit named as autocomplete gives it (its id) or as a player types it (its name)."""
    if value in UNITS or value == "wagon" or value.startswith(f"{ALL}@"):
        return value
    typed = value.strip().lower()
    for unit, data in UNITS.items():
        if typed in (data["name"].lower(), data["name"].lower().rstrip(".")):
            return unit
    names = ", ".join(data["name"] for data in UNITS.values())
    raise BadInput(f"There is no British unit called `{value}`. Units: {names}, or the wagon.")


def stack_units(state: JSON, value: str) -> list[str]:
    """A unit id, or ``all@HEX`` for every British unit (and the wagon) that can move there."""
    if value.startswith(f"{ALL}@"):
        hex_ = value.split("@", 1)[1]
        group = [
            u
            for u in UNITS
            if state["british"][u]["hex"] == hex_ and movement.unit_can_move(state, u)
        ]
        if state["wagon"] == hex_ and movement.unit_can_move(state, "wagon"):
            group.append("wagon")
        return group
    return [value]


def mover_options(state: JSON, sides: list[str]) -> list[tuple[str, str]]:
    kind = phase_kind(state)
    if kind == "zulu_move" and ZULU in sides:
        counts = zulus_by_hex(state)
        found = []
        for origin in sorted(set(state["zulus"].values())):
            if movement.unmoved_zulu(state, origin):
                many = counts.get(origin, [])
                label = (
                    f"Zulus regrouping {origin} (re-enter by onrush hex)"
                    if origin in RECYCLED
                    else f"Zulu in {origin}" + (f" ({len(many)} there)" if len(many) > 1 else "")
                )
                found.append((label, origin))
        return found
    if kind == "british_move" and BRITISH in sides:
        found = []
        hexes: dict[str, int] = {}
        for unit in UNITS:
            if movement.unit_can_move(state, unit):
                hex_ = state["british"][unit]["hex"]
                found.append((f"{strength_text(state, unit)} in {hex_}", unit))
                hexes[hex_] = hexes.get(hex_, 0) + 1
        if movement.unit_can_move(state, "wagon"):
            found.append((f"Ammunition wagon in {state['wagon']}", "wagon"))
            hexes[state["wagon"]] = hexes.get(state["wagon"], 0) + 1
        found += [(f"Whole stack in {h}", f"{ALL}@{h}") for h, n in sorted(hexes.items()) if n > 1]
        return found
    if kind == "setup" and BRITISH in sides:
        return [(name(u), u) for u in placing.to_place(state)]
    return []


def destination_options(state: JSON, sides: list[str], unit: str) -> list[str]:
    kind = phase_kind(state)
    try:
        if kind == "zulu_move" and ZULU in sides:
            return movement.zulu_destinations(state, unit)
        if kind == "british_move" and BRITISH in sides:
            return movement.british_destinations(state, stack_units(state, unit))
        if kind == "setup" and BRITISH in sides and unit in UNITS:
            return placing.setup_hexes(state, unit)
    except RuleError:
        return []
    return []


class LastStandCog(LaagerCog):
    """Slash commands for Last Stand at Isandlwana."""

    laststand = app_commands.Group(
        name="laststand", description="Orders for Last Stand at Isandlwana"
    )

    def __init__(self, bot: LaagerBot) -> None:
        self.bot = bot

    async def _order(self, interaction: Interaction, action: JSON) -> None:
        update = await self.bot.service.act(
            place_of(interaction), await actor_of(interaction), action
        )
        await post_update(interaction, update)

    # -- autocomplete -------------------------------------------------------------------

    async def _movers(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        return matching(mover_options(*found), current) if found else []

    async def _destinations(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        unit = interaction.namespace.unit
        if not found or not unit:
            return []
        hexes = destination_options(found[0], found[1], str(unit))
        return matching([(h, h) for h in hexes], current)

    async def _targets(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        if not found or BRITISH not in found[1]:
            return []
        state = found[0]
        kind = phase_kind(state)
        if kind not in ("reaction", "british_combat"):
            return []
        hexes = combat.fire_targets(state, reaction=kind == "reaction")
        return matching([(f"Zulu in {h}", h) for h in hexes], current)

    async def _shooters(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        target = interaction.namespace.target
        if not found or BRITISH not in found[1] or not target:
            return []
        state = found[0]
        reaction = phase_kind(state) == "reaction"
        able = [u for u in UNITS if combat.can_fire_at(state, u, str(target), reaction=reaction)]
        options = [(f"{strength_text(state, u)} in {state['british'][u]['hex']}", u) for u in able]
        if len(able) > 1:
            options.insert(0, (f"All that can: {', '.join(name(u) for u in able)}", ALL))
        return matching(options, current)

    async def _attackers(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        if not found or ZULU not in found[1] or phase_kind(found[0]) != "zulu_attack":
            return []
        options = combat.zulu_attackers(found[0])
        return matching([(f"Zulu in {h}", h) for h in sorted(options)], current)

    async def _victims(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        origin = interaction.namespace.zulu
        if not found or ZULU not in found[1] or not origin:
            return []
        state = found[0]
        units = combat.zulu_attackers(state).get(str(origin), [])
        return matching([(strength_text(state, u), u) for u in units], current)

    # -- commands ---------------------------------------------------------------------

    @laststand.command(name="move", description="Move a unit or stack (or place one at set-up)")
    @app_commands.describe(unit="What to move", hex="Where to (only reachable hexes are offered)")
    @app_commands.autocomplete(unit=_movers, hex=_destinations)
    async def move(self, interaction: Interaction, unit: str, hex: str) -> None:
        found = await my_position(interaction)
        state = found[0] if found else None
        kind = phase_kind(state) if state else None
        if kind == "setup":
            action: JSON = {"type": "place", "unit": british_unit(unit), "hex": hex}
        elif kind == "zulu_move":
            action = {"type": "move", "from": unit, "to": hex}
        else:
            units = stack_units(state, british_unit(unit)) if state else [unit]
            action = {"type": "move", "units": units, "to": hex}
        await self._order(interaction, action)

    @laststand.command(name="fire", description="Aim British fire at a Zulu; confirm it after")
    @app_commands.describe(
        target="The Zulu's hex (only targets in range are offered)",
        unit="Who fires: one unit, or all that can reach the target",
        strength="Combat phase only: fire with part of the unit's strength (split fire)",
    )
    @app_commands.autocomplete(target=_targets, unit=_shooters)
    async def fire(
        self,
        interaction: Interaction,
        target: str,
        unit: str,
        strength: app_commands.Range[int, 1, 8] | None = None,
    ) -> None:
        found = await my_position(interaction)
        if not found:
            raise RuleError("There is no Last Stand game in this channel.")
        state = found[0]
        reaction = phase_kind(state) == "reaction"
        if unit == ALL:
            units = [u for u in UNITS if combat.can_fire_at(state, u, target, reaction=reaction)]
            if not units:
                raise RuleError(f"None of your units can fire at {target} now.")
        else:
            units = [unit]
        shots = {}
        for shooter in units:
            data = state["british"].get(shooter)
            left = data["strength"] - state["done"]["fired"].get(shooter, 0) if data else 0
            shots[shooter] = strength if strength and len(units) == 1 else left
        await self._order(interaction, {"type": "aim", "target": target, "shots": shots})

    @laststand.command(name="attack", description="A Zulu attacks an adjacent British unit")
    @app_commands.describe(zulu="The attacking Zulu's hex", target="The British unit attacked")
    @app_commands.autocomplete(zulu=_attackers, target=_victims)
    async def attack(self, interaction: Interaction, zulu: str, target: str) -> None:
        await self._order(interaction, {"type": "attack", "from": zulu, "target": target})

    @laststand.command(name="end", description="End your current phase")
    async def end(self, interaction: Interaction) -> None:
        found = await my_position(interaction)
        kind = phase_kind(found[0]) if found and not found[0]["pending"] else None
        await self._order(interaction, {"type": ROLL_TO_END.get(kind or "", "end")})


async def setup(bot: LaagerBot) -> None:
    await bot.add_cog(LastStandCog(bot))
