"""A stronger British commander, for measuring whether the game can be won.

Kept apart from ``ai`` on purpose: stored games replay by asking the built-in bot again, so
the built-in British must never change. This one plays for the escape of 4.1: detachments
and Lt. A gather at the wagon, the wagon, Colours and their escort march west along the
road every movement phase, units the Zulus close on form square, and each fire masses
just enough strength for the best hit number on the Zulus nearest the wagon.
"""

from __future__ import annotations

from games.core.dice import Dice
from games.last_stand import ai, combat, movement, setup
from games.last_stand.board import board
from games.last_stand.state import (
    JSON,
    STATIC,
    UNITS,
    british_by_hex,
    phase_kind,
    zulus_by_hex,
)

SURE = 5
"""The hit number past which more strength buys nothing: a 6 always misses (8.6)."""


def british_action(state: JSON, dice: Dice) -> JSON:
    kind = phase_kind(state)
    pending = state["pending"]
    if pending and pending["kind"] == "refuge":
        choice = pending["choices"][0]
        return {"type": "refuge", "to": min(choice["to"], key=lambda h: (to_wagon(state, h), h))}
    if pending:
        return ai.british_action(state, dice)
    if kind == "setup":
        return placement(state)
    if kind == "arrivals":
        if state["colours"] == "waiting":
            return {"type": "colours", "show": state["wagon"] is not None}
        return {"type": "arrive", "hex": min(setup.arrival_hexes(state), key=lambda h: (to_wagon(state, h), h))}
    if kind == "announce":
        return {"type": "order", "first": "move"}
    if kind in ("reaction", "british_combat"):
        return massed_fire(state, reaction=kind == "reaction") or {"type": "end"}
    if kind == "british_move":
        return march(state) or {"type": "end"}
    return {"type": "end"}


def to_escape(hex_: str) -> int:
    b = board()
    return min(b.distance(hex_, e) for e in b.escape)


def to_wagon(state: JSON, hex_: str) -> int:
    wagon = state["wagon"]
    return board().distance(hex_, wagon) if wagon else to_escape(hex_)


def placement(state: JSON) -> JSON:
    """Detachments go to the set-up hexes nearest the wagon, to escort it."""
    for unit in setup.to_place(state):
        spots = setup.setup_hexes(state, unit)
        if spots:
            return {"type": "place", "unit": unit, "hex": min(spots, key=lambda h: (to_wagon(state, h), h))}
    return {"type": "auto"} if setup.to_place(state) else {"type": "end"}


def movable(state: JSON, unit: str) -> bool:
    return unit != STATIC and not UNITS[unit]["leader"] and movement.unit_can_move(state, unit)


def march(state: JSON) -> JSON | None:
    """One movement order: the wagon column first, then squares, then overstacks."""
    wagon = state["wagon"]
    if wagon and movement.unit_can_move(state, "wagon"):
        order = escort_wagon(state, wagon)
        if order:
            return order
    squares = form_squares(state)
    if squares:
        return squares
    return ai.relieve_overstack(state)


def escort_wagon(state: JSON, wagon: str) -> JSON | None:
    here = british_by_hex(state).get(wagon, [])
    escort = [u for u in here if movable(state, u) and not state["british"][u].get("square")]
    if escort:
        group = ["wagon", *escort, *(u for u in here if UNITS[u]["leader"] and movement.unit_can_move(state, u))]
        spots = movement.british_destinations(state, group)
        better = [h for h in spots if to_escape(h) < to_escape(wagon)]
        if better:
            zulus = zulus_by_hex(state)
            return {
                "type": "move",
                "units": group,
                "to": min(better, key=lambda h: (to_escape(h), ai.menace(state, h), h not in zulus, h)),
            }
        return None
    for unit in sorted(UNITS, key=lambda u: (to_wagon(state, state["british"][u]["hex"] or wagon), u)):
        if not state["british"][unit]["hex"] or not movable(state, unit):
            continue
        if wagon in movement.british_destinations(state, [unit]):
            return {"type": "move", "units": [unit], "to": wagon}
    return None


def form_squares(state: JSON) -> JSON | None:
    """7.7: a unit with Zulus next to it, that is not marching with the wagon, forms square."""
    zulus = zulus_by_hex(state)
    b = board()
    for unit, data in sorted(state["british"].items()):
        hex_ = data["hex"]
        if (
            not hex_
            or UNITS[unit]["leader"]
            or unit == STATIC
            or data.get("square")
            or hex_ == state["wagon"]
            or unit in state["done"]["moved"]
            or movement.BRITISH_MA - state["done"]["mp"].get(unit, 0) < 2
        ):
            continue
        if any(n in zulus for n in b.neighbours[hex_]):
            return {"type": "square", "unit": unit}
    return None


def massed_fire(state: JSON, *, reaction: bool) -> JSON | None:
    """Fire on the Zulu hex most dangerous to the wagon and the line, with the fewest units
    that reach the best hit number, strongest shooters first."""
    targets = combat.fire_targets(state, reaction=reaction)
    if not targets:
        return None
    british = british_by_hex(state)
    b = board()

    def threat(target: str) -> tuple[int, int, str]:
        near = sum(1 for n in b.neighbours[target] if n in british)
        return (to_wagon(state, target), -near, target)

    for target in sorted(targets, key=threat):
        shooters = sorted(
            (u for u in state["british"] if combat.can_fire_at(state, u, target, reaction=reaction)),
            key=lambda u: (-left(state, u), u),
        )
        shots: dict[str, int] = {}
        for unit in shooters:
            shots[unit] = left(state, unit)
            if combat.fire_working(state, shots, target, reaction=reaction)[0] >= SURE:
                break
        if shots:
            return {"type": "aim", "target": target, "shots": shots}
    return None


def left(state: JSON, unit: str) -> int:
    return state["british"][unit]["strength"] - state["done"]["fired"].get(unit, 0)
