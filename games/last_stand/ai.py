"""The bot's orders: the Zulus exactly as the solitaire rules (9.0) run them, and a plain
British commander for bot-against-bot games.

Ties the rules leave open are broken by the game's seeded dice, so a replay gives the
same orders.
"""

from __future__ import annotations

from collections import deque

from games.core.dice import Dice
from games.last_stand import combat, movement, setup
from games.last_stand.board import board
from games.last_stand.state import (
    JSON,
    RECYCLED,
    STACK_LIMIT,
    UNITS,
    british_by_hex,
    name,
    phase_kind,
    stack_strength,
    zulus_by_hex,
)

FAR = 99


def zulu_action(state: JSON, dice: Dice) -> JSON:
    pending = state["pending"]
    kind = phase_kind(state)
    if pending and pending["kind"] == "displace":
        return {"type": "displace", "to": displace_choice(state, dice)}
    if kind == "zulu_move":
        return {"type": "moves", "moves": plan_moves(state, dice), "end": True}
    if kind == "zulu_attack":
        if pending and pending["kind"] == "casualty":
            return {"type": "casualty", "unit": pending["unit"]}
        if pending:
            return {"type": "advance", "from": dice.choice(pending["from"], "which Zulu advances")}
        return next_attack(state, dice)
    if kind == "sniping":
        if pending:
            return {"type": "hit", "unit": strongest(state, _snipeable(state), dice)}
        return {"type": "snipe"}
    return {"type": "fatalities"}


def menace(state: JSON, hex_: str) -> int:
    """How many Zulus stand next to a hex."""
    zulus = zulus_by_hex(state)
    return sum(1 for n in board().neighbours[hex_] if n in zulus)


def displace_choice(state: JSON, dice: Dice) -> str:
    """6.2 as the solitaire Zulus decide it: the open hex with the most Zulus next to it."""
    open_ = state["pending"]["to"]
    worst = max(menace(state, h) for h in open_)
    return dice.choice(
        [h for h in open_ if menace(state, h) == worst],
        f"Zulu choice of hex for {name(state['pending']['unit'])} to displace into",
    )


def refuge_choice(state: JSON, dice: Dice) -> str:
    """8.6 left to the dice: any of the equally near British hexes."""
    choice = state["pending"]["choices"][0]
    return dice.choice(choice["to"], f"{name(choice['leader'])} chooses among equally near refuges")


def _snipeable(state: JSON) -> list[str]:
    return [u for u in combat.snipe_targets(state) if u not in state["pending"]["hit"]]


def strongest(state: JSON, units: list[str], dice: Dice) -> str:
    """9.2: casualties and attacks go to the strongest British units first."""
    top = max(state["british"][u]["strength"] for u in units)
    return dice.choice(
        sorted(u for u in units if state["british"][u]["strength"] == top),
        "tie between equally strong British units",
    )


def next_attack(state: JSON, dice: Dice) -> JSON:
    """9.2: every adjacent British unit is attacked once whenever the Zulus can cover them all,
    and when they cannot, the strongest are the ones covered; only then do attacks double up,
    on the strongest of the least attacked. Each attack goes to the strongest unit in line,
    from a Zulu whose use still leaves the others as well covered, the one with the fewest
    other targets."""
    options = combat.zulu_attackers(state)
    if not options:
        return {"type": "end"}
    targets = sorted({u for us in options.values() for u in us})
    struck = set(state["done"]["targets"])
    fresh = [u for u in targets if u not in struck]
    if fresh:
        unit = strongest(state, fresh, dice)
        rest = [u for u in fresh if u != unit]
        left = {
            h: _cover_profile(state, {k: v for k, v in options.items() if k != h}, rest)
            for h, us in options.items()
            if unit in us
        }
        best = max(left.values())
        attackers = [h for h, profile in left.items() if profile == best]
    else:
        counts = {u: state["done"]["targets"].count(u) for u in targets}
        least = min(counts.values())
        unit = strongest(state, [u for u in targets if counts[u] == least], dice)
        attackers = [h for h, us in options.items() if unit in us]
    fewest = min(len(set(options[h])) for h in attackers)
    origin = dice.choice(
        sorted(h for h in attackers if len(set(options[h])) == fewest), "which Zulu attacks"
    )
    return {"type": "attack", "from": origin, "target": unit}


def _cover_profile(state: JSON, options: dict[str, list[str]], units: list[str]) -> list[int]:
    """The strengths of the strongest set of ``units`` that can each get their own attacker.

    Taking units strongest first and keeping each that still fits gives the best set; which
    of equally strong units is kept does not change the strengths it lists.
    """
    chosen: list[str] = []
    for unit in sorted(units, key=lambda u: (-state["british"][u]["strength"], u)):
        if _covers(options, [*chosen, unit]):
            chosen.append(unit)
    return [state["british"][u]["strength"] for u in chosen]


def _covers(options: dict[str, list[str]], units: list[str]) -> bool:
    """Whether each of ``units`` can get its own attacker (a matching found by augmenting paths)."""
    holder: dict[str, str] = {}

    def place(unit: str, seen: set[str]) -> bool:
        for origin, reach in options.items():
            if unit not in reach or origin in seen:
                continue
            seen.add(origin)
            owner = next((u for u, o in holder.items() if o == origin), None)
            if owner is None or place(owner, seen):
                holder[unit] = origin
                return True
        return False

    return all(place(unit, set()) for unit in units)


