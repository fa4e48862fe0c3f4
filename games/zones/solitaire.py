"""The solitaire Zulus (18.1-18.1.5): every Zulu choice made by the rules' dice and a fixed
policy, inside ``apply`` so the dice are the game's own and replay is exact.

With the ``solitaire`` option the Zulu player's only order is ``solo``; it plays the Zulu
part of the current phase one action at a time through the ordinary rules. The policy where
the text leaves the choice to "the player":

- Entry (18.1, 18.1.3): the whole force held off board enters at the zone the die gives
  (on the first turn, and later once 30 SP or more are held, 18.1.4). On a 6 at Rorke's Drift
  the force is split in two halves, the larger first, each rolled again (6s rolled again).
  Where a zone cannot take everything (Isandlwana, 30 SP), each leader carries 10 SP on to
  the zone straight ahead and the rest stays off board (notes: ninety-into-one-zone). A zone
  the British hold sends the force to a free zone beside it, chosen by die.
- Movement (18.1.4.1): a force next to British units stays to melee. Otherwise a die, -1
  with a Zulu force to its right and +1 with one to its left: 1-2 one zone left, 3-4 toward
  the closest British zone, 5-6 one zone right, the entire force each time. Toward the
  British, leaders take 10 SP each two zones and the rest go one. A move the rules forbid
  is not made.
- Melee: each force attacks the adjacent British zone with the fewest SP, ties by die; it
  advances into any zone it empties. Random fire: doubled dice (18.1.5) at the zone with the
  most British SP (18.1.2), ties by die. The hospital fire die is rolled whenever due.
"""

from __future__ import annotations

from collections import deque
from math import ceil
from typing import Any

from games.core.dice import Dice
from games.core.errors import RuleError, passes
from games.zones import fire, melee, movement
from games.zones.charts import load_charts
from games.zones.limits import may_enter
from games.zones.options import revised
from games.zones.state import (
    COUNTER_MAX,
    ZULU,
    State,
    board_of,
    british_in,
    british_present,
    victory_sp,
    zulu_present,
)

Action = dict[str, Any]
HOLD_UNTIL = 30
"""18.1.4: replacements wait off board until at least this many SP are held."""


def fresh() -> dict[str, Any]:
    return {"entered": False, "todo": [], "queue": []}


def _british_sp(s: State, zone: str) -> int:
    return sum(victory_sp(s, u) for u in british_in(s, zone))


def _pick(s: State, zones: list[str], dice: Dice, purpose: str) -> str:
    return dice.choice(sorted(zones), purpose)


def _room(s: State, zone: str) -> int:
    cap = board_of(s).limit(zone, ZULU)
    here = s["zulu"]["zones"].get(zone)
    return 10**6 if cap is None else max(0, cap - (here["sp"] if here else 0))


def _entry_zone(s: State, dice: Dice) -> list[str]:
    """The zone or zones the 18.1 / 18.1.3 chart sends the force to."""
    charts = load_charts()
    zone = charts.solitaire_entry(s["battle"], s["turn"], dice.d6("Solitaire entry zone"))
    if zone != "split":
        return [zone]
    found = []
    for part in ("first", "second"):
        while (
            zone := charts.solitaire_entry(
                s["battle"], s["turn"], dice.d6(f"Solitaire entry, {part} part")
            )
        ) == "split":
            continue
        found.append(zone)
    return found


def _free_zone(s: State, zone: str, dice: Dice) -> str | None:
    """The entry zone, or a free one beside it when the British hold it (2.1)."""
    if not british_present(s, zone):
        return zone
    beside = [z for z in movement.entry_zones(s) if board_of(s).is_adjacent(zone, z)]
    return _pick(s, beside, dice, "Solitaire entry beside a British-held zone") if beside else None


