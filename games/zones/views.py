"""What each viewer sees: text lines and the picture data the zone-map renderer draws.

Picture schema::

    {"battle", "map" (the map's id, ``board.map_of``), "turn", "night", "phase" (letter and title),
     "zones": {zone: {"british": [unit], "zulu": {"counters", "sp", "leaders"},
                      "markers": [str]}},
     "hospital_fire", "losses": {"zulu", "british"}, "vp", "held", "last", "result"}

A British unit is ``{"id", "label", "sp", "reduced", "leader", "moved", "vp", "top"}``. A
viewer who may not look under a stack's top gets the top unit and, for each counter under
it, a blank entry: ``id`` and ``label`` empty, ``sp`` 0, every flag false. Zulu ``sp`` and
``held`` are None unless the viewer is the Zulu player (or a referee). ``losses.zulu`` is
the public loss track.
"""

from __future__ import annotations

from typing import Any

from games.core.engine import View, Viewer
from games.core.text import counted
from games.zones.board import zone_order
from games.zones.flow import phase_title
from games.zones.hidden import (
    british_stack_text,
    held_text,
    sees_stacks,
    sees_zulus,
    zulu_stack_text,
)
from games.zones.state import State, board_of, is_night, map_id_of, unit_data

BLANK = {
    "id": "",
    "label": "",
    "sp": 0,
    "reduced": False,
    "leader": False,
    "moved": False,
    "vp": False,
    "top": False,
}


def _unit(s: State, unit_id: str, top: bool) -> dict[str, Any]:
    data = unit_data(s, unit_id)
    unit = s["units"][unit_id]
    return {
        "id": unit_id,
        "label": data.short,
        "sp": unit["sp"],
        "reduced": data.reduced is not None and unit["sp"] < data.sp,
        "leader": data.kind == "leader",
        "moved": unit["moved"] or unit["battery_moved"],
        "vp": data.kind == "vp",
        "top": top,
    }


def _markers(s: State, shown: list[str]) -> list[str]:
    """Markers on counters the viewer can see: Ammo Depleted (11.2.2), the battery's Moved
    side (3.2)."""
    found = []
    for unit_id in shown:
        unit = s["units"][unit_id]
        if unit["ammo"] is not None:
            found.append(f"ammo-depleted:{unit_id}")
        if unit["battery_moved"]:
            found.append(f"battery-moved:{unit_id}")
    return found


def picture(s: State, viewer: Viewer) -> dict[str, Any]:
    board = board_of(s)
    full = sees_stacks(viewer)
    zulus = sees_zulus(viewer)
    zones: dict[str, Any] = {}
    for zone in sorted(board.zones, key=zone_order):
        stack = s["stacks"].get(zone, [])
        here = s["zulu"]["zones"].get(zone)
        if not stack and not here:
            continue
        shown = stack if full else stack[:1]
        british = [_unit(s, u, i == 0) for i, u in enumerate(shown)]
        british += [dict(BLANK) for _ in stack[len(shown) :]]
        zones[zone] = {
            "british": british,
            "zulu": {
                "counters": here["counters"] if here else 0,
                "sp": (here["sp"] if here else 0) if zulus else None,
                "leaders": len(here["leaders"]) if here else 0,
            },
            "markers": _markers(s, shown),
        }
    return {
        "battle": s["battle"],
        "map": map_id_of(s),
        "turn": s["turn"],
        "night": is_night(s),
        "phase": phase_title(s),
        "zones": zones,
        "hospital_fire": s["hospital_fire"],
        "losses": {"zulu": s["zulu"]["loss"], "british": s["british_lost"]},
        "vp": s["vp"],
        "held": s["zulu"]["held"] if zulus else None,
        "last": {
            "moves": [list(m) for m in s["last"]["moves"]],
            "losses": dict(s["last"]["losses"]),
        },
        "result": s["result"]["summary"] if s["result"] else None,
    }


def lines(s: State, viewer: Viewer) -> list[str]:
    light = "night" if is_night(s) else "day"
    found = [f"Turn {s['turn']} of 16 ({light}), phase {phase_title(s)}."]
    found.append(
        f"Zulu loss track {s['zulu']['loss']} SP; British lost {s['british_lost']} SP; "
        f"Zulu VP {s['vp']}."
    )
    for zone in sorted(set(s["stacks"]) | set(s["zulu"]["zones"]), key=zone_order):
        stack = s["stacks"].get(zone, [])
        if stack:
            if sees_stacks(viewer):
                found.append(british_stack_text(s, zone))
            else:
                top = unit_data(s, stack[0]).name
                found.append(
                    f"Zone {zone}: British, {counted(len(stack), 'counter')}, {top} on top."
                )
        here = s["zulu"]["zones"].get(zone)
        if here:
            found.append(
                f"Zone {zone}: Zulus, {counted(here['counters'], 'counter')}, "
                f"{counted(len(here['leaders']), 'leader')}."
            )
            if sees_zulus(viewer) and here["sp"]:
                found.append(zulu_stack_text(zone, here["sp"]))
    if sees_zulus(viewer):
        found.append(held_text(s["zulu"]["held"]))
    if s["result"]:
        found.append(s["result"]["summary"])
    return found


def wanted(s: State) -> str | None:
    """What the British owe before play goes on, with its numbers: hits to allocate, zone by
    zone (11.3), or Ammo Depleted marks (11.2.2)."""
    pending = s["pending"]
    if not pending:
        return None
    if pending["kind"] == "ammo":
        return f"mark {counted(pending['count'], 'unit')} that fired Ammo Depleted (11.2.2)"
    owed = [
        f"{counted(z['hits'], 'hit')} in zone {z['zone']}" for z in pending["zones"] if z["hits"]
    ]
    if not owed:
        return None
    return (
        f"allocate {', then '.join(owed)}: each hit reduces the unit you choose, or removes "
        "it if it cannot be reduced (11.3)"
    )


def view(s: State, viewer: Viewer) -> View:
    board = board_of(s)
    return View(
        viewer,
        f"{board.title}, turn {s['turn']}",
        lines(s, viewer),
        picture(s, viewer),
        phase=f"{s['turn']}.{s['phase']}",
    )
