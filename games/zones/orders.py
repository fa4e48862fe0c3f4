"""Every legal order of a position as an ``Order``, and carrying out an action.

Action shapes (``type`` first):

- ``end``: end the current phase.
- ``place`` {unit, zone}: British set-up (5.1, 7.1).
- ``top`` {zone, unit}: put a unit on top of its British stack (3.1).
- ``replace`` {unit}: one replacement SP in the storehouse (9.3).
- ``move`` {units, path}: British units moving together from one zone.
- ``enter`` {path, sp, counters, leaders}: Zulus coming on (4.1, 9.4).
- ``zmove`` {from, path, sp, counters, leaders}: Zulus moving; ``"off"`` leaves the board.
- ``regroup`` {zone, counters}: Zulu split or merge (3.5.1).
- ``fire`` {units, target} and ``volley`` {leader, units, target}: British fire (11, 14.3).
- ``ammo`` {unit}: the British choice of an Ammo Depleted unit (11.2.2).
- ``random_fire`` {shots: {zone: dice}}: Zulu random fire (11.3).
- ``hit`` {unit}: the British unit taking the next hit of random fire or melee.
- ``melee``: Zulu {from, target, sp, leaders} or British {units, target} (12.1-12.5).
- ``advance``: Zulu {from, to, sp, counters} or British {units, to} (12.7).
- ``burn``: the Zulu roll of the hospital fire die (13.1).
- ``charge`` {leader, units, target}; then ``charge_on``, ``charge_advance`` or
  ``charge_stop`` (14.4).

Orders naming British units are private, since the units under a stack's top are hidden
from the Zulu player; every Zulu move or entry is private, since its size follows from
strengths only the Zulu player knows. Amounts are listed at their fullest; ``apply`` takes
any smaller amount the rules allow.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain
from math import ceil
from typing import Any

from games.core.dice import Dice
from games.core.engine import Order
from games.core.errors import RuleError, UnknownAction, passes
from games.core.text import counted, faces_from, shorten
from games.zones import charge, fire, hospital, melee, movement, setup, solitaire
from games.zones.board import zone_order
from games.zones.flow import actor, end_phase
from games.zones.options import revised
from games.zones.state import (
    BRITISH,
    COUNTER_MAX,
    ZULU,
    Log,
    State,
    board_of,
    british_in,
    unit_data,
    zulu_sp,
)

LABEL_LIMIT = 80
Action = dict[str, Any]


def _order(key: str, label: str, action: Action, kind: str, private: bool = True) -> Order:
    return Order(key, shorten(label, LABEL_LIMIT), action, kind=kind, button=False, private=private)


def legal(s: State, side: str) -> list[Order]:
    if actor(s) != side:
        return []
    if s["pending"]:
        return _pending_orders(s)
    if side == ZULU and s["options"]["solitaire"]:
        return [Order("solo", "Let the Zulus act (rule 18.0)", {"type": "solo"}, kind="solo")]
    found = list(_phase_orders(s))
    found.append(Order("end", f"End phase {s['phase']}", {"type": "end"}, kind="end"))
    return found


def has_orders(s: State) -> bool:
    """Whether the side to act has anything but ending the phase; the Zulu move (C) always
    waits for its player, so nothing about hidden strengths shows in whether it is skipped."""
    if s["phase"] == "C":
        return True
    return bool(s["pending"]) or next(iter(_phase_orders(s)), None) is not None


def _phase_orders(s: State) -> Iterable[Order]:
    """The orders of the phase under way; the British moves come one by one, since asking
    whether there are any need not list them all."""
    phase = s["phase"]
    if phase == "A":
        return _replace_orders(s)
    if phase == "B" and s["turn"] == 1:
        return _place_orders(s) + _top_orders(s)
    if phase == "B":
        return chain(_move_orders(s), _top_orders(s))
    if phase == "C":
        return _enter_orders(s) + _zulu_move_orders(s) + _regroup_orders(s)
    if phase == "D":
        return _fire_orders(s)
    if phase == "E":
        return _random_fire_orders(s)
    if phase == "F":
        return _melee_orders(s)
    if phase == "G":
        return _charge_orders(s)
    if phase == "H" and hospital.burning(s):
        return [Order("burn", "Roll the hospital fire die", {"type": "burn"}, kind="burn")]
    return []


def _name(s: State, unit_id: str) -> str:
    return unit_data(s, unit_id).name


# --------------------------------------------------------------------------- British


def _place_orders(s: State) -> list[Order]:
    found = []
    zones = setup.placement_zones(s)
    for unit_id in s["units"]:
        if not setup.placeable(s, unit_id):
            continue
        for zone in zones:
            if zone != s["units"][unit_id]["zone"] and passes(setup.check_place, s, unit_id, zone):
                action = {"type": "place", "unit": unit_id, "zone": zone}
                found.append(
                    _order(
                        f"place.{unit_id}.{zone}",
                        f"Set up {_name(s, unit_id)} in {zone}",
                        action,
                        "place",
                    )
                )
    return found


def _top_orders(s: State) -> list[Order]:
    found = []
    for zone, stack in s["stacks"].items():
        for unit_id in stack[1:]:
            action = {"type": "top", "zone": zone, "unit": unit_id}
            found.append(
                _order(
                    f"top.{zone}.{unit_id}",
                    f"Put {_name(s, unit_id)} on top in {zone}",
                    action,
                    "stack",
                )
            )
    return found


def check_top(s: State, zone: str, unit_id: str) -> None:
    if s["phase"] != "B" or actor(s) != BRITISH:
        raise RuleError("The British order their stacks in their move, phase B.")
    if unit_id not in s["stacks"].get(zone, []):
        raise RuleError(f"No British unit `{unit_id}` stands in zone {zone}.")


def _replace_orders(s: State) -> list[Order]:
    return [
        _order(
            f"replace.{u}",
            f"Replace 1 SP of {_name(s, u)}",
            {"type": "replace", "unit": u},
            "replace",
        )
        for u in british_in(s, "G")
        if passes(movement.check_replace, s, u)
    ]


def _paths(s: State, origin: str, length: int) -> list[list[str]]:
    board = board_of(s)
    found = [[z] for z in board.neighbours(origin)]
    if length == 2:
        found += [
            [a, b] for a in board.neighbours(origin) for b in board.neighbours(a) if b != origin
        ]
    return found


def _open_paths(s: State, origin: str) -> list[list[str]]:
    """Paths of one or two zones from ``origin`` that some British group could take: the
    checks that do not depend on who moves are made once here, not once per unit, and a
    second step only after an open first one."""
    board = board_of(s)
    first = [[z] for z in board.neighbours(origin)]
    first = [p for p in first if passes(movement.check_british_path, s, origin, p)]
    second = [
        [a, b]
        for [a] in first
        for b in board.neighbours(a)
        if b != origin and passes(movement.check_british_path, s, origin, [a, b])
    ]
    return first + second


def _move_orders(s: State) -> Iterator[Order]:
    for zone in sorted(s["stacks"], key=zone_order):
        stack = [u for u in s["stacks"][zone] if not s["units"][u]["moved"]]
        paths = _open_paths(s, zone) if stack else []
        alike: dict[tuple[Any, ...], list[list[str]]] = {}
        for unit_id in stack:
            data = unit_data(s, unit_id)
            if data.kind == "vp":
                continue
            leads = data.kind == "leader" or movement.acts_as_leader(s, unit_id)
            longest = 2 if leads or data.kind == "cavalry" else 1
            # A lone counter's move depends on its kind, strength and leadership only (2.2,
            # 3.2, 10.3, 10.4, 14.2), so counters alike in one stack are checked once.
            sig = (data.kind, data.counts_as, s["units"][unit_id]["sp"], leads)
            if sig not in alike:
                alike[sig] = [
                    p
                    for p in paths
                    if len(p) <= longest
                    and passes(movement.check_british_move, s, [unit_id], p, True)
                ]
            for path in alike[sig]:
                yield _move_listed([unit_id], path, f"move.{unit_id}", _name(s, unit_id))
            if leads:
                carried = _carried(s, [u for u in stack if u != unit_id])
                if carried:
                    for path in paths:
                        if len(path) == 2:
                            yield from _move_order(
                                s,
                                [unit_id, *carried],
                                path,
                                f"lead.{unit_id}",
                                f"{_name(s, unit_id)} with {counted(len(carried), 'unit')}",
                            )
        yield from _escort_orders(s, zone, stack, paths)
        leaving = [u for u in stack if unit_data(s, u).kind != "vp"]
        if leaving:
            yield from _move_order(
                s, leaving, [movement.OFF], f"exit.{zone}", counted(len(leaving), "unit")
            )


def _carried(s: State, stack: list[str]) -> list[str]:
    """The fullest group one leader carries: foot units in stack order up to 4 SP."""
    chosen, weight = [], 0
    for unit_id in stack:
        if unit_data(s, unit_id).kind in movement.CARRIED_KINDS:
            sp = s["units"][unit_id]["sp"]
            if weight + sp <= movement.BRITISH_CARRY:
                chosen.append(unit_id)
                weight += sp
    return chosen


def _escort_orders(s: State, zone: str, stack: list[str], paths: list[list[str]]) -> list[Order]:
    vp = [u for u in stack if unit_data(s, u).kind == "vp"]
    escorts = [
        u for u in stack if unit_data(s, u).kind == "infantry" and s["units"][u]["start"] == zone
    ]
    if not vp or not escorts:
        return []
    found = []
    for path in paths:
        if len(path) > 1:
            continue
        found += _move_order(
            s,
            [*escorts, *vp],
            path,
            f"escort.{zone}",
            f"{counted(len(escorts), 'unit')} escort {counted(len(vp), 'VP unit')}",
        )
    return found


def _move_order(s: State, units: list[str], path: list[str], key: str, who: str) -> list[Order]:
    """The order moving ``units`` along ``path``, which _open_paths has checked (or which
    leaves the board), if the rules allow it."""
    if not passes(movement.check_british_move, s, units, path, path != [movement.OFF]):
        return []
    return [_move_listed(units, path, key, who)]


def _move_listed(units: list[str], path: list[str], key: str, who: str) -> Order:
    action = {"type": "move", "units": units, "path": path}
    where = " then ".join("off the board" if z == movement.OFF else z for z in path)
    return _order(f"{key}.{'-'.join(path)}", f"Move {who} to {where}", action, "move")


def _fire_orders(s: State) -> list[Order]:
    found = []
    for zone in sorted(s["stacks"], key=zone_order):
        units = [u for u in s["stacks"][zone] if fire.can_fire(s, u)]
        if not units:
            continue
        dice = sum(s["units"][u]["sp"] for u in units)
        for target, face in fire.fire_targets(s, zone):
            action = {"type": "fire", "units": units, "target": target}
            need = faces_from(face)
            found.append(
                _order(
                    f"fire.{zone}.{target}",
                    f"Fire from {zone} at {target}: {dice} dice, hits on {need}",
                    action,
                    "fire",
                )
            )
        for leader in units:
            if leader not in fire.VOLLEY_LEADERS:
                continue
            group = _carried(s, fire.volley_units_allowed(s, leader))
            for target in fire.volley_targets(s, leader):
                action = {"type": "volley", "leader": leader, "units": group, "target": target}
                if passes(fire.check_volley, s, leader, group, target):
                    found.append(
                        _order(
                            f"volley.{leader}.{target}",
                            f"Volley: {_name(s, leader)} and "
                            f"{counted(len(group), 'unit')} at {target}",
                            action,
                            "volley",
                        )
                    )
    return found


def _pending_orders(s: State) -> list[Order]:
    pending = s["pending"]
    if pending["kind"] == "ammo":
        return [
            Order(
                f"ammo.{u}",
                shorten(f"Mark {_name(s, u)} Ammo Depleted", LABEL_LIMIT),
                {"type": "ammo", "unit": u},
                kind="ammo",
                private=True,
            )
            for u in pending["units"]
        ]
    best = fire.suggested_hit(s)
    ordered = [best] + [u for u in fire.hit_candidates(s) if u != best]
    zone = pending["zones"][0]["zone"]
    return [
        Order(
            f"hit.{u}",
            shorten(
                f"Hit in {zone} on {_name(s, u)}" + (" (suggested)" if u == best else ""),
                LABEL_LIMIT,
            ),
            {"type": "hit", "unit": u},
            kind="hits",
            private=True,
        )
        for u in ordered
    ]


# --------------------------------------------------------------------------- Zulu


def _room(s: State, zone: str) -> int:
    cap = board_of(s).limit(zone, ZULU)
    return 10**6 if cap is None else max(0, cap - zulu_sp(s, zone))


def _zulu_order(key: str, label: str, action: Action, kind: str) -> Order:
    return _order(key, label, action, kind)


def _enter_orders(s: State) -> list[Order]:
    held = s["zulu"]["held"]
    leaders = list(s["zulu"]["leaders_off"])
    found = []
    for zone in movement.entry_zones(s):
        sp = min(held, _room(s, zone))
        found += _zulu_try(s, "enter", None, [zone], sp, [], f"enter.{zone}", f"Enter at {zone}")
        if leaders:
            for path in _paths(s, zone, 1):
                there = path[0]
                carry = min(held, movement.zulu_carry(s) * len(leaders), _room(s, there))
                found += _zulu_try(
                    s,
                    "enter",
                    None,
                    [zone, there],
                    carry,
                    leaders,
                    f"enter.{zone}.{there}",
                    f"Enter at {zone} and go on to {there} with the leaders",
                )
    return found


def _zulu_move_orders(s: State) -> list[Order]:
    found = []
    board = board_of(s)
    for zone in sorted(s["zulu"]["zones"], key=zone_order):
        here = s["zulu"]["zones"][zone]
        free = here["sp"] - here["moved_sp"]
        leaders = [x for x in here["leaders"] if x not in here["moved_leaders"]]
        for path in _paths(s, zone, 2 if leaders else 1):
            if len(path) == 1:
                sp, group = min(free, _room(s, path[0])), leaders
            else:
                sp = min(free, movement.zulu_carry(s) * len(leaders), _room(s, path[-1]))
                group = leaders
            found += _zulu_try(
                s,
                "zmove",
                zone,
                path,
                sp,
                group,
                f"zmove.{zone}.{'-'.join(path)}",
                f"Move from {zone} to {' then '.join(path)}",
            )
        if board.zone(zone).edge:
            found += _zulu_try(
                s,
                "zmove",
                zone,
                [movement.OFF],
                free,
                leaders,
                f"zmove.{zone}.off",
                f"Move from {zone} off the board",
            )
    return found


def _zulu_try(
    s: State,
    kind: str,
    origin: str | None,
    path: list[str],
    sp: int,
    leaders: list[str],
    key: str,
    label: str,
) -> list[Order]:
    counters = ceil(sp / COUNTER_MAX)
    action: Action = {
        "type": kind,
        "path": path,
        "sp": sp,
        "counters": counters,
        "leaders": leaders,
    }
    if origin is not None:
        action["from"] = origin
        ok = passes(movement.check_zulu_move, s, origin, path, sp, counters, leaders)
    else:
        ok = passes(movement.check_enter, s, path, sp, counters, leaders)
    return [_zulu_order(key, label, action, "enter" if kind == "enter" else "move")] if ok else []


def _regroup_orders(s: State) -> list[Order]:
    found = []
    for zone, here in s["zulu"]["zones"].items():
        for counters in movement.regroup_counts(s, zone):
            if counters != here["counters"]:
                found.append(
                    _zulu_order(
                        f"regroup.{zone}.{counters}",
                        f"Show the warriors in {zone} on {counted(counters, 'counter')}",
                        {"type": "regroup", "zone": zone, "counters": counters},
                        "regroup",
                    )
                )
    return found


def _random_fire_orders(s: State) -> list[Order]:
    dice = fire.random_fire_dice(s)
    return [
        Order(
            f"rfire.{zone}",
            f"Random fire: all {dice} dice at zone {zone}",
            {"type": "random_fire", "shots": {zone: dice}},
            kind="random-fire",
            button=False,
        )
        for zone in sorted(fire.random_fire_targets(s), key=zone_order)
    ]


# --------------------------------------------------------------------------- melee


def _melee_orders(s: State) -> list[Order]:
    if s["melee"] is None:
        return []
    side = melee.actor(s)
    step = s["melee"]["step"]
    if step == "zulu":
        return _zulu_melee_orders(s)
    if step == "british":
        return _british_melee_orders(s)
    return _advance_orders(s, side)


def _zulu_melee_orders(s: State) -> list[Order]:
    found = []
    board = board_of(s)
    for zone in sorted(s["zulu"]["zones"], key=zone_order):
        here = s["zulu"]["zones"][zone]
        used = s["melee"]["zulu_used"].get(zone, {"sp": 0, "leaders": []})
        leaders = [x for x in here["leaders"] if x not in used["leaders"]]
        free = here["sp"] - used["sp"]
        for target in board.neighbours(zone):
            sp, group = free, leaders
            if s["battle"] == "rorkes-drift" and (
                melee._is_building(s, zone) or melee._is_building(s, target)
            ):
                group = leaders[: melee.BUILDING_CAP]
                sp = min(free, melee.BUILDING_CAP - len(group))
            if passes(melee.check_zulu_melee, s, zone, target, sp, group):
                action = {
                    "type": "melee",
                    "from": zone,
                    "target": target,
                    "sp": sp,
                    "leaders": group,
                }
                found.append(
                    _order(
                        f"melee.{zone}.{target}",
                        f"Melee from {zone} into {target}",
                        action,
                        "melee",
                    )
                )
    return found


def _british_melee_orders(s: State) -> list[Order]:
    found = []
    board = board_of(s)
    for zone in sorted(s["stacks"], key=zone_order):
        ready = [
            u
            for u in s["stacks"][zone]
            if melee.melee_sp(s, u) and u not in s["melee"]["british_used"]
        ]
        for target in board.neighbours(zone):
            units, weight = [], 0
            capped = s["battle"] == "rorkes-drift" and (
                melee._is_building(s, zone) or melee._is_building(s, target)
            )
            for unit_id in ready:
                sp = melee.melee_sp(s, unit_id)
                if not capped or weight + sp <= melee.BUILDING_CAP:
                    units.append(unit_id)
                    weight += sp
            if units and passes(melee.check_british_melee, s, units, target):
                action = {"type": "melee", "units": units, "target": target}
                face = melee.british_face(s, zone, target)
                found.append(
                    _order(
                        f"bmelee.{zone}.{target}",
                        f"Melee from {zone} into {target}: {weight} dice, "
                        f"hits on {faces_from(face)}",
                        action,
                        "melee",
                    )
                )
    return found


def _advance_orders(s: State, side: str | None) -> list[Order]:
    found = []
    for origin, target in melee.advances(s):
        key, label = f"advance.{origin}.{target}", f"Advance from {origin} into {target}"
        if side == ZULU and origin in s["zulu"]["zones"]:
            if s["stacks"].get(target):  # how many, the stack's top does not tell
                label += ", overrunning the wounded there"
            sp = min(s["zulu"]["zones"][origin]["sp"], _room(s, target))
            counters = ceil(sp / COUNTER_MAX)
            if passes(melee.check_zulu_advance, s, origin, target, sp, counters):
                action = {
                    "type": "advance",
                    "from": origin,
                    "to": target,
                    "sp": sp,
                    "counters": counters,
                }
                found.append(_order(key, label, action, "advance"))
        elif side == BRITISH and origin in s["stacks"]:
            units = [u for u in s["stacks"][origin] if unit_data(s, u).kind != "vp"]
            while units and not passes(melee.check_british_advance, s, units, target):
                units = units[:-1]
            if units:
                action = {"type": "advance", "units": units, "to": target}
                found.append(_order(key, label, action, "advance"))
    return found


# --------------------------------------------------------------------------- charge


def _charge_advances(s: State) -> list[Order]:
    """Advancing into the zone a charge emptied: the whole group, or all of it but one unit,
    who holds the zone the charge came from (14.4 with 12.7). A unit's name tells what a
    stack holds, so those are the British player's own (private) orders."""
    active = s["charge"]
    target, origin = active["target"], active["origin"]
    whole = charge.group(s)
    found = [
        Order("charge.advance", f"Advance into {target}", {"type": "charge_advance"}, "charge")
    ]
    for stays in whole if len(whole) > 1 and revised(s) else []:
        units = [u for u in whole if u != stays]
        if passes(charge.check_advance, s, units):
            label = f"Advance into {target}, {_name(s, stays)} staying in {origin}"
            action = {"type": "charge_advance", "units": units}
            found.append(_order(f"charge.advance.{stays}", label, action, "charge"))
    return found


