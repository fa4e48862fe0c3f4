"""The opening position of each scenario and the British set-up orders (4.1, 5.1, 6.1, 7.1).

Every British counter starts on its set-up zone from the order of battle, at full strength
(4.1). The set-up is the British move of turn 1 (4.1, 5.1, 6.1): at Rorke's Drift and in the
free Isandlwana set-up the British player may then re-place counters before ending it; in
the standard Isandlwana set-up (6.1) every counter is fixed. No Zulu starts on the map: the
whole force is held off board and enters in the Zulu move of turn 1 (4.1, 5.2, 6.2).
"""

from __future__ import annotations

from typing import Any

from games.core.errors import RuleError
from games.core.levels import level_of
from games.zones.forces import load_forces, posts
from games.zones.limits import british_room, may_enter
from games.zones.options import RULES_OPTION, normalise
from games.zones.schema import Battle
from games.zones.state import BRITISH, State, board_of, place_british, unit_data

SCENARIO_BATTLE: dict[str, Battle] = {
    "rorkes-drift": "rorkes-drift",
    "isandlwana": "isandlwana",
    "isandlwana-free": "isandlwana",
}

FREE_KINDS = frozenset({"infantry", "native-infantry", "artillery"})
"""7.1: what the free Isandlwana set-up may place, with Pulleine."""

FREE_LEADERS = frozenset({"pulleine"})


def new_state(scenario: str, options: dict[str, Any] | None = None) -> State:
    battle = SCENARIO_BATTLE[scenario]
    forces = load_forces(battle)
    chosen = normalise(options, scenario)
    force = forces.zulu.warrior_sp + chosen["more_zulus"]
    s: State = {
        "battle": battle,
        "scenario": scenario,
        "options": chosen,
        "level": level_of(options or {}),
        "turn": 1,
        "phase": "B",
        "units": {},
        "stacks": {},
        "zulu": {
            "zones": {},
            "loss": 0,
            "force": force,
            "held": force,
            "away": 0,
            "leaders_off": [leader.id for leader in forces.zulu.leaders],
            "leaders_away": [],
            "leaders_dead": [],
        },
        "fired": [],
        "fired_units": [],
        "pending": None,
        "replaced": [],
        "hospital_melee": False,
        "british_lost": 0,
        "hospital_fire": 0 if battle == "rorkes-drift" else None,
        "vp": 0,
        "vp_units_lost": 0,
        "exited": 0,
        "kept": {},
        "terrain": 0,
        "deductions": 0,
        "control": {},
        "melee": None,
        "charge": None,
        "charged": [],
        "solo": None,
        "result": None,
        "last": {"moves": [], "losses": {}},
        "now": {"moves": [], "losses": {}},
    }
    suggested = posts(battle, chosen[RULES_OPTION])
    for unit in forces.british:
        s["units"][unit.id] = {
            "zone": None,
            "sp": unit.sp,
            "start": suggested[unit.id],
            "moved": False,
            "ammo": None,
            "battery_moved": False,
        }
        place_british(s, unit.id, suggested[unit.id])
    return s


def placeable(s: State, unit_id: str) -> bool:
    """Whether the set-up lets the British player move this counter (5.1, 6.1, 7.1)."""
    kind = unit_data(s, unit_id).kind
    if s["scenario"] == "rorkes-drift":
        return kind != "vp"
    if s["scenario"] == "isandlwana-free":
        return kind in FREE_KINDS or unit_id in FREE_LEADERS
    return False


def placement_zones(s: State) -> list[str]:
    return [z for z in board_of(s).zones if may_place(s, z)]


def may_place(s: State, zone: str) -> bool:
    """Zones the set-up may use: lettered zones at Rorke's Drift (5.1); at Isandlwana any zone
    but X, Y and the dongas (7.1)."""
    if zone not in board_of(s).zones or not may_enter(s, BRITISH, zone):
        return False
    if s["battle"] == "isandlwana":
        return zone not in ("X", "Y") and board_of(s).zone(zone).kind != "donga"
    return True


def check_place(s: State, unit_id: str, zone: str) -> None:
    if s["turn"] != 1 or s["phase"] != "B":
        raise RuleError("Counters are placed only during the British set-up of turn 1.")
    if unit_id not in s["units"]:
        raise RuleError(f"There is no British unit `{unit_id}`.")
    name = unit_data(s, unit_id).name
    if not placeable(s, unit_id):
        if s["scenario"] == "isandlwana":
            raise RuleError(
                "The standard Isandlwana set-up (rule 6.1) is fixed; "
                "choose the free set-up scenario to place counters yourself."
            )
        raise RuleError(f"{name} keeps its set-up zone (rules 5.1 and 7.1).")
    if not may_place(s, zone):
        allowed = ", ".join(placement_zones(s))
        raise RuleError(f"{name} cannot be set up in zone {zone}; allowed zones: {allowed}.")
    british_room(s, zone, [unit_id])


def place(s: State, unit_id: str, zone: str) -> None:
    check_place(s, unit_id, zone)
    place_british(s, unit_id, zone)
    s["units"][unit_id]["start"] = zone
