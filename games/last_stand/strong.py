"""The strong British commander: the bot's British at the strong level (``games.core.levels``).

Kept apart from ``ai`` on purpose: stored games replay by asking the built-in bot again, so
the built-in British must never change. This one plays for survival to the end of turn 6
(4.2), which any one combat unit or leader left on the map wins: it fires before it moves,
each unit that can still gain ground from the Zulus falls back to the reachable hex farthest
from them, the rest form square, and each fire masses just enough strength for the best hit
number on the Zulus that threaten the most British hexes. It takes the escape of 4.1 only
when the wagon's column can reach an escape hex this phase: marching the wagon west every
turn was measured, and lost the escort sooner than standing.

From bot revision 2 (``state["bot"]``) a leader walks off alone once the companies he stands
with are down to ``WORN`` SP: alone he can be neither attacked (5.5) nor entered (7.6), falls
only on a 1-2 in the leaders' phase (5.8), and standing at the end of turn 6 wins (4.2),
while a worn company would soon die under him and take him along when no path is left (8.6).
Against the solitaire Zulus over the same 200 seeds this won 49.5% of games, against 24.5%
for leaders who stay (41.5% walking off at 2 SP, 51.5% at 6; all 95% intervals overlap).
Revision 1 kept leaders with their companies; stored games replay with the revision they
began with.
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
    stack_strength,
    zulus_by_hex,
)

FAR = 99
WORN = 4
"""The strength, or less, of the companies a leader stands with at which he walks off alone."""
WALK_OFF = 2
"""The bot revision from which leaders walk off alone."""
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
        return {
            "type": "arrive",
            "hex": min(setup.arrival_hexes(state), key=lambda h: (to_wagon(state, h), h)),
        }
    if kind == "announce":
        return {"type": "order", "first": "combat"}
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
            return {
                "type": "place",
                "unit": unit,
                "hex": min(spots, key=lambda h: (to_wagon(state, h), h)),
            }
    return {"type": "auto"} if setup.to_place(state) else {"type": "end"}


def movable(state: JSON, unit: str) -> bool:
    return unit != STATIC and not UNITS[unit]["leader"] and movement.unit_can_move(state, unit)


def march(state: JSON) -> JSON | None:
    """One movement order: the wagon column first, then withdrawals, squares, overstacks."""
    wagon = state["wagon"]
    if wagon and movement.unit_can_move(state, "wagon"):
        order = escort_wagon(state, wagon)
        if order:
            return order
    alone = walk_off(state) if state["bot"] >= WALK_OFF else None
    if alone:
        return alone
    squares = withdraw(state) or form_squares(state)
    if squares:
        return squares
    return ai.relieve_overstack(state)


def escort_wagon(state: JSON, wagon: str) -> JSON | None:
    here = british_by_hex(state).get(wagon, [])
    escort = [u for u in here if movable(state, u) and not state["british"][u].get("square")]
    if escort:
        group = [
            "wagon",
            *escort,
            *(u for u in here if UNITS[u]["leader"] and movement.unit_can_move(state, u)),
        ]
        spots = movement.british_destinations(state, group)
        out = sorted(h for h in spots if h in board().escape)
        if out:
            return {"type": "move", "units": group, "to": out[0]}
    return None


def walk_off(state: JSON) -> JSON | None:
    """A leader whose hex holds another unit but no more than ``WORN`` SP of companies moves
    alone to the reachable empty hex with the fewest Zulus beside it, the farthest from them
    among equals."""
    here = british_by_hex(state)
    for unit, data in sorted(state["british"].items()):
        hex_ = data["hex"]
        if not UNITS[unit]["leader"] or not hex_ or state["done"]["mp"].get(unit, 0):
            continue
        if len(here[hex_]) < 2 or stack_strength(state, hex_) > WORN:
            continue
        if not movement.unit_can_move(state, unit):
            continue
        spots = [h for h in movement.british_destinations(state, [unit]) if h not in here]
        if spots:
            to = min(spots, key=lambda h: (ai.menace(state, h), -gap(state, h), h))
            return {"type": "move", "units": [unit], "to": to}
    return None


def gap(state: JSON, hex_: str) -> int:
    """Hexes from ``hex_`` to the nearest Zulu on the map (onrush hexes are off it)."""
    b = board()
    zulus = [h for h in zulus_by_hex(state) if h not in b.onrush]
    return min((b.distance(hex_, h) for h in zulus), default=FAR)


def withdraw(state: JSON) -> JSON | None:
    """A fresh unit out of square moves where the nearest Zulu is farthest, toward the west
    edge among equals, if that puts more ground between them. Spreading out and keeping
    away measured far better than standing in square."""
    for unit, data in sorted(state["british"].items()):
        if not data["hex"] or not movable(state, unit) or data.get("square"):
            continue
        if state["done"]["mp"].get(unit, 0):
            continue
        spots = movement.british_destinations(state, [unit])
        best = max(spots, key=lambda h: (gap(state, h), -to_escape(h), h), default=None)
        if best and gap(state, best) > gap(state, data["hex"]):
            return {"type": "move", "units": [unit], "to": best}
    return None


def form_squares(state: JSON) -> JSON | None:
    """7.7: every unit that can afford it forms square: +1 to its defence outweighs the
    -1 to its fire, measured against forming square only when Zulus are next to it."""
    for unit, data in sorted(state["british"].items()):
        hex_ = data["hex"]
        if (
            not hex_
            or UNITS[unit]["leader"]
            or unit == STATIC
            or data.get("square")
            or unit in state["done"]["moved"]
            or movement.BRITISH_MA - state["done"]["mp"].get(unit, 0) < 2
        ):
            continue
        return {"type": "square", "unit": unit}
    return None


def massed_fire(state: JSON, *, reaction: bool) -> JSON | None:
    """Fire on the Zulu hex next to the most British hexes (nearest the wagon among equals),
    with the fewest units that reach the best hit number, strongest shooters first."""
    targets = combat.fire_targets(state, reaction=reaction)
    if not targets:
        return None
    british = british_by_hex(state)
    b = board()

    def threat(target: str) -> tuple[int, int, str]:
        near = sum(1 for n in b.neighbours[target] if n in british)
        return (-near, to_wagon(state, target), target)

    for target in sorted(targets, key=threat):
        shooters = sorted(
            (
                u
                for u in state["british"]
                if combat.can_fire_at(state, u, target, reaction=reaction)
            ),
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
