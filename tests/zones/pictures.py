"""Sample zone-map pictures built from the real boards and orders of battle, in the shape the
engine's views take, for the renderer's tests and benchmark."""

from __future__ import annotations

from typing import Any

from games.zones.board import load_board
from games.zones.forces import load_forces
from games.zones.schema import Battle

ZULU_STACKS: dict[str, dict[str, tuple[int, int, int]]] = {
    "rorkes-drift": {
        "12": (3, 14, 1), "4": (1, 5, 0), "5": (2, 7, 0), "3": (4, 22, 1), "2": (2, 9, 0),
        "1": (2, 8, 0), "16": (1, 10, 0), "22": (3, 15, 1), "O": (1, 3, 0),
    },
    "isandlwana": {
        "1": (2, 15, 1), "2": (3, 20, 1), "4": (2, 10, 0), "9": (1, 10, 0), "X": (2, 12, 1),
        "30": (1, 5, 0), "29": (2, 9, 0), "17": (1, 4, 0), "11": (2, 5, 0),
    },
}  # fmt: skip
"""Per battle, zone -> (counters, SP, leaders) of the Zulu stacks in the samples."""


def british_in(battle: Battle) -> dict[str, list[dict[str, Any]]]:
    """Every British counter at its set-up zone, the first in each zone on top."""
    zones: dict[str, list[dict[str, Any]]] = {}
    for unit in load_forces(battle).british:
        here = zones.setdefault(unit.setup or "", [])
        here.append(
            {
                "id": unit.id,
                "label": unit.id.capitalize(),
                "sp": unit.sp,
                "reduced": False,
                "leader": unit.kind == "leader",
                "moved": False,
                "vp": unit.kind == "vp",
                "top": not here,
            }
        )
    return zones


def sample(battle: Battle, zulu_view: bool = False, night: bool = False) -> dict[str, Any]:
    """A mid-game picture: British at set-up, Zulu stacks closing in, marks and last moves.

    ``zulu_view``: the Zulu player's own picture, whose stacks carry their SP; otherwise the
    SP is null, as in the public and British pictures.
    """
    board = load_board(battle)
    british = british_in(battle)
    zones: dict[str, Any] = {}
    for zone_id in board.zones:
        counters, sp, leaders = ZULU_STACKS[battle].get(zone_id, (0, 0, 0))
        zones[zone_id] = {
            "british": british.get(zone_id, []),
            "zulu": {"counters": counters, "sp": sp if zulu_view and counters else None,
                     "leaders": leaders},
            "markers": [],
        }  # fmt: skip
    rd = battle == "rorkes-drift"
    first = next(iter(british))
    british[first][0]["reduced"] = True
    british[first][-1]["moved"] = True
    zones["J" if rd else "15"]["markers"] = ["no ammo"] if rd else ["ammo"]
    moves = [["3", "J"], ["12", "I"], ["16", "8"]] if rd else [["2", "5"], ["9", "7"], ["29", "20"]]
    losses = {"3": 2, "I": 1} if rd else {"5": 3, "16": 1}
    return {
        "battle": battle,
        "turn": 4,
        "night": night,
        "phase": "C Zulu melee",
        "zones": zones,
        "hospital_fire": 2 if rd else None,
        "losses": {"zulu": 17, "british": 3},
        "vp": 4,
        "held": 20 if rd else 28,
        "last": {"moves": moves, "losses": losses},
        "result": None,
    }
