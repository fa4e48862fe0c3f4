"""Melee (12.1-12.8, 3.2, 6.3, 15.1): simultaneous, the Zulus declaring and rolling first.

The phase has three steps kept in ``s["melee"]``: the Zulu attacks, then the British
attacks, then advances into zones the fighting emptied (12.7). Each side rolls only for the
attacks it declares; being attacked does not use up a unit's melee. Hits are noted and
applied once both sides have rolled (12.2): the Zulu losses come off warriors first (as
in fire), the British player allocates his own.

Choices where the text is silent: a Zulu stack commits part or all of its warriors and
leaders, each leader rolling one die (15.1); a British unit rolls its SP, the battery and
each leader one die (3.2, 14.1); ammunition does not matter (22.0); at Rorke's Drift the
8-SP caps of 12.5 count leaders as 1 SP like the building limits.
"""

from __future__ import annotations

from games.core.dice import Dice
from games.core.errors import RuleError
from games.core.text import counted, faces_from
from games.zones.fire import combat_dice, hit_zulus
from games.zones.limits import british_room, check_counter_mix, may_enter, zulu_room
from games.zones.movement import overrun
from games.zones.options import revised
from games.zones.state import (
    BRITISH,
    ZULU,
    Log,
    State,
    add_zulus,
    board_of,
    british_present,
    note_move,
    only_vp_units,
    place_british,
    take_zulus,
    unit_data,
    zulu_present,
    zulu_zone,
)

BUILDING_CAP = 8
"""12.5: SP that may melee from one zone into one building zone, or out of one."""

BUILDINGS = frozenset({"building", "roof", "redoubt"})


def fresh() -> dict:
    return {
        "step": "zulu",
        "zulu_used": {},
        "british_used": [],
        "building": {},
        "on_british": {},
        "on_zulu": {},
        "attackers": {},
        "advance_done": [],
        "advanced_into": [],
    }


def _is_building(s: State, zone: str) -> bool:
    return board_of(s).zone(zone).kind in BUILDINGS


def british_face(s: State, origin: str, target: str) -> int:
    """12.4, 12.5: 5-6, or 4-6 at Rorke's Drift across a wall or into or out of a building,
    and from a laagered zone (17.1.5)."""
    board = board_of(s)
    if s["options"]["laager"] and "laager" in board.zone(origin).roles:
        return 4
    better = s["battle"] == "rorkes-drift" and (
        board.wall_between(origin, target) is not None
        or _is_building(s, origin)
        or _is_building(s, target)
    )
    return 4 if better else 5


def melee_sp(s: State, unit_id: str) -> int:
    data = unit_data(s, unit_id)
    if data.kind == "vp":
        return 0
    return data.counts_as or s["units"][unit_id]["sp"]


def _cap_building(s: State, origin: str, target: str, sp: int) -> None:
    """12.5: at most 8 SP a side from one zone into one building zone, and out of one."""
    if s["battle"] != "rorkes-drift":
        return
    melee = s["melee"]
    if _is_building(s, target):
        key = f"{origin}>{target}"
        if melee["building"].get(key, 0) + sp > BUILDING_CAP:
            raise RuleError(
                f"At most {BUILDING_CAP} SP may melee from zone {origin} into the building "
                f"zone {target} (rule 12.5)."
            )
    if _is_building(s, origin):
        key = f"{origin}>"
        if melee["building"].get(key, 0) + sp > BUILDING_CAP:
            raise RuleError(
                f"At most {BUILDING_CAP} SP may melee out of the building zone {origin} (12.5)."
            )


def _note_building(s: State, origin: str, target: str, sp: int) -> None:
    melee = s["melee"]
    for key in (f"{origin}>{target}", f"{origin}>"):
        melee["building"][key] = melee["building"].get(key, 0) + sp


def _in_phase(s: State, step: str) -> None:
    if s["phase"] != "F" or s["melee"] is None or s["melee"]["step"] != step:
        raise RuleError(f"That is done in the melee phase, at the {step} step.")


def _adjacent(s: State, origin: str, target: str) -> None:
    if not board_of(s).is_adjacent(origin, target):
        raise RuleError(
            f"Melee goes only across a shared side (rule 12.1); {origin} and {target} share none."
        )


