"""The game systems the bot offers, each with its pairing (bot.posting.pairing), and those an
operator adds by import path."""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from bot.posting.next_steps import last_stand_command, zones_command
from bot.posting.pairing import Pairing
from bot.posting.ui import menu_layout
from games.core.engine import GameSystem
from games.last_stand.board import board as last_stand_board
from games.last_stand.system import SYSTEM as LAST_STAND
from games.ramparts.system import SYSTEM as RAMPARTS
from games.registry import Registry
from games.zones.system import SYSTEM as ZONES
from renderers import last_stand, ramparts
from renderers import zones as zones_render

RAMPARTS_MENUS = {
    "volley": "Fire a Volley card from your hand: card and target",
    "sacrifice": "Sacrifice a Hero to fire his Volley: Hero and target",
    "forth": "Put Forth a Hero, or play a card",
    "work": "Platoon, barricade, fire, ammunition or a Hero's ability",
    "pick": "Choose",
}
"""The menus orders are grouped into, by the kind the engine gives each order."""


ZONES_MENUS = {
    "hits": "Take the hit on (the suggested unit first)",
    "ammo": "Mark a unit Ammo Depleted",
    "charge": "The bayonet charge",
}
"""Menus for the zone game's button orders when there are too many for buttons; its many
other orders go through ``/zones`` and autocomplete."""


BUILT_IN: tuple[Pairing, ...] = (
    Pairing(
        LAST_STAND,
        last_stand.render,
        "bot.systems.last_stand.cog",
        close_ups=lambda: last_stand_board().axial.keys(),
        map_note="The map shows the area of the action; /game map whole:True shows it all.",
        command_for=last_stand_command,
    ),
    Pairing(RAMPARTS, ramparts.render, "bot.systems.ramparts.cog", menu_layout(RAMPARTS_MENUS)),
    Pairing(
        ZONES,
        zones_render.render,
        "bot.systems.zones.cog",
        menu_layout(ZONES_MENUS),
        command_for=zones_command,
    ),
)
"""The systems that ship with the bot."""


def load_pairing(path: str) -> Pairing:
    """Import ``module:attribute``: a :class:`Pairing`, or a bare game system, which gets no
    picture and no commands of its own."""
    module_name, _, attribute = path.partition(":")
    found = getattr(importlib.import_module(module_name), attribute)
    if isinstance(found, Pairing):
        return found
    if isinstance(found, GameSystem):
        return Pairing(found)
    raise TypeError(f"{path} is neither a game system nor a pairing")


def pairings(extra: Iterable[str] = ()) -> dict[str, Pairing]:
    """The built-in pairings, then those at the ``extra`` import paths, by system id.

    Stored games name their system by id, so an id is installed once: a second system with
    it is refused rather than left to hide the first one's picture and commands."""
    found = {pairing.system.id: pairing for pairing in BUILT_IN}
    for path in extra:
        pairing = load_pairing(path)
        if pairing.system.id in found:
            raise ValueError(
                f"{path} is a game system with the id `{pairing.system.id}`, which is already "
                "installed; take it out of EXTRA_SYSTEMS."
            )
        found[pairing.system.id] = pairing
    return found


def installed(extra: Iterable[str] = ()) -> Registry:
    """Every system the bot would offer with ``extra`` installed, looked up by id."""
    return Registry(pairing.system for pairing in pairings(extra).values())
