"""What each player may not know, and positions a viewer cannot tell apart (3.1, 3.4).

The Zulu player alone knows the strength of each Zulu stack and the SP waiting off board;
everyone sees how many counters a zone holds and the loss track. The British player alone
knows what lies under the top unit of each British stack; everyone sees the top unit and
how many counters the stack holds.
"""

from __future__ import annotations

from games.core.dice import Dice
from games.core.engine import Secret, Viewer
from games.zones.state import (
    BRITISH,
    COUNTER_MAX,
    ZULU,
    State,
    board_of,
    copy_state,
    unit_data,
)


def zulu_stack_text(zone: str, sp: int) -> str:
    return f"Zulu stack in zone {zone}: {sp} SP"


def held_text(sp: int) -> str:
    return f"Zulu SP held off board: {sp}"


def british_stack_text(s: State, zone: str) -> str:
    parts = [f"{unit_data(s, u).name} {s['units'][u]['sp']} SP" for u in s["stacks"][zone]]
    return f"British stack in zone {zone}: " + "; ".join(parts)


def zulu_strengths(s: State) -> dict[str, int]:
    """Every Zulu stack's SP by zone, and the SP held off board under ``held``."""
    found = {zone: here["sp"] for zone, here in s["zulu"]["zones"].items() if here["sp"]}
    found["held"] = s["zulu"]["held"]
    return found


def _strength(key: str, sp: int | None) -> str:
    where = "held off board" if key == "held" else f"zone {key}"
    return f"{where} {sp} SP" if sp else f"{where} none"


def _zone_order(key: str) -> tuple[int, int, str]:
    """Numbered zones in number order, then lettered ones, then the SP held off board."""
    return (2, 0, key) if key == "held" else (0, int(key), "") if key.isdigit() else (1, 0, key)


def strength_report(before: dict[str, int], after: dict[str, int]) -> str | None:
    """The Zulu player's note after an order that changed any Zulu strength (3.1): what
    changed, then the whole force, so the DM alone tells the position; None if nothing did."""
    changed = sorted(
        (k for k in before.keys() | after.keys() if before.get(k) != after.get(k)),
        key=_zone_order,
    )
    if not changed:
        return None
    what = "; ".join(f"{_strength(k, after.get(k))} (was {before.get(k, 0)} SP)" for k in changed)
    force = ", ".join(_strength(k, after[k]) for k in sorted(after, key=_zone_order) if k != "held")
    return (
        f"Zulu strengths changed: {what}.\n"
        f"Your force now: {force or 'nothing on the board'}; "
        f"{_strength('held', after['held'])}."
    )


def sees_zulus(viewer: Viewer) -> bool:
    return viewer.kind == "referee" or viewer.side == ZULU


def sees_stacks(viewer: Viewer) -> bool:
    return viewer.kind == "referee" or viewer.side == BRITISH


def secrets(s: State) -> list[Secret]:
    found = [
        Secret(
            f"zulu:{zone}",
            zulu_stack_text(zone, here["sp"]),
            frozenset({ZULU}),
            "a Zulu stack's strength",
        )
        for zone, here in s["zulu"]["zones"].items()
        if here["sp"]
    ]
    found.append(
        Secret(
            "zulu:held",
            held_text(s["zulu"]["held"]),
            frozenset({ZULU}),
            "the Zulu SP held off board",
        )
    )
    found += [
        Secret(
            f"stack:{zone}",
            british_stack_text(s, zone),
            frozenset({BRITISH}),
            "a British stack under its top unit",
        )
        for zone, stack in s["stacks"].items()
        if len(stack) > 1
    ]
    return found


def sample(s: State, viewer: Viewer, dice: Dice) -> State:
    new = copy_state(s)
    if not sees_zulus(viewer):
        _redraw_zulus(new, dice)
    if not sees_stacks(viewer):
        _reshuffle_stacks(new, dice)
    return new


def _between(dice: Dice, low: int, high: int, purpose: str) -> int:
    return low if high <= low else low + dice.roll(high - low + 1, purpose) - 1


def _redraw_zulus(s: State, dice: Dice) -> None:
    """Fresh strengths for every Zulu stack: each zone keeps its counters (1 to 10 SP each)
    and its limit, and the board and the SP held off board keep their sum, so the loss
    track and the 90-SP total still agree with what everyone has seen."""
    board = board_of(s)
    zones = s["zulu"]["zones"]
    pool = s["zulu"]["held"] + sum(z["sp"] for z in zones.values())
    for zone in sorted(zones):
        here = zones[zone]
        cap = board.limit(zone, ZULU)
        high = (
            here["counters"] * COUNTER_MAX
            if cap is None
            else min(cap, here["counters"] * COUNTER_MAX)
        )
        here["sp"] = here["counters"]
        pool -= here["counters"]
        here["high"] = high
    for zone in sorted(zones):
        here = zones[zone]
        extra = _between(
            dice,
            0,
            min(here.pop("high") - here["sp"], pool),
            "redraw a Zulu stack the viewer cannot see",
        )
        here["sp"] += extra
        pool -= extra
        here["moved_sp"] = min(here["moved_sp"], here["sp"])
    s["zulu"]["held"] = pool


def _signature(s: State, unit_id: str) -> tuple[object, ...]:
    unit = s["units"][unit_id]
    pending = s["pending"] or {}
    return (
        unit_data(s, unit_id).kind,
        unit["sp"],
        unit["moved"],
        unit["ammo"],
        unit["battery_moved"],
        "=" if unit["start"] == unit["zone"] else unit["start"],
        unit_id in s["replaced"],
        unit_id in s["fired_units"],
        unit_id in pending.get("units", ()),
    )


def _reshuffle_stacks(s: State, dice: Dice) -> None:
    """Swap units under the stacks' tops that nothing seen tells apart: same kind, strength,
    markers and history this turn."""
    slots: dict[tuple[object, ...], list[tuple[str, int]]] = {}
    for zone in sorted(s["stacks"]):
        for index, unit_id in enumerate(s["stacks"][zone][1:], start=1):
            slots.setdefault(_signature(s, unit_id), []).append((zone, index))
    for places in slots.values():
        if len(places) < 2:
            continue
        ids = [s["stacks"][z][i] for z, i in places]
        for n in range(len(ids) - 1, 0, -1):
            k = dice.roll(n + 1, "reshuffle British units the viewer cannot see") - 1
            ids[n], ids[k] = ids[k], ids[n]
        for (zone, index), unit_id in zip(places, ids, strict=True):
            s["stacks"][zone][index] = unit_id
            unit = s["units"][unit_id]
            same_start = unit["start"] == unit["zone"]
            unit["zone"] = zone
            if same_start:
                unit["start"] = zone
