"""The game systems the bot offers, each from its own folder here, and those an operator adds
by import path (EXTRA_SYSTEMS).

A system's folder holds everything the bot adds to it: ``pairing.py`` (its picture, cog,
menus, the commands for its orders, where those commands work, what a recap counts) and its
cog. Offering a new system is one line in ``BUILT_IN`` (or in EXTRA_SYSTEMS); nothing else in
the bot names a system (games/README.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping

from bot.posting.pairing import Pairing, Toolkit
from bot.posting.places import Places
from bot.systems.last_stand.pairing import PAIRING as LAST_STAND
from bot.systems.ramparts.pairing import PAIRING as RAMPARTS
from bot.systems.referee.toolkit import TOOLKIT as REFEREE
from bot.systems.zones.pairing import PAIRING as ZONES
from games.core.engine import GameSystem
from games.registry import Registry

BUILT_IN: tuple[Pairing, ...] = (LAST_STAND, RAMPARTS, ZONES)
"""The systems that ship with the bot."""

TOOLKITS: tuple[Toolkit, ...] = (REFEREE,)
"""Commands that ship beside the systems, with no game of their own."""


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


def cogs(found: Mapping[str, Pairing]) -> list[str]:
    """The extension modules of the toolkits and of the installed systems' own commands."""
    return [
        *(cog for toolkit in TOOLKITS for cog in toolkit.cogs),
        *(pairing.cog for pairing in found.values() if pairing.cog),
    ]


def places(found: Mapping[str, Pairing]) -> dict[str, Places]:
    """Where each command of the toolkits and the installed systems may be used."""
    return {
        name: where
        for owner in (*TOOLKITS, *found.values())
        for name, where in owner.places.items()
    }