def distances_from_british(state: JSON) -> dict[str, int]:
    """Hexes counted out from every British-held hex (the rings of 9.2)."""
    b = board()
    ring = dict.fromkeys(british_by_hex(state), 0)
    queue = deque(ring)
    while queue:
        here = queue.popleft()
        for there in b.neighbours[here]:
            if there not in ring:
                ring[there] = ring[here] + 1
                queue.append(there)
    return ring


def plan_moves(state: JSON, dice: Dice) -> list[list[str]]:
    """9.2 movement: while the wagon and the Colours are on the map, take the wagon if it is
    unguarded and fill every reachable hex next to it; then fill the hexes next to any British
    unit, then two hexes away, and so on; units in onrush hexes come on."""
    b = board()
    ring = distances_from_british(state)
    british = set(british_by_hex(state))
    occupied = {h for h in zulus_by_hex(state) if h not in b.onrush}
    moved = set(state["done"]["moved"])
    unmoved = {z: w for z, w in state["zulus"].items() if z not in moved}
    origins = sorted(set(unmoved.values()), key=lambda h: (h in RECYCLED, h))
    waiting = {o: sorted(z for z, w in unmoved.items() if w == o) for o in origins}
    reach = {
        o: movement.zulu_paths(state, movement.zulu_starts(state, o), british) for o in origins
    }

    def standing(origin: str) -> int:
        """How far a Zulu is from the British; onrush and recycled units count as farthest."""
        if origin in RECYCLED or origin in b.onrush:
            return FAR
        return ring.get(origin, FAR)

    moves: list[list[str]] = []
    free = {o: len(z) for o, z in waiting.items() if standing(o) > 1}

    def send(origin: str, to: str) -> None:
        moves.append([origin, to])
        free[origin] -= 1
        if origin not in b.onrush and origin not in RECYCLED:
            occupied.discard(origin)
        occupied.add(to)

    classes: list[tuple[int, set[str]]] = []
    if state["wagon"] and state["colours"] == "shown":
        alone = movement.wagon_alone(state)
        if alone:
            classes.append((0, {alone}))
        classes.append((1, set(b.neighbours[state["wagon"]])))
    classes += [(k, set()) for k in range(1, max(ring.values()) + 1)]
    for level, chosen in classes:
        targets = chosen or {h for h, d in ring.items() if d == level}
        open_ = sorted(
            h for h in targets if h not in occupied and h not in b.onrush and h not in british
        )
        reachers = {
            h: [o for o in free if free[o] > 0 and standing(o) > level and h in reach[o]]
            for h in open_
        }
        for target in sorted(open_, key=lambda h: (len(reachers[h]), h)):
            if target in occupied:
                continue
            candidates = [o for o in reachers[target] if free[o] > 0]
            if not candidates:
                continue
            worst = max(standing(o) for o in candidates)
            origin = dice.choice(
                [o for o in candidates if standing(o) == worst], f"which Zulu takes {target}"
            )
            send(origin, target)
    for origin in origins:
        if origin not in b.onrush and origin not in RECYCLED:
            continue
        while free.get(origin, 0) > 0:
            spots = [h for h in reach[origin] if h not in occupied and h not in b.onrush]
            if not spots:
                break
            nearest = min(ring.get(h, FAR) for h in spots)
            send(origin, min(h for h in spots if ring.get(h, FAR) == nearest))
    return moves


# -- a plain British commander, for bot-against-bot play ---------------------------------


def british_action(state: JSON, dice: Dice) -> JSON:
    kind = phase_kind(state)
    pending = state["pending"]
    if pending and pending["kind"] == "refuge":
        return {"type": "refuge", "to": refuge_choice(state, dice)}
    if pending:
        return {"type": "confirm"}
    if kind == "setup":
        return {"type": "auto"} if setup.to_place(state) else {"type": "end"}
    if kind == "arrivals":
        if state["colours"] == "waiting":
            return {"type": "colours", "show": state["wagon"] is not None}
        return {"type": "arrive", "hex": setup.arrival_hexes(state)[0]}
    if kind == "announce":
        return {"type": "order", "first": "combat"}
    if kind in ("reaction", "british_combat"):
        shot = best_shot(state, reaction=kind == "reaction")
        return shot or {"type": "end"}
    if kind == "british_move":
        return relieve_overstack(state) or {"type": "end"}
    return {"type": "end"}


def best_shot(state: JSON, *, reaction: bool) -> JSON | None:
    """Each unit in turn fires all it has left at the target it hits most easily."""
    for unit in sorted(state["british"]):
        if UNITS[unit]["leader"]:
            continue
        targets = combat.fire_targets(state, reaction=reaction, unit=unit)
        if not targets:
            continue
        left = state["british"][unit]["strength"] - state["done"]["fired"].get(unit, 0)
        shots = {unit: left}
        target = max(
            targets,
            key=lambda t: (combat.fire_working(state, shots, t, reaction=reaction)[0], t),
        )
        return {"type": "aim", "target": target, "shots": shots}
    return None


def relieve_overstack(state: JSON) -> JSON | None:
    """Move the weakest unit out of an overstacked hex, into the first neighbour it fits."""
    for hex_, units in sorted(british_by_hex(state).items()):
        if stack_strength(state, hex_) <= STACK_LIMIT:
            continue
        movers = [u for u in units if not UNITS[u]["leader"] and movement.unit_can_move(state, u)]
        for unit in sorted(movers, key=lambda u: (state["british"][u]["strength"], u)):
            spots = movement.british_destinations(state, [unit])
            if spots:
                return {"type": "move", "units": [unit], "to": spots[0]}
    return None
