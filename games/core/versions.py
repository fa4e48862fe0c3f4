"""Stored states name the shape they were written in, and old shapes are upgraded on load.

A system declares ``state_version``, the shape of state its code reads and writes, and
``upgrades``: for every older version n, a pure function from a state of shape n to one
of shape n + 1 (kept in the system's package, e.g. ``games/zones/upgrades.py``, or in
``games/core`` when every system takes the same step, as ``levels.add_level``).

Storage keeps the version inside the state, under :data:`VERSION_KEY`, so the two are
written in one value and cannot drift apart; the engine never sees that key. A state
without it is version 1: the shape of every game stored before versions existed.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.engine import JSON, GameSystem
from games.core.errors import LaagerError

VERSION_KEY = "_v"
"""Reserved in every stored state: no system may use it for its own data."""

FIRST_VERSION = 1

Upgrade = Callable[[JSON], JSON]


class UnreadableState(LaagerError):
    """A stored state this code cannot read: written by newer code, or damaged."""


def check(system: GameSystem) -> None:
    """Refuse a system whose version and upgrade steps do not line up, before it runs."""
    version = system.state_version
    if type(version) is not int or version < FIRST_VERSION:
        raise TypeError(
            f"{system.id}: state_version must be a whole number from 1, not {version!r}"
        )
    needed = list(range(FIRST_VERSION, version))
    given = sorted(system.upgrades)
    if given != needed:
        raise TypeError(
            f"{system.id}: state version {version} needs one upgrade step from each of "
            f"versions {needed or 'none'}, but has steps from {given or 'none'}"
        )


def stored(system: GameSystem, state: JSON) -> JSON:
    """The state as storage keeps it: tagged with the version of its shape."""
    if VERSION_KEY in state:
        raise ValueError(f"{system.id} put the reserved key {VERSION_KEY!r} in its own state")
    return {**state, VERSION_KEY: system.state_version}


def loaded(system: GameSystem, state: JSON) -> JSON:
    """A stored state brought to the shape this code reads, one upgrade step at a time."""
    version = state.get(VERSION_KEY, FIRST_VERSION)
    if type(version) is not int or version < FIRST_VERSION:
        raise UnreadableState(
            f"This {system.title} game's stored state has the version {version!r}, "
            "which is not a version number, so it cannot be read safely and was left as it is."
        )
    if version > system.state_version:
        raise UnreadableState(
            f"This {system.title} game was saved by a newer version of the bot "
            f"(state version {version}; this one reads versions up to {system.state_version}). "
            "It was left untouched: play it on with the newer bot."
        )
    current = {key: value for key, value in state.items() if key != VERSION_KEY}
    for step in range(version, system.state_version):
        try:
            current = system.upgrades[step](current)
        except (KeyError, TypeError, AttributeError) as error:  # not a state of that shape
            raise UnreadableState(
                f"This {system.title} game's stored state could not be brought from version "
                f"{step} to {step + 1} ({type(error).__name__}: {error}): it is damaged, and "
                "was left as it is."
            ) from error
    return current