def check_zulu_melee(s: State, origin: str, target: str, sp: int, leaders: list[str]) -> None:
    _in_phase(s, "zulu")
    here = zulu_zone(s, origin)
    if here is None:
        raise RuleError(f"There are no Zulus in zone {origin}.")
    _adjacent(s, origin, target)
    if not british_present(s, target) or not any(melee_sp(s, u) for u in s["stacks"][target]):
        raise RuleError(f"Zone {target} holds no British unit to melee (rule 12.1).")
    used = s["melee"]["zulu_used"].get(origin, {"sp": 0, "leaders": []})
    if sp < 0 or sp + len(leaders) < 1:
        raise RuleError("Melee with at least 1 SP.")
    if sp > here["sp"] - used["sp"]:
        raise RuleError(
            f"Only {here['sp'] - used['sp']} SP in zone {origin} have not meleed this phase."
        )
    wrong = [x for x in leaders if x not in here["leaders"] or x in used["leaders"]]
    if wrong:
        raise RuleError(f"Leader {wrong[0]} is not in zone {origin} or has meleed already.")
    _cap_building(s, origin, target, sp + len(leaders))


def zulu_melee(
    s: State, origin: str, target: str, sp: int, leaders: list[str], dice: Dice, log: Log
) -> None:
    check_zulu_melee(s, origin, target, sp, leaders)
    melee = s["melee"]
    used = melee["zulu_used"].setdefault(origin, {"sp": 0, "leaders": []})
    used["sp"] += sp
    used["leaders"] += leaders
    _note_building(s, origin, target, sp + len(leaders))
    count = sp + len(leaders)
    shown, hits = combat_dice(s, dice, count, 6, f"Zulu melee from {origin} into {target}")
    melee["on_british"][target] = melee["on_british"].get(target, 0) + hits
    melee["attackers"].setdefault(target, []).append([origin, ZULU])
    if "hospital" in board_of(s).zone(target).roles:
        s["hospital_melee"] = True
    log.say(
        f"Zulus attack zone {target} from {origin} with {sp} SP and "
        f"{counted(len(leaders), 'leader')}: "
        f"{shown}, hits on 6: {counted(hits, 'hit')}, taken after both sides roll."
    )


def check_british_melee(s: State, units: list[str], target: str) -> int:
    _in_phase(s, "british")
    if not units or len(set(units)) != len(units):
        raise RuleError("Name each unit meleeing once.")
    zones = set()
    for unit_id in units:
        if unit_id not in s["units"] or s["units"][unit_id]["zone"] is None:
            raise RuleError(f"There is no British unit `{unit_id}` on the map.")
        if unit_id in s["melee"]["british_used"]:
            raise RuleError(f"{unit_data(s, unit_id).name} has meleed this phase (rule 12.1).")
        if not melee_sp(s, unit_id):
            raise RuleError("VP units never melee.")
        zones.add(s["units"][unit_id]["zone"])
    if len(zones) != 1:
        raise RuleError("Units melee together only from one zone.")
    origin = zones.pop()
    _adjacent(s, origin, target)
    if not zulu_present(s, target):
        raise RuleError(f"Zone {target} holds no Zulus to melee.")
    sp = sum(melee_sp(s, u) for u in units)
    _cap_building(s, origin, target, sp)
    return sp


def british_melee(s: State, units: list[str], target: str, dice: Dice, log: Log) -> None:
    sp = check_british_melee(s, units, target)
    origin = s["units"][units[0]]["zone"]
    melee = s["melee"]
    melee["british_used"] += units
    _note_building(s, origin, target, sp)
    face = british_face(s, origin, target)
    shown, hits = combat_dice(s, dice, sp, face, f"British melee from {origin} into {target}")
    melee["on_zulu"][target] = melee["on_zulu"].get(target, 0) + hits
    melee["attackers"].setdefault(target, []).append([origin, BRITISH])
    log.say(
        f"The British melee from {origin} into {target}: {shown}, "
        f"hits on {faces_from(face)}: {counted(hits, 'hit')}, taken after both sides roll."
    )


def resolve(s: State, log: Log) -> None:
    """12.2, 12.8: apply the noted hits, the British allocating theirs, then advances."""
    melee = s["melee"]
    for zone, hits in melee["on_zulu"].items():
        hit_zulus(s, zone, hits, log)
    pending = [{"zone": z, "hits": n} for z, n in melee["on_british"].items() if n]
    melee["step"] = "advance"
    if pending:
        s["pending"] = {"kind": "hits", "zones": pending}


def emptied(s: State, target: str) -> bool:
    """12.7 with 10.2: a zone the melee left without fighting units. VP units left alone in
    it do not hold it: Zulus may enter such a zone, overrunning them (revision 2; the first
    reading let only an empty zone be entered)."""
    if zulu_present(s, target):
        return False
    return not british_present(s, target) or (revised(s) and only_vp_units(s, target))