def _entry_actions(s: State, dice: Dice) -> list[Action]:
    held = s["zulu"]["held"]
    if held <= 0 or (held < HOLD_UNTIL and s["turn"] > 1):
        return []
    zones = _entry_zone(s, dice)
    parts = [held - held // 2, held // 2] if len(zones) == 2 else [held]
    leaders = list(s["zulu"]["leaders_off"])
    share = [leaders[: ceil(len(leaders) / 2)], leaders[ceil(len(leaders) / 2) :]]
    actions = []
    for number, (zone, sp) in enumerate(zip(zones, parts, strict=True)):
        group = share[number] if len(zones) == 2 else leaders
        place = _free_zone(s, zone, dice)
        if place is None:
            continue
        ahead = board_of(s).facing(place).ahead
        stay = min(sp, _room(s, place))
        carry = 0
        if group and ahead and sp > stay:
            carry = min(sp - stay, movement.zulu_carry(s) * len(group), _room(s, ahead))
        if carry:
            actions.append(_enter([place, ahead], carry, group))
        if stay:
            actions.append(_enter([place], stay, [] if carry else group))
        elif group and not carry:
            actions.append(_enter([place], 0, group))
    return actions


def _enter(path: list[str], sp: int, leaders: list[str]) -> Action:
    counters = ceil(sp / COUNTER_MAX)
    return {"type": "enter", "path": path, "sp": sp, "counters": counters, "leaders": leaders}


def _adjacent_british(s: State, zone: str) -> list[str]:
    return [z for z in board_of(s).neighbours(zone) if british_present(s, z)]


def _toward_british(s: State, zone: str) -> list[str]:
    """The shortest way, over zones Zulus may enter and the British do not hold, to a zone
    next to the closest British units."""
    board = board_of(s)
    seen = {zone: [zone]}
    queue = deque([zone])
    while queue:
        here = queue.popleft()
        if here != zone and _adjacent_british(s, here):
            return seen[here][1:]
        for there in board.neighbours(here):
            if there not in seen and may_enter(s, ZULU, there) and not british_present(s, there):
                seen[there] = [*seen[here], there]
                queue.append(there)
    return []


def _move_action(s: State, zone: str, dice: Dice) -> Action | None:
    here = s["zulu"]["zones"].get(zone)
    if here is None or _adjacent_british(s, zone):
        return None
    facing = board_of(s).facing(zone)
    die = dice.d6(f"Solitaire move from zone {zone}")
    if facing.right and zulu_present(s, facing.right):
        die -= 1
    if facing.left and zulu_present(s, facing.left):
        die += 1
    free = here["sp"] - here["moved_sp"]
    leaders = [x for x in here["leaders"] if x not in here["moved_leaders"]]
    if die <= 2 or die >= 5:
        side = facing.left if die <= 2 else facing.right
        path = [side] if side else []
        sp = min(free, _room(s, side)) if side else 0
    else:
        path = _toward_british(s, zone)[: 2 if leaders else 1]
        sp = min(free, movement.zulu_carry(s) * len(leaders), _room(s, path[-1])) if path else 0
        if not revised(s):  # the first reading: the leaders' group alone, or nobody
            if len(path) == 1:
                sp = min(free, _room(s, path[-1]))
        elif len(path) == 2 and passes(
            movement.check_zulu_move, s, zone, path, sp, ceil(sp / COUNTER_MAX), leaders
        ):
            rest = min(free - sp, _room(s, path[0]))
            if rest:  # the entire force moves: what the leaders cannot carry goes one zone
                s["solo"]["queue"].append(_zmove(zone, path[:1], rest, []))
        else:  # no leaders, or no two-zone move (a wall, 10.5): all go one zone
            path = path[:1]
            sp = min(free, _room(s, path[0])) if path else 0
    if not path or not (sp or leaders):
        return None
    return _zmove(zone, path, sp, leaders)


def _zmove(zone: str, path: list[str], sp: int, leaders: list[str]) -> Action:
    counters = ceil(sp / COUNTER_MAX)
    return {"type": "zmove", "from": zone, "path": path, "sp": sp, "counters": counters,
            "leaders": leaders}  # fmt: skip


def _melee_action(s: State, dice: Dice) -> Action | None:
    for zone in sorted(s["zulu"]["zones"]):
        here = s["zulu"]["zones"][zone]
        used = s["melee"]["zulu_used"].get(zone)
        if used is not None:
            continue
        targets = [
            z
            for z in _adjacent_british(s, zone)
            if any(melee.melee_sp(s, u) for u in british_in(s, z))
        ]
        if not targets:
            continue
        weakest = min(_british_sp(s, z) for z in targets)
        target = _pick(
            s,
            [z for z in targets if _british_sp(s, z) == weakest],
            dice,
            "Solitaire melee: the weakest British zone",
        )
        sp, leaders = here["sp"], list(here["leaders"])
        building = s["battle"] == "rorkes-drift" and (
            melee._is_building(s, zone) or melee._is_building(s, target)
        )
        if building:
            leaders = leaders[: melee.BUILDING_CAP]
            sp = min(sp, melee.BUILDING_CAP - len(leaders))
        return {"type": "melee", "from": zone, "target": target, "sp": sp, "leaders": leaders}
    return None


def _random_fire_action(s: State, dice: Dice) -> Action:
    targets = fire.random_fire_targets(s)
    if not targets:
        return {"type": "end"}
    most = max(_british_sp(s, z) for z in targets)
    zone = _pick(
        s,
        [z for z in targets if _british_sp(s, z) == most],
        dice,
        "Solitaire random fire: the strongest British zone",
    )
    return {"type": "random_fire", "shots": {zone: fire.random_fire_dice(s)}}


def next_action(s: State, dice: Dice) -> Action:
    """The next Zulu action of the current phase, or ``end`` when the Zulus are done."""
    phase = s["phase"]
    if phase == "C":
        solo = s["solo"]
        if not solo["entered"]:
            solo["entered"] = True
            solo["todo"] = sorted(s["zulu"]["zones"])
            solo["queue"] = _entry_actions(s, dice)
        if solo["queue"]:
            return solo["queue"].pop(0)
        while solo["todo"]:
            action = _move_action(s, solo["todo"].pop(0), dice)
            if action is not None:
                return action
        return {"type": "end"}
    if phase == "E":
        return _random_fire_action(s, dice)
    if phase == "H":
        return {"type": "burn"}
    if phase == "F" and s["melee"]["step"] == "zulu":
        return _melee_action(s, dice) or {"type": "end"}
    if phase == "F":
        for origin, target in melee.advances(s):
            if origin in s["zulu"]["zones"]:
                sp = min(s["zulu"]["zones"][origin]["sp"], _room(s, target))
                if sp:
                    return {
                        "type": "advance",
                        "from": origin,
                        "to": target,
                        "sp": sp,
                        "counters": ceil(sp / COUNTER_MAX),
                    }
        return {"type": "end"}
    raise RuleError("The solitaire Zulus have nothing to do in this phase.")