def _charge_orders(s: State) -> list[Order]:
    active = s["charge"]
    if active is not None:
        target = active["target"]
        stop = Order("charge.stop", "Stop the charge", {"type": "charge_stop"}, kind="charge")
        if melee.zulu_present(s, target):
            again = {"type": "charge_on"}
            return [Order("charge.on", f"Charge into {target} again", again, "charge"), stop]
        if passes(charge.check_advance, s):
            return [*_charge_advances(s), stop]
        return [stop]
    found = []
    for leader in charge.leaders_ready(s):
        units = charge.group_for(s, leader)
        for target in charge.targets(s, leader):
            action = {"type": "charge", "leader": leader, "units": units, "target": target}
            found.append(
                _order(
                    f"charge.{leader}.{target}",
                    f"Bayonet charge: {_name(s, leader)} and "
                    f"{counted(len(units), 'unit')} into {target}",
                    action,
                    "charge",
                )
            )
    return found


# --------------------------------------------------------------------------- perform


def _ints(action: Action, *names: str) -> list[int]:
    try:
        return [int(action[n]) for n in names]
    except (KeyError, TypeError, ValueError):
        raise RuleError(f"This order needs whole numbers for: {', '.join(names)}.") from None


def _strs(action: Action, name: str) -> list[str]:
    value = action.get(name)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RuleError(f"This order needs `{name}` as a list of names.")
    return value