def advances(s: State) -> list[tuple[str, str]]:
    """(attacking zone, emptied zone) pairs the attackers may advance along (12.7): each
    emptied zone takes one advance, and only the side that attacked it makes it."""
    melee = s["melee"]
    found = []
    for target, entries in melee["attackers"].items():
        if not emptied(s, target) or target in melee["advanced_into"]:
            continue
        for origin, side in entries:
            holds = zulu_present(s, origin) if side == ZULU else british_present(s, origin)
            if holds and (origin, target) not in found:
                found.append((origin, target))
    return found


def _side_of(s: State, origin: str) -> str:
    return ZULU if zulu_present(s, origin) else BRITISH


def advance_side(s: State) -> str | None:
    """The side with an advance still to make or pass, the Zulus first."""
    sides = {_side_of(s, origin) for origin, _ in advances(s)}
    for side in (ZULU, BRITISH):
        if side in sides and side not in s["melee"]["advance_done"]:
            return side
    return None


def actor(s: State) -> str | None:
    step = s["melee"]["step"]
    if step == "zulu":
        return ZULU
    if step == "british":
        return BRITISH
    return advance_side(s)


def end_step(s: State, log: Log) -> bool:
    """Close the current step; True once the melee phase is over."""
    melee = s["melee"]
    if melee["step"] == "zulu":
        melee["step"] = "british"
        return False
    if melee["step"] == "british":
        resolve(s, log)
        return not s["pending"] and advance_side(s) is None
    side = advance_side(s)
    if side is not None:
        melee["advance_done"].append(side)
    return advance_side(s) is None


def check_advance(s: State, origin: str, target: str) -> None:
    _in_phase(s, "advance")
    if (origin, target) not in advances(s):
        raise RuleError(
            f"No advance from {origin} into {target}: only attackers may enter a zone their "
            "melee emptied (rule 12.7)."
        )


def _advance_counters(s: State, origin: str, sp: int, counters: int) -> int:
    """The counters an advance takes: at least one, and no more than go or stand there."""
    return max(1, min(counters, sp, s["zulu"]["zones"][origin]["counters"]))


def check_zulu_advance(s: State, origin: str, target: str, sp: int, counters: int) -> None:
    """Warriors advance; leaders stay where they are."""
    check_advance(s, origin, target)
    if not may_enter(s, ZULU, target):
        raise RuleError(f"Zulus may not enter zone {target}.")
    here = zulu_zone(s, origin)
    if here is None or not 1 <= sp <= here["sp"]:
        raise RuleError(f"Advance between 1 and the SP in zone {origin}.")
    zulu_room(s, target, sp)
    check_counter_mix(s, origin, target, sp, _advance_counters(s, origin, sp, counters))


def zulu_advance(s: State, origin: str, target: str, sp: int, counters: int, log: Log) -> None:
    check_zulu_advance(s, origin, target, sp, counters)
    counters = _advance_counters(s, origin, sp, counters)
    take_zulus(s, origin, sp, counters, [])
    overrun(s, target, log)
    add_zulus(s, target, sp, counters, [], moved=True)
    s["melee"]["advanced_into"].append(target)
    s["control"][target] = ZULU
    note_move(s, origin, target)
    log.say(f"Zulus advance {counted(counters, 'counter')} from {origin} into {target}.")


def check_british_advance(s: State, units: list[str], target: str) -> None:
    if not units or any(u not in s["units"] or s["units"][u]["zone"] is None for u in units):
        raise RuleError("Name British units on the map to advance.")
    origin = s["units"][units[0]]["zone"]
    if any(s["units"][u]["zone"] != origin for u in units):
        raise RuleError("Units advance together from one zone.")
    check_advance(s, origin, target)
    if not may_enter(s, BRITISH, target):
        raise RuleError(f"British units may not enter zone {target} (rule 2.1).")
    british_room(s, target, units)


def british_advance(s: State, units: list[str], target: str, log: Log) -> None:
    check_british_advance(s, units, target)
    origin = s["units"][units[0]]["zone"]
    for unit_id in units:
        place_british(s, unit_id, target)
    s["melee"]["advanced_into"].append(target)
    s["control"][target] = BRITISH
    note_move(s, origin, target)
    log.say(f"The British advance {counted(len(units), 'counter')} from {origin} into {target}.")
