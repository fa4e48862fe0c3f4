"""Helpers for the engine tests: scripted dice, arranged positions and a direct driver."""

from __future__ import annotations

from typing import Any

from games.core.dice import Dice, Roll
from games.zones.orders import legal
from games.zones.setup import new_state
from games.zones.state import State, add_zulus, place_british
from games.zones.system import SYSTEM

SEED = "cd" * 32


class Scripted(Dice):
    """Dice that show the scripted faces first, then fall back to the seeded stream."""

    def __init__(self, *faces: int) -> None:
        super().__init__(SEED)
        self.script = list(faces)

    def roll(self, sides: int, purpose: str) -> int:
        if not self.script:
            return super().roll(sides, purpose)
        value = self.script.pop(0)
        assert 1 <= value <= sides, (value, sides, purpose)
        self.rolls.append(Roll(purpose, f"d{sides}", value))
        return value


def arrange(
    scenario: str,
    turn: int,
    phase: str,
    british: dict[str, list[str]] | None = None,
    zulus: dict[str, tuple[int, int, list[str]]] | None = None,
) -> State:
    """A position on ``turn`` and ``phase``: with ``british`` given, only those units stay on the
    map (each zone's list top first); Zulu zones as (SP, counters, leaders), the rest held."""
    s = new_state(scenario)
    s["turn"], s["phase"] = turn, phase
    if british is not None:
        for unit_id in list(s["units"]):
            place_british(s, unit_id, None)
        for zone, units in british.items():
            for unit_id in units:
                place_british(s, unit_id, zone)
    for unit in s["units"].values():
        unit["start"] = unit["zone"]
    return arrange_zulus(s, zulus or {})


def arrange_zulus(s: State, zulus: dict[str, tuple[int, int, list[str]]]) -> State:
    """Zulu zones put on the map as (SP, counters, leaders), taken from those held off it."""
    for zone, (sp, counters, leaders) in zulus.items():
        add_zulus(s, zone, sp, counters, leaders, moved=False)
        s["zulu"]["held"] -= sp
        s["zulu"]["leaders_off"] = [x for x in s["zulu"]["leaders_off"] if x not in leaders]
    return s


def act(s: State, side: str, action: dict[str, Any], dice: Dice | None = None) -> State:
    return SYSTEM.apply(s, side, action, dice or Dice(SEED)).state


def keys(s: State, side: str, kind: str | None = None) -> list[str]:
    return [o.key for o in legal(s, side) if kind is None or o.kind == kind]


def warriors(s: State) -> int:
    """Every Zulu warrior SP wherever it is: the board, the loss track, held or leaving."""
    zulu = s["zulu"]
    return sum(z["sp"] for z in zulu["zones"].values()) + zulu["loss"] + zulu["held"] + zulu["away"]
