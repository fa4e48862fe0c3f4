"""Which game systems the bot can run, looked up by id."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from games.core.engine import GameSystem
from games.core.errors import LaagerError
from games.core.versions import check


class UnknownSystem(LaagerError):
    """The requested game system is not installed."""


class Registry:
    """The installed systems, in the order they were registered."""

    def __init__(self, systems: Iterable[GameSystem] = ()) -> None:
        self._systems: dict[str, GameSystem] = {}
        for system in systems:
            self.add(system)

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

    def __iter__(self) -> Iterator[GameSystem]:
        return iter(self._systems.values())

    def __len__(self) -> int:
        return len(self._systems)
