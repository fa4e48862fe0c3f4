"""Movement of both sides (10.1-10.8, 2.1, 2.2, 3.5.1, 4.1, 9.3, 14.2, 15.2).

A path is the list of zones entered in order; every step crosses a shared side (10.1). A
Zulu entry path starts with the board-edge zone entered, which counts as the first move
(4.1). ``"off"`` as the last step of a Zulu path leaves the board from an edge zone (10.7).
"""

from __future__ import annotations

from math import ceil

from games.core.errors import RuleError
from games.core.text import counted, shorten
from games.zones import victory
from games.zones.limits import british_room, check_counter_mix, may_enter, zulu_room
from games.zones.state import (
    BRITISH,
    COUNTER_LIMIT,
    COUNTER_MAX,
    ZULU,
    Log,
    State,
    add_zulus,
    board_of,
    british_in,
    british_present,
    counters_on_board,
    limit_sp,
    note_move,
    only_vp_units,
    place_british,
    take_zulus,
    unit_data,
    victory_sp,
    zulu_present,
    zulu_zone,
)

OFF = "off"

BRITISH_CARRY = 4
"""SP of infantry a British leader carries a second zone (10.4, 14.2)."""

ZULU_CARRY = 10
"""SP of warriors a Zulu leader carries a second zone (10.5, 15.2)."""
ZULU_CARRY_MORE = 15

CARRIED_KINDS = frozenset({"infantry", "native-infantry"})
"""10.4: the British bonus is for foot soldiers, never VP units, the battery or cavalry."""

REPLACEMENTS_PER_TURN = 2
"""9.3: replacement SP the British receive each turn at Rorke's Drift."""


def stops_after(s: State, here: str | None, there: str) -> bool:
    """10.6: every unit stops on entering a donga or crossing the ridge."""
    board = board_of(s)
    if board.zone(there).kind == "donga":
        return True
    return here is not None and board.crosses_ridge(here, there)


def _steps(s: State, start: str | None, path: list[str]) -> None:
    """Refuse a path that leaves by a corner or goes on after it had to stop."""
    board = board_of(s)
    here = start
    for number, there in enumerate(path):
        if there not in board.zones:
            raise RuleError(f"There is no zone {there} on the {board.title} map.")
        if here is not None and not board.is_adjacent(here, there):
            sides = ", ".join(board.neighbours(here))
            raise RuleError(
                f"Zone {there} does not share a side with {here} (rule 10.1); "
                f"from {here} a move may go to {sides}."
            )
        if number < len(path) - 1 and stops_after(s, here, there):
            raise RuleError(
                f"Units must stop on entering zone {there}: a donga or across the ridge "
                "(rule 10.6)."
            )
        here = there


def _walls_or_buildings(s: State, start: str | None, path: list[str]) -> str | None:
    """The first wall crossed or building entered on a path, in words, or None (10.5)."""
    board = board_of(s)
    here = start
    for there in path:
        if board.zone(there).kind in ("building", "roof", "redoubt"):
            return f"enters the building zone {there}"
        if here is not None and board.wall_between(here, there):
            return f"crosses the wall between {here} and {there}"
        here = there
    return None


# --------------------------------------------------------------------------- British


def check_british_move(
    s: State, units: list[str], path: list[str], path_checked: bool = False
) -> None:
    """A group of British counters moving together from one zone along ``path``;
    ``path_checked`` when check_british_path has passed this origin and path already (the
    order listing checks each path once for all the units that might take it)."""
    if s["turn"] == 1:
        raise RuleError("On turn 1 the set-up is the British move (rule 4.1).")
    if not units or len(set(units)) != len(units):
        raise RuleError("Name each moving British unit once.")
    if not 1 <= len(path) <= 2:
        raise RuleError("A move goes one or two zones (rule 10.3).")
    _known_steps(s, path)
    for unit_id in units:
        if unit_id not in s["units"] or s["units"][unit_id]["zone"] is None:
            raise RuleError(f"There is no British unit `{unit_id}` on the map.")
        if s["units"][unit_id]["moved"]:
            raise RuleError(f"{unit_data(s, unit_id).name} has already moved this turn.")
    origins = {s["units"][u]["zone"] for u in units}
    if len(origins) != 1:
        raise RuleError("Units moving together must start in the same zone.")
    origin = origins.pop()
    moves = len(path)
    if path[-1] == OFF:
        _check_exit(s, origin, path)
        path = path[:-1]
    if not path_checked:
        check_british_path(s, origin, path)
    kinds = {u: unit_data(s, u).kind for u in units}
    vp = [u for u in units if kinds[u] == "vp"]
    if vp:
        _check_escort(s, units, vp, path, origin)
    if "artillery" in kinds.values() and moves > 1:
        raise RuleError("The battery moves one zone at most (rule 3.2).")
    if moves == 2:
        _check_bonus(s, units, kinds, origin, path)
    if path and moves == len(path):
        british_room(s, path[-1], units)


