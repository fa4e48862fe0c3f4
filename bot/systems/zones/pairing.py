"""The zone game on the bot: its maps, its menus and commands and where they work, what a
recap counts."""

from __future__ import annotations

from typing import Any

from bot.posting.pairing import Pairing
from bot.posting.places import ANYWHERE
from bot.posting.recap_measures import Measures, Numbers
from bot.posting.ui import menu_layout
from games.core.engine import Order
from games.zones.system import SYSTEM
from renderers import zones

MENUS = {
    "hits": "Take the hit on (the suggested unit first)",
    "ammo": "Mark a unit Ammo Depleted",
    "charge": "The bayonet charge",
}
"""Menus for the button orders when there are too many for buttons; the many other orders
go through ``/zones`` and autocomplete."""

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
    places={"zones": ANYWHERE},  # solo play works wherever a player can reach the bot
)
