"""Movement (7.0): Zulu and British reach, stack moves, squares, the wagon and the Colours."""

from __future__ import annotations

import heapq
from collections.abc import Callable

from games.core.errors import RuleError
from games.last_stand.board import board
from games.last_stand.state import (
    BRITISH_MA,
    JSON,
    RECYCLED,
    STACK_LIMIT,
    STATIC,
    UNITS,
    ZULU_MA,
    british_by_hex,
    name,
    stack_strength,
    zulus_by_hex,
)

Paths = dict[str, tuple[int, str | None]]
WAGON_TERRAIN = ("clear", "tent")


def wagon_alone(state: JSON) -> str | None:
    """The wagon's hex if no British combat unit or leader guards it: a Zulu may walk in."""
    hex_ = state["wagon"]
    if hex_ and not any(d["hex"] == hex_ for d in state["british"].values()):
        return hex_
    return None


def zulu_paths(state: JSON, starts: tuple[str, ...], british: set[str] | None = None) -> Paths:
    """Cheapest costs from ``starts`` within a Zulu's 6 MP (7.0), with the step before each.

    Zulus pass through each other but never through British units (7.6); an unguarded
    wagon can be entered, which ends the move there.
    """
    b = board()
    british = set(british_by_hex(state)) if british is None else british
    alone = wagon_alone(state)
    best: Paths = {s: (0, None) for s in starts}
    queue = [(0, s) for s in starts]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best[here][0] or here == alone:
            continue
        for there in b.neighbours[here]:
            if there in british:
                continue
            step = cost + b.terrain[there].mp
            if step <= ZULU_MA and (there not in best or step < best[there][0]):
                best[there] = (step, here)
                heapq.heappush(queue, (step, there))
    return best


def path_to(paths: Paths, end: str) -> list[str]:
    path = [end]
    while (before := paths[path[-1]][1]) is not None:
        path.append(before)
    return path[::-1]


def zulu_starts(state: JSON, origin: str) -> tuple[str, ...]:
    """Recycled Zulus re-enter through any onrush hex of their part of the map (8.8)."""
    if origin in RECYCLED:
        return board().onrush_of(origin)
    return (origin,)


def zulu_may_end(hex_: str, zulus: dict[str, list[str]]) -> bool:
    """6.4: one Zulu a hex at the end of a move, except in onrush hexes."""
    return hex_ in board().onrush or hex_ not in zulus


def zulu_destinations(state: JSON, origin: str) -> list[str]:
    zulus = zulus_by_hex(state)
    paths = zulu_paths(state, zulu_starts(state, origin))
    return sorted(h for h in paths if h != origin and zulu_may_end(h, zulus))


def unmoved_zulu(state: JSON, origin: str) -> str | None:
    moved = set(state["done"]["moved"])
    return next(
        (z for z, where in sorted(state["zulus"].items()) if where == origin and z not in moved),
        None,
    )


def move_zulu(state: JSON, origin: str, to: str, events: list[str]) -> str:
    """Move one Zulu from ``origin`` (a hex, or a part name for recycled units) to ``to``;
    returns the move in words (captures go straight into ``events``)."""
    zulu = unmoved_zulu(state, origin)
    if zulu is None:
        raise RuleError(f"No Zulu in {origin} is left to move this phase.")
    paths = zulu_paths(state, zulu_starts(state, origin))
    if to not in paths or to == origin:
        raise RuleError(
            f"A Zulu from {origin} cannot reach {to} with 6 MP: British-held hexes block, "
            "and terrain costs MP."
        )
    if not zulu_may_end(to, zulus_by_hex(state)):
        raise RuleError(f"{to} already holds a Zulu; only onrush hexes take more than one.")
    state["zulus"][zulu] = to
    state["done"]["moved"].append(zulu)
    path = path_to(paths, to)
    state["marks"]["now"].append({"k": "m", "s": "z", "p": path})
    if to == wagon_alone(state):
        capture(state, events)
    return f"A Zulu moves {' → '.join(path)} ({paths[to][0]} MP)."


def capture(state: JSON, events: list[str]) -> None:
    """8.7, 8.10, 8.12: the wagon is taken, and the Colours with it if they are flying."""
    where = state["wagon"]
    state["wagon"] = None
    text = f"The Zulus capture the ammunition wagon in {where}"
    if state["colours"] == "shown":
        state["colours"] = "captured"
        text += " and the Queen's Colours with it"
    events.append(text + ".")


# -- British -----------------------------------------------------------------


def british_allowance(state: JSON, unit: str) -> int:
    """MP of terrain a unit can still cross: 4 a phase, squares pay double (7.7)."""
    left = BRITISH_MA - state["done"]["mp"].get(unit, 0)
    return left // 2 if state["british"][unit].get("square") else left


def check_stack(state: JSON, units: list[str]) -> str:
    """The common hex of a stack that may move, or a refusal."""
    if not units:
        raise RuleError("Name at least one unit to move.")
    hexes = set()
    for unit in units:
        if unit == "wagon":
            hexes.add(state["wagon"])
            continue
        if unit not in state["british"] or not state["british"][unit]["hex"]:
            raise RuleError(f"{name(unit)} is not on the map.")
        if unit == STATIC:
            raise RuleError("St. Iz never moves (7.9).")
        if unit in state["done"]["moved"]:
            raise RuleError(f"{name(unit)} has already moved this phase (7.1).")
        hexes.add(state["british"][unit]["hex"])
    if "wagon" in units and ("wagon" in state["done"]["moved"] or not state["wagon"]):
        raise RuleError("The wagon has already moved this phase, or is lost.")
    if len(hexes) != 1:
        raise RuleError("A stack moves together: every unit named must start in the same hex.")
    return hexes.pop()