def check_british_path(s: State, origin: str, path: list[str]) -> None:
    """What a British path needs whoever takes it: real steps (10.1, 10.6), ground the British
    may enter (2.1, 2.2, 13.4) and no Zulus on the way (10.2)."""
    _steps(s, origin, path)
    for zone in path:
        if not may_enter(s, BRITISH, zone):
            raise RuleError(
                f"British units may not enter zone {zone} (rules 2.1, 2.2, 10.6 and 13.4)."
            )
        if zulu_present(s, zone):
            raise RuleError(f"Zone {zone} holds Zulus: no moving into or through it (rule 10.2).")


EXIT_TURN = 13


def _known_steps(s: State, path: list[str]) -> None:
    """Every step a zone of this map, and leaving the board only as the last step: a typed
    path is refused in words, never by a failed lookup."""
    zones = board_of(s).zones
    for at, step in enumerate(path):
        if step == OFF and at == len(path) - 1:
            continue
        if step not in zones:
            raise RuleError(
                f"There is no zone `{shorten(str(step), 20)}` on this map to move through."
            )


def _check_exit(s: State, origin: str, path: list[str]) -> None:
    """17.4: from turn 13 the British may leave through zones 21, 27 and 31."""
    if not s["options"]["exit"] or s["turn"] < EXIT_TURN:
        raise RuleError(
            "British units leave the board only with the exit option, from turn 13 (17.4)."
        )
    last = path[-2] if len(path) > 1 else origin
    if OFF in path[:-1] or "exit" not in board_of(s).zone(last).roles:
        exits = ", ".join(board_of(s).with_role("exit"))
        raise RuleError(f"British units leave the board only from zones {exits} (rule 17.4).")


def _check_escort(s: State, units: list[str], vp: list[str], path: list[str], origin: str) -> None:
    """10.8 with 16.1: 1 infantry SP that began the turn with them per VP unit, one zone,
    and only after a Zulu melee into the hospital or once it burns
    (notes: escorts-are-infantry)."""
    if s["battle"] != "rorkes-drift":
        raise RuleError("Only Rorke's Drift has VP units.")
    if not (s["hospital_melee"] or s["hospital_fire"]):
        raise RuleError(
            "The wounded may be moved only once the Zulus have meleed into a hospital zone "
            "or the hospital is on fire (rule 10.8)."
        )
    if len(path) != 1:
        raise RuleError("VP units move one zone: no bonus applies to them (rule 14.2).")
    escort = sum(
        s["units"][u]["sp"]
        for u in units
        if unit_data(s, u).kind == "infantry" and s["units"][u]["start"] == origin
    )
    if escort < len(vp):
        raise RuleError(
            f"Moving {counted(len(vp), 'VP unit')} needs at least {len(vp)} infantry SP that "
            f"began the turn in zone {origin} with them (rules 10.8 and 16.1); "
            f"the group has {escort}."
        )


def _check_bonus(
    s: State, units: list[str], kinds: dict[str, str], origin: str, path: list[str]
) -> None:
    """Two zones: cavalry and leaders by themselves (10.3), foot soldiers only with a leader,
    4 SP for each (10.4, 14.2), never in or out of the hospital (14.2). The battery and VP
    units, which the bonus never carries, are refused a second zone before this."""
    leaders = [u for u in units if kinds[u] == "leader" or acts_as_leader(s, u)]
    carried = [u for u in units if kinds[u] not in ("leader", "cavalry") and u not in leaders]
    if not carried:
        return
    names = ", ".join(unit_data(s, u).name for u in carried)
    if not leaders:
        raise RuleError(f"{names} move one zone unless a leader moves with them (rule 10.3).")
    weight = sum(s["units"][u]["sp"] for u in carried)
    if weight > BRITISH_CARRY * len(leaders):
        raise RuleError(
            f"{counted(len(leaders), 'leader')} can carry at most "
            f"{BRITISH_CARRY * len(leaders)} SP a second zone (rule 10.4); "
            f"the group has {weight} SP of foot soldiers."
        )
    hospital = set(board_of(s).with_role("hospital"))
    if hospital & {origin, *path}:
        raise RuleError(
            "The leader bonus does not work within, into or out of the hospital (rule 14.2)."
        )


