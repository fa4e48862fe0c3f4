"""``/laststand``: the orders of Last Stand at Isandlwana that do not fit on buttons.

Moves, fires, attacks and set-up placements take a unit and a hex, offered by
autocomplete from the live position: only your units, only hexes they can reach, only
targets in range. Everything else (Phase IV's choice, squares, the Colours, confirming a
fire) comes as buttons under the map.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.cogs.common import LaagerCog
from bot.play.errors import BadInput
from bot.play.service import Update
from bot.posting.announce import post_update
from bot.posting.interactions import (
    act_as_seen,
    actor_of,
    another_system,
    place_of,
    within_budget,
)
from bot.posting.text_fit import fit
from bot.systems.last_stand.pairing import COMMANDS
from games.core.engine import JSON, Order
from games.core.errors import LaagerError, RuleError, UnknownAction
from games.last_stand.flow import BRITISH, ZULU
from games.last_stand.orders import STACK, movers
from games.last_stand.state import RECYCLED, UNITS, name, phase_kind, strength_text, zulus_by_hex
from games.last_stand.system import SYSTEM

if TYPE_CHECKING:
    from bot.posting.host import Host

log = logging.getLogger(__name__)

Interaction = discord.Interaction["Host"]
Choice = app_commands.Choice
LIMIT = 25
ALL = "all"
MOVES = ("move", "place")
ROLL_TO_END = {"sniping": "snipe", "leaders": "fatalities"}
"""Phases VI and VII are a single roll each: ending them means making it."""


async def my_position(interaction: Interaction) -> tuple[JSON, list[Order]] | None:
    """This channel's Last Stand position and the user's legal orders in it, if any."""
    try:
        game, system, seats = await interaction.client.service.current(place_of(interaction))
    except LaagerError:
        return None
    if system.id != SYSTEM.id:
        return None
    sides = [s.side for s in seats if s.user_id == interaction.user.id]
    return game.state, [o for side in sides for o in system.legal_orders(game.state, side)]


async def this_game_is_last_stand(interaction: Interaction) -> None:
    """Refuse a /laststand order in words where another system's game is in play."""
    _, system, _ = await interaction.client.service.current(place_of(interaction))
    if system.id != SYSTEM.id:
        raise another_system(system, SYSTEM, "laststand")


async def plays_only_zulus(interaction: Interaction) -> bool:
    """Whether the user is seated here as the Zulus and not as the British."""
    _, _, seats = await interaction.client.service.current(place_of(interaction))
    sides = {s.side for s in seats if s.user_id == interaction.user.id}
    return ZULU in sides and BRITISH not in sides


ALIASES = {
    "nb": ("N Battery", "the guns", "battery", "artillery"),
    "1bb": ("1st Battalion band", "band"),
    "1bp": ("1st Battalion pioneers",),
    "rb": ("rocket battery", "rockets"),
    "p40r": ("40th Regiment", "40th"),
    "2bg": ("2nd Battalion guards",),
    "28rd": ("2nd Battalion rear detail", "rear detail"),
    "2bp": ("2nd Battalion pioneers",),
    "lta": ("Lt. Anstey", "Anstey"),
    "qp": ("Quartermaster Pullen", "Pullen"),
    "stiz": ("Shepstone", "iziGqoza"),
    "young": ("Younghusband",),
    "durnfurd": ("Durnfurd",),
    "wagon": ("ammunition wagon", "ammunition"),
}
"""Names players write for units beside the short ones the posts use (see the guide's
``units`` page); a company answers to "A Company" and "A Coy" as well as "A Co.", and
Durnford to the rule book's "Durnfurd"."""


def plain(text: str) -> str:
    """A name as compared: lower case, letters and digits only ("A Co." -> "aco")."""
    return re.sub(r"[^0-9a-z]", "", text.lower())


def names_of(unit: str) -> list[str]:
    """Every name a player may give ``unit``, compared plainly."""
    written = [unit, *ALIASES.get(unit, ())]
    if unit in UNITS:
        written.append(UNITS[unit]["name"])
        if UNITS[unit]["name"].endswith(" Co."):
            letter = UNITS[unit]["name"][0]
            written += [f"{letter} Company", f"{letter} Coy"]
    return [plain(name) for name in written]


