"""Which game systems the bot can run, looked up by id."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator

from games.core.engine import GameSystem
from games.core.errors import LaagerError
from games.core.versions import check

BUILT_IN: tuple[str, ...] = ("games.last_stand.system:SYSTEM", "games.ramparts.system:SYSTEM")
"""Import paths (``module:attribute``) of the systems that ship with the bot."""


class UnknownSystem(LaagerError):
    """The requested game system is not installed."""


def load_system(path: str) -> GameSystem:
    """Import ``module:attribute`` and check it is a game system."""
    module_name, _, attribute = path.partition(":")
    system = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(system, GameSystem):
        raise TypeError(f"{path} is not a game system")
    return system


class Registry:
    """The installed systems, in the order they were registered."""

    def __init__(self, systems: Iterable[GameSystem] = ()) -> None:
        self._systems: dict[str, GameSystem] = {}
        for system in systems:
            self.add(system)

    @classmethod
    def from_paths(cls, extra: Iterable[str] = ()) -> Registry:
        return cls(load_system(path) for path in (*BUILT_IN, *extra))

    def add(self, system: GameSystem) -> None:
        check(system)
        self._systems[system.id] = system

    def get(self, system_id: str) -> GameSystem:
        try:
            return self._systems[system_id]
        except KeyError:
            known = ", ".join(f"`{s}`" for s in self._systems) or "none installed"
            raise UnknownSystem(
                f"There is no game system called `{system_id}`. Choose one of: {known}."
            ) from None

    def cogs(self) -> list[str]:
        """Extension modules of systems that bring their own commands (their ``cog``)."""
        return [cog for system in self if (cog := getattr(system, "cog", None))]

    def __iter__(self) -> Iterator[GameSystem]:
        return iter(self._systems.values())

    def __len__(self) -> int:
        return len(self._systems)