def british_move(s: State, units: list[str], path: list[str], log: Log) -> None:
    check_british_move(s, units, path)
    origin = s["units"][units[0]]["zone"]
    if path[-1] == OFF:
        _exit(s, units, origin, path, log)
        return
    for zone in path:
        s["control"][zone] = BRITISH
    for unit_id in units:
        place_british(s, unit_id, path[-1])
        s["units"][unit_id]["moved"] = True
        if unit_data(s, unit_id).kind == "artillery":
            s["units"][unit_id]["battery_moved"] = True
    for here, there in zip([origin, *path], path, strict=False):
        note_move(s, here, there)
    log.say(
        f"The British move {counted(len(units), 'counter')} from {origin} to {' to '.join(path)}."
    )


def _exit(s: State, units: list[str], origin: str, path: list[str], log: Log) -> None:
    for zone in path[:-1]:
        s["control"][zone] = BRITISH
    for unit_id in units:
        s["exited"] += victory_sp(s, unit_id)
        place_british(s, unit_id, None)
    victory.refresh(s)
    log.say(
        f"The British take {counted(len(units), 'counter')} off the board from {origin} "
        "(rule 17.4)."
    )


def check_replace(s: State, unit_id: str) -> None:
    """9.3, 9.3.1: one SP to each of at most two reduced units that began the turn in G."""
    if s["battle"] != "rorkes-drift" or s["phase"] != "A":
        raise RuleError("Replacements come only in phase A at Rorke's Drift (rules 9.2, 9.3).")
    if unit_id not in s["units"] or s["units"][unit_id]["zone"] is None:
        raise RuleError(f"There is no British unit `{unit_id}` on the map.")
    unit = s["units"][unit_id]
    data = unit_data(s, unit_id)
    if unit["zone"] != "G" or unit["start"] != "G":
        raise RuleError(f"{data.name} did not begin the turn in the storehouse G (rule 9.3.1).")
    if unit_id in s["replaced"]:
        raise RuleError(f"{data.name} has had its 1 SP this turn (rule 9.3.1).")
    if data.reduced is None or unit["sp"] >= data.sp:
        raise RuleError(f"{data.name} is at full strength; only reduced units gain SP (9.3).")
    if len(s["replaced"]) >= REPLACEMENTS_PER_TURN:
        raise RuleError("Both replacement SP of this turn are used (rule 9.3).")
    cap = board_of(s).limit("G", BRITISH)
    held = sum(limit_sp(s, u) for u in british_in(s, "G"))
    if cap is not None and held + 1 > cap:
        raise RuleError(
            f"Zone G holds at most {cap} British SP (rule 2.2); a replacement would make "
            f"{held + 1} (notes: replacements-within-limits)."
        )


def replace(s: State, unit_id: str, log: Log) -> None:
    check_replace(s, unit_id)
    s["units"][unit_id]["sp"] += 1
    s["replaced"].append(unit_id)
    s["british_lost"] -= 1
    log.tell(BRITISH, f"{unit_data(s, unit_id).name} is back to full strength in G.")
    log.say("The British bring 1 replacement SP into the storehouse.")


# --------------------------------------------------------------------------- Zulu


