"""What a recap counts in each system, read from the public picture of a position only, so a
chart can never show a value the channel did not see (strength in the zone game is a count
of counters, never the SP hidden under a stack's top or in a Zulu force).

A system without an entry here is still recapped: its phases come from the turn and phase its
picture names (or its view's title), and any ``strength`` numbers its picture shows are
charted."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games.core.engine import View

Numbers = dict[str, float]
Reading = Callable[[Any], Numbers]


@dataclass(frozen=True)
class Measures:
    """How to read a public picture: the sides' strength and the victory measure, by name."""

    strength: Reading
    victory: Reading


def phase_of(view: View) -> str:
    """The phase a public view shows, in words: its turn and phase where the picture names
    them, else the view's title."""
    picture = view.picture if isinstance(view.picture, dict) else {}
    phase = picture.get("phase_title") or picture.get("phase") or picture.get("step")
    if "turn" not in picture or not phase:
        return view.title
    words = str(phase).replace("_", " ")
    return f"Turn {picture['turn']} · {words[:1].upper()}{words[1:]}"


def turn_of(view: View) -> int | None:
    picture = view.picture if isinstance(view.picture, dict) else {}
    turn = picture.get("turn")
    return turn if isinstance(turn, int) else None


def _last_stand_strength(picture: dict[str, Any]) -> Numbers:
    british = sum(u["strength"] for u in picture["british"] if not u["leader"])
    return {"British strength": british, "Zulu units on the map": sum(picture["zulus"].values())}


def _last_stand_victory(picture: dict[str, Any]) -> Numbers:
    return {"British units and leaders on the map": len(picture["british"])}


def _ramparts_strength(picture: dict[str, Any]) -> Numbers:
    active = [i for i in picture["ibuthos"] if i["status"] == "active"]
    return {"Zulu strength on the tracks": sum(i["strength"] for i in active)}


def _ramparts_victory(picture: dict[str, Any]) -> Numbers:
    return {"British VP": picture["vp"]}


def _zones_strength(picture: dict[str, Any]) -> Numbers:
    """Counters, not SP: the channel sees only the top unit's SP of a British stack (a blank
    entry for each counter under it) and no Zulu SP at all."""
    zones = picture["zones"].values()
    british = sum(len(zone["british"]) for zone in zones)
    zulus = sum(zone["zulu"]["counters"] for zone in zones)
    return {"British counters on the map": british, "Zulu counters on the map": zulus}


def _zones_victory(picture: dict[str, Any]) -> Numbers:
    return {"Zulu VP": picture["vp"], "British SP lost": picture["losses"]["british"]}


def _shown_strength(picture: Any) -> Numbers:
    """The ``strength`` numbers a picture shows, by side, if it shows any."""
    found = picture.get("strength") if isinstance(picture, dict) else None
    if not isinstance(found, dict):
        return {}
    return {str(k): v for k, v in found.items() if isinstance(v, int | float)}


def _nothing(picture: Any) -> Numbers:
    return {}


BY_SYSTEM: Mapping[str, Measures] = {
    "last-stand": Measures(_last_stand_strength, _last_stand_victory),
    "ramparts": Measures(_ramparts_strength, _ramparts_victory),
    "zones": Measures(_zones_strength, _zones_victory),
}
FALLBACK = Measures(_shown_strength, _nothing)


def measures_for(system_id: str) -> Measures:
    return BY_SYSTEM.get(system_id, FALLBACK)