def _target(action: Action) -> str:
    """11.2, 14.3: a fire group, and above all a volley, shoots at one zone."""
    target = action.get("target")
    if not isinstance(target, str):
        raise RuleError("Fire and volleys go at one target zone; name it as `target`.")
    return target


SOLO_LIMIT = 500
"""More solitaire actions than any phase needs: a guard against a policy that stalls."""


def _solo(s: State, dice: Dice, log: Log) -> None:
    """18.0: play the Zulu part of the phase by the solitaire rules, action by action; an
    action the rules refuse is simply not made."""
    if not s["options"]["solitaire"]:
        raise RuleError("The Zulus play themselves only in a solitaire game (rule 18.0).")
    for _ in range(SOLO_LIMIT):
        if s["result"] or actor(s) != ZULU:
            return
        action = solitaire.next_action(s, dice)
        try:
            perform(s, ZULU, action, dice, log, solo=True)
        except RuleError:
            if action["type"] not in ("enter", "zmove"):
                perform(s, ZULU, {"type": "end"}, dice, log, solo=True)
    raise RuleError("The solitaire Zulus could not finish their phase.")


def perform(s: State, side: str, action: Action, dice: Dice, log: Log, solo: bool = False) -> None:
    """Carry out ``action`` on ``s`` (a copy the caller owns), or raise RuleError."""
    kind = action.get("type")
    if actor(s) != side:
        raise RuleError(f"It is not the {side} player's turn to give orders.")
    if side == ZULU and s["options"]["solitaire"] and not solo and kind != "solo":
        raise RuleError("In a solitaire game the Zulus play themselves: give the order solo.")
    if s["pending"] and kind not in ("ammo", "hit"):
        what = "mark Ammo Depleted units" if s["pending"]["kind"] == "ammo" else "allocate hits"
        raise RuleError(f"First {what}; then play goes on.")
    if kind == "solo":
        _solo(s, dice, log)
    elif kind == "end":
        if s["phase"] != "F" or s["melee"] is None or melee.end_step(s, log):
            end_phase(s, log, has_orders)
    elif kind == "place":
        setup.place(s, str(action.get("unit")), str(action.get("zone")))
        log.tell(BRITISH, f"{_name(s, action['unit'])} set up in {action['zone']}.")
    elif kind == "top":
        zone, unit_id = str(action.get("zone")), str(action.get("unit"))
        check_top(s, zone, unit_id)
        s["stacks"][zone].remove(unit_id)
        s["stacks"][zone].insert(0, unit_id)
        log.say(f"The British reorder their stack in zone {zone}.")
    elif kind == "replace":
        movement.replace(s, str(action.get("unit")), log)
    elif kind == "move":
        movement.british_move(s, _strs(action, "units"), _strs(action, "path"), log)
    elif kind == "enter":
        sp, counters = _ints(action, "sp", "counters")
        movement.enter(s, _strs(action, "path"), sp, counters, _strs(action, "leaders"), log)
    elif kind == "zmove":
        sp, counters = _ints(action, "sp", "counters")
        movement.zulu_move(
            s,
            str(action.get("from")),
            _strs(action, "path"),
            sp,
            counters,
            _strs(action, "leaders"),
            log,
        )
    elif kind == "regroup":
        (counters,) = _ints(action, "counters")
        movement.regroup(s, str(action.get("zone")), counters, log)
    elif kind == "fire":
        fire.fire(s, _strs(action, "units"), _target(action), dice, log)
    elif kind == "volley":
        fire.volley(
            s,
            str(action.get("leader")),
            _strs(action, "units"),
            _target(action),
            dice,
            log,
        )
    elif kind == "ammo":
        fire.choose_ammo(s, str(action.get("unit")), log)
    elif kind == "random_fire":
        shots = action.get("shots")
        if not isinstance(shots, dict):
            raise RuleError("Random fire needs `shots`: dice for each target zone.")
        try:
            counts = {str(z): int(n) for z, n in shots.items()}
        except (TypeError, ValueError):
            raise RuleError("Random fire needs a whole number of dice for each zone.") from None
        fire.random_fire(s, counts, dice, log)
        if not s["pending"]:
            end_phase(s, log, has_orders)
    elif kind == "hit":
        fire.take_hit(s, str(action.get("unit")), log)
        if not s["pending"] and s["phase"] == "E":
            end_phase(s, log, has_orders)
        elif not s["pending"] and s["phase"] == "F" and melee.advance_side(s) is None:
            end_phase(s, log, has_orders)
        charge.settle(s)
    elif kind == "charge":
        charge.charge(
            s, str(action.get("leader")), _strs(action, "units"), _target(action), dice, log
        )
    elif kind == "charge_on":
        charge.check_go_on(s)
        charge.fight_round(s, dice, log)
    elif kind == "charge_advance":
        charge.advance(s, log, _strs(action, "units") if "units" in action else None)
    elif kind == "charge_stop":
        charge.stop(s, log)
    elif kind == "melee":
        if side == ZULU:
            (sp,) = _ints(action, "sp")
            melee.zulu_melee(
                s, str(action.get("from")), _target(action), sp, _strs(action, "leaders"), dice, log
            )
        else:
            melee.british_melee(s, _strs(action, "units"), _target(action), dice, log)
    elif kind == "advance":
        if side == ZULU:
            sp, counters = _ints(action, "sp", "counters")
            melee.zulu_advance(s, str(action.get("from")), str(action.get("to")), sp, counters, log)
        else:
            melee.british_advance(s, _strs(action, "units"), str(action.get("to")), log)
        if melee.advance_side(s) is None:
            end_phase(s, log, has_orders)
    elif kind == "burn":
        hospital.roll(s, dice, log)
        end_phase(s, log, has_orders)
    else:
        raise UnknownAction(
            f"`{kind}` is not an order of this game; the orders are end, place, top, replace, "
            "move, enter, zmove, regroup, fire, volley, ammo, random_fire, hit, melee, "
            "advance, burn, charge, charge_on, charge_advance and charge_stop."
        )
    if not s["result"] and actor(s) is None:
        end_phase(s, log, has_orders)
