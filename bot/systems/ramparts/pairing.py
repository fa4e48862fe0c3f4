"""Zulus on the Ramparts! on the bot: its picture, its menus, where its commands work, what a
recap counts."""

from __future__ import annotations

from typing import Any

from bot.posting.pairing import Pairing
from bot.posting.places import ANYWHERE
from bot.posting.recap_measures import Measures, Numbers
from bot.posting.ui import menu_layout
from bot.systems.ramparts.guide import GUIDE
from games.ramparts.system import SYSTEM
from renderers import ramparts

MENUS = {
    "volley": "Fire a Volley card from your hand: card and target",
    "sacrifice": "Sacrifice a Hero to fire his Volley: Hero and target",
    "forth": "Put Forth a Hero, or play a card",
    "work": "Platoon, barricade, fire, ammunition or a Hero's ability",
    "pick": "Discard a card, or choose the fire that goes out",
}
"""The menus orders are grouped into, by the kind the engine gives each order."""


def _strength(picture: dict[str, Any]) -> Numbers:
    active = [i for i in picture["ibuthos"] if i["status"] == "active"]
    return {"Zulu strength on the tracks": sum(i["strength"] for i in active)}


def _victory(picture: dict[str, Any]) -> Numbers:
    return {"British VP": picture["vp"]}


PAIRING = Pairing(
    SYSTEM,
    ramparts.render,
    "bot.systems.ramparts.cog",
    menu_layout(MENUS),
    measures=Measures(_strength, _victory),
    places={"ramparts": ANYWHERE},  # solo play works wherever a player can reach the bot
    private_options={"hand": True},  # the hand's picture comes with its words: one DM a draw
    guide=GUIDE,
)