def british_paths(state: JSON, units: list[str]) -> Paths:
    """Where a British stack can go this phase, and by which way (7.1-7.8)."""
    b = board()
    start = check_stack(state, units)
    zulus = zulus_by_hex(state)
    allowance = min(
        (british_allowance(state, u) for u in units if u != "wagon"), default=BRITISH_MA
    )

    def open_hex(h: str) -> bool:
        return h not in zulus and h not in b.onrush

    if "wagon" in units:
        return _wagon_paths(start, allowance, open_hex)
    best: Paths = {start: (0, None)}
    queue = [(0, start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best[here][0]:
            continue
        for there in b.neighbours[here]:
            step = cost + b.terrain[there].mp
            if open_hex(there) and step <= allowance and step < best.get(there, (99, None))[0]:
                best[there] = (step, here)
                heapq.heappush(queue, (step, there))
    return best


def _wagon_paths(start: str, allowance: int, open_hex: Callable[[str], bool]) -> Paths:
    """7.8: two hexes along the road, or one hex of clear, tent or road, never both."""
    b = board()

    def wagon_may_enter(h: str) -> bool:
        return open_hex(h) and (b.terrain[h].name in WAGON_TERRAIN or h in b.road_hexes)

    best: Paths = {start: (0, None)}
    for there in b.neighbours[start]:
        cost = b.terrain[there].mp
        if wagon_may_enter(there) and cost <= allowance:
            best[there] = (cost, start)
        if (start, there) in b.road_steps and open_hex(there):
            for beyond in b.neighbours[there]:
                total = cost + b.terrain[beyond].mp
                if (
                    (there, beyond) in b.road_steps
                    and beyond != start
                    and open_hex(beyond)
                    and total <= allowance
                    and total < best.get(beyond, (99, None))[0]
                ):
                    best.setdefault(there, (cost, start))
                    best[beyond] = (total, there)
    return best


def british_destinations(state: JSON, units: list[str]) -> list[str]:
    start = check_stack(state, units)
    paths = british_paths(state, units)
    moving = sum(state["british"][u]["strength"] for u in units if u != "wagon")
    return sorted(
        h
        for h in paths
        if h != start and (moving == 0 or stack_strength(state, h) + moving <= STACK_LIMIT)
    )


def move_british(state: JSON, units: list[str], to: str, events: list[str]) -> str:
    """Move a stack; the Colours go wherever the wagon goes. Returns the start hex."""
    start = check_stack(state, units)
    paths = british_paths(state, units)
    if to not in paths or to == start:
        within = british_destinations(state, units)
        shown = ", ".join(within)
        raise RuleError(
            f"{to} is out of reach this phase. Reachable: {shown or 'nowhere (blocked)'}."
        )
    moving = sum(state["british"][u]["strength"] for u in units if u != "wagon")
    if moving and stack_strength(state, to) + moving > STACK_LIMIT:
        raise RuleError(
            f"{to} would hold {stack_strength(state, to) + moving} strength points; "
            f"the limit is {STACK_LIMIT} (6.3). Move fewer units there."
        )
    cost = paths[to][0]
    for unit in units:
        state["done"]["moved"].append(unit)
        if unit == "wagon":
            state["wagon"] = to
            continue
        state["british"][unit]["hex"] = to
        spent = cost * (2 if state["british"][unit].get("square") else 1)
        state["done"]["mp"][unit] = state["done"]["mp"].get(unit, 0) + spent
    state["marks"]["now"].append({"k": "m", "s": "b", "p": path_to(paths, to)})
    names = ", ".join(
        "the wagon" + (" and Colours" if state["colours"] == "shown" else "")
        if u == "wagon"
        else name(u)
        for u in units
    )
    events.append(f"{names} move {start} → {to} ({cost} MP).")
    return start


def toggle_square(state: JSON, unit: str, events: list[str]) -> None:
    """7.7: forming or leaving square costs 2 MP, in a movement phase."""
    data = state["british"].get(unit)
    if not data or not data["hex"] or UNITS[unit]["leader"]:
        raise RuleError("Only a British combat unit on the map can form square.")
    if unit == STATIC:
        raise RuleError("St. Iz cannot form square (7.9).")
    spent = state["done"]["mp"].get(unit, 0)
    if BRITISH_MA - spent < 2:
        raise RuleError(f"{name(unit)} has {BRITISH_MA - spent} MP left; a square change costs 2.")
    data["square"] = not data.get("square")
    state["done"]["mp"][unit] = spent + 2
    verb = "forms square" if data["square"] else "leaves square"
    events.append(f"{name(unit)} {verb} in {data['hex']} (2 MP).")


def unit_can_move(state: JSON, unit: str) -> bool:
    if unit == "wagon":
        return bool(state["wagon"]) and "wagon" not in state["done"]["moved"]
    data = state["british"][unit]
    return bool(data["hex"]) and unit != STATIC and unit not in state["done"]["moved"]
