"""Last Stand at Isandlwana on the bot: its map, its commands and where they work, what a
recap counts."""

from __future__ import annotations

from typing import Any

from bot.posting.pairing import Pairing
from bot.posting.places import ANYWHERE
from bot.posting.recap_measures import Measures, Numbers
from bot.systems.last_stand.guide import GUIDE
from games.core.engine import Order
from games.last_stand.board import board
from games.last_stand.system import SYSTEM
from renderers import last_stand

COMMANDS = {
    "place": "/laststand move",
    "move": "/laststand move",
    "aim": "/laststand fire",
    "attack": "/laststand attack",
}
"""The slash command for each kind of order too many for buttons."""


def command_for(order: Order) -> str:
    return COMMANDS.get(order.kind, "/game order")


def _strength(picture: dict[str, Any]) -> Numbers:
    british = sum(u["strength"] for u in picture["british"] if not u["leader"])
    return {"British strength": british, "Zulu units on the map": sum(picture["zulus"].values())}


def _victory(picture: dict[str, Any]) -> Numbers:
    return {"British units and leaders on the map": len(picture["british"])}


PAIRING = Pairing(
    SYSTEM,
    last_stand.render,
    "bot.systems.last_stand.cog",
    close_ups=lambda: board().axial.keys(),
    map_note="The map shows the area of the action; /game map whole:True shows it all.",
    command_for=command_for,
    measures=Measures(_strength, _victory),
    places={"laststand": ANYWHERE},  # solo play works wherever a player can reach the bot
    guide=GUIDE,
    reel=last_stand.recap_reel,
)
