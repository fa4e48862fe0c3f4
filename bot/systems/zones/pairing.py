"""The zone game on the bot: its maps, its menus and commands and where they work, what a
recap counts."""

from __future__ import annotations

from math import ceil
from typing import Any

from bot.posting.pairing import Pairing
from bot.posting.places import ANYWHERE
from bot.posting.recap_measures import Measures, Numbers
from bot.posting.steps import AMOUNT, OPTIONS
from bot.posting.ui import BUTTON_LABEL, menu_layout
from bot.systems.zones.guide import GUIDE
from games.core.engine import JSON, Order
from games.core.text import shorten
from games.zones.state import COUNTER_MAX
from games.zones.system import SYSTEM
from renderers import zones

MENUS = {
    "hits": "Take the hit on (the suggested unit first)",
    "ammo": "Mark a unit Ammo Depleted",
    "charge": "The bayonet charge",
}
"""Menus for the button orders when there are too many for buttons; the many other orders
are chosen step by step on the panel, or through ``/zones`` and autocomplete."""

SUBCOMMAND = {
    "place": "move",
    "hits": "losses",
    "ammo": "losses",
    "random-fire": "randomfire",
}
"""The /zones subcommand for each kind of order whose name differs from its kind."""


def subcommand(order: Order) -> str:
    if order.key.startswith("escort."):
        return "escort"
    return SUBCOMMAND.get(order.kind, order.kind)


def command_for(order: Order) -> str:
    return f"/zones {subcommand(order)}"


def with_sp(action: JSON, sp: int) -> JSON:
    """A Zulu action with ``sp`` warriors, shown on the fewest counters that hold them, as
    the orders offered at their fullest are."""
    fewer = {**action, "sp": sp}
    if "counters" in fewer:
        fewer["counters"] = ceil(sp / COUNTER_MAX)
    return fewer


ROUND_STEPS = (5, 10, 20, 50, 100)
FEW_SP = 5
"""Too many amounts for one menu are offered in round steps, and every amount under five."""


def fewer(order: Order) -> list[Order]:
    """A Zulu order with all the SP it may take, then with each smaller SP (in round steps
    when there are too many for one menu)."""
    full = order.action.get("sp")
    if not isinstance(full, int) or full < 2:
        return []
    room = OPTIONS - 2  # the menu also holds the way back and the order with every SP
    chosen = list(range(full - 1, 0, -1))
    for step in ROUND_STEPS:
        if len(chosen) <= room:
            break
        chosen = [n for n in range(full - 1, 0, -1) if n % step == 0 or n < FEW_SP]
    chosen = chosen[:: -(-len(chosen) // room)][:room]
    everything = shorten(f"{order.label} with all {full} SP", BUTTON_LABEL)
    found = [Order(order.key, everything, order.action, order.kind, False, True)]
    for sp in chosen:
        action = with_sp(order.action, sp)
        label = shorten(f"{order.label} with {sp} SP", BUTTON_LABEL)
        found.append(Order(f"{order.key}{AMOUNT}{sp}", label, action, order.kind, False, True))
    return found


def _strength(picture: dict[str, Any]) -> Numbers:
    """Counters, not SP: the channel sees only the top unit's SP of a British stack (a blank
    entry for each counter under it) and no Zulu SP at all."""
    zones = picture["zones"].values()
    british = sum(len(zone["british"]) for zone in zones)
    zulus = sum(zone["zulu"]["counters"] for zone in zones)
    return {"British counters on the map": british, "Zulu counters on the map": zulus}


def _victory(picture: dict[str, Any]) -> Numbers:
    return {"Zulu VP": picture["vp"], "British SP lost": picture["losses"]["british"]}


PAIRING = Pairing(
    SYSTEM,
    zones.render,
    "bot.systems.zones.cog",
    menu_layout(MENUS),
    command_for=command_for,
    measures=Measures(_strength, _victory),
    amounts=fewer,
    places={"zones": ANYWHERE},  # solo play works wherever a player can reach the bot
    guide=GUIDE,
    reel=zones.recap_reel,
)
