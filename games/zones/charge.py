"""The British bayonet charge (14.4, 8.1 G): a melee fought round after round.

A leader with up to 4 SP from his zone charges an adjacent Zulu zone, even if they or the
zone have just meleed. Each round both sides roll: the charging group its SP (5-6, or 4-6
at Rorke's Drift across a wall or into or out of a building, as in 12.5), the Zulus of the
charged zone every warrior and leader they have there (6), so their strength shows. Hits
are taken after both rolls, the British player allocating his among the charging group.
After each round the British player goes on or stops; once the zone is empty the group, or
any part of it, may advance into it (with 12.7). Each leader charges once a turn.

Choices where the text is silent: the group is foot soldiers or cavalry (never the battery
or VP units); the British advance obeys the limits and 2.1 like any move.
"""

from __future__ import annotations

from games.core.dice import Dice
from games.core.errors import RuleError
from games.core.text import counted, faces_from
from games.zones.fire import combat_dice, hit_zulus
from games.zones.limits import british_room, may_enter
from games.zones.melee import british_face, melee_sp
from games.zones.options import revised
from games.zones.state import (
    BRITISH,
    Log,
    State,
    board_of,
    note_move,
    place_british,
    unit_data,
    zulu_present,
    zulu_zone,
)

CHARGE_SP = 4
CHARGE_KINDS = frozenset({"infantry", "native-infantry", "cavalry"})


def group_for(s: State, leader: str) -> list[str]:
    """The fullest group a leader may take: his zone's foot and horse up to 4 SP, top first."""
    zone = s["units"][leader]["zone"]
    chosen, weight = [], 0
    for unit_id in s["stacks"].get(zone, []):
        if unit_id != leader and unit_data(s, unit_id).kind in CHARGE_KINDS:
            sp = s["units"][unit_id]["sp"]
            if weight + sp <= CHARGE_SP:
                chosen.append(unit_id)
                weight += sp
    return chosen


def targets(s: State, leader: str) -> list[str]:
    zone = s["units"][leader]["zone"]
    return [z for z in board_of(s).neighbours(zone) if zulu_present(s, z)]


def may_lead(s: State, unit_id: str) -> bool:
    """Leaders, and Colour Sgt. Bourne with the option of 17.1.2."""
    data = unit_data(s, unit_id)
    return data.kind == "leader" or (s["options"]["bourne_charge"] and data.optional_charge)


def leaders_ready(s: State) -> list[str]:
    return [
        u
        for u in s["units"]
        if may_lead(s, u)
        and s["units"][u]["zone"] is not None
        and u not in s["charged"]
        and targets(s, u)
    ]


def check_charge(s: State, leader: str, units: list[str], target: str) -> None:
    if s["phase"] != "G" or s["charge"] is not None or s["pending"]:
        raise RuleError("Bayonet charges are declared in phase G, one at a time (rule 14.4).")
    if leader not in s["units"] or not may_lead(s, leader):
        raise RuleError("Only a British leader leads a bayonet charge (rule 14.4).")
    if leader in s["charged"]:
        raise RuleError(f"{unit_data(s, leader).name} has charged this turn.")
    zone = s["units"][leader]["zone"]
    if zone is None:
        raise RuleError(f"{unit_data(s, leader).name} is no longer on the map.")
    if len(set(units)) != len(units) or leader in units:
        raise RuleError("Name each unit of the charging group once, the leader apart.")
    for unit_id in units:
        if unit_id not in s["units"] or s["units"][unit_id]["zone"] != zone:
            raise RuleError(f"`{unit_id}` is not in zone {zone} with the leader.")
        if unit_data(s, unit_id).kind not in CHARGE_KINDS:
            raise RuleError(f"{unit_data(s, unit_id).name} cannot join a bayonet charge.")
    weight = sum(s["units"][u]["sp"] for u in units)
    if weight > CHARGE_SP:
        raise RuleError(f"A leader charges with up to {CHARGE_SP} SP (rule 14.4); not {weight}.")
    if target not in targets(s, leader):
        allowed = ", ".join(targets(s, leader)) or "none"
        raise RuleError(
            f"A charge goes into an adjacent zone held by Zulus (rule 14.4); now: {allowed}."
        )


