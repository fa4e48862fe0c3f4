"""Positions built to order for rule tests, and dice that roll what a test says."""

from __future__ import annotations

from games.core.dice import Dice
from games.last_stand.setup import new_state
from games.last_stand.state import JSON, UNITS

SEED = "00" * 32


class LoadedDice(Dice):
    """Rolls the listed faces in order (and records them like real dice)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(SEED)
        self.faces = list(faces)

    def roll(self, sides: int, purpose: str) -> int:
        if not self.faces:
            raise AssertionError(f"an unexpected roll: {purpose}")
        value = self.faces.pop(0)
        assert 1 <= value <= sides
        from games.core.dice import Roll

        self.rolls.append(Roll(purpose, f"d{sides}", value))
        return value


def scene(
    british: dict[str, str | tuple[str, int]],
    zulus: list[str] = (),  # type: ignore[assignment]
    *,
    phase: str = "zulu_move",
    turn: int = 1,
    wagon: str | None = "1008",
    colours: str = "waiting",
    first: str | None = None,
    spare_moved: bool = False,
) -> JSON:
    """Only the named British units on the map (at full strength unless given), the listed
    Zulus on the map and the rest regrouping off it (already moved, if ``spare_moved``)."""
    state = new_state("historical")
    for unit, data in state["british"].items():
        where = british.get(unit)
        if where is None:
            data.update(hex=None, strength=0 if unit != "lta" else data["strength"])
        elif isinstance(where, tuple):
            data.update(hex=where[0], strength=where[1])
        else:
            data.update(hex=where, strength=UNITS[unit]["strength"])
    ids = sorted(state["zulus"])
    for index, zulu in enumerate(ids):
        state["zulus"][zulu] = zulus[index] if index < len(zulus) else "east"
    if spare_moved:
        state["done"]["moved"] = ids[len(zulus) :]
    state.update(phase=phase, turn=turn, wagon=wagon, colours=colours, first=first)
    return state


def zulus_in(state: JSON, hex_: str) -> int:
    return sum(1 for where in state["zulus"].values() if where == hex_)