def matching(options: list[tuple[str, str]], current: str) -> list[Choice[str]]:
    text, typed = current.lower(), plain(current)
    return [
        Choice(name=fit(label, 100), value=value)
        for label, value in options
        if text in label.lower()
        or text in value.lower()
        or any(typed in name for name in names_of(value))
    ][:LIMIT]


def british_unit(value: str) -> str:
    """A unit named as autocomplete gives it (its id) or as a player types it: its name in
    the posts or one players write (ALIASES), in any case and with or without dots."""
    if value in UNITS or value == "wagon" or value.startswith(STACK):
        return value
    typed = plain(value)
    for unit in [*UNITS, "wagon"]:
        if typed and typed in names_of(unit):
            return unit
    names = ", ".join(data["name"] for data in UNITS.values())
    raise BadInput(f"There is no British unit called `{value}`. Units: {names}, or the wagon.")


def parts(order: Order) -> tuple[str, str]:
    """The two things an order's key names after its prefix: who (or what target) and where."""
    _, first, second = order.key.split(".", 2)
    return first, second


def mover_label(state: JSON, mover: str) -> str:
    if mover.startswith(STACK):
        return f"Whole stack in {mover[len(STACK) :]}"
    if mover == "wagon":
        return f"Ammunition wagon in {state['wagon']}"
    if mover in RECYCLED:
        return f"Zulus regrouping {mover} (re-enter by onrush hex)"
    if mover in UNITS:
        where = state["british"][mover]["hex"]
        return f"{strength_text(state, mover)} in {where}" if where else name(mover)
    count = len(zulus_by_hex(state).get(mover, []))
    return f"Zulu in {mover}" + (f" ({count} there)" if count > 1 else "")


def mover_options(state: JSON, orders: list[Order]) -> list[tuple[str, str]]:
    """Everything the user can move or place now, each once."""
    seen = dict.fromkeys(parts(o)[0] for o in orders if o.kind in MOVES)
    return [(mover_label(state, mover), mover) for mover in seen]


def destination_options(orders: list[Order], mover: str) -> list[str]:
    return [parts(o)[1] for o in orders if o.kind in MOVES and parts(o)[0] == mover]


def aimed(orders: list[Order], target: str, unit: str) -> Order | None:
    return next((o for o in orders if o.key == f"aim.{target}.{unit}"), None)


MOVE, FIRE, ATTACK = (f"`{COMMANDS[kind]}`" for kind in ("move", "aim", "attack"))
END = "`/laststand end`"
HOW_NOW = {
    "setup": f"Place units with {MOVE}, or press **Place for me**, then **Finish set-up**.",
    "arrivals": "Use the buttons on the latest post.",
    "zulu_move": f"Move with {MOVE}; end the phase with {END}.",
    "reaction": f"Fire with {FIRE}; end the phase with {END}.",
    "zulu_attack": f"Attack with {ATTACK}; end the phase with {END}.",
    "announce": "Use the buttons on the latest post.",
    "british_move": f"Move with {MOVE}, form square with the buttons, or end the phase with {END}.",
    "british_combat": f"Fire with {FIRE}; end the phase with {END}.",
    "sniping": f"Roll with the button or {END}.",
    "leaders": f"Roll with the button or {END}.",
}
"""The commands and buttons for what each phase lets its player do, added to a refusal of
an order given in the wrong phase (the engine names the orders, the bot says how). The
commands are those of ``COMMANDS`` (its pairing), which the posts' turn lines name too."""