def charge(s: State, leader: str, units: list[str], target: str, dice: Dice, log: Log) -> None:
    check_charge(s, leader, units, target)
    zone = s["units"][leader]["zone"]
    s["charged"].append(leader)
    s["charge"] = {"leader": leader, "units": [leader, *units], "origin": zone, "target": target}
    log.say(f"{unit_data(s, leader).name} leads a bayonet charge from {zone} into {target}.")
    fight_round(s, dice, log)


def group(s: State) -> list[str]:
    found = s["charge"]
    return [u for u in found["units"] if s["units"][u]["zone"] == found["origin"]]


def fight_round(s: State, dice: Dice, log: Log) -> None:
    found = s["charge"]
    origin, target = found["origin"], found["target"]
    here = zulu_zone(s, target)
    if here is None:
        raise RuleError(f"No Zulus are left in zone {target}.")
    british = sum(melee_sp(s, u) for u in group(s))
    zulus = here["sp"] + len(here["leaders"])
    face = british_face(s, origin, target)
    ours, british_hits = combat_dice(
        s, dice, british, face, f"Bayonet charge from {origin} into {target}"
    )
    theirs, zulu_hits = combat_dice(s, dice, zulus, 6, f"Zulus in {target} meet the charge")
    log.say(
        f"Charge round: British {ours} (hits on {faces_from(face)}): "
        f"{counted(british_hits, 'hit')}; "
        f"Zulus in {target} roll {zulus} dice ({theirs}, hits on 6): {counted(zulu_hits, 'hit')}."
    )
    hit_zulus(s, target, british_hits, log)
    if zulu_hits:
        s["pending"] = {
            "kind": "hits",
            "zones": [{"zone": origin, "hits": zulu_hits, "units": group(s)}],
        }


def settle(s: State) -> None:
    """End the charge once the charging group is gone."""
    if s["charge"] is not None and not group(s):
        s["charge"] = None


def check_go_on(s: State) -> None:
    if s["charge"] is None or s["pending"]:
        raise RuleError("There is no charge waiting for the next round.")
    if not zulu_present(s, s["charge"]["target"]):
        raise RuleError("The charged zone is empty: advance into it or stop.")


def check_advance(s: State, units: list[str] | None = None) -> list[str]:
    """The units that advance: the whole charging group unless ``units`` names part of it
    (12.7: the victor *may* advance, so each unit may stay behind)."""
    if s["charge"] is None or s["pending"]:
        raise RuleError("There is no charge to advance from.")
    target = s["charge"]["target"]
    if zulu_present(s, target):
        raise RuleError("Zulus still hold the charged zone.")
    if not may_enter(s, BRITISH, target):
        raise RuleError(f"British units may not enter zone {target} (rule 2.1).")
    whole = group(s)
    if units is None:
        units = whole
    elif not revised(s):
        raise RuleError("In this game's reading of 14.4 the whole charging group advances.")
    elif not units or len(set(units)) != len(units) or any(u not in whole for u in units):
        names = ", ".join(unit_data(s, u).name for u in whole)
        raise RuleError(f"Advance with one or more of the charging group: {names}.")
    british_room(s, target, units)
    return units


def advance(s: State, log: Log, units: list[str] | None = None) -> None:
    units = check_advance(s, units)
    found = s["charge"]
    for unit_id in units:
        place_british(s, unit_id, found["target"])
    s["control"][found["target"]] = BRITISH
    note_move(s, found["origin"], found["target"])
    left = [unit_data(s, u).name for u in group(s)]
    staying = f"; {', '.join(left)} stay in {found['origin']}" if left else ""
    log.say(f"The charging group advances from {found['origin']} into {found['target']}{staying}.")
    s["charge"] = None


def stop(s: State, log: Log) -> None:
    if s["charge"] is None or s["pending"]:
        raise RuleError("There is no charge to stop.")
    log.say("The British call off the charge.")
    s["charge"] = None