def _check_zulu_path(
    s: State, start: str | None, path: list[str], sp: int, leaders: list[str]
) -> None:
    """The checks every Zulu move and entry share: length, stops, bonus, enemies, limits."""
    if not 1 <= len(path) <= 2:
        raise RuleError("A Zulu move goes one or two zones, entering counting as one (4.1).")
    if OFF in path[:-1] or (path[-1] == OFF and start is None):
        raise RuleError("Leaving the board must be the last step, from a board-edge zone.")
    zones = [z for z in path if z != OFF]
    _steps(s, start, zones)
    if path[-1] == OFF and not board_of(s).zone(zones[-1] if zones else start).edge:
        raise RuleError("Zulus leave the board only from a board-edge zone (rule 10.7).")
    if len(path) == 2:
        if not leaders:
            raise RuleError("Warriors move one zone unless a leader goes with them (rule 3.3).")
        cap = zulu_carry(s) * len(leaders)
        if sp > cap:
            raise RuleError(
                f"{counted(len(leaders), 'leader')} can carry at most {cap} SP a second zone "
                "(rule 10.5)."
            )
        if s["battle"] == "rorkes-drift":
            crossing = _walls_or_buildings(s, start, zones)
            if crossing:
                raise RuleError(
                    f"A two-zone move at Rorke's Drift never crosses a wall or enters a "
                    f"building (rule 10.5); this one {crossing}."
                )
    for zone in zones:
        if not may_enter(s, ZULU, zone):
            raise RuleError(f"Zulus may not enter zone {zone} (rules 2.2, 10.6 and 13.4).")
        if british_present(s, zone) and not only_vp_units(s, zone):
            raise RuleError(
                f"Zone {zone} holds British units: no moving into or through it (rule 10.2)."
            )
    if path[-1] != OFF:
        zulu_room(s, path[-1], sp)


def zulu_carry(s: State) -> int:
    """10 SP a leader, 15 with the option of 17.2.2."""
    return ZULU_CARRY_MORE if s["options"]["leaders_carry_15"] else ZULU_CARRY


def acts_as_leader(s: State, unit_id: str) -> bool:
    """17.1.1: Dalton and Bourne move as leaders when the option is chosen."""
    return s["options"]["dalton_bourne_lead"] and unit_data(s, unit_id).optional_leader


def counter_span(low: int, high: int) -> str:
    """How many counters may be shown, from ``low`` to ``high``, in plain words."""
    return counted(low, "counter") if low == high else f"{low} to {high} counters"


def _check_amounts(sp: int, counters: int, leaders: list[str]) -> None:
    if sp < 0 or (sp == 0 and not leaders):
        raise RuleError("Move at least 1 warrior SP or one leader.")
    if sp and not ceil(sp / COUNTER_MAX) <= counters <= sp:
        raise RuleError(
            f"{sp} SP fit on {counter_span(ceil(sp / COUNTER_MAX), sp)} of 1 to 10 SP (3.3)."
        )


def entry_zones(s: State) -> list[str]:
    """Where Zulus may enter this turn: a shield zone open this turn (2.1, 5.2, 6.2), or,
    when the British hold such a zone, any zone beside it they may enter."""
    board = board_of(s)
    found: list[str] = []
    for zone in board.entry_zones(s["turn"]):
        if not british_present(s, zone) or only_vp_units(s, zone):
            found.append(zone)
        else:
            found += [
                z
                for z in board.neighbours(zone)
                if may_enter(s, ZULU, z) and (not british_present(s, z) or only_vp_units(s, z))
            ]
    return sorted(set(found), key=lambda z: list(board.zones).index(z))


def check_enter(s: State, path: list[str], sp: int, counters: int, leaders: list[str]) -> None:
    if s["phase"] != "C":
        raise RuleError("Zulus enter in their move, phase C.")
    _check_amounts(sp, counters, leaders)
    if sp > s["zulu"]["held"]:
        raise RuleError(f"Only {s['zulu']['held']} SP wait off board to enter (rule 9.4.1).")
    missing = [x for x in leaders if x not in s["zulu"]["leaders_off"]]
    if missing:
        raise RuleError(f"Leader {missing[0]} is not waiting off board.")
    if not path or path[0] not in entry_zones(s):
        allowed = ", ".join(entry_zones(s)) or "none"
        raise RuleError(f"Zulus may enter this turn at: {allowed} (rules 2.1 and 9.4).")
    check_counter_mix(s, None, path[-1], sp, counters)
    _check_zulu_path(s, None, path, sp, leaders)


def check_zulu_move(
    s: State, origin: str, path: list[str], sp: int, counters: int, leaders: list[str]
) -> None:
    if s["phase"] != "C":
        raise RuleError("Zulus move in their move, phase C.")
    _check_amounts(sp, counters, leaders)
    here = zulu_zone(s, origin)
    if here is None:
        raise RuleError(f"There are no Zulus in zone {origin}.")
    free = here["sp"] - here["moved_sp"]
    if sp > free:
        raise RuleError(f"Only {free} SP in zone {origin} have not moved this phase.")
    missing = [x for x in leaders if x not in here["leaders"] or x in here["moved_leaders"]]
    if missing:
        raise RuleError(f"Leader {missing[0]} is not in zone {origin} ready to move.")
    _check_zulu_path(s, origin, path, sp, leaders)
    check_counter_mix(s, origin, None if path[-1] == OFF else path[-1], sp, counters)