class LastStandCog(LaagerCog):
    """Slash commands for Last Stand at Isandlwana."""

    laststand = app_commands.Group(
        name="laststand", description="Orders for Last Stand at Isandlwana"
    )

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def _order(self, interaction: Interaction, action: JSON) -> None:
        async def give() -> Update:
            actor = await actor_of(interaction)
            return await act_as_seen(interaction, actor, action=action)

        try:
            update = await within_budget(interaction, give())
        except UnknownAction as refusal:
            game, _, _ = await self.bot.service.current(place_of(interaction))
            how = HOW_NOW[phase_kind(game.state)]
            raise BadInput(f"{refusal.message} {how}") from refusal
        await post_update(interaction, update, order=True)

    # -- autocomplete -------------------------------------------------------------------

    async def _movers(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        return matching(mover_options(*found), current) if found else []

    async def _destinations(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        unit = interaction.namespace.unit
        if not found or not unit:
            return []
        try:
            mover = british_unit(str(unit)) if phase_kind(found[0]) != "zulu_move" else unit
        except BadInput:
            return []
        hexes = destination_options(found[1], str(mover))
        return matching([(h, h) for h in hexes], current)

    async def _targets(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        if not found:
            return []
        targets = dict.fromkeys(parts(o)[0] for o in found[1] if o.kind == "aim")
        return matching([(f"Zulu in {h}", h) for h in targets], current)

    async def _shooters(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        target = interaction.namespace.target
        if not found or not target:
            return []
        state, orders = found
        options = []
        for order in orders:
            aim_at, unit = parts(order) if order.kind == "aim" else ("", "")
            if aim_at != str(target):
                continue
            if unit == ALL:
                able = ", ".join(name(u) for u in order.action["shots"])
                options.insert(0, (f"All that can: {able}", ALL))
            else:
                where = state["british"][unit]["hex"]
                options.append((f"{strength_text(state, unit)} in {where}", unit))
        return matching(options, current)

    async def _attackers(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        if not found:
            return []
        origins = dict.fromkeys(parts(o)[0] for o in found[1] if o.kind == "attack")
        return matching([(f"Zulu in {h}", h) for h in sorted(origins)], current)

    async def _victims(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        found = await my_position(interaction)
        origin = interaction.namespace.zulu
        if not found or not origin:
            return []
        state, orders = found
        units = [parts(o)[1] for o in orders if o.kind == "attack" and parts(o)[0] == str(origin)]
        return matching([(strength_text(state, u), u) for u in units], current)

    # -- commands ---------------------------------------------------------------------

    @laststand.command(name="move", description="Move a unit or stack (or place one at set-up)")
    @app_commands.describe(unit="What to move", hex="Where to (only reachable hexes are offered)")
    @app_commands.autocomplete(unit=_movers, hex=_destinations)
    async def move(self, interaction: Interaction, unit: str, hex: str) -> None:
        await this_game_is_last_stand(interaction)
        found = await my_position(interaction)
        state = found[0] if found else None
        kind = phase_kind(state) if state else None
        if kind == "setup":
            action: JSON = {"type": "place", "unit": british_unit(unit), "hex": hex}
        elif kind == "zulu_move":
            action = {"type": "move", "from": unit, "to": hex}
        else:
            mover = british_unit(unit)
            group = movers(state).get(mover, [mover]) if state else [mover]
            action = {"type": "move", "units": group, "to": hex}
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
        await this_game_is_last_stand(interaction)
        found = await my_position(interaction)
        if not found:
            raise RuleError("There is no Last Stand game in this channel.")
        if await plays_only_zulus(interaction):
            raise RuleError(
                f"Only the British fire, with {FIRE}, in their Reaction (II) and "
                "Combat (IV or V) phases; you command the Zulus, who fight with "
                f"{ATTACK} in the Zulu Attack phase (III)."
            )
        order = aimed(found[1], target, unit)
        if order is None and unit == ALL:
            raise RuleError(f"None of your units can fire at {target} now.")
        if order is None:
            shots = {unit: strength or 1}
        elif strength and unit != ALL:
            shots = {unit: strength}
        else:
            shots = order.action["shots"]
        await self._order(interaction, {"type": "aim", "target": target, "shots": shots})

    @laststand.command(name="attack", description="A Zulu attacks an adjacent British unit")
    @app_commands.describe(zulu="The attacking Zulu's hex", target="The British unit attacked")
    @app_commands.autocomplete(zulu=_attackers, target=_victims)
    async def attack(self, interaction: Interaction, zulu: str, target: str) -> None:
        await this_game_is_last_stand(interaction)
        await self._order(interaction, {"type": "attack", "from": zulu, "target": target})

    @laststand.command(name="end", description="End your current phase")
    async def end(self, interaction: Interaction) -> None:
        await this_game_is_last_stand(interaction)
        found = await my_position(interaction)
        kind = phase_kind(found[0]) if found and not found[0]["pending"] else None
        await self._order(interaction, {"type": ROLL_TO_END.get(kind or "", "end")})


async def setup(bot: Host) -> None:
    await bot.add_cog(LastStandCog(bot))