def overrun(s: State, zone: str, log: Log) -> None:
    """10.2: Zulus entering a zone held by VP units alone eliminate them."""
    if not only_vp_units(s, zone):
        return
    for unit_id in list(s["stacks"][zone]):
        place_british(s, unit_id, None)
        s["vp_units_lost"] += 1
        victory.refresh(s)
        log.say(f"Zulus overrun {unit_data(s, unit_id).name} in zone {zone}: +1 VP.")


def _arrive(s: State, start: str | None, path: list[str], log: Log) -> None:
    """Eliminate VP units alone in zones entered (10.2) and record the steps."""
    here = start
    for there in path:
        if there != OFF:
            overrun(s, there, log)
        if here is not None:
            note_move(s, here, there)
        if there != OFF:
            s["control"][there] = ZULU
        here = there


def enter(s: State, path: list[str], sp: int, counters: int, leaders: list[str], log: Log) -> None:
    check_enter(s, path, sp, counters, leaders)
    s["zulu"]["held"] -= sp
    s["zulu"]["leaders_off"] = [x for x in s["zulu"]["leaders_off"] if x not in leaders]
    _arrive(s, None, path, log)
    _land(s, path[-1], sp, counters, leaders)
    where = " then ".join(path)
    log.say(
        f"Zulus enter at {where}: {counted(counters, 'counter')}, "
        f"{counted(len(leaders), 'leader')}."
    )
    log.tell(ZULU, f"You bring {sp} SP on at {where}.")


def zulu_move(
    s: State, origin: str, path: list[str], sp: int, counters: int, leaders: list[str], log: Log
) -> None:
    check_zulu_move(s, origin, path, sp, counters, leaders)
    take_zulus(s, origin, sp, counters, leaders)
    _arrive(s, origin, path, log)
    _land(s, path[-1], sp, counters, leaders)
    where = " to ".join(path)
    log.say(
        f"Zulus move {counted(counters, 'counter')}, {counted(len(leaders), 'leader')} "
        f"from {origin} to {where}."
    )
    log.tell(ZULU, f"You move {sp} SP from {origin} to {where}.")


def _land(s: State, zone: str, sp: int, counters: int, leaders: list[str]) -> None:
    if zone == OFF:
        s["zulu"]["away"] += sp
        s["zulu"]["leaders_away"] += leaders
    else:
        add_zulus(s, zone, sp, counters, leaders, moved=True)


def check_regroup(s: State, zone: str, counters: int) -> None:
    """3.5.1: warriors in a zone may be re-made on more or fewer counters, same total."""
    if s["phase"] != "C":
        raise RuleError("Zulus regroup counters during their move (rule 3.5.1).")
    here = zulu_zone(s, zone)
    if here is None or not here["sp"]:
        raise RuleError(f"There are no Zulu warriors in zone {zone}.")
    low, high = ceil(here["sp"] / COUNTER_MAX), here["sp"]
    if not low <= counters <= high:
        raise RuleError(f"The warriors in zone {zone} fit on {counter_span(low, high)}.")
    if counters not in regroup_counts(s, zone):
        raise RuleError(f"The counter mix holds {COUNTER_LIMIT} warrior counters in all.")


def regroup_counts(s: State, zone: str) -> range:
    """Every number of counters the warriors in ``zone`` may show (3.3, 3.5.1): 1 to 10 SP
    each, and no more counters on the map than the mix holds."""
    here = zulu_zone(s, zone)
    if here is None or not here["sp"]:
        return range(0)
    spare = COUNTER_LIMIT - counters_on_board(s) + here["counters"]
    return range(ceil(here["sp"] / COUNTER_MAX), min(here["sp"], spare) + 1)


def regroup(s: State, zone: str, counters: int, log: Log) -> None:
    check_regroup(s, zone, counters)
    s["zulu"]["zones"][zone]["counters"] = counters
    log.say(f"The Zulus in zone {zone} now show {counted(counters, 'counter')}.")
